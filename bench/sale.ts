/**
 * A sale's traffic (issue 16, Deliver 5): checkout throughput with signed-in shoppers against the
 * baseline's same transaction in bare SQL, and a mixed sale-day run against the app alone with
 * the server's memory before and after.
 *
 * Shoppers are registered through the shop's own `Register` mutation (their session cookie is
 * what both servers read), each with one address (`AddAddress`). An order is the client's path:
 * `AddToCart` then `Checkout` (client/src/shared/cart/api.ts, client/src/store/orders/api.ts);
 * the baseline gets the same two steps as `POST /cart` and `POST /checkout`.
 */
import http from 'node:http';
import { print } from 'graphql';
import { CatalogPageDocument, ProductDetailDocument } from '../client/src/gql/graphql.js';
import { percentile } from './load.js';
import { FILTER_RANGE_ENUM, PAGE_SIZE, SEARCH } from './scenarios.js';
import { type BenchStock, graphqlTarget, restock, type Shopper } from './sale-shoppers.js';
import {
  ADD_TO_CART,
  memoryOf,
  merge,
  orderStep,
  recorder,
  runWorkers,
  type Side,
  sorted,
  type Stats,
  timed,
} from './sale-workers.js';

const CATALOG_PAGE = print(CatalogPageDocument);
const PRODUCT_DETAIL = print(ProductDetailDocument);

export interface CheckoutSide {
  stats: Stats;
  elapsedMs: number;
}

export interface CheckoutRun {
  shoppers: number;
  rounds: number;
  seconds: number;
  stockRows: number;
  app: CheckoutSide;
  baseline: CheckoutSide;
}

/** Checkout throughput: alternating windows app/baseline, restocking before each. */
export async function runCheckout(options: {
  ports: Record<Side, number>;
  shoppers: readonly Shopper[];
  stock: readonly BenchStock[];
  databaseUrl: string;
  seconds: number;
  warmup: number;
  rounds: number;
  signal: AbortSignal;
  log: (message: string) => void;
}): Promise<CheckoutRun> {
  const { ports, shoppers, stock, databaseUrl, signal, log } = options;
  const sides: Record<Side, CheckoutSide> = {
    app: { stats: {}, elapsedMs: 0 },
    baseline: { stats: {}, elapsedMs: 0 },
  };
  for (const side of ['app', 'baseline'] as const) {
    if (options.warmup <= 0) break;
    await restock(databaseUrl, stock);
    log(`checkout: calentamiento ${side} ${options.warmup} s`);
    await runWorkers(
      shoppers,
      options.warmup * 1000,
      signal,
      orderStep(side, ports[side], stock, recorder({}), 'warm'),
    );
  }
  const windowMs = (options.seconds * 1000) / options.rounds;
  for (let round = 0; round < options.rounds; round += 1) {
    const order: Side[] = round % 2 === 0 ? ['app', 'baseline'] : ['baseline', 'app'];
    for (const side of order) {
      signal.throwIfAborted();
      await restock(databaseUrl, stock);
      const stats: Stats = {};
      const elapsed = await runWorkers(
        shoppers,
        windowMs,
        signal,
        orderStep(side, ports[side], stock, recorder(stats), `r${round}`),
      );
      merge(sides[side].stats, stats);
      sides[side].elapsedMs += elapsed;
      const done = stats.checkout?.latencies.length ?? 0;
      log(
        `checkout: ronda ${round + 1}/${options.rounds} ${side}: ${((done / elapsed) * 1000).toFixed(1)} pedidos/s, ` +
          `p95 ${percentile(sorted(stats.checkout?.latencies ?? []), 95).toFixed(1)} ms, ` +
          `${(stats.checkout?.failures ?? 0) + (stats.cart?.failures ?? 0)} fallos`,
      );
    }
  }
  return {
    shoppers: shoppers.length,
    rounds: options.rounds,
    seconds: options.seconds,
    stockRows: stock.length,
    ...sides,
  };
}

/** The catalogue values the sale-day browsing picks from. */
export interface SaleInputs {
  brand: string;
  size: string;
  /** Product ids to open (random among them). */
  productIds: readonly number[];
}

/** What the sale-day's virtual shoppers do, by weight (cart kinds: signed-in shoppers only). */
export const SALE_MIX = [
  { kind: 'home', weight: 35, what: '`CatalogPage` unfiltered (the home page)' },
  { kind: 'filter', weight: 15, what: '`CatalogPage` with one facet (brand, price range or size)' },
  { kind: 'search', weight: 10, what: `\`CatalogPage\` searching '${SEARCH}'` },
  { kind: 'product', weight: 25, what: '`ProductDetail` of a random product' },
  { kind: 'cart', weight: 10, what: '`AddToCart` (signed in; a visitor opens a product instead)' },
  {
    kind: 'checkout',
    weight: 5,
    what: '`AddToCart` then `Checkout` (signed in; a visitor opens a product instead)',
  },
] as const;

