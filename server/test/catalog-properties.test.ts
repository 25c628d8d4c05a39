import fc from 'fast-check';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MikroORM } from '@mikro-orm/postgresql';
import { seedProducts } from '../src/db/seeders/seed.js';
import { withTransaction } from '../src/modules/shared/transaction.js';
import { changeStock, lockStock } from '../src/modules/catalog/stock.js';
import { testApp, type TestApp } from './support/app.js';
import { openTestOrm, resetDatabase } from './support/db.js';
import { createProducts } from './support/fixtures.js';
import { referenceSearchTier } from './support/search-reference.js';

/**
 * Property: for any filter, the catalogue's total and every facet count equal a brute-force SQL
 * count written here from the spec's rules (not from the catalogue code): OR within a facet, AND
 * across facets, a facet's counts apply every other facet, a chosen option is listed even at 0,
 * sizes count only where in stock; price buckets on the price paid ($0–300, 300–500, 500–1000,
 * above 1000; lower bound exclusive except 0); 'Dama' / 'Niño' / else 'Caballero' from the name;
 * every search word in the name or equal to a size in stock, accent- and case-insensitive, or (issue 27) a word of the
 * product's name, type, brand, colour or sex, the last one's prefix, or a typo of one
 * (support/search-reference.ts over the rows read here).
 */

type FacetKey = 'brands' | 'types' | 'priceRanges' | 'sizes' | 'sexes' | 'colors';
interface Filter {
  brands?: string[];
  types?: string[];
  priceRanges?: string[];
  sizes?: string[];
  sexes?: string[];
  colors?: string[];
  search?: string;
  onPromotion?: boolean;
}
type Counts = Record<string, number>;

// The spec's buckets, written out: [label, SQL condition on the price paid `u`].
const BUCKETS: [string, string][] = [
  ['0-300', 'u >= 0 and u <= 30000'],
  ['300-500', 'u > 30000 and u <= 50000'],
  ['500-1000', 'u > 50000 and u <= 100000'],
  ['1000+', 'u > 100000'],
];
// The GraphQL enums' names for the spec's labels.
const PRICE_ENUM: Record<string, string> = {
  '0-300': 'UP_TO_300',
  '300-500': 'FROM_300_TO_500',
  '500-1000': 'FROM_500_TO_1000',
  '1000+': 'OVER_1000',
};
const SEX_ENUM: Record<string, string> = { Caballero: 'CABALLERO', Dama: 'DAMA', Niño: 'NINO' };
const fromEnum: Record<string, string> = Object.fromEntries(
  [...Object.entries(PRICE_ENUM), ...Object.entries(SEX_ENUM)].map(([label, name]) => [
    name,
    label,
  ]),
);
const SEX_RULES: [string, string][] = [
  ['Caballero', "not (unaccent(name) ilike '%dama%' or unaccent(name) ilike '%nino%')"],
  ['Dama', "unaccent(name) ilike '%dama%'"],
  ['Niño', "unaccent(name) ilike '%nino%'"],
];

/** The catalogue as a plain relation, one row per product, computed here. */
const BASE = `(select p.id, p.name, p.promotion,
    case when p.promotion and p.promotion_price_cents is not null
         then p.promotion_price_cents else p.price_cents end as u,
    b.name as brand, t.name as type, c.name as color
  from product p left join brand b on b.id = p.brand_id
  left join product_type t on t.id = p.type_id left join color c on c.id = p.color_id
  where p.hidden_at is null) x`;

