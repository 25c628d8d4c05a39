import type { EntityManager } from '@mikro-orm/postgresql';
import { PRICE_RANGES } from '../pricing/pricing.js';
import { checkPage, type Page } from '../shared/paging.js';
import { placeholders } from '../shared/sql.js';
import {
  type CatalogFilter,
  type Facet,
  FACETS,
  normalizeFilter,
  priceRangeSql,
  SEX_SQL,
  SEXES,
  whereSql,
} from './catalog-filter.js';
import {
  PRODUCT_VIEW_JOINS,
  PRODUCT_VIEW_SELECT,
  type ProductView,
  type ProductViewRow,
  toProductView,
} from './product-view.js';
import { compareSizes } from './sizes.js';

export const PRODUCT_SORTS = ['NEWEST', 'PROMOTION_PRICE_DESC', 'PRICE_ASC', 'PRICE_DESC'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const NEW_PRODUCTS_COUNT = 50;
export const MAX_PAGE_SIZE = 100;

export interface FacetOption {
  value: string;
  count: number;
}
export type ProductFacets = Record<Facet, FacetOption[]>;

const ORDER_BY: Record<ProductSort, string> = {
  NEWEST: 'p.id desc',
  PROMOTION_PRICE_DESC: 'p.promotion_price_cents desc nulls last, p.id desc',
  PRICE_ASC: 'p.unit_price_cents asc, p.id asc',
  PRICE_DESC: 'p.unit_price_cents desc, p.id desc',
};

/** Reads of the catalogue: filtering, search, sorting, facets, lookups of single products. */
export class ProductService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Checks a catalogue query up front (a bad filter or page is refused before any field is
   * resolved) and returns its normalised filter.
   */
  checkQuery(filter: CatalogFilter | null | undefined, page: Page): CatalogFilter {
    checkPage(page, MAX_PAGE_SIZE, 'productos');
    return normalizeFilter(filter);
  }

  /** One page of products, with lookups, sizes and photos: a single SQL statement. */
  async list(
    filter: CatalogFilter | null | undefined,
    sort: ProductSort,
    page: Page,
  ): Promise<ProductView[]> {
    const { rows } = await this.readPage(filter, sort, page, false);
    return rows.map(toProductView);
  }

  /**
   * One page and the number of products the filter leaves, in a single statement (the count is
   * an uncorrelated subquery PostgreSQL runs once).
   */
  async listWithTotal(
    filterIn: CatalogFilter | null | undefined,
    sort: ProductSort,
    page: Page,
  ): Promise<{ items: ProductView[]; total: number }> {
    const { rows, filter } = await this.readPage(filterIn, sort, page, true);
    // A page past the end has no row to carry the count.
    const total = rows[0]?.total ?? (page.offset > 0 ? await this.count(filter) : 0);
    return { items: rows.map(({ total: _total, ...row }) => toProductView(row)), total };
  }

  private async readPage(
    filterIn: CatalogFilter | null | undefined,
    sort: ProductSort,
    page: Page,
    withTotal: boolean,
  ) {
    const filter = normalizeFilter(filterIn);
    checkPage(page, MAX_PAGE_SIZE, 'productos');
    const where = whereSql(filter);
    const total = withTotal
      ? `, (select count(*)::int from product p where ${where.sql}) as total`
      : '';
    const rows = await this.em.execute<(ProductViewRow & { total?: number })[]>(
      `select ${PRODUCT_VIEW_SELECT}${total} from product p ${PRODUCT_VIEW_JOINS}
        where ${where.sql} order by ${ORDER_BY[sort]} offset ? limit ?`,
      [...(withTotal ? where.params : []), ...where.params, page.offset, page.limit],
    );
    return { rows, filter };
  }

  /** Products by id, in the order asked, undefined where there is none: one SQL statement. */
  async findByIds(ids: readonly number[]): Promise<(ProductView | undefined)[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.execute<ProductViewRow[]>(
      `select ${PRODUCT_VIEW_SELECT} from product p ${PRODUCT_VIEW_JOINS}
        where p.id in (${placeholders(ids.length)})`,
      [...ids],
    );
    const byId = new Map(rows.map((row) => [row.id, toProductView(row)]));
    return ids.map((id) => byId.get(id));
  }

  async count(filterIn: CatalogFilter | null | undefined): Promise<number> {
    const where = whereSql(normalizeFilter(filterIn));
    const [row] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n from product p where ${where.sql}`,
      where.params,
    );
    return row?.n ?? 0;
  }

  /**
   * The number of products the filter leaves, and per facet option the number it would leave
   * with that option chosen (other facets applied): one SQL statement.
   */
  async countWithFacets(
    filterIn: CatalogFilter | null | undefined,
  ): Promise<{ total: number; facets: ProductFacets }> {
    const filter = normalizeFilter(filterIn);
    const params: unknown[] = [];
    const w = (exclude?: Facet) => {
      const f = whereSql(filter, exclude);
      params.push(...f.params);
      return f.sql;
    };
    const lookup = (facet: Facet, table: string, column: string) =>
      `select '${facet}' as facet, x.name as value, count(*)::int as n
         from product p join ${table} x on x.id = p.${column}
        where ${w(facet)} group by x.name`;
    const parts = [
      `select 'total' as facet, null as value, count(*)::int as n from product p where ${w()}`,
      lookup('brands', 'brand', 'brand_id'),
      lookup('types', 'product_type', 'type_id'),
      lookup('colors', 'color', 'color_id'),
      `select 'sizes', s.size, count(*)::int from product p
         join product_stock s on s.product_id = p.id and s.quantity > 0
        where ${w('sizes')} group by s.size`,
    ];
    // Parameters are pushed in the order their placeholders appear in the text.
    const rangeCases = PRICE_RANGES.map((r) => {
      params.push(r.minCents, r.maxCents);
      return `count(*) filter (where ${priceRangeSql(r.minCents)})::int as "${r.label}"`;
    });
    const rangeWhere = w('priceRanges');
    const sexCases = SEXES.map((s) => `count(*) filter (where ${SEX_SQL[s]})::int as "${s}"`);
    const sexWhere = w('sexes');
    // Range and sex counts come as one row each, unpivoted by the union.
    const rangeLabels = PRICE_RANGES.map((r) => r.label);
    parts.push(
      `select 'priceRanges', v.key, v.value::int from (select ${rangeCases.join(', ')} from product p where ${rangeWhere}) r,
         lateral jsonb_each_text(to_jsonb(r)) v(key, value)`,
      `select 'sexes', v.key, v.value::int from (select ${sexCases.join(', ')} from product p where ${sexWhere}) r,
         lateral jsonb_each_text(to_jsonb(r)) v(key, value)`,
    );
    const rows = await this.em.execute<{ facet: string; value: string | null; n: number }[]>(
      parts.join('\nunion all\n'),
      params,
    );
    const facets = Object.fromEntries(FACETS.map((f) => [f, [] as FacetOption[]])) as ProductFacets;
    let total = 0;
    for (const row of rows) {
      if (row.facet === 'total') total = row.n;
      else if (row.value !== null)
        facets[row.facet as Facet].push({ value: row.value, count: row.n });
    }
    // Chosen options stay listed (with 0) so a shopper can always un-choose them.
    for (const facet of FACETS) {
      for (const chosen of filter[facet] ?? []) {
        const listed = facets[facet].some((o) => o.value.toLowerCase() === chosen.toLowerCase());
        if (!listed) facets[facet].push({ value: chosen, count: 0 });
      }
    }
    const byName = (a: FacetOption, b: FacetOption) => a.value.localeCompare(b.value, 'es');
    const byList = (list: readonly string[]) => (a: FacetOption, b: FacetOption) =>
      list.indexOf(a.value) - list.indexOf(b.value);
    facets.brands.sort(byName);
    facets.types.sort(byName);
    facets.colors.sort(byName);
    facets.sizes.sort((a, b) => compareSizes(a.value, b.value));
    facets.priceRanges = facets.priceRanges.filter(
      (o) => o.count > 0 || filter.priceRanges?.includes(o.value),
    );
    facets.priceRanges.sort(byList(rangeLabels));
    facets.sexes = facets.sexes.filter((o) => o.count > 0 || filter.sexes?.includes(o.value));
    facets.sexes.sort(byList(SEXES));
    return { total, facets };
  }

  /** The 50 newest products, newest first. */
  newest() {
    return this.list(null, 'NEWEST', { offset: 0, limit: NEW_PRODUCTS_COUNT });
  }

  async findById(id: number): Promise<ProductView | undefined> {
    const [product] = await this.findByIds([id]);
    return product;
  }
}
