import fc from 'fast-check';
import {
  type ProductSort,
  PRODUCT_SORTS,
  SEXES,
  sexesOf,
} from '../src/modules/catalog/catalog-filter.js';
import {
  type IndexFilter,
  type LookupFacet,
  WHOLE_CATALOGUE,
} from '../src/modules/catalog/index-count.js';
import {
  type IndexedProduct,
  type LookupLists,
  ProductIndex,
} from '../src/modules/catalog/product-index.js';
import { PRICE_RANGES, priceRangeIndexOf, unitPriceCents } from '../src/modules/pricing/pricing.js';
import { searchForm } from '../src/modules/catalog/search-words.js';
import { referenceSearchTier } from './support/search-reference.js';

/**
 * The catalogue's in-memory index driven by hand, no database: what the change feed would put
 * in, what the catalogue service would ask.
 */

const LOOKUPS: LookupLists = {
  brands: [
    { id: 1, name: 'Nike', lower: 'nike' },
    { id: 2, name: "Levi's", lower: "levi's" },
  ],
  types: [
    { id: 1, name: 'Playera', lower: 'playera' },
    { id: 3, name: 'Pantalón', lower: 'pantalón' },
  ],
  colors: [{ id: 7, name: 'Negro', lower: 'negro' }],
};

const product = (p: Partial<IndexedProduct> & { id: number }): IndexedProduct => ({
  search: `producto ${p.id}`,
  priceCents: 100_00,
  promotion: false,
  promotionPriceCents: null,
  brandId: null,
  typeId: null,
  colorId: null,
  sizes: [],
  ...p,
});

const filter = (f: Partial<IndexFilter>): IndexFilter => ({ ...WHOLE_CATALOGUE, ...f });

function shop(): ProductIndex {
  const index = new ProductIndex();
  index.replace(LOOKUPS, [
    product({
      id: 1,
      search: 'playera nike negro',
      priceCents: 250_00,
      brandId: 1,
      typeId: 1,
      colorId: 7,
      sizes: ['M', 'L'],
    }),
    product({
      id: 2,
      search: "pantalon levi's dama",
      priceCents: 700_00,
      brandId: 2,
      typeId: 3,
      sizes: ['30'],
    }),
    product({
      id: 3,
      search: 'playera nike nino',
      priceCents: 400_00,
      promotion: true,
      promotionPriceCents: 299_00,
      brandId: 1,
      typeId: 1,
      sizes: ['M'],
    }),
    product({ id: 4, search: 'gorra', priceCents: 1500_00, sizes: [] }),
  ]);
  return index;
}

describe('the whole catalogue', () => {
  test('total, and per facet the products of each option', () => {
    const { total, facets } = shop().query(WHOLE_CATALOGUE, { total: true, facets: true });
    expect(total).toBe(4);
    expect(facets!.brands).toEqual(
      new Map([
        [1, 2],
        [2, 1],
      ]),
    );
    expect(facets!.types).toEqual(
      new Map([
        [1, 2],
        [3, 1],
      ]),
    );
    expect(facets!.colors).toEqual(new Map([[7, 1]]));
    expect(facets!.sizes).toEqual(
      new Map([
        ['M', 2],
        ['L', 1],
        ['30', 1],
      ]),
    );
    // 250 and 299 (promotion) in 0-300, 700 in 500-1000, 1500 in 1000+.
    expect(facets!.priceRanges).toEqual([2, 0, 1, 1]);
    // Caballero: 1 and 4; Dama: 2; Niño: 3.
    expect(facets!.sexes).toEqual([2, 1, 1]);
  });

  test('pages in each sort', () => {
    const page = (sort: ProductSort, offset = 0, limit = 10) =>
      shop().query(WHOLE_CATALOGUE, { page: { sort, offset, limit } }).pageIds;
    expect(page('NEWEST')).toEqual([4, 3, 2, 1]);
    expect(page('NEWEST', 1, 2)).toEqual([3, 2]);
    expect(page('PRICE_ASC')).toEqual([1, 3, 2, 4]);
    expect(page('PRICE_DESC')).toEqual([4, 2, 3, 1]);
    // Promotion price descending, products without one last (newest first among them).
    expect(page('PROMOTION_PRICE_DESC')).toEqual([3, 4, 2, 1]);
  });
});

