/**
 * A small closed-loop HTTP load generator: `concurrency` workers, each on its own keep-alive
 * connection to a loopback server, sending the next request as soon as the previous answered.
 * Bounded both in time and in request count; every request has a timeout.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Target {
  /** Always a loopback port. */
  port: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** A GraphQL answer (`{"data":…}` without `errors`) or any JSON (REST). */
  expect: 'graphql' | 'json';
}

export interface Reply {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  /** SQL statements and database milliseconds from `Server-Timing: db;desc="N queries";dur=MS`. */
  queries: number | undefined;
  dbMs: number | undefined;
}

export interface LoadOptions {
  concurrency: number;
  durationMs: number;
  maxRequests: number;
  timeoutMs: number;
  /** Stops the workers early (the run is being torn down). */
  signal?: AbortSignal;
}

export interface LoadResult {
  requests: number;
  failures: number;
  /** A few failure descriptions, for the report. */
  failureSamples: string[];
  /** From the first request sent to the last answer received. */
  elapsedMs: number;
  /** Latency of each successful request, ms. */
  latencies: number[];
  queries: number[];
  dbMs: number[];
  bytes: number;
}

const SERVER_TIMING = /desc="(\d+) queries";dur=([\d.]+)/;

export function request(agent: http.Agent, target: Target, timeoutMs: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: target.port,
        method: target.method,
        path: target.path,
        headers: {
          ...target.headers,
          ...(target.body ? { 'content-length': String(target.body.length) } : {}),
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const timing = SERVER_TIMING.exec(String(res.headers['server-timing'] ?? ''));
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: res.headers,
            queries: timing ? Number(timing[1]) : undefined,
            dbMs: timing ? Number(timing[2]) : undefined,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(target.body);
  });
}

/** Why a reply does not count as a success, or undefined when it does. */
export function replyProblem(reply: Reply, expect: Target['expect']): string | undefined {
  if (reply.status !== 200)
    return `HTTP ${reply.status}: ${reply.body.subarray(0, 200).toString()}`;
  if (expect === 'json') {
    const first = reply.body[0];
    return first === 0x5b || first === 0x7b
      ? undefined
      : `unexpected body: ${reply.body.subarray(0, 200).toString()}`;
  }
  // A GraphQL error always comes as a top-level "errors" member; no product text contains it.
  if (reply.body.includes('"errors"')) return `errors: ${reply.body.subarray(0, 300).toString()}`;
  // Apollo writes `{"data":`, PostgreSQL's json text `{"data" : `.
  if (!reply.body.subarray(0, 7).equals(Buffer.from('{"data"'))) {
    return `unexpected body: ${reply.body.subarray(0, 200).toString()}`;
  }
  return undefined;
}

/** Runs the load for `durationMs` (or `maxRequests`), on fresh keep-alive connections. */
export async function runLoad(target: Target, options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const result: LoadResult = {
    requests: 0,
    failures: 0,
    failureSamples: [],
    elapsedMs: 0,
    latencies: [],
    queries: [],
    dbMs: [],
    bytes: 0,
  };
  const start = performance.now();
  const deadline = start + options.durationMs;
  let issued = 0;
  let last = start;
  const fail = (message: string) => {
    result.failures += 1;
    if (result.failureSamples.length < 5) result.failureSamples.push(message);
  };
  const worker = async () => {
    while (
      performance.now() < deadline &&
      issued < options.maxRequests &&
      !options.signal?.aborted
    ) {
      issued += 1;
      const sent = performance.now();
      try {
        const reply = await request(agent, target, options.timeoutMs);
        const done = performance.now();
        last = Math.max(last, done);
        result.requests += 1;
        const problem = replyProblem(reply, target.expect);
        if (problem) {
          fail(problem);
          continue;
        }
        result.latencies.push(done - sent);
        result.bytes += reply.body.length;
        if (reply.queries !== undefined) result.queries.push(reply.queries);
        if (reply.dbMs !== undefined) result.dbMs.push(reply.dbMs);
      } catch (error) {
        last = Math.max(last, performance.now());
        result.requests += 1;
        fail((error as Error).message);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  result.elapsedMs = last - start;
  return result;
}

/** Merges the windows of one server into one result (elapsed times add up). */
export function mergeResults(results: LoadResult[]): LoadResult {
  return {
    requests: results.reduce((n, r) => n + r.requests, 0),
    failures: results.reduce((n, r) => n + r.failures, 0),
    failureSamples: results.flatMap((r) => r.failureSamples).slice(0, 5),
    elapsedMs: results.reduce((n, r) => n + r.elapsedMs, 0),
    latencies: results.flatMap((r) => r.latencies),
    queries: results.flatMap((r) => r.queries),
    dbMs: results.flatMap((r) => r.dbMs),
    bytes: results.reduce((n, r) => n + r.bytes, 0),
  };
}

/** The p-th percentile (0–100) by nearest rank; NaN for no values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? NaN;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;
}
