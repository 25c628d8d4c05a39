import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Config } from '../config.js';
import { announce, complain } from '../http/logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { DatabaseHealth } from './health.js';
import { ormConfig, StallWatchdog } from './orm-config.js';

export interface Database {
  orm: MikroORM;
  /** Whether the database can serve now; restarts the embedded one when it died. */
  health: DatabaseHealth;
  /** Where the database is, for logs (no password). */
  description: string;
  /** The migrations this start applied (none when another instance had, or nothing was due). */
  migrated: number;
  close(): Promise<void>;
}

/**
 * Applies pending migrations in one transaction whose statements have no time limit: the app's
 * connections carry a `statement_timeout` that a long migration must not hit. Returns how many
 * it applied.
 */
export async function migrate(orm: MikroORM): Promise<number> {
  const migrator = orm.getMigrator();
  const pending = await migrator.getPendingMigrations();
  if (pending.length === 0) return 0;
  await orm.em.fork().transactional(async (em) => {
    await em.execute('set local statement_timeout = 0');
    await migrator.up({ transaction: em.getTransactionContext() });
  });
  return pending.length;
}

/** pg_advisory_lock key of the start-up work (migrations, first-start seeding). */
export const STARTUP_LOCK_KEY = 7_261_002;

/**
 * Runs `work` (the migrations and the first-start seeding) holding the start-up advisory lock,
 * so that instances starting together on one database (the replicas of docker-compose.yml, a
 * rolling upgrade) do it one at a time: the first migrates and seeds, the others wait, then find
 * nothing to do. MikroORM's migrator (umzug) takes no lock of its own.
 *
 * Why a dedicated `pg` client: a session-level advisory lock belongs to the connection that took
 * it. Taken through the ORM it would land on whichever pooled connection knex handed out, the
 * unlock might run on another (where it does nothing), and the lock would stay with an idle pool
 * connection, blocking every later start. So the lock lives on one connection of its own, outside
 * the pool, for the whole of `work`, whatever connections the migrator and the seeding use (a
 * lock is between sessions, not tied to the ones doing the work); it is released by unlocking,
 * and in any case when that connection closes, so an instance that dies mid-migration frees it
 * (its migration transaction rolls back). The connection must reach PostgreSQL itself, or a
 * pooler in session mode: in transaction mode a pooler cannot keep a session lock.
 */
export async function underStartupLock<T>(
  url: string,
  work: () => Promise<T>,
  log: (message: string) => void,
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'tienda-arranque',
    connectionTimeoutMillis: 10_000,
  });
  // A lost lock connection is reported by the query waiting on it, if any; never a crash.
  client.on('error', () => {});
  await client.connect();
  try {
    // The handshake is bounded; waiting for the lock is not (another instance's migrations take
    // as long as they take), and the server's own timeouts must not end the session holding it.
    await client.query('set statement_timeout = 0; set lock_timeout = 0');
    await client.query('set idle_session_timeout = 0').catch(() => {}); // PostgreSQL 14+
    const [tried] = (
      await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        STARTUP_LOCK_KEY,
      ])
    ).rows;
    if (!tried?.locked) {
      log(
        'Otra instancia está preparando la base de datos (migraciones, datos iniciales): esperando…',
      );
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** What `openDatabase` does under the start-up lock once migrations are applied. */
export interface OpenOptions {
  /** First-start work (the seeding): one instance at a time, after the migrations. */
  prepare?: (orm: MikroORM) => Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL; then, under the start-up lock,
 * applies pending migrations and runs `options.prepare`. The app's connections get
 * `config.dbStatementTimeoutMs` as their `statement_timeout`.
 */
export async function openDatabase(
  config: Config,
  log: (message: string) => void = () => {},
  options: OpenOptions = {},
): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, log);
    url = embedded.url;
  }
  const clientUrl = url;
  // The embedded PostgreSQL, when its postmaster has died: started again on the same port and
  // data (with the lock and data-directory checks of any start), so the pool's URL stays right.
  let restarting = false;
  const restartEmbedded = async () => {
    if (!embedded || embedded.alive() || restarting) return;
    restarting = true;
    try {
      complainOrLog(log, 'PostgreSQL embebido terminó inesperadamente: reiniciándolo…');
      const started = Date.now();
      embedded = await startEmbeddedPostgres(config.dataDir, log, { port: embedded.port });
      complainOrLog(log, `PostgreSQL embebido reiniciado en ${Date.now() - started} ms`);
    } finally {
      restarting = false;
    }
  };
  const health = new DatabaseHealth(() => clientUrl, {
    onDown: restartEmbedded,
    log: (message) => complainOrLog(log, message),
  });
  const watchdog = new StallWatchdog();
  watchdog.stalled = health.stalled;
  try {
    const orm = await MikroORM.init(
      ormConfig(url, {
        debug: process.env.DEBUG_SQL === '1',
        statementTimeoutMs: config.dbStatementTimeoutMs,
        watchdog,
      }),
    );
    let migrated = 0;
    try {
      migrated = await underStartupLock(
        url,
        async () => {
          const applied = await migrate(orm);
          await options.prepare?.(orm);
          return applied;
        },
        (message) => {
          log(message);
          announce(message);
        },
      );
    } catch (error) {
      await orm.close();
      throw error;
    }
    const u = new URL(url);
    return {
      orm,
      migrated,
      health,
      description: embedded
        ? `PostgreSQL embebido en ${config.dataDir} (puerto ${u.port})`
        : `PostgreSQL en ${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: async () => {
        await health.stop();
        await orm.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await health.stop();
    await embedded?.stop();
    throw error;
  }
}

/** Database events go to the caller's log when it has one, else to the shop's log. */
function complainOrLog(log: (message: string) => void, message: string): void {
  log(message);
  complain(message);
}
