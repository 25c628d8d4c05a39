import { PRODUCT_IMAGES_DIR } from '../server/src/modules/catalog/product-image-paths.js';
import { PRICE_RANGES } from '../server/src/modules/pricing/pricing.js';

/**
 * The baseline's answers, built by PostgreSQL itself (json_agg / json_build_object) in ONE
 * statement each, shaped like the app's: a GraphQL `products` page (`{"data":{"products":…}}`,
 * the card fields of the storefront's CatalogPage/ProductList queries, facets on demand), a
 * GraphQL `product` (the ProductDetail query's fields) or the REST `/api/productos` list.
 */
export type BaselineShape = 'page' | 'product' | 'rest';

export interface BaselineQuery {
  shape: BaselineShape;
  limit: number;
  offset: number;
  /** Product id (shape 'product'). */
  id: number;
  /** Lookup names, case-insensitive (OR within a facet). */
  brands: string[];
  types: string[];
  colors: string[];
  /** Price range labels of PRICE_RANGES (OR). */
  priceRanges: string[];
  /** Sizes in stock (OR). */
  sizes: string[];
  /** 'Caballero', 'Dama', 'Niño' (OR). */
  sexes: string[];
  /** Every word must appear in the name, accent- and case-insensitive. */
  search: string;
  /** Words a search word also stands for (a synonym group): the name may hold any of them. */
  alternatives: string[];
  /**
   * Each word in the name or, by pg_trgm's word similarity (`<%`, ≥ 0.5: baseline-server.ts), like a word of it:
   * the bare-SQL counterpart of the app's typo tolerance (issue 27).
   */
  fuzzy: boolean;
  /** Also count the facets (brands, types, priceRanges, sizes, sexes, colors). */
  facets: boolean;
}

export interface Sql {
  text: string;
  values: unknown[];
}

const MAX_LIMIT = 100;
const SEXES = ['Caballero', 'Dama', 'Niño'];
/** The schema's PriceRange enum names of the price buckets (GraphQL answers carry these). */
const PRICE_RANGE_ENUM: Record<string, string> = {
  '0-300': 'UP_TO_300',
  '300-500': 'FROM_300_TO_500',
  '500-1000': 'FROM_500_TO_1000',
  '1000+': 'OVER_1000',
};
const SHAPES: readonly string[] = ['page', 'product', 'rest'];

/** Reads a baseline query from a URL's search parameters; throws on bad input. */
export function parseBaselineQuery(params: URLSearchParams): BaselineQuery {
  const int = (name: string, fallback: number, min: number, max: number) => {
    const n = Number(params.get(name) ?? fallback);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`${name} must be an integer from ${min} to ${max}`);
    }
    return n;
  };
  const shape = params.get('shape') ?? 'page';
  if (!SHAPES.includes(shape)) throw new Error(`unknown shape: ${shape}`);
  const labels: readonly string[] = PRICE_RANGES.map((r) => r.label);
  const priceRanges = params.getAll('price');
  for (const label of priceRanges) {
    if (!labels.includes(label)) throw new Error(`unknown price range: ${label}`);
  }
  const sexes = params.getAll('sex');
  for (const sex of sexes) if (!SEXES.includes(sex)) throw new Error(`unknown sex: ${sex}`);
  const list = (name: string) => params.getAll(name).filter((v) => v.trim() !== '');
  return {
    shape: shape as BaselineShape,
    limit: int('limit', 24, 1, MAX_LIMIT),
    offset: int('offset', 0, 0, 1_000_000_000),
    id: int('id', 0, 0, 2_147_483_647),
    brands: list('brand'),
    types: list('type'),
    colors: list('color'),
    priceRanges,
    sizes: list('size'),
    sexes,
    search: (params.get('search') ?? '').trim(),
    alternatives: list('alt'),
    fuzzy: params.get('fuzzy') === '1',
    facets: params.get('facets') === '1',
  };
}

const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

const imageUrl = `${literal(`/uploads/${PRODUCT_IMAGES_DIR}/`)} || i.file_name`;
const lookup = (table: string, column: string) =>
  `(select json_build_object('id', x.id, 'name', x.name) from ${table} x where x.id = p.${column})`;
const SIZES_JSON = `coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.quantity)
                                   order by s.position)
                     from product_stock s where s.product_id = p.id), '[]')`;

/** A product card (the storefront's ProductCardFields), over a product row `p`. */
const CARD_JSON = `json_build_object(
    'id', p.id,
    'name', p.name,
    'priceCents', p.price_cents,
    'onPromotion', p.promotion,
    'promotionPriceCents', p.promotion_price_cents,
    'unitPriceCents', p.unit_price_cents,
    'totalStock', coalesce((select sum(s.quantity)::int from product_stock s where s.product_id = p.id), 0),
    'brand', ${lookup('brand', 'brand_id')},
    'type', ${lookup('product_type', 'type_id')},
    'color', ${lookup('color', 'color_id')},
    'sizes', ${SIZES_JSON},
    'images', coalesce((select json_agg(json_build_object('id', i.id, 'url', ${imageUrl})
                                        order by i.position)
                          from product_image i where i.product_id = p.id), '[]')
  )`;

