/**
 * Paged lists, every one of them: the page in the URL (`?pagina=N`, 1-based), the window a page
 * asks the server for, and how many pages a list fills. Each list's page size is here too.
 */

/** The query-string parameter of a list's page: `?pagina=3`; page 1 is never written. */
export const PAGE_PARAM = 'pagina';

/** Product lists (/inicio, /catalogo, /promociones, /buscar): 24 products a page. */
export const PRODUCTS_PER_PAGE = 24;

/** Spec §9: the admin orders, users and products tables show 10 per page. */
export const ADMIN_PAGE_SIZE = 10;

/** /mis-pedidos: 10 orders a page. */
export const MY_ORDERS_PAGE_SIZE = 10;

/** The admin lists read at most six digits of a page (`?pagina=1234567` opens the first one). */
export const ADMIN_PAGE_MAX_DIGITS = 6;

/** /mis-pedidos reads at most nine digits of a page. */
export const MY_ORDERS_PAGE_MAX_DIGITS = 9;

/**
 * The 1-based page of `?pagina=N`; missing, anything but digits, 0, a number too large to be
 * exact, or more than `maxDigits` digits means the first page.
 */
export function parsePage(params: URLSearchParams, maxDigits = Infinity): number {
  const raw = params.get(PAGE_PARAM);
  if (raw === null || !/^\d+$/.test(raw) || raw.length > maxDigits) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The `offset` and `limit` query variables of a 1-based page. */
export function pageWindow(page: number, pageSize: number): { offset: number; limit: number } {
  return { offset: (page - 1) * pageSize, limit: pageSize };
}

/** How many pages `total` items fill: at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
