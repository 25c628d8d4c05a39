import { PRICE_RANGES } from '../pricing/pricing.js';
import { badInput } from '../shared/errors.js';

/** The catalogue's filters as the front doors give them: OR within one facet, AND across facets. */
export interface CatalogFilter {
  brands?: readonly string[] | null;
  types?: readonly string[] | null;
  /** Labels of PRICE_RANGES ('0-300'…). */
  priceRanges?: readonly string[] | null;
  sizes?: readonly string[] | null;
  sexes?: readonly string[] | null;
  colors?: readonly string[] | null;
  search?: string | null;
  onPromotion?: boolean | null;
}

export const FACETS = ['brands', 'types', 'priceRanges', 'sizes', 'sexes', 'colors'] as const;
export type Facet = (typeof FACETS)[number];

export const PRODUCT_SORTS = ['NEWEST', 'PROMOTION_PRICE_DESC', 'PRICE_ASC', 'PRICE_DESC'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const SEXES = ['Caballero', 'Dama', 'Niño'] as const;
export type Sex = (typeof SEXES)[number];

/**
 * The sex rule of the catalogue, over a name in search form (f_search_text: lower case, no
 * accents): 'Dama' when it contains 'dama', 'Niño' when it contains 'nino', else 'Caballero'. A
 * name may say both 'dama' and 'nino'.
 */
export function sexesOf(searchName: string): Sex[] {
  const sexes: Sex[] = [];
  if (searchName.includes('dama')) sexes.push('Dama');
  if (searchName.includes('nino')) sexes.push('Niño');
  return sexes.length > 0 ? sexes : ['Caballero'];
}

/** A filter checked and normalised once: trimmed, without blanks or repeats. */
export interface NormalizedFilter {
  brands: string[];
  types: string[];
  priceRanges: string[];
  sizes: string[];
  sexes: Sex[];
  colors: string[];
  /**
   * Every word must appear in the name or equal a size in stock (accent- and case-insensitive);
   * then the catalogue's words, prefixes and typos (search-words.ts).
   */
  words: string[];
  onPromotion: boolean | null;
}

const MAX_OPTIONS = 100;
const MAX_SEARCH_LENGTH = 200;

function clean(values: readonly string[] | null | undefined): string[] {
  if (!values) return [];
  if (values.length > MAX_OPTIONS) throw badInput('Demasiados valores en un filtro');
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** Validates and normalises a filter; throws BAD_USER_INPUT on an unknown range or sex. */
export function normalizeFilter(filter: CatalogFilter | null | undefined): NormalizedFilter {
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
    sexes: sexes as Sex[],
    colors: clean(f.colors),
    words: [...new Set(search.split(/\s+/).filter((w) => w !== ''))],
    onPromotion: f.onPromotion ?? null,
  };
}
