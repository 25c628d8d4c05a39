import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { complain } from '../http/logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { DatabaseHealth } from './health.js';
import { ormConfig, StallWatchdog } from './orm-config.js';

export interface Database {
  orm: MikroORM;
  /** Whether the database can serve now; restarts the embedded one when it died. */
  health: DatabaseHealth;
  /** Where the database is, for logs (no password). */
  description: string;
  close(): Promise<void>;
}

/**
 * Applies pending migrations in one transaction whose statements have no time limit: the app's
 * connections carry a `statement_timeout` that a long migration must not hit.
 */
export async function migrate(orm: MikroORM): Promise<void> {
  const migrator = orm.getMigrator();
  if ((await migrator.getPendingMigrations()).length === 0) return;
  await orm.em.fork().transactional(async (em) => {
    await em.execute('set local statement_timeout = 0');
    await migrator.up({ transaction: em.getTransactionContext() });
  });
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL; then applies pending migrations.
 * The app's connections get `config.dbStatementTimeoutMs` as their `statement_timeout`.
 */
export async function openDatabase(
  config: Config,
  log: (message: string) => void = () => {},
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
    await migrate(orm);
    const u = new URL(url);
    return {
      orm,
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
