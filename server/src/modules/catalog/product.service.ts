import type { EntityManager } from '@mikro-orm/postgresql';
import { PRICE_RANGES } from '../pricing/pricing.js';
import { checkPage, type Page } from '../shared/paging.js';
import { placeholders } from '../shared/sql.js';
import {
  type CatalogFilter,
  type Facet,
  FACETS,
  type NormalizedFilter,
  normalizeFilter,
  type ProductSort,
  SEXES,
} from './catalog-filter.js';
import type { CatalogIndex } from './catalog-index.js';
import {
  type FacetCounts,
  type IndexFilter,
  type LookupFacet,
  WHOLE_CATALOGUE,
} from './index-count.js';
import {
  PRODUCT_VIEW_JOINS,
  PRODUCT_VIEW_SELECT,
  type ProductView,
  type ProductViewRow,
  toProductView,
} from './product-view.js';
import { compareSizes } from './sizes.js';
import { listSearchMisses, recordSearchMiss, type SearchMiss } from './search-misses.js';

export const NEW_PRODUCTS_COUNT = 50;
export const MAX_PAGE_SIZE = 100;
/** The most words the search box offers as the shopper types. */
export const MAX_COMPLETIONS = 6;

export interface SearchSuggestions {
  completions: string[];
  didYouMean: string | null;
}

export interface FacetOption {
  value: string;
  count: number;
}
export type ProductFacets = Record<Facet, FacetOption[]>;

/** A page of the catalogue as asked: filter, order and the slice. */
export interface CatalogQuery extends Page {
  filter?: CatalogFilter | null;
  sort?: ProductSort;
}

/** Which parts of the answer to compute; each costs something, so only what is asked. */
export interface CatalogWants {
  items?: boolean;
  total?: boolean;
  facets?: boolean;
}

export interface CatalogAnswer {
  items?: ProductView[];
  /** Products the filter leaves. */
  total?: number;
  /** Per facet option, the products the filter would leave with that option chosen. */
  facets?: ProductFacets;
}

/**
 * Reads of the catalogue. `query` is the one way through a catalogue page for both front doors:
 * filters, totals and facet counts come from the in-process catalogue index (no scan of the
 * product table per request); the page's products are read by id in one SQL statement. Every
 * query first brings the index up to date with committed changes (one statement).
 */
export class ProductService {
  constructor(
    private readonly em: EntityManager,
    private readonly index: CatalogIndex,
  ) {}

  async query(q: CatalogQuery, want: CatalogWants): Promise<CatalogAnswer> {
    checkPage(q, MAX_PAGE_SIZE, 'productos');
    const filter = normalizeFilter(q.filter);
    if (!want.items && !want.total && !want.facets) return {};
    const { words, lowered } = await this.index.sync(this.em, {
      words: filter.words,
      lookupNames: [...filter.brands, ...filter.types, ...filter.colors],
    });
    // Each value by its own lowered form: no dependence on the order of the calls.
    const lookupIds = (facet: LookupFacet): number[] | null =>
      filter[facet].length > 0
        ? this.index.lookupIds(
            facet,
            filter[facet].map((name) => lowered.get(name)),
          )
        : null;
    const labels: readonly string[] = PRICE_RANGES.map((r) => r.label);
    const indexFilter: IndexFilter = {
      brands: lookupIds('brands'),
      types: lookupIds('types'),
      colors: lookupIds('colors'),
      sizes: filter.sizes.length > 0 ? filter.sizes : null,
      priceRanges:
        filter.priceRanges.length > 0 ? filter.priceRanges.map((r) => labels.indexOf(r)) : null,
      sexes: filter.sexes.length > 0 ? filter.sexes.map((s) => SEXES.indexOf(s)) : null,
      words,
      onPromotion: filter.onPromotion,
    };
    const found = this.index.query(indexFilter, {
      total: want.total,
      facets: want.facets,
      page: want.items ? { sort: q.sort ?? 'NEWEST', offset: q.offset, limit: q.limit } : undefined,
    });
    const answer: CatalogAnswer = {};
    if (want.total) answer.total = found.total;
    // A search alone (no facet) whose first page is empty found nothing: counted for the owner.
    const nothing = want.total ? found.total === 0 : want.items && found.pageIds!.length === 0;
    if (nothing && q.offset === 0 && filter.words.length > 0 && searchAlone(filter)) {
      await recordSearchMiss(this.em, filter.words.join(' '));
    }
    if (want.facets) {
      // Kept like any other filter's pass, and kept true by each change (ProductIndex.put).
      const whole = this.index.query(WHOLE_CATALOGUE, { facets: true }).facets!;
      answer.facets = this.facetOptions(filter, found.facets!, whole);
    }
    if (want.items) {
      // A product deleted since the index looked is left out.
      answer.items = (await this.findByIds(found.pageIds!)).filter(
        (p): p is ProductView => p !== undefined,
      );
    }
    return answer;
  }

