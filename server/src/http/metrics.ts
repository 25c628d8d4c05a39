import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CatalogIndex } from '../modules/catalog/catalog-index.js';

/**
 * `/metrics` in Prometheus's text format (issue 26 item 6), with prom-client: only when
 * METRICS_TOKEN is set, and then only for `Authorization: Bearer <token>` (compared in constant
 * time). Every label is bounded: REST routes by their template (`/api/productos/:id`, never the
 * URL), GraphQL operations by name (see OperationNames), error codes from the shop's own lists.
 * Database figures (the mail outbox, the catalogue index's lag) are read at most once every
 * `DB_FIGURES_TTL_MS`, whatever the number of scrapers.
 */

/** How long the outbox's and the catalogue's figures are reused between scrapes. */
export const DB_FIGURES_TTL_MS = 10_000;
/** Distinct GraphQL operation names given their own label; more are counted as 'otro'. */
export const MAX_OPERATION_NAMES = 100;

/** Request duration buckets, in seconds (5 ms to 10 s). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The GraphQL operation names that get a label of their own: a name is learnt only from an
 * operation Apollo parsed and validated against the schema (no typo or junk reaches the book
 * through a refused request), up to MAX_OPERATION_NAMES; after that, and for anything else,
 * 'otro'. No name: 'anonymous'.
 */
export class OperationNames {
  private readonly known = new Set<string>();
  constructor(private readonly max = MAX_OPERATION_NAMES) {}

  /** The label of a validated operation's name (learning it while there is room). */
  learn(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) return 'otro';
    if (!this.known.has(name) && this.known.size < this.max) this.known.add(name);
    return this.known.has(name) ? name : 'otro';
  }

  /** The label of a name already learnt, else 'otro' ('anonymous' for none). */
  label(name: unknown): string {
    if (name === undefined || name === null || name === '') return 'anonymous';
    return typeof name === 'string' && this.known.has(name) ? name : 'otro';
  }
}

/** The figures the database gives, cached for DB_FIGURES_TTL_MS. */
interface DbFigures {
  outboxPending: number;
  outboxOldestSeconds: number;
  catalogPending: number;
  catalogLagSeconds: number;
}