describe('filters', () => {
  test('OR within a facet, AND across; a facet counts with the others applied', () => {
    const index = shop();
    const nikeM = filter({ brands: [1], sizes: ['M'] });
    const { total, facets, pageIds } = index.query(nikeM, {
      total: true,
      facets: true,
      page: { sort: 'NEWEST', offset: 0, limit: 10 },
    });
    expect(total).toBe(2);
    expect(pageIds).toEqual([3, 1]);
    // Brands counted over the products in size M (whatever their brand).
    expect(facets!.brands).toEqual(new Map([[1, 2]]));
    // Sizes counted over Nike's products (whatever their size).
    expect(facets!.sizes).toEqual(
      new Map([
        ['M', 2],
        ['L', 1],
      ]),
    );
    expect(index.query(filter({ brands: [1, 2] }), { total: true }).total).toBe(3);
  });

  test('search words (search form), promotion, price ranges and sexes', () => {
    const index = shop();
    expect(index.query(filter({ words: ['playera', 'nike'] }), { total: true }).total).toBe(2);
    expect(index.query(filter({ words: ['ike'] }), { total: true }).total).toBe(2);
    expect(index.query(filter({ words: ['nada'] }), { total: true }).total).toBe(0);
  });

  test('issue 27: a typo per word from 5 letters, two from 9; exact first, then prefix, then fuzzy', () => {
    const index = shop();
    const ids = (...words: string[]) =>
      index.query(filter({ words }), {
        total: true,
        page: { sort: 'NEWEST', offset: 0, limit: 10 },
      });
    // 'pantlon' (7 letters, one typo) finds 'pantalon'; 'playra' finds both playeras.
    expect(ids('pantlon')).toEqual({ total: 1, pageIds: [2] });
    expect(ids('playra')).toEqual({ total: 2, pageIds: [3, 1] });
    // Swapped neighbours are one typo.
    expect(ids('plyaera')).toEqual({ total: 2, pageIds: [3, 1] });
    // 'playera' does not find the pantalón; four letters allow no typo.
    expect(ids('playera').pageIds).toEqual([3, 1]);
    expect(ids('gora').total).toBe(0);
    // Nine letters allow two.
    expect(ids('pantalonns').pageIds).toEqual([2]);
    expect(ids('pantalonsss').total).toBe(0);
    // The catalogue's own words: the colour of 1 and the sex (Caballero) of 1 and 4.
    expect(ids('negro').pageIds).toEqual([1]);
    expect(ids('caballero').pageIds).toEqual([4, 1]);
    // Exact (in the name) first, then the catalogue's words and the last word's prefix, then
    // typos, each newest first: 'nino' is in 3's name, 2 says 'dama'; 'nina' is a typo of 'nino'
    // (4 letters: none allowed), and 'caballer' starts 'caballero'.
    expect(ids('playera', 'negro').pageIds).toEqual([1]);
    expect(ids('caballer').pageIds).toEqual([4, 1]);
    index.put(product({ id: 5, search: 'playera negra caballero', typeId: 1 }));
    expect(ids('playera', 'caballer').pageIds).toEqual([5, 1]);
    expect(ids('playra', 'nike').pageIds).toEqual([3, 1]);
    expect(ids('playera').pageIds).toEqual([5, 3, 1]);
    // 'negro': 5's name says 'negra' (a typo away), 1's colour is Negro: 1 first.
    expect(ids('negro').pageIds).toEqual([1, 5]);
  });

  test('promotion, price ranges and sexes', () => {
    const index = shop();
    expect(index.query(filter({ onPromotion: true }), { total: true }).total).toBe(1);
    expect(index.query(filter({ onPromotion: false }), { total: true }).total).toBe(3);
    expect(index.query(filter({ priceRanges: [0] }), { total: true }).total).toBe(2);
    expect(index.query(filter({ sexes: [1, 2] }), { total: true }).total).toBe(2);
  });

  test('an unknown lookup value or size matches nothing', () => {
    const index = shop();
    expect(index.query(filter({ brands: [-2] }), { total: true }).total).toBe(0);
    expect(index.query(filter({ sizes: ['XXL'] }), { total: true }).total).toBe(0);
  });
});

