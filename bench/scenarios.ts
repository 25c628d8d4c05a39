import { print } from 'graphql';
// The storefront's own documents, as codegen wrote them from client/src/store/*/api.ts (a test
// fails when they are stale): the benchmark sends exactly what the shop's pages send (Apollo
// Client adds `__typename` to each selection; neither server is asked for it here).
import {
  CatalogPageDocument,
  ProductDetailDocument,
  ProductListDocument,
} from '../client/src/gql/graphql.js';
import type { Target } from './load.js';

export const PAGE_SIZE = 24;
export const FILTER_RANGE = '300-500';
/** FILTER_RANGE as the GraphQL enum names it (the schema's PriceRange). */
export const FILTER_RANGE_ENUM = 'FROM_300_TO_500';
export const SEARCH = 'pantalon';
/** 'pantalon' with a letter left out: one typo (issue 27). */
export const FUZZY_SEARCH = 'pantlon';
/** A word of the synonym group the bench's catalogue gets ('playera = camiseta'). */
export const SYNONYM_SEARCH = 'camiseta';

/** How an answer is read and compared: a GraphQL page, a GraphQL product, a REST list. */
export type AnswerShape = 'page' | 'product' | 'rest';

export interface Scenario {
  key: string;
  title: string;
  /** What is asked, in words, for the report. */
  description: string;
  /** The app's request: a GraphQL document and its variables, or a REST GET path. */
  app: { graphql: { query: string; variables: Record<string, unknown> } } | { path: string };
  /** The baseline's URL path and query string. */
  baselinePath: string;
  shape: AnswerShape;
  /** The issue's budget for the app, when it sets one. */
  budget?: { p95Ms?: number; minRequestsPerSecond?: number };
  /**
   * Why the two answers are not compared before measuring (the baseline answers a different
   * rule on purpose); absent: compared.
   */
  uncompared?: string;
}

/** Values the scenarios filter on, chosen from the seeded catalogue (bench/database.ts). */
export interface ScenarioInputs {
  /** The brand with the most products in FILTER_RANGE. */
  brand: string;
  /** The size most often in stock among that brand's products in FILTER_RANGE. */
  size: string;
  /** A product in the middle of the catalogue. */
  productId: number;
}

const CATALOG_PAGE = print(CatalogPageDocument);
const PRODUCT_DETAIL = print(ProductDetailDocument);
/** The grid alone: the storefront's `ProductList` query, CatalogPage's cards without facets. */
const PRODUCT_LIST = print(ProductListDocument);

const qs = (params: [string, string][]) => new URLSearchParams(params).toString();

export function buildScenarios(inputs: ScenarioInputs): Scenario[] {
  const page = (filter: Record<string, unknown> | null) => ({
    filter,
    sort: 'NEWEST',
    offset: 0,
    limit: PAGE_SIZE,
  });
  const first = [
    ['limit', String(PAGE_SIZE)],
    ['shape', 'page'],
  ] as [string, string][];
  const threeFacets = {
    brands: [inputs.brand],
    priceRanges: [FILTER_RANGE_ENUM],
    sizes: [inputs.size],
  };
  const threeFacetParams: [string, string][] = [
    ['brand', inputs.brand],
    ['price', FILTER_RANGE],
    ['size', inputs.size],
  ];
  return [
    {
      key: 'catalog',
      title: '(a) CatalogPage, no filter',
      description: `The storefront's \`CatalogPage\` query (client/src/store/catalog/api.ts) as the home page sends it: newest first, ${PAGE_SIZE} cards, total and the six facets (brands, types, priceRanges, sizes, sexes, colors) with their counts.`,
      app: { graphql: { query: CATALOG_PAGE, variables: page(null) } },
      baselinePath: `/products?${qs([...first, ['facets', '1']])}`,
      shape: 'page',
      budget: { p95Ms: 50, minRequestsPerSecond: 200 },
    },
    {
      key: 'catalog-filtered',
      title: '(b) CatalogPage, three facets',
      description: `\`CatalogPage\` filtered by brand \`${inputs.brand}\`, price range \`${FILTER_RANGE}\` and size \`${inputs.size}\` (OR within a facet, AND across; each facet counted with the other facets' filters).`,
      app: { graphql: { query: CATALOG_PAGE, variables: page(threeFacets) } },
      baselinePath: `/products?${qs([...first, ...threeFacetParams, ['facets', '1']])}`,
      shape: 'page',
      budget: { p95Ms: 50 },
    },
    {
      key: 'catalog-search',
      title: `(c) CatalogPage, search '${SEARCH}'`,
      description: `\`CatalogPage\` for the search \`${SEARCH}\` (every word in the name, accent- and case-insensitive), with its facets.`,
      app: { graphql: { query: CATALOG_PAGE, variables: page({ search: SEARCH }) } },
      baselinePath: `/products?${qs([...first, ['search', SEARCH], ['facets', '1']])}`,
      shape: 'page',
      budget: { p95Ms: 30 },
    },
    {
      key: 'catalog-fuzzy',
      title: `(c2) CatalogPage, misspelt search '${FUZZY_SEARCH}'`,
      description: `\`CatalogPage\` for \`${FUZZY_SEARCH}\` (issue 27: one typo from 5 letters, two from 9, per word, against the names' and the catalogue's words; exact first, then prefix, then fuzzy), with its facets. Baseline: pg_trgm's \`<%\` (word_similarity ≥ 0.5, the name's trigram GIN index) over the same rows, newest first.`,
      app: { graphql: { query: CATALOG_PAGE, variables: page({ search: FUZZY_SEARCH }) } },
      baselinePath: `/products?${qs([...first, ['search', FUZZY_SEARCH], ['fuzzy', '1'], ['facets', '1']])}`,
      shape: 'page',
      budget: { p95Ms: 45 },
      uncompared:
        "pg_trgm's word similarity is not the app's edit-distance rule (it finds other rows and ranks none), so the answers are timed, not compared",
    },
    {
      key: 'catalog-synonym',
      title: `(c3) CatalogPage, synonym search '${SYNONYM_SEARCH}'`,
      description: `\`CatalogPage\` for \`${SYNONYM_SEARCH}\`, which the synonym group 'playera = camiseta' (bench/database.ts) makes find the playeras, with its facets. Baseline: the name holds the word or a synonym of it (\`like\` over the same rows).`,
      app: { graphql: { query: CATALOG_PAGE, variables: page({ search: SYNONYM_SEARCH }) } },
      baselinePath: `/products?${qs([...first, ['search', SYNONYM_SEARCH], ['alt', 'playera'], ['facets', '1']])}`,
      shape: 'page',
      budget: { p95Ms: 45 },
    },
    {
      key: 'grid',
      title: '(d) Grid without facets',
      description: `The storefront's \`ProductList\` query (the cards of \`CatalogPage\`, total, no facets), no filter, ${PAGE_SIZE} newest.`,
      app: { graphql: { query: PRODUCT_LIST, variables: page(null) } },
      baselinePath: `/products?${qs(first)}`,
      shape: 'page',
    },
    {
      key: 'product',
      title: '(e) Product by id',
      description: `The product page's \`ProductDetail\` query (client/src/store/product/api.ts) for product ${inputs.productId}.`,
      app: { graphql: { query: PRODUCT_DETAIL, variables: { id: inputs.productId } } },
      baselinePath: `/products?${qs([
        ['shape', 'product'],
        ['id', String(inputs.productId)],
      ])}`,
      shape: 'product',
      budget: { minRequestsPerSecond: 2000 },
    },
    {
      key: 'rest',
      title: '(f) GET /api/productos with filters',
      description: `\`GET /api/productos?marca=${inputs.brand}&precio=${FILTER_RANGE}&talla=${inputs.size}&limite=${PAGE_SIZE}\`: the spec's REST list (pesos, comma-separated sizes, stock and photos).`,
      app: {
        path: `/api/productos?${qs([
          ['marca', inputs.brand],
          ['precio', FILTER_RANGE],
          ['talla', inputs.size],
          ['limite', String(PAGE_SIZE)],
        ])}`,
      },
      baselinePath: `/products?${qs([
        ['limit', String(PAGE_SIZE)],
        ['shape', 'rest'],
        ...threeFacetParams,
      ])}`,
      shape: 'rest',
    },
  ];
}

