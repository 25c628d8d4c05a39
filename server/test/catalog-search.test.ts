import { shopWith } from './support/app.js';

/**
 * Issue 27: search that finds what shoppers mean. A typo per word from 5 letters (two from 9),
 * the catalogue's own words (type, brand, colour, sex), the last word's prefix; the spec's rule
 * (every word in the name) first, then prefix, then fuzzy, each newest first.
 */

const shop = shopWith([
  {
    name: 'Pantalón Levis Azul',
    price: 450,
    type: 'Pantalón',
    brand: 'Levis',
    color: 'Azul',
    stock: { '30': 2, '32': 0 },
  },
  { name: 'Playera Nike Negro Dama', price: 250, type: 'Playera', brand: 'Nike', color: 'Negro' },
  { name: 'Playera Básica', price: 199, type: 'Playera', brand: 'Nike', color: 'Negro' },
  { name: 'Playera Negra Lisa', price: 180, type: 'Playera' },
  {
    name: 'Chamarra Puma',
    price: 1200,
    type: 'Chamarra',
    brand: 'Puma',
    color: 'Verde',
    stock: { M: 1, G: 2 },
  },
]);

async function search(text: string, sort = 'NEWEST'): Promise<string[]> {
  const r = await shop.app.gql<{ products: { total: number; items: { name: string }[] } }>(
    `query ($filter: ProductFilter, $sort: ProductSort!) {
       products(filter: $filter, sort: $sort, limit: 100) { total items { name } }
     }`,
    { filter: { search: text }, sort },
  );
  expect(r.errors).toBeUndefined();
  const page = r.data!.products;
  expect(page.total).toBe(page.items.length);
  return page.items.map((i) => i.name);
}

describe('typos: one from 5 letters, two from 9, per word', () => {
  test("'pantlon' finds Pantalón", async () => {
    expect(await search('pantlon')).toEqual(['Pantalón Levis Azul']);
  });

  test("'playra' finds the playeras and 'chamara' the chamarra", async () => {
    expect(await search('playra')).toEqual([
      'Playera Negra Lisa',
      'Playera Básica',
      'Playera Nike Negro Dama',
    ]);
    expect(await search('chamara')).toEqual(['Chamarra Puma']);
  });

  test("'playera' does not find 'Pantalón'; four letters allow no typo", async () => {
    expect(await search('playera')).not.toContain('Pantalón Levis Azul');
    expect(await search('pumma')).toEqual(['Chamarra Puma']);
    expect(await search('pmua')).toEqual([]);
  });
});

describe('exact first, then prefix and the catalogue’s words, then typos', () => {
  test("'playera negro': the name's words first, the colour Negro next, 'negra' (a typo) last", async () => {
    // Newest first would be Lisa, Básica, Dama: the tiers come before the sort.
    expect(await search('playera negro')).toEqual([
      'Playera Nike Negro Dama',
      'Playera Básica',
      'Playera Negra Lisa',
    ]);
    // Within a tier, the sort asked: price ascending.
    expect(await search('playera negro', 'PRICE_ASC')).toEqual([
      'Playera Nike Negro Dama',
      'Playera Básica',
      'Playera Negra Lisa',
    ]);
    expect(await search('playera', 'PRICE_ASC')).toEqual([
      'Playera Negra Lisa',
      'Playera Básica',
      'Playera Nike Negro Dama',
    ]);
  });

  test('the brand and the sex are the product’s words; the last word may be a prefix', async () => {
    expect(await search('nike')).toEqual(['Playera Nike Negro Dama', 'Playera Básica']);
    expect(await search('playera caballero')).toEqual(['Playera Negra Lisa', 'Playera Básica']);
    expect(await search('chamarra ver')).toEqual(['Chamarra Puma']);
    expect(await search('ver chamarra')).toEqual([]);
  });

  test("the spec's rule is unchanged for exact words: accents and case, every word", async () => {
    expect(await search('PANTALÓN azul')).toEqual(['Pantalón Levis Azul']);
    expect(await search('pantalon verde')).toEqual([]);
    expect(await search('básica')).toEqual(['Playera Básica']);
  });

  test('facet counts and the total are those of what is shown', async () => {
    const r = await shop.app.gql<{
      products: { total: number; facets: { types: { value: string; count: number }[] } };
    }>(
      `query ($filter: ProductFilter) {
         products(filter: $filter, limit: 10) { total facets { types { value count } } }
       }`,
      { filter: { search: 'playra' } },
    );
    expect(r.data!.products.total).toBe(3);
    expect(r.data!.products.facets.types).toEqual([{ value: 'Playera', count: 3 }]);
  });
});

