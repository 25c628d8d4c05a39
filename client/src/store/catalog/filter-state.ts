/**
 * Catalogue filters <-> URL query string.
 *
 * Filters live in the query string as repeated params (spec §2):
 * `#/inicio?marca=Nike&marca=Puma&precio=0-300&pagina=2`.
 * Values of one facet are OR-ed and facets are AND-ed by the server (ProductFilter arrays).
 */
import type { ProductFilter } from '../../gql/graphql';
import { formatMoney } from '../../shared/money';

export type FacetKey = 'brands' | 'types' | 'priceRanges' | 'sizes' | 'sexes' | 'colors';

export interface FacetDefinition {
  key: FacetKey;
  /** Query-string param name. */
  param: string;
  label: string;
}

/** In display order. */
export const FACETS: readonly FacetDefinition[] = [
  { key: 'brands', param: 'marca', label: 'Marca' },
  { key: 'types', param: 'tipo', label: 'Tipo' },
  { key: 'priceRanges', param: 'precio', label: 'Precio' },
  { key: 'sizes', param: 'talla', label: 'Talla' },
  { key: 'sexes', param: 'sexo', label: 'Sexo' },
  { key: 'colors', param: 'color', label: 'Color' },
];

export const PRICE_RANGES = ['0-300', '300-500', '500-1000'] as const;
export const SEXES = ['Caballero', 'Dama', 'Niño'] as const;
export const PAGE_PARAM = 'pagina';

/** Facets whose values come from a fixed list; anything else in the URL is dropped. */
const ALLOWED_VALUES: Partial<Record<FacetKey, readonly string[]>> = {
  priceRanges: PRICE_RANGES,
  sexes: SEXES,
};

export type CatalogFilters = Record<FacetKey, string[]>;

export interface FilterOptions {
  /** The price-free catalogue (/catalogo) has no price facet. */
  withPrices: boolean;
}

export function emptyFilters(): CatalogFilters {
  return { brands: [], types: [], priceRanges: [], sizes: [], sexes: [], colors: [] };
}

export function visibleFacets(options: FilterOptions): FacetDefinition[] {
  return FACETS.filter((facet) => options.withPrices || facet.key !== 'priceRanges');
}

/** Reads the filters from a query string; unknown params and invalid values are ignored. */
export function parseFilters(
  params: URLSearchParams,
  options: FilterOptions = { withPrices: true },
): CatalogFilters {
  const filters = emptyFilters();
  for (const facet of visibleFacets(options)) {
    const allowed = ALLOWED_VALUES[facet.key];
    const values: string[] = [];
    for (const raw of params.getAll(facet.param)) {
      const value = raw.trim();
      if (value === '' || values.includes(value)) continue;
      if (allowed && !allowed.includes(value)) continue;
      values.push(value);
    }
    filters[facet.key] = values;
  }
  return filters;
}

/** 1-based page from `pagina`; anything invalid means the first page. */
export function parsePage(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM);
  if (raw === null || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Writes the filters (and the page, when not the first) as a query string, facets in order. */
export function filtersToSearchParams(filters: CatalogFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const facet of FACETS) {
    for (const value of filters[facet.key]) params.append(facet.param, value);
  }
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return params;
}

export function toggleFilterValue(
  filters: CatalogFilters,
  key: FacetKey,
  value: string,
): CatalogFilters {
  const current = filters[key];
  const next = current.includes(value)
    ? current.filter((item) => item !== value)
    : [...current, value];
  return { ...filters, [key]: next };
}

export function countActiveFilters(filters: CatalogFilters): number {
  return FACETS.reduce((sum, facet) => sum + filters[facet.key].length, 0);
}

/** The GraphQL filter: only the facets that have values. */
export function toProductFilter(filters: CatalogFilters): ProductFilter {
  const filter: ProductFilter = {};
  for (const facet of FACETS) {
    const values = filters[facet.key];
    if (values.length > 0) filter[facet.key] = [...values];
  }
  return filter;
}

/** '0-300' → '$0 - $300' (bucket bounds are whole pesos). */
export function priceRangeLabel(range: string): string {
  const [from, to] = range.split('-');
  if (from === undefined || to === undefined) return range;
  return `${formatMoney(Number(from) * 100)} - ${formatMoney(Number(to) * 100)}`;
}