export function appTarget(port: number, scenario: Scenario): Target {
  if ('path' in scenario.app) {
    return {
      port,
      method: 'GET',
      path: scenario.app.path,
      headers: { accept: 'application/json' },
      expect: 'json',
    };
  }
  return {
    port,
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: Buffer.from(JSON.stringify(scenario.app.graphql)),
    expect: 'graphql',
  };
}

export function baselineTarget(port: number, scenario: Scenario): Target {
  return {
    port,
    method: 'GET',
    path: scenario.baselinePath,
    headers: { accept: 'application/json' },
    expect: scenario.shape === 'rest' ? 'json' : 'graphql',
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
  offset?: number;
  limit?: number;
  items?: unknown[];
  facets?: Record<string, { value: string; count: number }[]>;
}

/** The parts of an answer both servers must agree on; facet options by value, zeros left out. */
function comparable(
  body: string,
  shape: AnswerShape,
): { total: string; items: string[]; facets: string } {
  const json = JSON.parse(body) as { data?: { products?: Page; product?: unknown } } | unknown[];
  if (shape === 'rest') {
    const list = Array.isArray(json) ? json : [];
    return { total: String(list.length), items: list.map(canonical), facets: '' };
  }
  const data = Array.isArray(json) ? undefined : json.data;
  if (shape === 'product') {
    return { total: data?.product ? '1' : '0', items: [canonical(data?.product)], facets: '' };
  }
  const page = (data?.products ?? {}) as Page;
  const facets = Object.fromEntries(
    Object.entries(page.facets ?? {}).map(([facet, options]) => [
      facet,
      options
        .filter((o) => o.count > 0)
        .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    ]),
  );
  return {
    total: `${page.total} (offset ${page.offset}, limit ${page.limit})`,
    items: (page.items ?? []).map(canonical),
    facets: canonical(facets),
  };
}

/** Why the two answers differ (first difference), or undefined when they agree. */
export function compareAnswers(
  appBody: string,
  baselineBody: string,
  shape: AnswerShape,
): string | undefined {
  const a = comparable(appBody, shape);
  const b = comparable(baselineBody, shape);
  if (a.total !== b.total) return `total: app ${a.total}, baseline ${b.total}`;
  if (a.items.length !== b.items.length) {
    return `items: app ${a.items.length}, baseline ${b.items.length}`;
  }
  const i = a.items.findIndex((item, index) => item !== b.items[index]);
  if (i >= 0) return `item ${i}: app ${a.items[i]}\nbaseline ${b.items[i]}`;
  if (a.facets !== b.facets) return `facets: app ${a.facets}\nbaseline ${b.facets}`;
  if (a.items.length === 0 || a.items[0] === undefined) return 'both answers are empty';
  return undefined;
}
