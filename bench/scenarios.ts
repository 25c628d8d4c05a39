import type { Target } from './load.js';

export const PAGE_SIZE = 24;
export const FILTER_RANGE = '300-500';
export const SEARCH = 'pantalon';

const ITEM_FIELDS = `id name priceCents onPromotion promotionPriceCents unitPriceCents
      type { name } brand { name } color { name }
      sizes { size stock }
      images { url }`;

const FACET_FIELDS = `brands { value count } types { value count } priceRanges { value count }
      sizes { value count } sexes { value count } colors { value count }`;

export interface Scenario {
  key: string;
  title: string;
  /** What is asked, in words, for the report. */
  description: string;
  graphql: { query: string; variables: Record<string, unknown> };
  /** The baseline's URL path and query string. */
  baselinePath: string;
}

export function buildScenarios(brand: string): Scenario[] {
  const gridQuery = (
    name: string,
    facets: boolean,
  ) => `query ${name}($filter: ProductFilter, $limit: Int!) {
  products(filter: $filter, limit: $limit) {
    total
    items {
      ${ITEM_FIELDS}
    }${facets ? `\n    facets {\n      ${FACET_FIELDS}\n    }` : ''}
  }
}`;
  const qs = (params: [string, string][]) => new URLSearchParams(params).toString();
  return [
    {
      key: 'grid',
      title: '(a) Storefront grid',
      description: `\`products(limit: ${PAGE_SIZE})\`, newest first, no filter: total and 24 items with type, brand, colour, sizes with stock and photo URLs.`,
      graphql: { query: gridQuery('Grid', false), variables: { limit: PAGE_SIZE } },
      baselinePath: `/products?${qs([['limit', String(PAGE_SIZE)]])}`,
    },
    {
      key: 'facets',
      title: '(b) Filtered grid with facets',
      description: `The same grid filtered by brand \`${brand}\` and price range \`${FILTER_RANGE}\`, plus the six facets (brands, types, priceRanges, sizes, sexes, colors) with their counts. The baseline computes the same counts in its one statement.`,
      graphql: {
        query: gridQuery('GridFacets', true),
        variables: { limit: PAGE_SIZE, filter: { brands: [brand], priceRanges: [FILTER_RANGE] } },
      },
      baselinePath: `/products?${qs([
        ['limit', String(PAGE_SIZE)],
        ['brand', brand],
        ['price', FILTER_RANGE],
        ['facets', '1'],
      ])}`,
    },
    {
      key: 'search',
      title: '(c) Search grid',
      description: `The grid for the search \`${SEARCH}\` (accent- and case-insensitive, trigram index): total and 24 items.`,
      graphql: {
        query: gridQuery('Search', false),
        variables: { limit: PAGE_SIZE, filter: { search: SEARCH } },
      },
      baselinePath: `/products?${qs([
        ['limit', String(PAGE_SIZE)],
        ['search', SEARCH],
      ])}`,
    },
  ];
}

export function appTarget(port: number, scenario: Scenario): Target {
  return {
    port,
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: Buffer.from(JSON.stringify(scenario.graphql)),
  };
}

export function baselineTarget(port: number, scenario: Scenario): Target {
  return {
    port,
    method: 'GET',
    path: scenario.baselinePath,
    headers: { accept: 'application/json' },
  };
}

/** JSON text with object keys sorted, for comparing two answers whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

interface Page {
  total?: number;
  items?: unknown[];
  facets?: Record<string, { value: string; count: number }[]>;
}

/** The parts of an answer both servers must agree on; facet options by value, zeros left out. */
function comparable(body: string): { total: string; items: string[]; facets: string } {
  const page = ((JSON.parse(body) as { data?: { products?: Page } }).data?.products ?? {}) as Page;
  const facets = Object.fromEntries(
    Object.entries(page.facets ?? {}).map(([facet, options]) => [
      facet,
      options
        .filter((o) => o.count > 0)
        .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    ]),
  );
  return {
    total: String(page.total),
    items: (page.items ?? []).map(canonical),
    facets: canonical(facets),
  };
}

/** Why the two answers differ (first difference), or undefined when they agree. */
export function compareAnswers(appBody: string, baselineBody: string): string | undefined {
  const a = comparable(appBody);
  const b = comparable(baselineBody);
  if (a.total !== b.total) return `total: app ${a.total}, baseline ${b.total}`;
  if (a.items.length !== b.items.length) {
    return `items: app ${a.items.length}, baseline ${b.items.length}`;
  }
  const i = a.items.findIndex((item, index) => item !== b.items[index]);
  if (i >= 0) return `item ${i}: app ${a.items[i]}\nbaseline ${b.items[i]}`;
  if (a.facets !== b.facets) return `facets: app ${a.facets}\nbaseline ${b.facets}`;
  if (a.items.length === 0) return 'both answers are empty';
  return undefined;
}
