/** Paged product lists (/inicio, /catalogo, /promociones, /buscar): 24 products a page. */
export const PRODUCTS_PER_PAGE = 24;

/** The `offset` and `limit` query variables of a 1-based page. */
export function pageWindow(page: number): { offset: number; limit: number } {
  return { offset: (page - 1) * PRODUCTS_PER_PAGE, limit: PRODUCTS_PER_PAGE };
}

/** How many pages `total` products fill: at least 1. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
}
