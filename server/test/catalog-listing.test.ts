import { names, shop, type Page } from './support/catalog.js';

/**
 * The storefront catalogue's sorting, paging, new products, product by id and lookups
 * (support/catalog.ts).
 */

describe('sorting, new products, product by id, pagination', () => {
  test('promotions sort by promotion price, highest first', async () => {
    expect(await names({ onPromotion: true }, 'PROMOTION_PRICE_DESC')).toEqual([
      'Chamarra Nike 7 Negro', // 899
      'PANTALÓN Puma 10 Beige', // 450
      'Sudadera Puma 5 Gris', // 280
    ]);
  });

  test('every sort works on every query, not only the first (raw ORDER BY keys are single-use)', async () => {
    for (const sort of ['PROMOTION_PRICE_DESC', 'PRICE_ASC', 'PRICE_DESC', 'NEWEST']) {
      expect(await names({}, sort)).toHaveLength(10);
      expect(await names({}, sort)).toHaveLength(10);
    }
  });

  test('price sorts use the price paid', async () => {
    const asc = await names({ brands: ['Puma'] }, 'PRICE_ASC');
    expect(asc).toEqual([
      'Sudadera Puma 5 Gris', // 280 (promo)
      'Sudadera Puma Niño 6 Azul', // 300
      'PANTALÓN Puma 10 Beige', // 450 (promo)
      'Chamarra Puma 8 Verde', // 1200
    ]);
    expect(await names({ brands: ['Puma'] }, 'PRICE_DESC')).toEqual([...asc].reverse());
  });

  test('NEWEST is by id, newest first', async () => {
    const list = await names({});
    expect(list[0]).toBe('PANTALÓN Puma 10 Beige');
    expect(list.at(-1)).toBe('Playera Nike 1 Negro');
  });

  test('offset and limit page through the same order; total counts all matches', async () => {
    const r = await shop.app.gql<{ products: Page }>(
      `{ products(offset: 3, limit: 4) { total offset limit items { name } } }`,
    );
    expect(r.data!.products.total).toBe(10);
    expect(r.data!.products.items.map((i) => i.name)).toEqual((await names({})).slice(3, 7));
  });

  test('a page past the end is empty but still tells the total', async () => {
    const r = await shop.app.gql<{ products: Page }>(
      `{ products(offset: 40, limit: 4) { total items { name } } }`,
    );
    expect(r.data!.products).toEqual({ total: 10, items: [] });
  });

  test('a page of more than 100 products, or a negative offset, is refused', async () => {
    const big = await shop.app.gql(`{ products(limit: 101) { total } }`);
    expect(big.errors?.[0]?.message).toBe('Máximo 100 productos por página');
    const negative = await shop.app.gql(`{ products(offset: -1) { items { id } } }`);
    expect(negative.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  test('product by id, with sizes in order, stock, photos and the price paid', async () => {
    const r = await shop.app.gql<{
      product: {
        name: string;
        unitPriceCents: number;
        priceCents: number;
        promotionPriceCents: number;
        onPromotion: boolean;
        gender: string;
        sizes: { size: string; stock: number }[];
        totalStock: number;
        images: { url: string }[];
        brand: { name: string };
      };
    }>(`{ product(id: 5) { name unitPriceCents priceCents promotionPriceCents onPromotion gender
          sizes { size stock } totalStock images { url } brand { name } } }`);
    expect(r.data!.product).toMatchObject({
      name: 'Sudadera Puma 5 Gris',
      priceCents: 60000,
      promotionPriceCents: 28000,
      unitPriceCents: 28000,
      onPromotion: true,
      gender: 'HOMBRE',
      sizes: [{ size: 'M', stock: 5 }],
      totalStock: 5,
      brand: { name: 'Puma' },
    });
    expect(r.data!.product.images[0]!.url).toMatch(/^\/uploads\/products\/.+\.webp$/);
  });

  test("genero is 'Mujer' when the name contains 'Dama'", async () => {
    const r = await shop.app.gql<{ product: { gender: string } }>(`{ product(id: 2) { gender } }`);
    expect(r.data!.product.gender).toBe('MUJER');
  });

  test('an unknown product is null', async () => {
    const r = await shop.app.gql<{ product: null }>(`{ product(id: 9999) { id } }`);
    expect(r.errors).toBeUndefined();
    expect(r.data!.product).toBeNull();
  });

  test('lookups are listed by name', async () => {
    const r = await shop.app.gql<{ brands: { name: string }[] }>(`{ brands { name } }`);
    expect(r.data!.brands.map((b) => b.name)).toEqual([
      'Levis',
      'Levis Dama',
      'Nike',
      'Nike Dama',
      'Puma',
    ]);
  });
});