describe('lookups by key', () => {
  test('each value by its lower-cased name, in any order; unknown ones are -2', () => {
    const index = shop();
    expect(index.lookupIds('brands', ["levi's", 'nike', undefined, 'adidas'])).toEqual([
      2, 1, -2, -2,
    ]);
    expect(index.lookupIds('types', ['pantalón'])).toEqual([3]);
    expect(index.lookupName('colors', 7)).toBe('Negro');
    expect(index.lookupName('colors', 8)).toBeUndefined();
  });
});

describe('changes', () => {
  test('a new price moves the product in the sorts and its range, at once', () => {
    const index = shop();
    const asc = () =>
      index.query(WHOLE_CATALOGUE, { page: { sort: 'PRICE_ASC', offset: 0, limit: 10 } });
    expect(asc().pageIds).toEqual([1, 3, 2, 4]);
    index.put(product({ id: 4, search: 'gorra', priceCents: 50_00 }));
    expect(asc().pageIds).toEqual([4, 1, 3, 2]);
    expect(index.query(filter({ priceRanges: [0] }), { total: true }).total).toBe(3);
  });

  test('a size sold out leaves its facet; a removed product leaves everything', () => {
    const index = shop();
    const sizes = () => index.query(WHOLE_CATALOGUE, { facets: true }).facets!.sizes;
    expect(sizes().get('L')).toBe(1);
    index.put(
      product({
        id: 1,
        search: 'playera nike negro',
        priceCents: 250_00,
        brandId: 1,
        sizes: ['M'],
      }),
    );
    expect(sizes().has('L')).toBe(false);
    index.remove(3);
    expect(index.productCount).toBe(3);
    expect(index.query(WHOLE_CATALOGUE, { total: true }).total).toBe(3);
    expect(
      index.query(WHOLE_CATALOGUE, { page: { sort: 'NEWEST', offset: 0, limit: 10 } }).pageIds,
    ).toEqual([4, 2, 1]);
  });

  test('more than 32 distinct sizes keep every product’s sizes', () => {
    const index = shop();
    const many = Array.from({ length: 70 }, (_, i) => `T${i}`);
    index.put(product({ id: 5, sizes: many }));
    const sizes = index.query(WHOLE_CATALOGUE, { facets: true }).facets!.sizes;
    expect(sizes.get('M')).toBe(2);
    expect(sizes.get('T69')).toBe(1);
    expect(index.query(filter({ sizes: ['T40'] }), { total: true }).total).toBe(1);
  });

  test('replace starts over with the new lists', () => {
    const index = shop();
    index.replace({ brands: [], types: [], colors: [] }, [product({ id: 9 })]);
    expect(index.productCount).toBe(1);
    expect(index.query(WHOLE_CATALOGUE, { total: true, facets: true }).facets!.brands.size).toBe(0);
    expect(index.lookupIds('brands', ['nike'])).toEqual([-2]);
  });
});

