import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './paging';

// The oracle is a brute-force walk: page through a list of `total` ids with the windows the
// client asks for, and check what a shopper would see, instead of restating the page size.

/** The pages a shopper can open (1…pageCount) and the ids each one shows. */
function walk(total: number): number[][] {
  const ids = Array.from({ length: total }, (_, index) => index + 1);
  const pages: number[][] = [];
  for (let page = 1; page <= pageCount(total); page += 1) {
    const { offset, limit } = pageWindow(page);
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
    expect(pageWindow(3)).toEqual({ offset: 48, limit: 24 });
  });
});