  /**
   * Names and orders the index's counts; chosen options stay listed (0) to be un-chosen. The
   * fixed lists (price ranges, sexes) also list, at 0, the options the other filters leave
   * nothing of, so that they show disabled in their place; an option no product of the whole
   * catalogue has is not offered at all (no 'Niño' in a shop without children's products).
   */
  private facetOptions(
    filter: NormalizedFilter,
    counts: FacetCounts,
    whole: FacetCounts,
  ): ProductFacets {
    const named = (facet: LookupFacet) =>
      [...counts[facet]].map(([id, count]) => ({
        value: this.index.lookupName(facet, id) ?? '',
        count,
      }));
    const facets: ProductFacets = {
      brands: named('brands'),
      types: named('types'),
      colors: named('colors'),
      sizes: [...counts.sizes].map(([value, count]) => ({ value, count })),
      priceRanges: PRICE_RANGES.map((r, i) => ({ value: r.label, count: counts.priceRanges[i]! })),
      sexes: SEXES.map((s, i) => ({ value: s, count: counts.sexes[i]! })),
    };
    for (const facet of ['priceRanges', 'sexes'] as const) {
      facets[facet] = facets[facet].filter(
        (o, i) =>
          o.count > 0 ||
          whole[facet][i]! > 0 ||
          (filter[facet] as readonly string[]).includes(o.value),
      );
    }
    for (const facet of FACETS) {
      for (const chosen of filter[facet]) {
        const listed = facets[facet].some((o) => o.value.toLowerCase() === chosen.toLowerCase());
        if (!listed) facets[facet].push({ value: chosen, count: 0 });
      }
    }
    const byName = (a: FacetOption, b: FacetOption) => a.value.localeCompare(b.value, 'es');
    facets.brands.sort(byName);
    facets.types.sort(byName);
    facets.colors.sort(byName);
    facets.sizes.sort((a, b) => compareSizes(a.value, b.value));
    return facets;
  }

  /**
   * Products by id, in the order asked, undefined where there is none: one SQL statement.
   * Hidden products (deleted while orders name them) are left out unless `includeHidden`: only
   * the orders that name them read them.
   */
  async findByIds(
    ids: readonly number[],
    { includeHidden = false }: { includeHidden?: boolean } = {},
  ): Promise<(ProductView | undefined)[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.execute<ProductViewRow[]>(
      `select ${PRODUCT_VIEW_SELECT} from product p ${PRODUCT_VIEW_JOINS}
        where p.id in (${placeholders(ids.length)})`,
      [...ids],
    );
    const byId = new Map(
      rows.filter((row) => includeHidden || !row.hidden).map((row) => [row.id, toProductView(row)]),
    );
    return ids.map((id) => byId.get(id));
  }

  /**
   * What the search box offers as the shopper types (`completions`, at most 6) and, when the
   * search finds nothing, '¿Quisiste decir …?' (`didYouMean`, null when no close word would
   * find something). Words in search form (accents and case aside).
   */
  async searchSuggestions(search: string): Promise<SearchSuggestions> {
    const filter = normalizeFilter({ search });
    if (filter.words.length === 0) return { completions: [], didYouMean: null };
    const { words } = await this.index.sync(this.em, { words: filter.words, lookupNames: [] });
    const found = this.index.query({ ...WHOLE_CATALOGUE, words }, { total: true }).total ?? 0;
    return {
      completions: this.index.completions(words, MAX_COMPLETIONS),
      didYouMean: found === 0 ? (this.index.didYouMean(words)?.join(' ') ?? null) : null,
    };
  }

  /** 'Búsquedas sin resultados' (admin): search-misses.ts. */
  searchMisses(): Promise<SearchMiss[]> {
    return listSearchMisses(this.em);
  }

  /** The 50 newest products, newest first. */
  async newest(): Promise<ProductView[]> {
    const { items } = await this.query(
      { sort: 'NEWEST', offset: 0, limit: NEW_PRODUCTS_COUNT },
      { items: true },
    );
    return items!;
  }
}

/** Whether a filter is a search and nothing else (no facet, no promotion condition). */
function searchAlone(f: NormalizedFilter): boolean {
  return (
    f.brands.length === 0 &&
    f.types.length === 0 &&
    f.colors.length === 0 &&
    f.sizes.length === 0 &&
    f.priceRanges.length === 0 &&
    f.sexes.length === 0 &&
    f.onPromotion === null
  );
}