describe('search words against the index alone', () => {
  const searched = (index: ProductIndex, words: string[]) =>
    index.query(filter({ words }), { total: true, page: { sort: 'NEWEST', offset: 0, limit: 10 } });

  test("a word equal to a size in stock is the spec's 'or sizes', beyond 32 sizes too", () => {
    const index = shop();
    expect(searched(index, ['playera', 'm']).pageIds).toEqual([3, 1]);
    expect(searched(index, ['30']).pageIds).toEqual([2]);
    const many = Array.from({ length: 40 }, (_, i) => `T${i}`);
    index.put(product({ id: 5, search: 'gorra', sizes: many }));
    expect(searched(index, ['gorra', 't39']).pageIds).toEqual([5]);
    // Its size out of stock (gone from the sizes): no longer found by it.
    index.put(product({ id: 5, search: 'gorra', sizes: ['T1'] }));
    expect(searched(index, ['gorra', 't39']).total).toBe(0);
    expect(searched(index, ['gorra', 't1']).pageIds).toEqual([5]);
  });

  test('new synonym groups alone: products kept, searches answered anew', () => {
    const index = shop();
    expect(searched(index, ['camiseta']).total).toBe(0);
    const passes = index.work.passes;
    index.query(WHOLE_CATALOGUE, { total: true });
    index.setSynonyms([['playera', 'camiseta']]);
    expect(searched(index, ['camiseta']).pageIds).toEqual([3, 1]);
    expect(index.work.replaces).toBe(1);
    // The kept pass without a search stays; the search is counted anew.
    index.query(WHOLE_CATALOGUE, { total: true });
    expect(index.work.passes - passes).toBe(2);
    index.setSynonyms([]);
    expect(searched(index, ['camiseta']).total).toBe(0);
  });

  test("suggestions in the catalogue's most common spelling of a word", () => {
    const index = new ProductIndex();
    const named = (id: number, name: string) => product({ id, search: searchForm(name), name });
    index.replace({ brands: [], types: [], colors: [] }, [
      named(1, 'Pantalón Azul'),
      named(2, 'PANTALÓN Negro'),
      named(3, 'Pantalon Gris'),
    ]);
    expect(index.didYouMean(['pntalnn'])).toEqual(['pantalón']);
    expect(index.completions(['pant'], 6)).toEqual(['pantalón']);
    expect(index.completions(['pantalon', 'gr'], 6)).toEqual(['pantalón gris']);
    // The spellings counted by live names: two without the accent now outnumber one with.
    index.remove(2);
    index.put(named(4, 'Pantalon Beige'));
    expect(index.didYouMean(['pntalnn'])).toEqual(['pantalon']);
    index.put(named(4, 'Pantalón Beige'));
    expect(index.didYouMean(['pntalnn'])).toEqual(['pantalón']);
  });
});

// Against a plain reading of the rules, over generated catalogues and filters.

const SIZES = ['S', 'M', 'L', '30', '32'];
const WORDS = ['playera', 'dama', 'nino', 'nike', 'a', 'pantalon', 'chamarra'];
/**
 * Search words: the names' words, typos of them, prefixes, the catalogue's own words and sizes
 * (in search form: the spec's 'or sizes').
 */
const SEARCH_WORDS = [
  ...WORDS,
  's',
  '30',
  '3',
  'playra',
  'pantlon',
  'chamara',
  'plyaera',
  'nik',
  'pan',
  'negro',
  'caballero',
  'levi',
  'pantalones',
];

const arbProduct = (id: number) =>
  fc
    .record({
      search: fc.subarray(WORDS).map((w) => w.join(' ')),
      // A few prices often, so that ties (the id decides) are common.
      priceCents: fc.oneof(
        fc.constantFrom(0, 300_00, 450_00, 1000_00),
        fc.integer({ min: 0, max: 2000_00 }),
      ),
      promotion: fc.boolean(),
      promotionPriceCents: fc.option(
        fc.oneof(fc.constantFrom(0, 199_00, 300_00), fc.integer({ min: 0, max: 1500_00 })),
        { nil: null },
      ),
      brandId: fc.option(fc.constantFrom(1, 2), { nil: null }),
      typeId: fc.option(fc.constantFrom(1, 3), { nil: null }),
      colorId: fc.option(fc.constant(7), { nil: null }),
      sizes: fc.subarray(SIZES),
    })
    .map((p): IndexedProduct => ({ id, ...p }));

const arbCatalogue = fc
  .integer({ min: 0, max: 40 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbProduct(i + 1))));

/** Mostly null (the facet not filtered), so that filters leave enough products to page. */
const sometimes = <T>(arb: fc.Arbitrary<T>, none: T) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(none) }, { weight: 1, arbitrary: arb });
const arbFilter: fc.Arbitrary<IndexFilter> = fc.record({
  brands: sometimes(fc.subarray([1, 2, -2]), null),
  types: sometimes(fc.subarray([1, 3]), null),
  colors: sometimes(fc.subarray([7]), null),
  sizes: sometimes(fc.subarray([...SIZES, 'XL']), null),
  priceRanges: sometimes(fc.subarray(PRICE_RANGES.map((_, i) => i)), null),
  sexes: sometimes(fc.subarray(SEXES.map((_, i) => i)), null),
  words: sometimes(fc.subarray(SEARCH_WORDS, { maxLength: 2 }), []),
  onPromotion: sometimes(fc.boolean(), null),
});

