import { AsyncLocalStorage } from 'node:async_hooks';
import { DefaultLogger, type LogContext } from '@mikro-orm/core';

/** SQL statements issued and time spent in the database during one request. */
export interface QueryMetrics {
  queries: number;
  durationMs: number;
}

const storage = new AsyncLocalStorage<QueryMetrics>();

/** Runs `fn` with a metrics record that every SQL statement issued inside it adds to. */
export function withQueryMetrics<T>(metrics: QueryMetrics, fn: () => T): T {
  return storage.run(metrics, fn);
}

/** Runs `fn` outside any request's metrics: work no single request asked for (a background catch-up). */
export function outsideQueryMetrics<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function currentQueryMetrics(): QueryMetrics | undefined {
  return storage.getStore();
}

/** The `Server-Timing` header value for a metrics record. */
export function serverTimingHeader(metrics: QueryMetrics): string {
  return `db;desc="${metrics.queries} queries";dur=${metrics.durationMs.toFixed(1)}`;
}

/**
 * MikroORM logger that counts every statement into the current request's metrics, then logs as
 * the default logger does (only when the `query` namespace is enabled).
 */
export class MetricsLogger extends DefaultLogger {
  override logQuery(context: { query: string } & LogContext): void {
    const metrics = storage.getStore();
    if (metrics) {
      metrics.queries += 1;
      metrics.durationMs += context.took ?? 0;
    }
    super.logQuery(context);
  }
}
