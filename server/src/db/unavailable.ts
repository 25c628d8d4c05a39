/**
 * The one place that tells a database that cannot serve (unreachable, stalled, restarting, out of
 * connections) from a bug. pg, knex, tarn and MikroORM wrap each other's errors: the whole
 * `cause` chain is looked at. A query that is merely wrong (syntax, constraint, a missing table)
 * is never "unavailable": it stays a 500 or its domain error.
 */

/** Node socket errors of a connection that failed or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: class 08 (connection exception),
 * 53300 too_many_connections, 57P01-57P05 (admin/crash shutdown, cannot connect now, idle
 * session timeout…), 57014 only when a statement timeout (not a cancel by hand) caused it.
 */
function unavailableSqlState(code: string, message: string): boolean {
  if (code.startsWith('08')) return true;
  if (code === '53300' || /^57P0[1-5]$/.test(code)) return true;
  return code === '57014' && /statement timeout/i.test(message);
}

/**
 * Messages of pg, knex and tarn for a connection that could not be had or was lost. Not anchored:
 * knex prefixes a failed statement's message with its SQL (`select … - Connection terminated…`).
 */
const MESSAGES = [
  /Connection terminated/i, // pg: lost, or connect timeout ("due to connection timeout")
  /timeout exceeded when trying to connect/i, // pg-pool
  /Query read timeout/i, // pg client-side query_timeout
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Timeout acquiring a connection/i, // knex: pool full or the database does not answer
  /Knex: Timeout/i,
  /Unable to acquire a connection/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /base de datos estancada/i, // our own stall watchdog (orm-config.ts)
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  previous?: unknown;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const e = current as ErrorLike;
    const message = typeof e.message === 'string' ? e.message : '';
    if (e.name === 'KnexTimeoutError' || e.name === 'TimeoutError') {
      if (/acquir|connect|timeout/i.test(message)) return true;
    }
    if (typeof e.code === 'string') {
      if (SOCKET_CODES.has(e.code)) return true;
      if (/^[0-9A-Z]{5}$/.test(e.code) && unavailableSqlState(e.code, message)) return true;
    }
    if (MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = e.cause ?? e.previous;
  }
  return false;
}
