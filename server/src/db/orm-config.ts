import { defineConfig, PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { type Configuration, ReflectMetadataProvider } from '@mikro-orm/core';
import type pg from 'pg';
import { MetricsLogger } from './query-metrics.js';
import { msUntilStallCheck } from './request-deadline.js';
import { migrationsList } from './migrations/index.js';
import { Brand, Color, ProductType } from '../modules/catalog/lookup.entity.js';
import { Product, ProductImage, ProductStock } from '../modules/catalog/product.entity.js';
import { User } from '../modules/accounts/user.entity.js';

export const ENTITIES = [ProductType, Brand, Color, Product, ProductStock, ProductImage, User];

/** Longest wait for a pool connection, and for a new connection's handshake, in ms. */
export const DB_ACQUIRE_TIMEOUT_MS = 2000;

/**
 * Watches statements that take long: a frozen server cannot enforce its own `statement_timeout`,
 * so after `afterMs` (and again every `afterMs`) a statement still waiting asks `stalled()`
 * (the health probe: does the server answer `select 1` at all?). When the server is stalled,
 * the statement's connection is cut: the statement fails at once (the request gets its 503),
 * its transaction dies with the connection, and the pool opens a new one later. A statement
 * that is merely slow on a server that answers goes on, bounded by `statement_timeout`.
 *
 * Inside a request, the first look is at the request's stall check instead (request-deadline.ts:
 * the time left of the one deadline set when the request arrived, not a fresh `afterMs` per
 * statement), and so is the look of a wait for a pool connection (`guardAcquisition`): a request
 * that waits for several connections and statements one after the other still answers by its
 * deadline.
 */
export class StallWatchdog {
  afterMs = 1500;
  stalled: () => Promise<boolean> = async () => false;
}

export interface OrmOptions {
  debug?: boolean;
  poolMax?: number;
  /**
   * Longest wait for a pool connection and for a new connection's handshake, in ms (default
   * `DB_ACQUIRE_TIMEOUT_MS`, the shop's: a request gets its 503 instead of queueing). Tests on a
   * shared, loaded machine give their own ORM more, since they check behaviour, not capacity.
   */
  acquireTimeoutMs?: number;
  /** PostgreSQL `statement_timeout` of every connection, in ms; 0 or absent: none. */
  statementTimeoutMs?: number;
  /** Cuts the connections of statements stuck on a stalled server (see StallWatchdog). */
  watchdog?: StallWatchdog;
}

type QueryCallback = (error: Error | null, result?: unknown) => void;

/** Puts every statement the pool's connection `client` runs under the watchdog's eye. */
function watchStatements(client: pg.Client, watchdog: StallWatchdog): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: unknown }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    // knex calls `query(config, callback)`; anything else goes through untouched.
    if (typeof values !== 'function' || callback !== undefined) {
      return query(config, values, callback);
    }
    const done = values as QueryCallback;
    let finished = false;
    let timer: NodeJS.Timeout;
    // The request's stall check, when this statement belongs to a request; else `afterMs`.
    const first = Math.min(watchdog.afterMs, msUntilStallCheck() ?? watchdog.afterMs);
    const look = (afterMs: number) => {
      timer = setTimeout(() => {
        void watchdog.stalled().then(
          (stalled) => {
            if (finished) return;
            if (!stalled) return look(watchdog.afterMs);
            const stream = (
              client as unknown as { connection?: { stream?: { destroy(e: Error): void } } }
            ).connection?.stream;
            stream?.destroy(
              new Error('base de datos estancada: la sentencia se canceló por falta de respuesta'),
            );
          },
          () => {},
        );
      }, afterMs);
      timer.unref();
    };
    look(first);
    return query(config, (error: Error | null, result?: unknown) => {
      finished = true;
      clearTimeout(timer);
      done(error, result);
    });
  };
}

/** The part of knex's client that hands out pool connections. */
interface KnexPoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/**
 * Makes a request's wait for a pool connection (a full pool, or a new connection whose handshake
 * a frozen server never answers) honour the request's deadline: at the request's stall check a
 * wait still in progress asks `stalled()`; stalled, it fails at once (a 503, see unavailable.ts),
 * and the connection, should the pool hand it over later, goes back to the pool. Not stalled (a
 * busy pool on a healthy server), it goes on up to the pool's own acquire timeout. A connection
 * the pool has idle is handed over before any look. Outside a request nothing changes.
 */
function guardAcquisition(client: KnexPoolClient, watchdog: StallWatchdog): void {
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = () => {
    const untilCheck = msUntilStallCheck();
    const acquiring = acquire();
    if (untilCheck === undefined) return acquiring;
    return new Promise((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        void watchdog.stalled().then(
          (stalled) => {
            if (settled || !stalled) return;
            settled = true;
            reject(
              new Error(
                'base de datos estancada: no hubo conexión dentro del plazo de la petición',
              ),
            );
          },
          () => {},
        );
      }, untilCheck);
      timer.unref();
      acquiring.then(
        (connection) => {
          clearTimeout(timer);
          if (settled) return void client.releaseConnection(connection).catch(() => {});
          settled = true;
          resolve(connection);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  };
}

/**
 * PostgreSqlDriver whose knex client's acquisitions honour the request's deadline
 * (guardAcquisition). MikroORM names the connection class inside PostgreSqlDriver's constructor,
 * so the subclass swaps in its own before anything connects (connect() creates knex later).
 */
function deadlineDriver(watchdog: StallWatchdog) {
  class DeadlineConnection extends PostgreSqlConnection {
    override createKnex(): void {
      super.createKnex();
      guardAcquisition(this.getKnex().client as unknown as KnexPoolClient, watchdog);
    }
  }
  return class DeadlinePostgreSqlDriver extends PostgreSqlDriver {
    constructor(config: Configuration) {
      super(config);
      (this as unknown as { connection: PostgreSqlConnection }).connection = new DeadlineConnection(
        config,
      );
    }
  };
}

export function ormConfig(clientUrl: string, options: OrmOptions = {}) {
  return defineConfig({
    driver: options.watchdog ? deadlineDriver(options.watchdog) : PostgreSqlDriver,
    clientUrl,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, silent: true },
    // The schema is owned by migrations: never synchronised from the entities.
    schemaGenerator: { disableForeignKeys: false },
    loggerFactory: (opts) => new MetricsLogger(opts),
    debug: options.debug ? ['query'] : false,
    pool: {
      min: 0,
      max: options.poolMax ?? 10,
      // A request waits at most this long for a connection (a full pool, or a database that does
      // not answer), then gets its 503 instead of queueing for knex's default minute.
      acquireTimeoutMillis: options.acquireTimeoutMs ?? DB_ACQUIRE_TIMEOUT_MS,
      createTimeoutMillis: options.acquireTimeoutMs ?? DB_ACQUIRE_TIMEOUT_MS,
      ...(options.watchdog
        ? {
            afterCreate: (client: pg.Client, done: (error: Error | null, c: pg.Client) => void) => {
              watchStatements(client, options.watchdog!);
              done(null, client);
            },
          }
        : {}),
    },
    driverOptions: {
      connection: {
        // Sent as a start-up parameter of each connection: no extra round trip.
        ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
        // pg's own handshake bound: a frozen server accepts the TCP connection and says nothing.
        connectionTimeoutMillis: options.acquireTimeoutMs ?? DB_ACQUIRE_TIMEOUT_MS,
        // Notices a peer that vanished (a dead machine, a dropped network) on idle connections.
        keepAlive: true,
      },
    },
    allowGlobalContext: false,
    forceUtcTimezone: true,
  });
}
