import { shopWith } from './support/app.js';
import type { ProductSpec } from './support/fixtures.js';

const CATALOG: ProductSpec[] = [
  {
    name: 'Playera Nike 1 Negro',
    price: 250,
    type: 'Playera',
    brand: 'Nike',
    color: 'Negro',
    stock: { S: 2, M: 0, L: 3 },
  },
  {
    name: 'Playera Nike Dama 2 Rosa',
    price: 280,
    type: 'Playera',
    brand: 'Nike Dama',
    color: 'Rosa',
    stock: { S: 1, M: 4 },
  },
  {
    name: 'Pantalón Levis 3 Azul',
    price: 450,
    type: 'Pantalón',
    brand: 'Levis',
    color: 'Azul',
    stock: { '30': 2, '32': 0 },
  },
  {
    name: 'Pantalón Levis Dama 4 Negro',
    price: 520,
    type: 'Pantalón',
    brand: 'Levis Dama',
    color: 'Negro',
    stock: { '28': 1 },
  },
  {
    name: 'Sudadera Puma 5 Gris',
    price: 600,
    promo: 280,
    type: 'Sudadera',
    brand: 'Puma',
    color: 'Gris',
    stock: { M: 5 },
  },
  {
    name: 'Sudadera Puma Niño 6 Azul',
    price: 300,
    type: 'Sudadera',
    brand: 'Puma',
    color: 'Azul',
    stock: { S: 3 },
  },
  {
    name: 'Chamarra Nike 7 Negro',
    price: 1000,
    promo: 899,
    type: 'Chamarra',
    brand: 'Nike',
    color: 'Negro',
    stock: { L: 1 },
  },
  {
    name: 'Chamarra Puma 8 Verde',
    price: 1200,
    type: 'Chamarra',
    brand: 'Puma',
    color: 'Verde',
    stock: { XL: 2 },
  },
  {
    name: 'Jogger Nike 9 Gris',
    price: 301,
    type: 'Jogger',
    brand: 'Nike',
    color: 'Gris',
    stock: { M: 0, L: 0 },
  },
  {
    name: 'PANTALÓN Puma 10 Beige',
    price: 500,
    promo: 450,
    type: 'Pantalón',
    brand: 'Puma',
    color: 'Beige',
    stock: { '34': 2 },
  },
];

interface Page {
  total: number;
  items: { id: number; name: string; unitPriceCents: number }[];
}

async function names(filter: Record<string, unknown>, sort = 'NEWEST'): Promise<string[]> {
  const r = await shop.app.gql<{ products: Page }>(
    `query ($filter: ProductFilter, $sort: ProductSort!) {
       products(filter: $filter, sort: $sort, limit: 100) { total items { name } }
     }`,
    { filter, sort },
  );
  expect(r.errors).toBeUndefined();
  const page = r.data!.products;
  expect(page.total).toBe(page.items.length);
  return page.items.map((i) => i.name);
}

const sorted = (list: string[]) => [...list].sort();

const shop = shopWith(CATALOG);

