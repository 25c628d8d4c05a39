import { describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_MAX_DIGITS,
  MY_ORDERS_PAGE_MAX_DIGITS,
  PRODUCTS_PER_PAGE,
  pageCount,
  pageWindow,
  parsePage,
} from './paging';

// The oracle is a brute-force walk: page through a list of `total` ids with the windows the
// client asks for, and check what a shopper would see, instead of restating the page size.

/** The pages a shopper can open (1…pageCount) and the ids each one shows. */
function walk(total: number): number[][] {
  const ids = Array.from({ length: total }, (_, index) => index + 1);
  const pages: number[][] = [];
  for (let page = 1; page <= pageCount(total, PRODUCTS_PER_PAGE); page += 1) {
    const { offset, limit } = pageWindow(page, PRODUCTS_PER_PAGE);
    pages.push(ids.slice(offset, offset + limit));
  }
  return pages;
}

describe('product list paging', () => {
  it('shows every product exactly once, in order, across the pages', () => {
    for (let total = 0; total <= 200; total += 1) {
      const shown = walk(total).flat();
      expect(shown).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    }
  });

  it('has no empty page, except the one page of an empty list', () => {
    expect(walk(0)).toEqual([[]]);
    for (let total = 1; total <= 200; total += 1) {
      for (const page of walk(total)) expect(page.length).toBeGreaterThan(0);
    }
  });

  it('fills every page but the last one to the same size', () => {
    for (let total = 1; total <= 200; total += 1) {
      const pages = walk(total);
      const sizes = new Set(pages.slice(0, -1).map((page) => page.length));
      expect(sizes.size).toBeLessThanOrEqual(1);
      const [full] = [...sizes];
      if (full !== undefined) expect(pages.at(-1)?.length).toBeLessThanOrEqual(full);
    }
  });

  it('reads 24 products a page (the storefront grid: 2, 3 and 4 columns all fill whole rows)', () => {
    expect(walk(24)).toHaveLength(1);
    expect(walk(25).map((page) => page.length)).toEqual([24, 1]);
    expect(walk(240)).toHaveLength(10);
    expect(pageWindow(3, PRODUCTS_PER_PAGE)).toEqual({ offset: 48, limit: 24 });
  });
});

const query = (search: string) => new URLSearchParams(search);

describe('the page in the URL (?pagina=N)', () => {
  it('reads a whole page number; anything else means the first page', () => {
    expect(parsePage(query(''))).toBe(1);
    expect(parsePage(query('pagina=4'))).toBe(4);
    expect(parsePage(query('pagina=0'))).toBe(1);
    expect(parsePage(query('pagina=-2'))).toBe(1);
    expect(parsePage(query('pagina=abc'))).toBe(1);
    expect(parsePage(query('pagina=2.5'))).toBe(1);
  });

  it('reads at most six digits on the admin lists, nine on /mis-pedidos', () => {
    expect(parsePage(query('pagina=999999'), ADMIN_PAGE_MAX_DIGITS)).toBe(999999);
    expect(parsePage(query('pagina=1234567'), ADMIN_PAGE_MAX_DIGITS)).toBe(1);
    expect(parsePage(query('pagina=000'), ADMIN_PAGE_MAX_DIGITS)).toBe(1);
    expect(parsePage(query('pagina=123456789'), MY_ORDERS_PAGE_MAX_DIGITS)).toBe(123456789);
    expect(parsePage(query('pagina=1234567890'), MY_ORDERS_PAGE_MAX_DIGITS)).toBe(1);
    expect(parsePage(query('pagina=1234567890'))).toBe(1234567890);
  });
});
