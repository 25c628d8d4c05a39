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
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { print } from 'graphql';
import pg from 'pg';
import {
  AddAddressDocument,
  AddToCartDocument,
  CatalogPageDocument,
  CheckoutDocument,
  ProductDetailDocument,
  RegisterDocument,
} from '../client/src/gql/graphql.js';
import { percentile, replyProblem, request, type Target } from './load.js';
import { FILTER_RANGE_ENUM, PAGE_SIZE, SEARCH } from './scenarios.js';

const TIMEOUT_MS = 30_000;
const PASSWORD = 'Bench-shopper-2026';

export interface Shopper {
  index: number;
  /** `tienda_sesion=…`, as the browser would send it. */
  cookie: string;
  addressId: number;
}

/** One stock row the bench orders from: restocked before every window. */
export interface BenchStock {
  productId: number;
  size: string;
}

const ADD_ADDRESS = print(AddAddressDocument);
const ADD_TO_CART = print(AddToCartDocument);
const CATALOG_PAGE = print(CatalogPageDocument);
const CHECKOUT = print(CheckoutDocument);
const PRODUCT_DETAIL = print(ProductDetailDocument);
const REGISTER = print(RegisterDocument);

export function graphqlTarget(
  port: number,
  query: string,
  variables: Record<string, unknown>,
  cookie?: string,
): Target {
  return {
    port,
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: Buffer.from(JSON.stringify({ query, variables })),
    expect: 'graphql',
  };
}

function jsonTarget(port: number, path: string, body: unknown, cookie: string): Target {
  return {
    port,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', cookie },
    body: Buffer.from(JSON.stringify(body)),
    expect: 'graphql',
  };
}

/** Registers `count` shoppers through the app, each signed in with one address. */
export async function registerShoppers(appPort: number, count: number): Promise<Shopper[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const run = Date.now().toString(36);
  const one = async (index: number): Promise<Shopper> => {
    const registered = await request(
      agent,
      graphqlTarget(appPort, REGISTER, {
        input: {
          name: `Comprador ${index + 1}`,
          phone: `55${String(10_000_000 + index).padStart(8, '0')}`,
          email: `comprador${index + 1}.${run}@bench.tienda.local`,
          password: PASSWORD,
        },
      }),
      TIMEOUT_MS,
    );
    const problem = replyProblem(registered, 'graphql');
    if (problem) throw new Error(`Register: ${problem}`);
    const setCookie = registered.headers['set-cookie'] ?? [];
    const cookie = setCookie
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('tienda_sesion='));
    if (!cookie) throw new Error('Register: no session cookie');
    const added = await request(
      agent,
      graphqlTarget(
        appPort,
        ADD_ADDRESS,
        {
          input: {
            firstName: 'Comprador',
            lastName: `Número ${index + 1}`,
            street: 'Av. Reforma',
            number: String(100 + index),
            neighborhood: 'Juárez',
            postalCode: '06600',
            city: 'Cuauhtémoc',
            state: 'Ciudad de México',
            references: 'Portón negro',
            phone: '5512345678',
          },
        },
        cookie,
      ),
      TIMEOUT_MS,
    );
    const addressProblem = replyProblem(added, 'graphql');
    if (addressProblem) throw new Error(`AddAddress: ${addressProblem}`);
    const body = JSON.parse(added.body.toString()) as { data: { addAddress: { id: number } } };
    return { index, cookie, addressId: body.data.addAddress.id };
  };
  try {
    const shoppers: Shopper[] = [];
    for (let i = 0; i < count; i += 4) {
      const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) => one(i + j));
      shoppers.push(...(await Promise.all(batch)));
    }
    return shoppers;
  } finally {
    agent.destroy();
  }
}

/** `count` visible products, one size each, the newest first: what the shoppers buy. */
export async function benchStock(databaseUrl: string, count: number): Promise<BenchStock[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ product_id: number; size: string }>(
      `select * from (
         select distinct on (p.id) p.id as product_id, s.size
           from product p join product_stock s on s.product_id = p.id
          where p.hidden_at is null
          order by p.id desc, s.size) t
        order by product_id desc limit $1`,
      [count],
    );
    return rows.map((r) => ({ productId: r.product_id, size: r.size }));
  } finally {
    await client.end();
  }
}

