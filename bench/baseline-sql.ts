import { PRODUCT_IMAGES_DIR } from '../server/src/modules/catalog/product-image-paths.js';
import { PRICE_RANGES } from '../server/src/modules/pricing/pricing.js';

/**
 * The baseline's catalogue query: what the GraphQL `products` grid returns, built by PostgreSQL
 * itself (json_agg / json_build_object) in ONE statement, shaped like the GraphQL response
 * (`{"data":{"products":{...}}}`) so both servers send comparable bytes.
 */
export interface BaselineQuery {
  limit: number;
  /** Brand names, case-insensitive (OR). */
  brands: string[];
  /** Price range labels of PRICE_RANGES (OR). */
  priceRanges: string[];
  /** Every word must appear in the name, accent- and case-insensitive. */
  search: string;
  /** Also count the facets (brands, types, priceRanges, sizes, sexes, colors). */
  facets: boolean;
}

export interface Sql {
  text: string;
  values: unknown[];
}

const MAX_LIMIT = 100;

/** Reads a baseline query from a URL's search parameters; throws on bad input. */
export function parseBaselineQuery(params: URLSearchParams): BaselineQuery {
  const limit = Number(params.get('limit') ?? 24);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new Error(`limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  const labels: readonly string[] = PRICE_RANGES.map((r) => r.label);
  const priceRanges = params.getAll('price');
  for (const label of priceRanges) {
    if (!labels.includes(label)) throw new Error(`unknown price range: ${label}`);
  }
  return {
    limit,
    brands: params.getAll('brand').filter((b) => b.trim() !== ''),
    priceRanges,
    search: (params.get('search') ?? '').trim(),
    facets: params.get('facets') === '1',
  };
}

const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The page's items as a JSON array, over a relation `page` of product rows, newest first. */
const ITEMS_JSON = `coalesce((select json_agg(json_build_object(
    'id', p.id,
    'name', p.name,
    'priceCents', p.price_cents,
    'onPromotion', p.promotion,
    'promotionPriceCents', p.promotion_price_cents,
    'unitPriceCents', p.unit_price_cents,
    'type', (select json_build_object('name', t.name) from product_type t where t.id = p.type_id),
    'brand', (select json_build_object('name', b.name) from brand b where b.id = p.brand_id),
    'color', (select json_build_object('name', c.name) from color c where c.id = p.color_id),
    'sizes', coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.quantity)
                                       order by s.position)
                         from product_stock s where s.product_id = p.id), '[]'),
    'images', coalesce((select json_agg(json_build_object(
                                 'url', ${literal(`/uploads/${PRODUCT_IMAGES_DIR}/`)} || i.file_name)
                                 order by i.position)
                          from product_image i where i.product_id = p.id), '[]')
  ) order by p.id desc) from page p), '[]')`;

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

/** The one SQL statement answering a baseline query; its single row has a text column `body`. */
export function baselineSql(q: BaselineQuery): Sql {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const brandCondition = q.brands.length
    ? `p.brand_id in (select id from brand where lower(name) = any(${param(q.brands.map((b) => b.toLowerCase()))}::text[]))`
    : 'true';
  const ranges = PRICE_RANGES.filter((r) => q.priceRanges.includes(r.label));
  const rangeSql = (column: string, minCents: number, maxCents: number | string) =>
    `(${column} ${minCents === 0 ? '>=' : '>'} ${minCents} and ${column} <= ${maxCents})`;
  const priceCondition = ranges.length
    ? `(${ranges.map((r) => rangeSql('p.unit_price_cents', r.minCents, r.maxCents)).join(' or ')})`
    : 'true';
  const words = q.search.split(/\s+/).filter((w) => w !== '');
  const searchCondition = words.length
    ? words
        .map((w) => `f_search_text(p.name) like f_search_text(${param(likeContains(w))})`)
        .join(' and ')
    : 'true';
  const limit = param(q.limit);

  if (!q.facets) {
    const where = `${brandCondition} and ${priceCondition} and ${searchCondition}`;
    return {
      text: `with page as (
          select p.* from product p where ${where} order by p.id desc limit ${limit}
        )
        select json_build_object('data', json_build_object('products', json_build_object(
          'total', (select count(*) from product p where ${where}),
          'items', ${ITEMS_JSON}
        )))::text as body`,
      values,
    };
  }

  // One pass over the products the search leaves, with a flag per filtered facet: each facet is
  // counted with the other facets' filters applied and its own left out.
  const sexName = 'fp.search_name';
  const dama = `${sexName} like '%dama%'`;
  const nino = `${sexName} like '%nino%'`;
  return {
    text: `with fp as materialized (
        select p.id, p.name, p.brand_id, p.type_id, p.color_id, p.unit_price_cents,
               ${brandCondition} as in_brand, ${priceCondition} as in_price
          from product p where ${searchCondition}
      ),
      m as (select * from fp where in_brand and in_price),
      page as (
        select p.* from product p where p.id in (select id from m) order by p.id desc limit ${limit}
      )
      select json_build_object('data', json_build_object('products', json_build_object(
        'total', (select count(*) from m),
        'items', ${ITEMS_JSON},
        'facets', json_build_object(
          'brands', ${optionsJson('select b.name, count(*) as n from fp join brand b on b.id = fp.brand_id where fp.in_price group by b.name')},
          'types', ${optionsJson('select t.name, count(*) as n from m join product_type t on t.id = m.type_id group by t.name')},
          'priceRanges', ${countsJson(
            'fp where fp.in_brand',
            PRICE_RANGES.map((r) => ({
              label: r.label,
              condition: rangeSql('fp.unit_price_cents', r.minCents, r.maxCents),
            })),
          )},
          'sizes', ${optionsJson('select s.size as name, count(*) as n from m join product_stock s on s.product_id = m.id and s.quantity > 0 group by s.size')},
          'sexes', ${countsJson('(select f_search_text(m.name) as search_name from m) fp', [
            { label: 'Caballero', condition: `not (${dama} or ${nino})` },
            { label: 'Dama', condition: dama },
            { label: 'Niño', condition: nino },
          ])},
          'colors', ${optionsJson('select c.name, count(*) as n from m join color c on c.id = m.color_id group by c.name')}
        )
      )))::text as body`,
    values,
  };
}
