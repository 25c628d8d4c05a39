import { shop } from './support/catalog.js';

/** The storefront catalogue's facets (support/catalog.ts). */

describe('facets: per option, how many products choosing it would leave', () => {
  type Facets = Record<string, { value: string; count: number }[]>;
  async function facets(filter: Record<string, unknown>) {
    const r = await shop.app.gql<{ products: { total: number; facets: Facets } }>(
      `query ($filter: ProductFilter) { products(filter: $filter) { total facets {
         brands { value count } types { value count } priceRanges { value count }
         sizes { value count } sexes { value count } colors { value count } } } }`,
      { filter },
    );
    expect(r.errors).toBeUndefined();
    return r.data!.products;
  }
  const asMap = (list: { value: string; count: number }[]) =>
    Object.fromEntries(list.map((o) => [o.value, o.count]));

  test('without filters, counts cover the whole catalogue', async () => {
    const { total, facets: f } = await facets({});
    expect(total).toBe(10);
    expect(asMap(f.brands!)).toEqual({
      Levis: 1,
      'Levis Dama': 1,
      Nike: 3,
      'Nike Dama': 1,
      Puma: 4,
    });
    expect(asMap(f.priceRanges!)).toEqual({
      UP_TO_300: 4,
      FROM_300_TO_500: 3,
      FROM_500_TO_1000: 2,
      OVER_1000: 1,
    });
    expect(asMap(f.sexes!)).toEqual({ CABALLERO: 7, DAMA: 2, NINO: 1 });
    expect(f.priceRanges!.map((o) => o.value)).toEqual([
      'UP_TO_300',
      'FROM_300_TO_500',
      'FROM_500_TO_1000',
      'OVER_1000',
    ]);
    expect(asMap(f.sizes!).M).toBe(2);
  });

  test('every product is reachable through the price filter: the buckets add up to the total', async () => {
    const { total, facets: f } = await facets({});
    expect(f.priceRanges!.reduce((sum, o) => sum + o.count, 0)).toBe(total);
    const [row] = await shop.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from product');
    expect(total).toBe(Number(row!.n));
  });

  test("a facet's own choice does not shrink its options; other facets do", async () => {
    const { total, facets: f } = await facets({ brands: ['Nike'], priceRanges: ['UP_TO_300'] });
    expect(total).toBe(1);
    // Brand options are counted with the price filter only.
    expect(asMap(f.brands!)).toEqual({ Nike: 1, 'Nike Dama': 1, Puma: 2 });
    // Price options are counted with the brand filter only.
    // Price options are counted with the brand filter only; one the catalogue has but the
    // brand leaves none of stays listed at 0 (shown disabled in its place).
    expect(asMap(f.priceRanges!)).toEqual({
      UP_TO_300: 1,
      FROM_300_TO_500: 1,
      FROM_500_TO_1000: 1,
      OVER_1000: 0,
    });
  });

  test('sizes are ordered as a shopper reads them', async () => {
    const { facets: f } = await facets({});
    expect(f.sizes!.map((o) => o.value)).toEqual(['S', 'M', 'L', 'XL', '28', '30', '34']);
  });

  test("an option no product of the whole catalogue has is not offered (no 'Niño' without children's products)", async () => {
    const em = shop.orm.em.fork();
    const hideChildrensProducts = (hidden: boolean) =>
      em.execute(
        `update product set hidden_at = ${hidden ? 'now()' : 'null'} where name like '%Niño%'`,
      );
    await hideChildrensProducts(true);
    try {
      const { facets: f } = await facets({});
      expect(asMap(f.sexes!)).toEqual({ CABALLERO: 7, DAMA: 2 });
      const filtered = await facets({ brands: ['Levis'] });
      expect(filtered.facets.sexes!.map((o) => o.value)).not.toContain('NINO');
      // Chosen (an old link), it stays listed to be un-chosen.
      const chosen = await facets({ sexes: ['NINO'] });
      expect(chosen.total).toBe(0);
      expect(asMap(chosen.facets.sexes!)).toMatchObject({ NINO: 0 });
    } finally {
      await hideChildrensProducts(false);
    }
    const { facets: f } = await facets({ brands: ['Levis'] });
    expect(asMap(f.sexes!)).toMatchObject({ NINO: 0 });
  });

  test('a chosen option that leaves nothing is still listed, with 0', async () => {
    const { total, facets: f } = await facets({ colors: ['Verde'], brands: ['Levis'] });
    expect(total).toBe(0);
    expect(asMap(f.colors!)).toMatchObject({ Verde: 0 });
    expect(asMap(f.brands!)).toMatchObject({ Levis: 0, Puma: 1 });
  });
});