/**
 * server/src/modules/catalog/share-path.ts's productSharePath in SQL: the name's unaccented
 * lower-case ASCII words joined by '-', cut at the last whole word within 60 characters.
 */
const SLUG = `coalesce(substring(trim(both '-' from regexp_replace(lower(unaccent(p.name)),
    '[^a-z0-9]+', '-', 'g')) || '-' from '^(.{0,60})-'), '')`;
const SHARE_PATH = `'/p/' || p.id || coalesce('-' || nullif(${SLUG}, ''), '')`;

/** The product page's fields (the storefront's ProductDetail query), over a product row `p`. */
const DETAIL_JSON = `json_build_object(
    'id', p.id,
    'name', p.name,
    'sharePath', ${SHARE_PATH},
    'description', p.description,
    'priceCents', p.price_cents,
    'onPromotion', p.promotion,
    'promotionPriceCents', p.promotion_price_cents,
    'unitPriceCents', p.unit_price_cents,
    'gender', upper(p.gender),
    'brand', ${lookup('brand', 'brand_id')},
    'type', ${lookup('product_type', 'type_id')},
    'color', ${lookup('color', 'color_id')},
    'sizes', ${SIZES_JSON},
    'images', coalesce((select json_agg(json_build_object('id', i.id, 'url', ${imageUrl},
                                                          'fileName', i.file_name)
                                        order by i.position)
                          from product_image i where i.product_id = p.id), '[]')
  )`;

/** A product as GET /api/productos lists it (pesos, comma-separated lists), over a row `p`. */
const REST_JSON = `json_build_object(
    'id', p.id,
    'nombre', p.name,
    'descripcion', p.description,
    'precio', p.price_cents / 100.0,
    'promocion', p.promotion,
    'precioPromocion', coalesce(p.promotion_price_cents, 0) / 100.0,
    'imagenes', coalesce((select string_agg(i.file_name, ',' order by i.position)
                            from product_image i where i.product_id = p.id), ''),
    'tallas', coalesce((select string_agg(s.size, ',' order by s.position)
                          from product_stock s where s.product_id = p.id), ''),
    'cantidad', coalesce((select string_agg(s.quantity::text, ',' order by s.position)
                            from product_stock s where s.product_id = p.id), ''),
    'tipo', coalesce((select t.name from product_type t where t.id = p.type_id), ''),
    'genero', p.gender,
    'especial', p.special,
    'marca', (select b.name from brand b where b.id = p.brand_id),
    'color', (select c.name from color c where c.id = p.color_id),
    'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )`;

/** `[{value, count}]` of a grouped relation `x(name, n)`, by name. */
const optionsJson = (from: string) =>
  `(select coalesce(json_agg(json_build_object('value', x.name, 'count', x.n) order by x.name), '[]')
      from (${from}) x)`;

/** `[{value, count}]` of named counts computed in one pass over `source`, zero counts left out. */
function countsJson(source: string, counts: { label: string; condition: string }[]): string {
  const columns = counts.map((c, i) => `count(*) filter (where ${c.condition}) as c${i}`);
  const rows = counts.map((c, i) => `(${i}, ${literal(c.label)}, k.c${i})`);
  return `(select coalesce(json_agg(json_build_object('value', v.value, 'count', v.n) order by v.ord), '[]')
      from (select ${columns.join(', ')} from ${source}) k,
      lateral (values ${rows.join(', ')}) v(ord, value, n)
     where v.n > 0)`;
}

type FacetKey = 'brand' | 'type' | 'price' | 'size' | 'sex' | 'color';
const FACET_KEYS: FacetKey[] = ['brand', 'type', 'price', 'size', 'sex', 'color'];