type Condition = 'brands' | 'types' | 'colors' | 'sizes' | 'priceRanges' | 'sexes';

/** The issue 27 tier of `p` (support/search-reference.ts), its lookups named from LOOKUPS. */
function searchTier(p: IndexedProduct, words: readonly string[]): number {
  const lookupName = (facet: LookupFacet, id: number | null) =>
    searchForm(LOOKUPS[facet].find((l) => l.id === id)?.name ?? '');
  return referenceSearchTier(
    p.search,
    [
      lookupName('brands', p.brandId),
      lookupName('types', p.typeId),
      lookupName('colors', p.colorId),
    ],
    words,
    p.sizes.map(searchForm),
  );
}

/** Whether `p` passes `f`, every condition but `except`. */
function passes(p: IndexedProduct, f: IndexFilter, except?: Condition): boolean {
  if (f.onPromotion !== null && p.promotion !== f.onPromotion) return false;
  if (searchTier(p, f.words) === 0) return false;
  const lookup = (c: LookupFacet, id: number | null) =>
    c === except || f[c] === null || (id !== null && f[c]!.includes(id));
  const sexes = sexesOf(p.search).map((s) => SEXES.indexOf(s));
  return (
    lookup('brands', p.brandId) &&
    lookup('types', p.typeId) &&
    lookup('colors', p.colorId) &&
    (except === 'sizes' || f.sizes === null || p.sizes.some((s) => f.sizes!.includes(s))) &&
    (except === 'priceRanges' ||
      f.priceRanges === null ||
      f.priceRanges.includes(priceRangeIndexOf(unitPriceCents(p)))) &&
    (except === 'sexes' || f.sexes === null || sexes.some((s) => f.sexes!.includes(s)))
  );
}

function tally<K>(keys: K[]): Map<K, number> {
  const m = new Map<K, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

const sorted = <K>(m: Map<K, number>) =>
  [...m].sort(([a], [b]) => String(a).localeCompare(String(b)));

function reference(products: IndexedProduct[], f: IndexFilter, sort: ProductSort) {
  const matched = products.filter((p) => passes(p, f));
  const over = (c: Condition) => products.filter((p) => passes(p, f, c));
  const ids = (c: LookupFacet, key: 'brandId' | 'typeId' | 'colorId') =>
    tally(over(c).flatMap((p) => (p[key] === null ? [] : [p[key]!])));
  const unit = unitPriceCents;
  const promo = (p: IndexedProduct) => p.promotionPriceCents ?? -1;
  const order: Record<ProductSort, (a: IndexedProduct, b: IndexedProduct) => number> = {
    NEWEST: (a, b) => b.id - a.id,
    PROMOTION_PRICE_DESC: (a, b) => promo(b) - promo(a) || b.id - a.id,
    PRICE_ASC: (a, b) => unit(a) - unit(b) || a.id - b.id,
    PRICE_DESC: (a, b) => unit(b) - unit(a) || b.id - a.id,
  };
  const byRange = tally(over('priceRanges').map((p) => priceRangeIndexOf(unitPriceCents(p))));
  const bySex = tally(over('sexes').flatMap((p) => sexesOf(p.search).map((s) => SEXES.indexOf(s))));
  return {
    total: matched.length,
    pageIds: [...matched]
      .sort((a, b) => searchTier(a, f.words) - searchTier(b, f.words) || order[sort](a, b))
      .slice(2, 12)
      .map((p) => p.id),
    brands: sorted(ids('brands', 'brandId')),
    types: sorted(ids('types', 'typeId')),
    colors: sorted(ids('colors', 'colorId')),
    sizes: sorted(tally(over('sizes').flatMap((p) => p.sizes))),
    priceRanges: PRICE_RANGES.map((_, i) => byRange.get(i) ?? 0),
    sexes: SEXES.map((_, i) => bySex.get(i) ?? 0),
  };
}

test('any catalogue and filter: the index answers what the rules say', () => {
  fc.assert(
    fc.property(arbCatalogue, arbFilter, fc.constantFrom(...PRODUCT_SORTS), (products, f, sort) => {
      const index = new ProductIndex();
      index.replace(LOOKUPS, products);
      const answer = index.query(f, {
        total: true,
        facets: true,
        page: { sort, offset: 2, limit: 10 },
      });
      const facets = answer.facets!;
      expect({
        total: answer.total,
        pageIds: answer.pageIds,
        brands: sorted(facets.brands),
        types: sorted(facets.types),
        colors: sorted(facets.colors),
        sizes: sorted(facets.sizes),
        priceRanges: facets.priceRanges,
        sexes: facets.sexes,
      }).toEqual(reference(products, f, sort));
    }),
    { numRuns: 300, seed: 20261125 },
  );
});

// Issue 23: kept passes are updated by each change's products alone, never recounted.

const arbChange = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 45 }).chain((id) => arbProduct(id)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 45 }).map((id) => ({ remove: id })) },
);