describe("the spec's 'or sizes': a word equal to a size in stock is in the exact tier", () => {
  test("'pantalon 30' and 'playera m' find by the size, case aside; a size out of stock does not", async () => {
    expect(await search('pantalon 30')).toEqual(['Pantalón Levis Azul']);
    expect(await search('pantalon 32')).toEqual([]);
    expect(await search('playera m')).toEqual([
      'Playera Negra Lisa',
      'Playera Básica',
      'Playera Nike Negro Dama',
    ]);
    expect(await search('PLAYERA Xl')).toHaveLength(3);
    expect(await search('chamarra g')).toEqual(['Chamarra Puma']);
    expect(await search('chamarra xl')).toEqual([]);
    // Equal, not inside: 'x' is no size ('XL' is), nor a word of any product.
    expect(await search('playera x')).toEqual([]);
  });

  test('a size match is exact: before the catalogue’s words, whatever the sort', async () => {
    // 'Playera Básica' (brand Nike, size M): 'nike' is its brand (prefix tier); 'Playera Nike
    // Negro Dama' has it in the name (exact). The size word does not lower either.
    expect(await search('nike m', 'PRICE_ASC')).toEqual([
      'Playera Nike Negro Dama',
      'Playera Básica',
    ]);
    expect(await search('m levis', 'PRICE_ASC')).toEqual([]);
    expect(await search('30 levis')).toEqual(['Pantalón Levis Azul']);
  });

  test('total and facet counts are those shown; REST busqueda finds the same', async () => {
    const r = await shop.app.gql<{
      products: {
        total: number;
        facets: {
          sizes: { value: string; count: number }[];
          types: { value: string; count: number }[];
        };
      };
    }>(
      `query ($filter: ProductFilter) {
         products(filter: $filter, limit: 10) { total facets { sizes { value count } types { value count } } }
       }`,
      { filter: { search: 'm' } },
    );
    expect(r.errors).toBeUndefined();
    // 'm': the three playeras (size M) and the chamarra (M, and 'puma' holds an 'm').
    expect(r.data!.products.total).toBe(4);
    expect(r.data!.products.facets.types).toEqual([
      { value: 'Chamarra', count: 1 },
      { value: 'Playera', count: 3 },
    ]);
    expect(r.data!.products.facets.sizes).toEqual([
      { value: 'S', count: 3 },
      { value: 'M', count: 4 },
      { value: 'L', count: 3 },
      { value: 'XL', count: 3 },
      { value: 'G', count: 1 },
    ]);
    const rest = await shop.app.get('/api/productos?busqueda=Pantal%C3%B3n%2030');
    expect(rest.status).toBe(200);
    expect((rest.body as { nombre: string }[]).map((p) => p.nombre)).toEqual([
      'Pantalón Levis Azul',
    ]);
  });
});

describe("'¿Quisiste decir …?' and suggestions as the shopper types", () => {
  const suggest = async (search: string) => {
    const r = await shop.app.gql<{
      searchSuggestions: { completions: string[]; didYouMean: string | null };
    }>('query ($s: String!) { searchSuggestions(search: $s) { completions didYouMean } }', {
      s: search,
    });
    expect(r.errors).toBeUndefined();
    return r.data!.searchSuggestions;
  };

  test('a search that finds nothing is offered the close catalogue word that would', async () => {
    // Two typos in a 7-letter word: beyond the search's tolerance, within the suggestion's.
    expect(await search('pntalnn')).toEqual([]);
    // In the catalogue's own spelling, accents kept.
    expect((await suggest('pntalnn')).didYouMean).toBe('pantalón');
    expect(await search('pantalon')).toEqual(['Pantalón Levis Azul']);
    // The other words kept as typed.
    expect((await suggest('chamarra pmua')).didYouMean).toBe('chamarra puma');
    // A search that finds something, or nothing close: no suggestion.
    expect((await suggest('playera')).didYouMean).toBeNull();
    expect((await suggest('xqzwv')).didYouMean).toBeNull();
  });

  test('the last word completed from the names, the most common first, the words before kept', async () => {
    expect((await suggest('pla')).completions).toEqual(['playera']);
    // In the catalogue's spelling: 'pantalón' as the names write it, whatever was typed.
    expect((await suggest('pant')).completions).toEqual(['pantalón']);
    expect((await suggest('PANTALÓN az')).completions).toEqual(['pantalón azul']);
    // One name each: alphabetical.
    expect((await suggest('playera ne')).completions).toEqual(['playera negra', 'playera negro']);
    expect((await suggest('p')).completions).toEqual([]);
    // From four letters a typo away too, after the prefixes.
    expect((await suggest('chamara')).completions).toEqual(['chamarra']);
  });
});

describe('REST: GET /api/productos/sugerencias', () => {
  type Sugerencias = { sugerencias: string[]; quisisteDecir: string | null };
  const get = (query: string) => shop.app.get(`/api/productos/sugerencias${query}`);

  test('the completions and ¿Quisiste decir …? of the search box, in Spanish fields', async () => {
    const pant = await get('?busqueda=pant');
    expect(pant.status).toBe(200);
    expect(pant.body).toEqual({ sugerencias: ['pantalón'], quisisteDecir: null });
    const none = await get(`?busqueda=${encodeURIComponent('pntalnn')}`);
    expect(none.body).toEqual({ sugerencias: [], quisisteDecir: 'pantalón' });
    const words = await get(`?busqueda=${encodeURIComponent('Playera  ne')}`);
    expect((words.body as Sugerencias).sugerencias).toEqual(['playera negra', 'playera negro']);
    // Nothing typed, or only spaces: no suggestions.
    for (const q of ['', '?busqueda=', '?busqueda=%20%20']) {
      const empty = await get(q);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ sugerencias: [], quisisteDecir: null });
    }
  });

  test('bounded: a 10 kB search, a repeated or malformed parameter answer a clear 400', async () => {
    const long = await get(`?busqueda=${'a'.repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('no puede tener más de 200 caracteres');
    const twice = await get('?busqueda=a&busqueda=b');
    expect(twice.status).toBe(400);
    const lone = await get('?busqueda=pant%ED%A0%80');
    expect(lone.status).toBe(400);
    expect(lone.body).toMatchObject({ error: expect.any(String) });
    const emoji = await get(`?busqueda=${encodeURIComponent('pant 😀')}`);
    expect(emoji.status).toBe(200);
  });
});