function conditions(
  f: Filter,
  params: unknown[],
  except?: FacetKey,
  searchIds?: number[],
): string[] {
  const param = (v: unknown) => {
    params.push(v);
    return '?';
  };
  const out: string[] = [];
  const lookup = (key: 'brands' | 'types' | 'colors', column: string) => {
    if (key !== except && f[key]?.length)
      out.push(
        `lower(${column}) in (select lower(v) from json_array_elements_text(${param(JSON.stringify(f[key]))}::json) v)`,
      );
  };
  lookup('brands', 'brand');
  lookup('types', 'type');
  lookup('colors', 'color');
  if (except !== 'priceRanges' && f.priceRanges?.length) {
    out.push(
      `(${BUCKETS.filter(([l]) => f.priceRanges!.includes(l))
        .map(([, c]) => `(${c})`)
        .join(' or ')})`,
    );
  }
  if (except !== 'sexes' && f.sexes?.length) {
    out.push(
      `(${SEX_RULES.filter(([s]) => f.sexes!.includes(s))
        .map(([, c]) => `(${c})`)
        .join(' or ')})`,
    );
  }
  if (except !== 'sizes' && f.sizes?.length) {
    out.push(
      `exists (select 1 from product_stock s where s.product_id = x.id and s.quantity > 0 and s.size in (select json_array_elements_text(${param(JSON.stringify(f.sizes))}::json)))`,
    );
  }
  if (searchIds) {
    out.push(
      `x.id in (select v::int from json_array_elements_text(${param(JSON.stringify(searchIds))}::json) v)`,
    );
  }
  if (f.onPromotion !== undefined) out.push(`promotion = ${param(f.onPromotion)}`);
  return out;
}

const EVERYTHING: Filter = {};

async function bruteForce(
  em: EntityManager,
  f: Filter,
): Promise<{ total: number; facets: Record<FacetKey, Counts> }> {
  let searchIds: number[] | undefined;
  const words = (f.search ?? '').split(/\s+/).filter((w) => w !== '');
  if (words.length > 0) {
    const rows = await em.getConnection().execute<
      {
        id: number;
        name: string;
        brand: string | null;
        type: string | null;
        color: string | null;
        words: string[];
        sizes: string[];
      }[]
    >(
      `select id, lower(unaccent(name)) as name, lower(unaccent(brand)) as brand,
              lower(unaccent(type)) as type, lower(unaccent(color)) as color,
              array(select lower(unaccent(s.size)) from product_stock s
                     where s.product_id = x.id and s.quantity > 0) as sizes,
              (select array_agg(lower(unaccent(w))) from json_array_elements_text(?::json) w) as words
         from ${BASE}`,
      [JSON.stringify(words)],
    );
    searchIds = rows
      .filter((r) => referenceSearchTier(r.name, [r.brand, r.type, r.color], r.words, r.sizes) > 0)
      .map((r) => r.id);
  }
  const grouped = async (column: string, except: FacetKey, extraFrom = '') => {
    const params: unknown[] = [];
    const where = [...conditions(f, params, except, searchIds), `${column} is not null`];
    const rows = await em
      .getConnection()
      .execute<{ value: string; n: string }[]>(
        `select ${column} as value, count(*) as n from ${BASE} ${extraFrom} where ${where.join(' and ')} group by ${column}`,
        params,
      );
    return Object.fromEntries(rows.map((r) => [r.value, Number(r.n)]));
  };
  const flagged = async (rules: [string, string][], except: FacetKey) => {
    const counts: Counts = {};
    for (const [label, condition] of rules) {
      const params: unknown[] = [];
      const where = [...conditions(f, params, except, searchIds), `(${condition})`];
      const [row] = await em
        .getConnection()
        .execute<{ n: string }[]>(
          `select count(*) as n from ${BASE} where ${where.join(' and ')}`,
          params,
        );
      counts[label] = Number(row!.n);
    }
    return counts;
  };
  const params: unknown[] = [];
  const all = conditions(f, params, undefined, searchIds);
  const [totalRow] = await em
    .getConnection()
    .execute<{ n: string }[]>(
      `select count(*) as n from ${BASE} ${all.length ? `where ${all.join(' and ')}` : ''}`,
      params,
    );
  const facets: Record<FacetKey, Counts> = {
    brands: await grouped('brand', 'brands'),
    types: await grouped('type', 'types'),
    colors: await grouped('color', 'colors'),
    sizes: await grouped(
      's2.size',
      'sizes',
      'join product_stock s2 on s2.product_id = x.id and s2.quantity > 0',
    ),
    priceRanges: await flagged(BUCKETS, 'priceRanges'),
    sexes: await flagged(SEX_RULES, 'sexes'),
  };
  // Buckets and sexes: listed when some product of the whole catalogue has them (at 0 when the
  // other filters leave none). Every chosen option is listed.
  const whole = f === EVERYTHING ? facets : (await bruteForce(em, EVERYTHING)).facets;
  for (const key of ['priceRanges', 'sexes'] as const) {
    for (const [label, n] of Object.entries(facets[key])) {
      if (n === 0 && !f[key]?.includes(label) && !(whole[key][label]! > 0)) {
        delete facets[key][label];
      }
    }
  }
  for (const key of Object.keys(facets) as FacetKey[]) {
    for (const chosen of f[key] ?? []) {
      const listed = Object.keys(facets[key]).some((v) => v.toLowerCase() === chosen.toLowerCase());
      if (!listed) facets[key][chosen] = 0;
    }
  }
  return { total: Number(totalRow!.n), facets };
}