/** The part of knex's tarn pool the gauges read. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function poolOf(orm: MikroORM): TarnPool | undefined {
  try {
    const knex = orm.em.getConnection().getKnex() as unknown as { client?: { pool?: TarnPool } };
    return knex.client?.pool ?? undefined;
  } catch {
    return undefined;
  }
}

/** One app's metrics: its own registry (tests run several apps in one process). */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly operations = new OperationNames();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly duration: Histogram<'route' | 'method'>;
  private readonly errors: Counter<'door' | 'code'>;
  private readonly answerCache: Counter<'outcome'>;
  private figures: { at: number; value: Promise<DbFigures> } | null = null;

  constructor(
    private readonly orm: MikroORM,
    private readonly catalog: CatalogIndex,
  ) {
    const registers = [this.registry];
    // Event-loop lag (nodejs_eventloop_lag_*), memory (process_resident_memory_bytes,
    // nodejs_heap_*), CPU, handles, GC.
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'tienda_http_requests_total',
      help: 'Peticiones HTTP por ruta (plantilla REST, graphql:<operación>, u otra), método y estado',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'tienda_http_request_duration_seconds',
      help: 'Duración de las peticiones HTTP por ruta y método, en segundos',
      labelNames: ['route', 'method'],
      buckets: BUCKETS,
      registers,
    });
    this.errors = new Counter({
      name: 'tienda_errors_total',
      help: 'Errores respondidos, por puerta (api, graphql, otra) y código',
      labelNames: ['door', 'code'],
      registers,
    });
    this.answerCache = new Counter({
      name: 'tienda_product_answer_cache_total',
      help: 'Lecturas de un producto por id para visitantes: respondidas con la respuesta guardada (hit) o no (miss)',
      labelNames: ['outcome'],
      registers,
    });
    const pool = () => poolOf(this.orm);
    new Gauge({
      name: 'tienda_db_pool_connections',
      help: 'Conexiones del pool a PostgreSQL: en uso, libres y peticiones esperando una',
      labelNames: ['state'],
      registers,
      collect() {
        const p = pool();
        this.set({ state: 'in_use' }, p?.numUsed() ?? 0);
        this.set({ state: 'idle' }, p?.numFree() ?? 0);
        this.set({ state: 'waiting' }, p?.numPendingAcquires() ?? 0);
      },
    });
    const figures = () => this.dbFigures();
    const gauge = (name: string, help: string, pick: (f: DbFigures) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const f = await figures().catch(() => null);
          if (f) this.set(pick(f));
        },
      });
    gauge(
      'tienda_mail_outbox_pending',
      'Correos pendientes en la bandeja de salida (mail_outbox)',
      (f) => f.outboxPending,
    );
    gauge(
      'tienda_mail_outbox_oldest_pending_seconds',
      'Antigüedad del correo pendiente más viejo, en segundos (0 sin pendientes)',
      (f) => f.outboxOldestSeconds,
    );
    gauge(
      'tienda_catalog_index_pending_changes',
      'Cambios del catálogo confirmados que el índice de esta instancia aún no aplicó',
      (f) => f.catalogPending,
    );
    gauge(
      'tienda_catalog_index_lag_seconds',
      'Antigüedad del cambio del catálogo más viejo que el índice de esta instancia aún no aplicó, en segundos',
      (f) => f.catalogLagSeconds,
    );
  }

  /** The outbox's and the catalogue index's figures, one read shared for DB_FIGURES_TTL_MS. */
  private dbFigures(): Promise<DbFigures> {
    const now = Date.now();
    if (this.figures && now - this.figures.at < DB_FIGURES_TTL_MS) return this.figures.value;
    const value = (async (): Promise<DbFigures> => {
      const em = this.orm.em.fork();
      const [outbox] = await em.execute<{ n: number; oldest: number }[]>(
        `select count(*)::int as n,
                coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
           from mail_outbox where status = 'pending'`,
      );
      const lag = await this.catalog.lag(em);
      return {
        outboxPending: outbox?.n ?? 0,
        outboxOldestSeconds: outbox?.oldest ?? 0,
        catalogPending: lag.changes,
        catalogLagSeconds: lag.oldestSeconds,
      };
    })();
    this.figures = { at: now, value };
    // A failed read is not reused: the next scrape tries again.
    value.catch(() => {
      if (this.figures?.value === value) this.figures = null;
    });
    return value;
  }

  /** Counts every request once it is answered: by route template, method and status. */
  readonly observeRequests: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = this.routeOf(req, res);
      const method = req.method;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.requests.inc({ route, method, status: String(res.statusCode) });
      this.duration.observe({ route, method }, seconds);
      const door = route.startsWith('/api')
        ? 'api'
        : route.startsWith('graphql')
          ? 'graphql'
          : 'otra';
      const code = res.locals.errorCode as string | undefined;
      if (code) this.errors.inc({ door, code });
      else if (res.statusCode >= 400 && door !== 'graphql') {
        this.errors.inc({ door, code: `HTTP_${res.statusCode}` });
      }
    });
    next();
  };

  /** The route's label: a REST route's template, graphql:<operation>, or a fixed family. */
  private routeOf(req: Request, res: Response): string {
    const rest = res.locals.route as string | undefined;
    if (rest) return rest;
    // The path as asked (req.path is relative to the router that answered).
    const path = req.originalUrl.split('?')[0] ?? '';
    if (path === '/graphql') {
      const named = res.locals.graphqlOperation as string | undefined;
      const body = req.body as { operationName?: unknown } | undefined;
      return `graphql:${named ?? this.operations.label(body?.operationName)}`;
    }
    if (path === '/api' || path.startsWith('/api/')) return '/api (sin ruta)';
    if (path.startsWith('/uploads/')) return '/uploads';
    if (path.startsWith('/p/')) return '/p/:id';
    if (path.startsWith('/sitemaps/')) return '/sitemaps';
    if (
      ['/', '/healthz', '/healthz/live', '/metrics', '/robots.txt', '/sitemap.xml'].includes(path)
    ) {
      return path;
    }
    return 'otra';
  }

  /** The product answer cache's outcome (http/product-answer-cache.ts). */
  answerCacheOutcome(outcome: 'hit' | 'miss'): void {
    this.answerCache.inc({ outcome });
  }

  /**
   * Labels each GraphQL request with its operation's name once Apollo resolved it, and counts
   * the errors it answers by `extensions.code`. `responseOf` finds the HTTP response of a
   * request's context (app.ts keeps them in a WeakMap).
   */
  graphqlPlugin<C extends object>(
    responseOf: (context: C) => Response | undefined,
  ): ApolloServerPlugin<C> {
    const operations = this.operations;
    return {
      async requestDidStart() {
        return {
          async didResolveOperation(rc) {
            const res = responseOf(rc.contextValue);
            if (res) res.locals.graphqlOperation = operations.learn(rc.operationName);
          },
          async willSendResponse(rc) {
            const res = responseOf(rc.contextValue);
            const body = rc.response.body;
            const errors = body.kind === 'single' ? body.singleResult.errors : undefined;
            if (!res || !errors || errors.length === 0) return;
            const code = errors[0]?.extensions?.code;
            res.locals.errorCode =
              typeof code === 'string' && /^[A-Z_]{1,40}$/.test(code) ? code : 'OTRO';
          },
        };
      },
    };
  }

  /** `GET /metrics`: the registry's text for the bearer of `token`, else 401. */
  endpoint(token: string): RequestHandler {
    const expected = createHash('sha256').update(token).digest();
    return async (req, res, next) => {
      const header = req.get('authorization') ?? '';
      const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
      // Both sides hashed to 32 bytes: the comparison takes the same time whatever was sent.
      const ok = timingSafeEqual(createHash('sha256').update(given).digest(), expected);
      if (!ok || given === '') {
        res
          .status(401)
          .set('WWW-Authenticate', 'Bearer realm="metrics"')
          .type('text/plain; charset=utf-8')
          .send('No autorizado: las métricas piden el token de METRICS_TOKEN.');
        return;
      }
      try {
        res.set('Content-Type', this.registry.contentType).set('Cache-Control', 'no-store');
        res.send(await this.registry.metrics());
      } catch (error) {
        next(error);
      }
    };
  }
}