/** Up to `count` visible product ids at random: the sale day's product pages. */
export async function sampleProducts(databaseUrl: string, count: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      'select id from product where hidden_at is null order by random() limit $1',
      [count],
    );
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** Puts 1,000,000 units in each bench stock row: stock never runs out mid-window. */
export async function restock(databaseUrl: string, stock: readonly BenchStock[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update product_stock s set quantity = 1000000
         from unnest($1::int[], $2::text[]) v(product_id, size)
        where s.product_id = v.product_id and s.size = v.size`,
      [stock.map((s) => s.productId), stock.map((s) => s.size)],
    );
  } finally {
    await client.end();
  }
}

/** Latencies and failures of one kind of request. */
export interface KindStats {
  latencies: number[];
  failures: number;
  samples: string[];
}

export type Stats = Record<string, KindStats>;

function recorder(stats: Stats) {
  return (kind: string, ms: number, problem: string | undefined) => {
    const s = (stats[kind] ??= { latencies: [], failures: 0, samples: [] });
    if (problem === undefined) s.latencies.push(ms);
    else {
      s.failures += 1;
      if (s.samples.length < 3) s.samples.push(problem.slice(0, 200));
    }
  };
}

async function timed(
  agent: http.Agent,
  target: Target,
  kind: string,
  record: ReturnType<typeof recorder>,
): Promise<boolean> {
  const sent = performance.now();
  try {
    const reply = await request(agent, target, TIMEOUT_MS);
    const problem = replyProblem(reply, target.expect);
    record(kind, performance.now() - sent, problem);
    return problem === undefined;
  } catch (error) {
    record(kind, performance.now() - sent, (error as Error).message);
    return false;
  }
}

/** Runs one closed-loop worker per shopper until the deadline; each loop is one `step`. */
async function runWorkers<S>(
  workers: readonly S[],
  durationMs: number,
  signal: AbortSignal,
  step: (worker: S, agent: http.Agent, iteration: number) => Promise<void>,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers.length });
  const start = performance.now();
  const deadline = start + durationMs;
  let last = start;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let i = 0; performance.now() < deadline && !signal.aborted; i += 1) {
          await step(worker, agent, i);
          last = Math.max(last, performance.now());
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return last - start;
}

export type Side = 'app' | 'baseline';

/** One order per loop: add one unit to the cart, then check out (the client's two mutations). */
export function orderStep(
  side: Side,
  port: number,
  stock: readonly BenchStock[],
  record: ReturnType<typeof recorder>,
  tag: string,
) {
  return async (shopper: Shopper, agent: http.Agent, iteration: number) => {
    const item = stock[(shopper.index * 7 + iteration) % stock.length]!;
    const cart =
      side === 'app'
        ? graphqlTarget(
            port,
            ADD_TO_CART,
            { productId: item.productId, size: item.size, quantity: 1 },
            shopper.cookie,
          )
        : jsonTarget(
            port,
            '/cart',
            { productId: item.productId, size: item.size, quantity: 1 },
            shopper.cookie,
          );
    if (!(await timed(agent, cart, 'cart', record))) return;
    const key = `bench-${tag}-${side}-${shopper.index}-${iteration}`;
    const order =
      side === 'app'
        ? graphqlTarget(
            port,
            CHECKOUT,
            { addressId: shopper.addressId, idempotencyKey: key },
            shopper.cookie,
          )
        : jsonTarget(
            port,
            '/checkout',
            { addressId: shopper.addressId, idempotencyKey: key },
            shopper.cookie,
          );
    await timed(agent, order, 'checkout', record);
  };
}

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

function merge(into: Stats, from: Stats) {
  for (const [kind, s] of Object.entries(from)) {
    const target = (into[kind] ??= { latencies: [], failures: 0, samples: [] });
    target.latencies.push(...s.latencies);
    target.failures += s.failures;
    target.samples.push(...s.samples.slice(0, 3 - target.samples.length));
  }
}

export function sorted(values: readonly number[]): number[] {
  return Array.from(Float64Array.from(values).sort());
}

/** VmRSS and VmHWM of a process, MiB (Linux /proc), or undefined. */
export function memoryOf(pid: number | undefined): { rss: number; hwm: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
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