/** The one SQL statement answering a baseline query; its single row has a text column `body`. */
export function baselineSql(q: BaselineQuery): Sql {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };

  if (q.shape === 'product') {
    return {
      text: `select json_build_object('data', json_build_object('product',
          (select ${DETAIL_JSON} from product p where p.id = ${param(q.id)})))::text as body`,
      values,
    };
  }

  const lookupIn = (column: string, table: string, names: string[]) =>
    names.length
      ? `p.${column} in (select id from ${table} where lower(name) = any(${param(names.map((n) => n.toLowerCase()))}::text[]))`
      : 'true';
  const rangeSql = (column: string, minCents: number, maxCents: number | string) =>
    `(${column} ${minCents === 0 ? '>=' : '>'} ${minCents} and ${column} <= ${maxCents})`;
  const ranges = PRICE_RANGES.filter((r) => q.priceRanges.includes(r.label));
  const searchName = 'f_search_text(p.name)';
  const sexSql: Record<string, string> = {
    Dama: `${searchName} like '%dama%'`,
    Niño: `${searchName} like '%nino%'`,
    Caballero: `not (${searchName} like '%dama%' or ${searchName} like '%nino%')`,
  };
  const conditions: Record<FacetKey, string> = {
    brand: lookupIn('brand_id', 'brand', q.brands),
    type: lookupIn('type_id', 'product_type', q.types),
    color: lookupIn('color_id', 'color', q.colors),
    price: ranges.length
      ? `(${ranges.map((r) => rangeSql('p.unit_price_cents', r.minCents, r.maxCents)).join(' or ')})`
      : 'true',
    size: q.sizes.length
      ? `exists (select 1 from product_stock s where s.product_id = p.id and s.quantity > 0 and s.size = any(${param(q.sizes)}::text[]))`
      : 'true',
    sex: q.sexes.length ? `(${q.sexes.map((s) => `(${sexSql[s]})`).join(' or ')})` : 'true',
  };
  const words = q.search.split(/\s+/).filter((w) => w !== '');
  const wordCondition = (w: string) => {
    const like = `${searchName} like f_search_text(${param(likeContains(w))})`;
    const alternatives = q.alternatives.map(
      (a) => `${searchName} like f_search_text(${param(likeContains(a))})`,
    );
    const fuzzy = q.fuzzy ? [`f_search_text(${param(w)}) <% ${searchName}`] : [];
    const all = [like, ...alternatives, ...fuzzy];
    return all.length === 1 ? like : `(${all.join(' or ')})`;
  };
  const searchCondition = words.length ? words.map(wordCondition).join(' and ') : 'true';
  const limit = param(q.limit);
  const offset = param(q.offset);

  if (q.shape === 'rest' || !q.facets) {
    const where = [...FACET_KEYS.map((k) => conditions[k]), searchCondition].join(' and ');
    const page = `select p.* from product p where ${where} order by p.id desc offset ${offset} limit ${limit}`;
    if (q.shape === 'rest') {
      return {
        text: `select coalesce((select json_agg(${REST_JSON} order by p.id desc) from (${page}) p), '[]')::text as body`,
        values,
      };
    }
    return {
      text: `with page as (${page})
        select json_build_object('data', json_build_object('products', json_build_object(
          'total', (select count(*) from product p where ${where}),
          'offset', ${offset}::int, 'limit', ${limit}::int,
          'items', coalesce((select json_agg(${CARD_JSON} order by p.id desc) from page p), '[]')
        )))::text as body`,
      values,
    };
  }

  // One pass over the products the search leaves, with a flag per facet: each facet is counted
  // with the other facets' filters applied and its own left out.
  const flag = (k: FacetKey) => `in_${k}`;
  const others = (own: FacetKey) =>
    FACET_KEYS.filter((k) => k !== own)
      .map((k) => `fp.${flag(k)}`)
      .join(' and ');
  const all = FACET_KEYS.map((k) => `fp.${flag(k)}`).join(' and ');
  const fpName = 'f_search_text(fp.name)';
  const dama = `${fpName} like '%dama%'`;
  const nino = `${fpName} like '%nino%'`;
  return {
    text: `with fp as materialized (
        select p.id, p.name, p.brand_id, p.type_id, p.color_id, p.unit_price_cents,
               ${FACET_KEYS.map((k) => `${conditions[k]} as ${flag(k)}`).join(',\n               ')}
          from product p where ${searchCondition}
      ),
      page as (
        select p.* from product p where p.id in (select fp.id from fp where ${all})
         order by p.id desc offset ${offset} limit ${limit}
      )
      select json_build_object('data', json_build_object('products', json_build_object(
        'total', (select count(*) from fp where ${all}),
        'offset', ${offset}::int, 'limit', ${limit}::int,
        'items', coalesce((select json_agg(${CARD_JSON} order by p.id desc) from page p), '[]'),
        'facets', json_build_object(
          'brands', ${optionsJson(`select b.name, count(*) as n from fp join brand b on b.id = fp.brand_id where ${others('brand')} group by b.name`)},
          'types', ${optionsJson(`select t.name, count(*) as n from fp join product_type t on t.id = fp.type_id where ${others('type')} group by t.name`)},
          'priceRanges', ${countsJson(
            `fp where ${others('price')}`,
            PRICE_RANGES.map((r) => ({
              label: PRICE_RANGE_ENUM[r.label] ?? r.label,
              condition: rangeSql('fp.unit_price_cents', r.minCents, r.maxCents),
            })),
          )},
          'sizes', ${optionsJson(`select s.size as name, count(*) as n from fp join product_stock s on s.product_id = fp.id and s.quantity > 0 where ${others('size')} group by s.size`)},
          'sexes', ${countsJson(`fp where ${others('sex')}`, [
            { label: 'CABALLERO', condition: `not (${dama} or ${nino})` },
            { label: 'DAMA', condition: dama },
            { label: 'NINO', condition: nino },
          ])},
          'colors', ${optionsJson(`select c.name, count(*) as n from fp join color c on c.id = fp.color_id where ${others('color')} group by c.name`)}
        )
      )))::text as body`,
    values,
  };
}