export interface SaleRun {
  shoppers: number;
  signedIn: number;
  seconds: number;
  thinkMs: number;
  stats: Stats;
  elapsedMs: number;
  /** VmRSS/VmHWM in MiB, before the measured run and after it. */
  before: { rss: number; hwm: number } | undefined;
  after: { rss: number; hwm: number } | undefined;
  /** VmRSS every second during the run. */
  samples: number[];
}

/**
 * The sale day: `total` virtual shoppers in a closed loop with a random think time (uniform
 * 0…2×thinkMs) between actions; the first `shoppers.length` are signed in and may fill carts
 * and check out, the rest browse. The app's memory is read before, every second, and after.
 */
export async function runSaleDay(options: {
  port: number;
  pid: number | undefined;
  shoppers: readonly Shopper[];
  total: number;
  inputs: SaleInputs;
  stock: readonly BenchStock[];
  databaseUrl: string;
  seconds: number;
  warmup: number;
  thinkMs: number;
  signal: AbortSignal;
  log: (message: string) => void;
}): Promise<SaleRun> {
  const { port, inputs, stock, signal } = options;
  const visitors = Array.from({ length: options.total }, (_, i) => ({
    index: i,
    shopper: options.shoppers[i],
  }));
  const totalWeight = SALE_MIX.reduce((n, m) => n + m.weight, 0);
  const pick = () => {
    let r = Math.random() * totalWeight;
    for (const m of SALE_MIX) {
      r -= m.weight;
      if (r < 0) return m.kind;
    }
    return 'home';
  };
  const page = (filter: Record<string, unknown> | null) =>
    graphqlTarget(port, CATALOG_PAGE, { filter, sort: 'NEWEST', offset: 0, limit: PAGE_SIZE });
  const facets = [
    { brands: [inputs.brand] },
    { priceRanges: [FILTER_RANGE_ENUM] },
    { sizes: [inputs.size] },
  ];
  const step = (stats: Stats, tag: string) => {
    const record = recorder(stats);
    const order = orderStep('app', port, stock, record, tag);
    return async (
      visitor: { index: number; shopper: Shopper | undefined },
      agent: http.Agent,
      iteration: number,
    ) => {
      if (options.thinkMs > 0) {
        await new Promise((r) => setTimeout(r, Math.random() * 2 * options.thinkMs));
      }
      let kind: string = pick();
      if ((kind === 'cart' || kind === 'checkout') && !visitor.shopper) kind = 'product';
      const product = () =>
        graphqlTarget(port, PRODUCT_DETAIL, {
          id: inputs.productIds[Math.floor(Math.random() * inputs.productIds.length)],
        });
      switch (kind) {
        case 'home':
          return void (await timed(agent, page(null), kind, record));
        case 'filter':
          return void (await timed(
            agent,
            page(facets[Math.floor(Math.random() * facets.length)]!),
            kind,
            record,
          ));
        case 'search':
          return void (await timed(agent, page({ search: SEARCH }), kind, record));
        case 'product':
          return void (await timed(agent, product(), kind, record));
        case 'cart': {
          const item = stock[Math.floor(Math.random() * stock.length)]!;
          return void (await timed(
            agent,
            graphqlTarget(
              port,
              ADD_TO_CART,
              { productId: item.productId, size: item.size, quantity: 1 },
              visitor.shopper!.cookie,
            ),
            kind,
            record,
          ));
        }
        default:
          return order(visitor.shopper!, agent, iteration);
      }
    };
  };
  await restock(options.databaseUrl, stock);
  if (options.warmup > 0) {
    options.log(`día de venta: calentamiento ${options.warmup} s`);
    await runWorkers(visitors, options.warmup * 1000, signal, step({}, 'sale-warm'));
  }
  signal.throwIfAborted();
  const before = memoryOf(options.pid);
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const m = memoryOf(options.pid);
    if (m) samples.push(m.rss);
  }, 1000);
  const stats: Stats = {};
  options.log(`día de venta: ${options.total} compradores, ${options.seconds} s`);
  let elapsedMs: number;
  try {
    elapsedMs = await runWorkers(visitors, options.seconds * 1000, signal, step(stats, 'sale'));
  } finally {
    clearInterval(sampler);
  }
  const after = memoryOf(options.pid);
  return {
    shoppers: options.total,
    signedIn: Math.min(options.shoppers.length, options.total),
    seconds: options.seconds,
    thinkMs: options.thinkMs,
    stats,
    elapsedMs,
    before,
    after,
    samples,
  };
}