describe('filters: OR within a facet, AND across facets', () => {
  test('brand: only the chosen brands (several brands are OR-ed)', async () => {
    expect(sorted(await names({ brands: ['Nike'] }))).toEqual(
      sorted(['Playera Nike 1 Negro', 'Chamarra Nike 7 Negro', 'Jogger Nike 9 Gris']),
    );
    expect(await names({ brands: ['Nike', 'Levis'] })).toHaveLength(4);
  });

  test('brand names match case-insensitively; the Dama variant is its own brand', async () => {
    expect(await names({ brands: ['nike dama'] })).toEqual(['Playera Nike Dama 2 Rosa']);
  });

  test('brand AND price range narrow together', async () => {
    expect(await names({ brands: ['Nike'], priceRanges: ['UP_TO_300'] })).toEqual([
      'Playera Nike 1 Negro',
    ]);
  });

  test('type and colour', async () => {
    expect(sorted(await names({ types: ['Pantalón'] }))).toEqual(
      sorted(['Pantalón Levis 3 Azul', 'Pantalón Levis Dama 4 Negro', 'PANTALÓN Puma 10 Beige']),
    );
    expect(sorted(await names({ colors: ['Azul', 'Verde'] }))).toEqual(
      sorted(['Pantalón Levis 3 Azul', 'Sudadera Puma Niño 6 Azul', 'Chamarra Puma 8 Verde']),
    );
    expect(await names({ types: ['Pantalón'], colors: ['Negro'] })).toEqual([
      'Pantalón Levis Dama 4 Negro',
    ]);
  });

  test('price range is on the price the shopper pays (promotion price when on promotion)', async () => {
    // Sudadera Puma 5: $600 normally, $280 on promotion → 0-300, not 500-1000.
    expect(await names({ priceRanges: ['UP_TO_300'] })).toContain('Sudadera Puma 5 Gris');
    expect(await names({ priceRanges: ['FROM_500_TO_1000'] })).not.toContain(
      'Sudadera Puma 5 Gris',
    );
  });

  test('price ranges: lower bound exclusive, upper inclusive; above $1000 in none', async () => {
    expect(sorted(await names({ priceRanges: ['UP_TO_300'] }))).toEqual(
      sorted([
        'Playera Nike 1 Negro',
        'Playera Nike Dama 2 Rosa',
        'Sudadera Puma 5 Gris',
        'Sudadera Puma Niño 6 Azul', // exactly $300
      ]),
    );
    expect(sorted(await names({ priceRanges: ['FROM_300_TO_500'] }))).toEqual(
      sorted(['Pantalón Levis 3 Azul', 'Jogger Nike 9 Gris', 'PANTALÓN Puma 10 Beige']),
    );
    expect(sorted(await names({ priceRanges: ['FROM_500_TO_1000'] }))).toEqual(
      sorted(['Pantalón Levis Dama 4 Negro', 'Chamarra Nike 7 Negro']),
    );
    expect(
      await names({ priceRanges: ['UP_TO_300', 'FROM_300_TO_500', 'FROM_500_TO_1000'] }),
    ).not.toContain('Chamarra Puma 8 Verde');
  });

  test('size matches only sizes that have stock', async () => {
    // Playera Nike 1 has M with 0 units; Jogger Nike 9 has M with 0 units.
    expect(sorted(await names({ sizes: ['M'] }))).toEqual(
      sorted(['Playera Nike Dama 2 Rosa', 'Sudadera Puma 5 Gris']),
    );
    expect(await names({ sizes: ['32'] })).toEqual([]);
  });

  test("sex: Dama = name contains 'dama', Niño = contains 'niño', Caballero = neither", async () => {
    expect(sorted(await names({ sexes: ['DAMA'] }))).toEqual(
      sorted(['Playera Nike Dama 2 Rosa', 'Pantalón Levis Dama 4 Negro']),
    );
    expect(await names({ sexes: ['NINO'] })).toEqual(['Sudadera Puma Niño 6 Azul']);
    const caballero = await names({ sexes: ['CABALLERO'] });
    expect(caballero).toHaveLength(7);
    expect(caballero.some((n) => /dama|niño/i.test(n))).toBe(false);
    expect(await names({ sexes: ['DAMA', 'NINO'] })).toHaveLength(3);
  });

  test('promotion flag', async () => {
    expect(sorted(await names({ onPromotion: true }))).toEqual(
      sorted(['Sudadera Puma 5 Gris', 'Chamarra Nike 7 Negro', 'PANTALÓN Puma 10 Beige']),
    );
  });

  test('an unknown price range or sex is refused with a clear message', async () => {
    // GraphQL: the PriceRange and Sex enums refuse it before any resolver runs.
    const r = await shop.app.gql(`query ($f: ProductFilter) { products(filter: $f) { total } }`, {
      f: { priceRanges: ['1-2'] },
    });
    expect(r.res.status).toBe(400);
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.message).toContain('PriceRange');
    const s = await shop.app.gql(`{ products(filter: { sexes: [OTRO] }) { total } }`);
    expect(s.res.status).toBe(400);
    expect(s.errors?.[0]?.message).toContain('Sex');
    // REST takes the URL's values and the service names the bad one.
    const rest = await shop.app.get('/api/productos?precio=1-2');
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain('Rango de precio no válido: 1-2');
    const restSex = await shop.app.get('/api/productos?sexo=Otro');
    expect(restSex.status).toBe(400);
    expect(JSON.stringify(restSex.body)).toContain('Sexo no válido: Otro');
  });
});

describe('search: every word must match the name, accent- and case-insensitive', () => {
  test("'pantalon' finds 'Pantalón' and 'PANTALÓN'", async () => {
    expect(sorted(await names({ search: 'pantalon' }))).toEqual(
      sorted(['Pantalón Levis 3 Azul', 'Pantalón Levis Dama 4 Negro', 'PANTALÓN Puma 10 Beige']),
    );
  });

  test('every word must match, in any order', async () => {
    expect(await names({ search: 'negro PANTALÓN' })).toEqual(['Pantalón Levis Dama 4 Negro']);
    expect(await names({ search: 'pantalon verde' })).toEqual([]);
  });

  test("'nino' finds 'Niño' and extra spaces are ignored", async () => {
    expect(await names({ search: '  nino   sudadera ' })).toEqual(['Sudadera Puma Niño 6 Azul']);
  });

  test('LIKE wildcards in the search are literal characters', async () => {
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ search: '_' })).toEqual([]);
  });

  test('search combines with filters', async () => {
    expect(await names({ search: 'pantalon', brands: ['Puma'] })).toEqual([
      'PANTALÓN Puma 10 Beige',
    ]);
  });
});

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
