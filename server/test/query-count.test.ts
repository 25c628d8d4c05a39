import { shopWith } from './support/app.js';
import type { ProductSpec } from './support/fixtures.js';

const GRID = `query Grid($filter: ProductFilter, $limit: Int!) {
  products(filter: $filter, limit: $limit) {
    total
    items {
      id name priceCents onPromotion promotionPriceCents unitPriceCents gender
      type { id name } brand { id name } color { id name }
      sizes { size stock } totalStock
      images { id url }
    }
    facets {
      brands { value count } types { value count } priceRanges { value count }
      sizes { value count } sexes { value count } colors { value count }
    }
  }
}`;

const specs: ProductSpec[] = Array.from({ length: 120 }, (_, i) => ({
  name: `Playera Marca${i % 7} ${i} Color${i % 5}`,
  price: 150 + i * 7,
  promo: i % 4 === 0 ? 100 + i : undefined,
  type: `Tipo${i % 3}`,
  brand: `Marca${i % 7}`,
  color: `Color${i % 5}`,
  stock: { S: i % 3, M: 2, L: 1 },
  images: (i % 3) + 1,
}));
const shop = shopWith(specs);

// The catalogue index reads the products created after the app started on the first request.
beforeAll(async () => {
  await shop.app.gql(`{ products(limit: 1) { total } }`);
});

describe('the grid query issues a constant number of SQL statements (Server-Timing)', () => {
  test('24 and 96 products: the same count, at most 4', async () => {
    const small = await shop.app.gql<{ products: { items: unknown[] } }>(GRID, { limit: 24 });
    const large = await shop.app.gql<{ products: { items: unknown[] } }>(GRID, { limit: 96 });
    expect(small.errors).toBeUndefined();
    expect(small.data!.products.items).toHaveLength(24);
    expect(large.data!.products.items).toHaveLength(96);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBeLessThanOrEqual(4);
    // One to bring the catalogue index up to date (total and facets come from it), one for the
    // page with its sizes and photos.
    expect(small.queries).toBe(2);
  });

  test('without facets, the page and its total are two statements', async () => {
    const r = await shop.app.gql<{ products: { total: number; items: unknown[] } }>(
      `{ products(limit: 96, filter: { sizes: ["M"] }) { total items { id sizes { size } images { url } } } }`,
    );
    expect(r.data!.products.total).toBe(120);
    expect(r.data!.products.items).toHaveLength(96);
    expect(r.queries).toBe(2);
  });

  test('product pages batch: several products by id in one request are one statement', async () => {
    const r = await shop.app.gql<Record<string, { name: string } | null>>(
      `{ a: product(id: 1) { name sizes { size } } b: product(id: 2) { name images { url } }
         c: product(id: 99999) { name } }`,
    );
    expect(r.data!.a!.name).toContain('Playera');
    expect(r.data!.b!.name).toContain('Playera');
    expect(r.data!.c).toBeNull();
    expect(r.queries).toBe(1);
  });

  test('with filters and search the count stays the same', async () => {
    const filtered = await shop.app.gql<{ products: { total: number } }>(GRID, {
      limit: 96,
      filter: { brands: ['Marca1', 'Marca2'], sizes: ['S'], search: 'playera' },
    });
    expect(filtered.errors).toBeUndefined();
    expect(filtered.data!.products.total).toBeGreaterThan(0);
    expect(filtered.queries).toBe(2);
  });

  test('a total alone is one statement; after a stock change, one more re-reads the products', async () => {
    const query = `{ products(filter: { sizes: ["XXL"] }) { total } }`;
    const before = await shop.app.gql<{ products: { total: number } }>(query);
    expect(before.data!.products.total).toBe(0);
    expect(before.queries).toBe(1);
    await shop.orm.em
      .fork()
      .execute(
        `update product_stock set size = 'XXL', quantity = 1 where product_id in (1, 2) and size = 'M'`,
      );
    const after = await shop.app.gql<{ products: { total: number } }>(query);
    expect(after.data!.products.total).toBe(2);
    expect(after.queries).toBe(2);
  });

  test('newProducts with sizes and photos: two statements (index check, page)', async () => {
    const r = await shop.app.gql<{ newProducts: unknown[] }>(
      `{ newProducts { id sizes { size stock } images { url } brand { name } } }`,
    );
    expect(r.data!.newProducts).toHaveLength(50);
    expect(r.queries).toBe(2);
  });
});
