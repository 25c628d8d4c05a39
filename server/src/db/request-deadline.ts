import { AsyncLocalStorage } from 'node:async_hooks';
import { PROBE_TIMEOUT_MS } from './health.js';

/**
 * One deadline per request (issue 23, finding 5). When the database is stalled, whatever a
 * request touches (the product answer cache's freshness look, the catalogue's catch-up, the
 * session lookup, the rate limiter, its resolvers or route) answers 503 within this many ms of
 * the request's arrival, however many connections and statements it waits for one after the
 * other.
 */
export const REQUEST_DEADLINE_MS = 2300;

/**
 * When, after the request's arrival, a database wait still in progress (a connection from the
 * pool, a statement) asks the health probe whether the database is stalled: early enough that the
 * probe's own bound ends by the deadline. Stalled: the wait fails at once (503). Answering: the
 * wait goes on under its ordinary bounds (the pool's acquire timeout, `statement_timeout`), so a
 * request that is merely slow on a healthy database is not cut.
 */
export const STALL_CHECK_AFTER_MS = REQUEST_DEADLINE_MS - PROBE_TIMEOUT_MS;

/** A wait that begins after its request's stall check looks this soon (never on the spot). */
export const LATE_LOOK_MS = 50;

interface Deadline {
  /** Epoch ms at which this request's waits ask whether the database is stalled. */
  stallCheckAt: number;
}

const storage = new AsyncLocalStorage<Deadline>();

/**
 * Runs `fn` (an Express `next`, and everything the request does after it) under the deadline of
 * a request that arrived at `arrivedAt`. Every database wait inside it, through the app's ORM
 * (orm-config.ts), honours the time left, not a fresh timeout of its own.
 */
export function withRequestDeadline<T>(fn: () => T, arrivedAt = Date.now()): T {
  return storage.run({ stallCheckAt: arrivedAt + STALL_CHECK_AFTER_MS }, fn);
}

/**
 * Ms until the current request's stall check (at least LATE_LOOK_MS), or undefined outside any
 * request (start-up, background work): those waits keep their ordinary bounds.
 */
export function msUntilStallCheck(): number | undefined {
  const deadline = storage.getStore();
  if (!deadline) return undefined;
  return Math.max(LATE_LOOK_MS, deadline.stallCheckAt - Date.now());
}
