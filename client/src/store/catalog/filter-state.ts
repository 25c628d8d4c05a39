/**
 * Catalogue filters and sort <-> URL query string.
 *
 * Filters live in the query string as repeated params (spec §2), the sort and page after them:
 * `#/inicio?marca=Nike&marca=Puma&precio=0-300&orden=menor-precio&pagina=2`.
 * Values of one facet are OR-ed and facets are AND-ed by the server (ProductFilter arrays).
 * The server orders the products; the client only says which order.
 */
import type { PriceRange, ProductFilter, ProductSort, Sex } from '../../gql/graphql';
import { formatMoney } from '@tienda/rules';
import { PAGE_PARAM } from '../../shared/paging';

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

/**
 * The URL value of each price range and sex the server's enums name. Records over the codegen
 * types: a value the server adds fails the type check until it is given its URL value here.
 */
const PRICE_RANGE_PARAMS: Record<PriceRange, string> = {
  UP_TO_300: '0-300',
  FROM_300_TO_500: '300-500',
  FROM_500_TO_1000: '500-1000',
  OVER_1000: '1000+',
};
const SEX_PARAMS: Record<Sex, string> = { CABALLERO: 'Caballero', DAMA: 'Dama', NINO: 'Niño' };

/** URL values, in display order. */
export const PRICE_RANGES: readonly string[] = Object.values(PRICE_RANGE_PARAMS);
export const SEXES: readonly string[] = Object.values(SEX_PARAMS);

const enumOf = <E extends string>(params: Record<E, string>, value: string): E | undefined =>
  (Object.keys(params) as E[]).find((key) => params[key] === value);
export const SORT_PARAM = 'orden';

/** The orders a shopper can choose on the catalogue (promotions keep their own fixed order). */
export type CatalogSort = Extract<ProductSort, 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC'>;
export const DEFAULT_SORT: CatalogSort = 'NEWEST';

/** URL value of each order; the default one is never written to the URL. */
const SORT_PARAMS: Record<CatalogSort, string> = {
  NEWEST: 'recientes',
  PRICE_ASC: 'menor-precio',
  PRICE_DESC: 'mayor-precio',
};

export interface SortOption {
  value: CatalogSort;
  label: string;
}

/** In display order, the default first. */
export const SORT_OPTIONS: readonly SortOption[] = [
  { value: 'NEWEST', label: 'Más recientes' },
  { value: 'PRICE_ASC', label: 'Precio: menor a mayor' },
  { value: 'PRICE_DESC', label: 'Precio: mayor a menor' },
];

/** The orders on offer: the price-free catalogue (/catalogo) cannot be ordered by price. */
export function visibleSortOptions(options: FilterOptions): SortOption[] {
  return SORT_OPTIONS.filter((option) => options.withPrices || option.value === DEFAULT_SORT);
}

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

/** The order from `orden`; anything unknown (or not on offer) means the newest first. */
export function parseSort(
  params: URLSearchParams,
  options: FilterOptions = { withPrices: true },
): CatalogSort {
  const raw = params.get(SORT_PARAM)?.trim();
  const sort = raw === undefined ? undefined : enumOf(SORT_PARAMS, raw);
  return sort && visibleSortOptions(options).some((option) => option.value === sort)
    ? sort
    : DEFAULT_SORT;
}

/**
 * Writes the filters (facets in order), then the order and the page when they are not the
 * default ones, as a query string.
 */
export function filtersToSearchParams(
  filters: CatalogFilters,
  page = 1,
  sort: CatalogSort = DEFAULT_SORT,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const facet of FACETS) {
    for (const value of filters[facet.key]) params.append(facet.param, value);
  }
  if (sort !== DEFAULT_SORT) params.set(SORT_PARAM, SORT_PARAMS[sort]);
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

/** The GraphQL filter: only the facets that have values (price ranges and sexes as enums). */
export function toProductFilter(filters: CatalogFilters): ProductFilter {
  const filter: ProductFilter = {};
  for (const facet of FACETS) {
    const values = filters[facet.key];
    if (values.length === 0) continue;
    if (facet.key === 'priceRanges') {
      filter.priceRanges = values.flatMap((v) => enumOf(PRICE_RANGE_PARAMS, v) ?? []);
    } else if (facet.key === 'sexes') {
      filter.sexes = values.flatMap((v) => enumOf(SEX_PARAMS, v) ?? []);
    } else {
      filter[facet.key] = [...values];
    }
  }
  return filter;
}

interface ServerFacets<T> {
  brands: readonly T[];
  types: readonly T[];
  sizes: readonly T[];
  colors: readonly T[];
  priceRanges: readonly { value: PriceRange; count: number }[];
  sexes: readonly { value: Sex; count: number }[];
}

/** The server's facet counts with price ranges and sexes as their URL values. */
export function facetCountsFromServer<T extends { value: string; count: number }>(
  facets: ServerFacets<T>,
): Record<FacetKey, readonly { value: string; count: number }[]> {
  return {
    ...facets,
    priceRanges: facets.priceRanges.map((o) => ({
      value: PRICE_RANGE_PARAMS[o.value],
      count: o.count,
    })),
    sexes: facets.sexes.map((o) => ({ value: SEX_PARAMS[o.value], count: o.count })),
  };
}

/** '0-300' → '$0 - $300', '1000+' → 'Más de $1,000' (bucket bounds are whole pesos). */
export function priceRangeLabel(range: string): string {
  if (range.endsWith('+')) return `Más de ${formatMoney(Number(range.slice(0, -1)) * 100)}`;
  const [from, to] = range.split('-');
  if (from === undefined || to === undefined) return range;
  return `${formatMoney(Number(from) * 100)} - ${formatMoney(Number(to) * 100)}`;
}