const PAGE = `query ($filter: ProductFilter) { products(filter: $filter, limit: 100) {
  total items { id }
  facets { brands { value count } types { value count } priceRanges { value count }
           sizes { value count } sexes { value count } colors { value count } } } }`;

async function catalogue(app: TestApp, f: Filter) {
  const r = await app.gql<{
    products: {
      total: number;
      items: { id: number }[];
      facets: Record<FacetKey, { value: string; count: number }[]>;
    };
  }>(PAGE, {
    filter: {
      ...f,
      priceRanges: f.priceRanges?.map((l) => PRICE_ENUM[l]),
      sexes: f.sexes?.map((x) => SEX_ENUM[x]),
    },
  });
  expect(r.errors).toBeUndefined();
  const { total, items, facets } = r.data!.products;
  const asMap = (list: { value: string; count: number }[]) =>
    Object.fromEntries(list.map((o) => [o.value, o.count]));
  return {
    total,
    items,
    facets: Object.fromEntries(
      Object.entries(facets).map(([k, list]) => [
        k,
        asMap(
          k === 'priceRanges' || k === 'sexes'
            ? list.map((o) => ({ ...o, value: fromEnum[o.value] ?? `?${o.value}` }))
            : list,
        ),
      ]),
    ) as Record<FacetKey, Counts>,
  };
}

/** What a shopper might type: a piece of a real name, in other case, with or without accents. */
function searchWords(names: string[]) {
  const words = [...new Set(names.flatMap((n) => n.split(/\s+/)))].filter((w) =>
    /^[\p{L}]{3,}$/u.test(w),
  );
  const accents: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', n: 'ñ' };
  return fc
    .tuple(
      fc.constantFrom(...words),
      fc.nat(),
      fc.nat(),
      fc.constantFrom('as-is', 'upper', 'accent', 'plain'),
    )
    .map(([word, a, b, style]) => {
      const start = a % word.length;
      const end = Math.max(start + 2, start + (b % (word.length - start + 1)));
      const piece = word.slice(start, end);
      if (style === 'upper') return piece.toUpperCase();
      if (style === 'plain') return piece.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      if (style === 'accent') return piece.replace(/[aeioun]/, (c) => accents[c] ?? c);
      return piece;
    });
}