test('any catalogue, filters kept, then changes: the kept answers are a fresh index’s, with no new pass or sort', () => {
  fc.assert(
    fc.property(
      arbCatalogue,
      fc.array(arbFilter, { minLength: 1, maxLength: 4 }),
      fc.array(arbChange, { maxLength: 30 }),
      fc.constantFrom(...PRODUCT_SORTS),
      (products, filters, changes, sort) => {
        const index = new ProductIndex();
        index.replace(LOOKUPS, products);
        const ask = (i: ProductIndex, f: IndexFilter) =>
          i.query(f, { total: true, facets: true, page: { sort, offset: 0, limit: 50 } });
        for (const f of filters) ask(index, f);
        const before = { ...index.work };
        const now = new Map(products.map((p) => [p.id, p]));
        let repriced = false;
        for (const change of changes) {
          if ('remove' in change) {
            index.remove(change.remove);
            now.delete(change.remove);
          } else {
            const old = now.get(change.id);
            repriced ||=
              !old ||
              unitPriceCents(old) !== unitPriceCents(change) ||
              old.promotionPriceCents !== change.promotionPriceCents;
            index.put(change);
            now.set(change.id, change);
          }
        }
        const fresh = new ProductIndex();
        fresh.replace(
          LOOKUPS,
          [...now.values()].sort((a, b) => a.id - b.id),
        );
        for (const f of filters) expect(ask(index, f)).toEqual(ask(fresh, f));
        // Every filter was kept: the changes were applied to the kept passes, none recounted.
        expect(index.work.passes).toBe(before.passes);
        // Stock changes and removals never re-sort; a new product or a new price may, once.
        if (!repriced) expect(index.work.sorts).toBe(before.sorts);
      },
    ),
    { numRuns: 300, seed: 20261127 },
  );
});

test('a burst of stock changes to k products is k puts, no pass and no sort', () => {
  const index = shop();
  index.query(WHOLE_CATALOGUE, {
    total: true,
    facets: true,
    page: { sort: 'NEWEST', offset: 0, limit: 10 },
  });
  index.query(filter({ sizes: ['M'] }), { total: true, facets: true });
  const before = { ...index.work };
  // Ten stock changes, the way the feed applies them: each touched product once.
  const touched = [
    product({
      id: 1,
      search: 'playera nike negro',
      priceCents: 250_00,
      brandId: 1,
      typeId: 1,
      colorId: 7,
      sizes: ['L'],
    }),
    product({
      id: 3,
      search: 'playera nike nino',
      priceCents: 400_00,
      promotion: true,
      promotionPriceCents: 299_00,
      brandId: 1,
      typeId: 1,
      sizes: [],
    }),
  ];
  for (const p of touched) index.put(p);
  expect(index.work.puts - before.puts).toBe(2);
  expect(index.query(filter({ sizes: ['M'] }), { total: true }).total).toBe(0);
  expect(
    index.query(WHOLE_CATALOGUE, { facets: true, page: { sort: 'NEWEST', offset: 0, limit: 10 } }),
  ).toMatchObject({ pageIds: [4, 3, 2, 1] });
  expect(index.work.passes).toBe(before.passes);
  expect(index.work.sorts).toBe(before.sorts);
});
