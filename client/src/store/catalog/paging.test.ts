import { describe, expect, it } from 'vitest';
import { PRODUCTS_PER_PAGE, pageCount, pageWindow } from './paging';

describe('product list paging', () => {
  it('reads 24 products a page', () => {
    expect(PRODUCTS_PER_PAGE).toBe(24);
    expect(pageWindow(1)).toEqual({ offset: 0, limit: 24 });
    expect(pageWindow(3)).toEqual({ offset: 48, limit: 24 });
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(pageCount(240)).toBe(10);
  });
});
