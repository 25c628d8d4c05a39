/**
 * The sale's closed-loop workers (bench/sale.ts): one loop per shopper until a deadline, each
 * request timed and recorded by kind, an order being the client's path (`AddToCart` then
 * `Checkout`, or the baseline's `POST /cart` and `POST /checkout`); and a process's memory.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { print } from 'graphql';
import { AddToCartDocument } from '../client/src/gql/graphql.js';
import { replyProblem, request, type Target } from './load.js';
import {
  type BenchStock,
  graphqlTarget,
  jsonTarget,
  type Shopper,
  TIMEOUT_MS,
  BENCH_COUPON,
} from './sale-shoppers.js';

export const ADD_TO_CART = print(AddToCartDocument);
/**
 * The client's `Checkout` (client/src/store/orders/api.ts: id, status, total) with the coupon
 * code the shopper typed on the order summary (issue 24 item 4): every bench order uses one.
 */
export const CHECKOUT = `mutation Checkout($addressId: Int!, $idempotencyKey: String!, $couponCode: String) {
  checkout(addressId: $addressId, idempotencyKey: $idempotencyKey, couponCode: $couponCode) {
    id
    status
    totalCents
  }
}`;

/** Latencies and failures of one kind of request. */
export interface KindStats {
  latencies: number[];
  failures: number;
  samples: string[];
}

export type Stats = Record<string, KindStats>;

export function recorder(stats: Stats) {
  return (kind: string, ms: number, problem: string | undefined) => {
    const s = (stats[kind] ??= { latencies: [], failures: 0, samples: [] });
    if (problem === undefined) s.latencies.push(ms);
    else {
      s.failures += 1;
      if (s.samples.length < 3) s.samples.push(problem.slice(0, 200));
    }
  };
}

export async function timed(
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
export async function runWorkers<S>(
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
            { addressId: shopper.addressId, idempotencyKey: key, couponCode: BENCH_COUPON },
            shopper.cookie,
          )
        : jsonTarget(
            port,
            '/checkout',
            { addressId: shopper.addressId, idempotencyKey: key, couponCode: BENCH_COUPON },
            shopper.cookie,
          );
    await timed(agent, order, 'checkout', record);
  };
}
export function merge(into: Stats, from: Stats) {
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
