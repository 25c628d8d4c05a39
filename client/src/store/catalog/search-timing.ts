/** Spec §9 debounces for the catalogue's own search inputs. */
export const SEARCH_PAGE_DEBOUNCE_MS = 300;
/** The price-free catalogue's search waits 500 ms. */
export const CATALOG_SEARCH_DEBOUNCE_MS = 500;