describe('catalogue facets and totals equal a brute-force SQL count (property)', () => {
  let orm: MikroORM;
  let app: TestApp;
  let options: Record<'brands' | 'types' | 'colors' | 'sizes', string[]>;
  let names: string[];

  beforeAll(async () => {
    orm = await openTestOrm();
    await resetDatabase(orm);
    await seedProducts(orm.em.fork(), {
      count: 400,
      images: false,
      uploadsDir: '/nonexistent',
      seed: 8,
    });
    // Corners the generator does not draw: no lookups, a name saying both, a price on a bound,
    // an unusual size, no stock at all.
    await createProducts(orm.em.fork(), [
      { name: 'Playera sin marca', price: 300, stock: { M: 1 } },
      { name: 'Conjunto Dama y Niño', price: 1000.01, brand: 'Nike', stock: { '2T': 2 } },
      { name: 'Gorra Única', price: 0, promo: undefined, stock: { U: 0 } },
      { name: 'Pantalón de vestir', price: 500, promo: 300, type: 'Pantalón', stock: {} },
    ]);
    app = await testApp(orm);
    const em = orm.em.fork();
    const list = async (sql: string) => (await em.execute<{ v: string }[]>(sql)).map((r) => r.v);
    options = {
      brands: await list('select name as v from brand'),
      types: await list('select name as v from product_type'),
      colors: await list('select name as v from color'),
      sizes: await list('select distinct size as v from product_stock'),
    };
    names = await list('select name as v from product');
  });
  afterAll(async () => {
    await app.stop();
    await orm.close();
  });

  // Each facet is left alone more often than not, so that many draws leave products to count.
  const some = <T>(values: T[], max: number) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.subarray(values, { minLength: 1, maxLength: max }) },
    );
  const filters = () =>
    fc.record({
      brands: some([...options.brands, 'nike', 'Marca Inexistente'], 3),
      types: some(options.types, 3),
      priceRanges: some(
        BUCKETS.map(([l]) => l),
        2,
      ),
      sizes: some([...options.sizes, 'ZZ'], 3),
      sexes: some(['Caballero', 'Dama', 'Niño'], 2),
      colors: some(options.colors, 4),
      search: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: searchWords(names) },
        {
          weight: 1,
          arbitrary: fc.tuple(searchWords(names), searchWords(names)).map((w) => w.join(' ')),
        },
        // A word and a size (the spec's 'or sizes'), in any case.
        {
          weight: 1,
          arbitrary: fc
            .tuple(searchWords(names), fc.constantFrom(...options.sizes), fc.boolean())
            .map(([w, s, lower]) => `${w} ${lower ? s.toLowerCase() : s}`),
        },
      ),
      onPromotion: fc.option(fc.boolean(), { nil: undefined, freq: 3 }),
    });

  /** Draws that left at least one product (so that the property is not vacuous). */
  let nonEmpty = 0;

  async function check(f: Filter) {
    const expected = await bruteForce(orm.em.fork(), f);
    const actual = await catalogue(app, f);
    expect({ filter: f, total: actual.total }).toEqual({ filter: f, total: expected.total });
    expect({ filter: f, facets: actual.facets }).toEqual({ filter: f, facets: expected.facets });
    expect(actual.items).toHaveLength(Math.min(100, expected.total));
    if (expected.total > 0) nonEmpty += 1;
  }

  test('random filter combinations', async () => {
    nonEmpty = 0;
    await fc.assert(fc.asyncProperty(filters(), check), { numRuns: 80, seed: 20261123 });
    expect(nonEmpty).toBeGreaterThanOrEqual(20);
  });

  test('after random stock, price and visibility changes, at once', async () => {
    const ids = (await orm.em.fork().execute<{ id: number }[]>('select id from product')).map(
      (r) => r.id,
    );
    const change = fc.oneof(
      // A checkout or a cancellation: through the one stock module.
      fc.record({
        kind: fc.constant('stock' as const),
        id: fc.constantFrom(...ids),
        delta: fc.integer({ min: -3, max: 3 }),
      }),
      // A product deleted while orders name it: hidden (issue 9), or shown again by plain SQL.
      fc.record({
        kind: fc.constant('hide' as const),
        id: fc.constantFrom(...ids),
        hidden: fc.boolean(),
      }),
      // An admin edit of the price or the promotion, as plain SQL from another writer.
      fc.record({
        kind: fc.constant('price' as const),
        id: fc.constantFrom(...ids),
        pesos: fc.integer({ min: 1, max: 1500 }),
        promo: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { minLength: 1, maxLength: 4 }),
        filters(),
        async (changes, f) => {
          for (const c of changes) {
            if (c.kind === 'stock') {
              await withTransaction(orm.em.fork(), async (tx) => {
                const [row] = await tx.execute<{ size: string; quantity: number }[]>(
                  'select size, quantity from product_stock where product_id = ? order by size limit 1',
                  [c.id],
                );
                if (!row) return;
                await lockStock(tx, [{ productId: c.id, size: row.size }]);
                const delta = Math.max(c.delta, -row.quantity);
                await changeStock(tx, [{ productId: c.id, size: row.size, delta }]);
              });
            } else if (c.kind === 'hide') {
              await orm.em
                .fork()
                .execute(
                  `update product set hidden_at = case when ? then now() else null end where id = ?`,
                  [c.hidden, c.id],
                );
            } else {
              await orm.em.fork().execute(
                `update product set price_cents = ?, promotion = ?,
                 promotion_price_cents = case when ? then ? else null end where id = ?`,
                [
                  c.pesos * 100,
                  c.promo && c.pesos > 1,
                  c.promo && c.pesos > 1,
                  Math.floor((c.pesos * 100) / 2),
                  c.id,
                ],
              );
            }
          }
          await check(f);
        },
      ),
      { numRuns: 30, seed: 7 },
    );
  });
});
