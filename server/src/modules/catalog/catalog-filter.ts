import { PRICE_RANGES } from '../pricing/pricing.js';
import { badInput } from '../shared/errors.js';
import { likeContains, placeholders } from '../shared/sql.js';

/** The catalogue's filters: OR within one facet, AND across facets. */
export interface CatalogFilter {
  brands?: readonly string[] | null;
  types?: readonly string[] | null;
  priceRanges?: readonly string[] | null;
  sizes?: readonly string[] | null;
  sexes?: readonly string[] | null;
  colors?: readonly string[] | null;
  search?: string | null;
  onPromotion?: boolean | null;
}

export const FACETS = ['brands', 'types', 'priceRanges', 'sizes', 'sexes', 'colors'] as const;
export type Facet = (typeof FACETS)[number];

export const SEXES = ['Caballero', 'Dama', 'Niño'] as const;
export type Sex = (typeof SEXES)[number];

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

const MAX_OPTIONS = 100;
const MAX_SEARCH_LENGTH = 200;

function clean(values: readonly string[] | null | undefined): string[] {
  if (!values) return [];
  if (values.length > MAX_OPTIONS) throw badInput('Demasiados valores en un filtro');
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** Validates and normalises a filter; throws BAD_USER_INPUT on an unknown range or sex. */
export function normalizeFilter(filter: CatalogFilter | null | undefined): CatalogFilter {
  const f = filter ?? {};
  const priceRanges = clean(f.priceRanges);
  const labels: readonly string[] = PRICE_RANGES.map((r) => r.label);
  for (const r of priceRanges) {
    if (!labels.includes(r)) throw badInput(`Rango de precio no válido: ${r}`);
  }
  const sexes = clean(f.sexes);
  for (const s of sexes) {
    if (!(SEXES as readonly string[]).includes(s)) throw badInput(`Sexo no válido: ${s}`);
  }
  const search = f.search?.trim() ?? '';
  if (search.length > MAX_SEARCH_LENGTH) throw badInput('La búsqueda es demasiado larga');
  return {
    brands: clean(f.brands),
    types: clean(f.types),
    priceRanges,
    sizes: clean(f.sizes),
    sexes,
    colors: clean(f.colors),
    search,
    onPromotion: f.onPromotion ?? null,
  };
}

/** Words of a search text; every one must appear in the name. */
export function searchWords(search: string | null | undefined): string[] {
  return (search ?? '').split(/\s+/).filter((w) => w !== '');
}

/** The sex rule of the catalogue, as SQL over the product alias `p`. */
const NAME = 'f_search_text(p.name)';
export const SEX_SQL: Record<Sex, string> = {
  Dama: `${NAME} like '%dama%'`,
  Niño: `${NAME} like '%nino%'`,
  Caballero: `not (${NAME} like '%dama%' or ${NAME} like '%nino%')`,
};

function lookupCondition(column: string, table: string, names: string[]): SqlFragment {
  return {
    sql: `p.${column} in (select id from ${table} where lower(name) in (${placeholders(names.length)}))`,
    params: names.map((n) => n.toLowerCase()),
  };
}

/** One facet's condition, or undefined when the facet is not filtered. */
function facetCondition(filter: CatalogFilter, facet: Facet): SqlFragment | undefined {
  switch (facet) {
    case 'brands':
      return filter.brands?.length
        ? lookupCondition('brand_id', 'brand', [...filter.brands])
        : undefined;
    case 'types':
      return filter.types?.length
        ? lookupCondition('type_id', 'product_type', [...filter.types])
        : undefined;
    case 'colors':
      return filter.colors?.length
        ? lookupCondition('color_id', 'color', [...filter.colors])
        : undefined;
    case 'sizes':
      return filter.sizes?.length
        ? {
            sql: `exists (select 1 from product_stock s where s.product_id = p.id and s.quantity > 0 and s.size in (${placeholders(filter.sizes.length)}))`,
            params: [...filter.sizes],
          }
        : undefined;
    case 'priceRanges': {
      const ranges = PRICE_RANGES.filter((r) => filter.priceRanges?.includes(r.label));
      if (ranges.length === 0) return undefined;
      return {
        sql: `(${ranges.map((r) => priceRangeSql(r.minCents)).join(' or ')})`,
        params: ranges.flatMap((r) => [r.minCents, r.maxCents]),
      };
    }
    case 'sexes': {
      const sexes = SEXES.filter((s) => filter.sexes?.includes(s));
      if (sexes.length === 0) return undefined;
      return { sql: `(${sexes.map((s) => `(${SEX_SQL[s]})`).join(' or ')})`, params: [] };
    }
  }
}

/** A price range on the price paid: lower bound exclusive (inclusive for 0), upper inclusive. */
export function priceRangeSql(minCents: number, column = 'p.unit_price_cents'): string {
  return `(${column} ${minCents === 0 ? '>=' : '>'} ? and ${column} <= ?)`;
}

/**
 * The WHERE condition of a filter over the product alias `p`, leaving out `exclude` (a facet's
 * own condition is left out when counting that facet's options).
 */
export function whereSql(filter: CatalogFilter, exclude?: Facet): SqlFragment {
  const parts: SqlFragment[] = [];
  for (const facet of FACETS) {
    if (facet === exclude) continue;
    const condition = facetCondition(filter, facet);
    if (condition) parts.push(condition);
  }
  for (const word of searchWords(filter.search)) {
    parts.push({ sql: `${NAME} like f_search_text(?)`, params: [likeContains(word)] });
  }
  if (filter.onPromotion != null) {
    parts.push({ sql: 'p.promotion = ?', params: [filter.onPromotion] });
  }
  if (parts.length === 0) return { sql: 'true', params: [] };
  return {
    sql: parts.map((p) => `(${p.sql})`).join(' and '),
    params: parts.flatMap((p) => p.params),
  };
}
