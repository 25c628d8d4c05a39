import { names, sorted, shop } from './support/catalog.js';

/** The storefront catalogue's filters and search (support/catalog.ts). */

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
