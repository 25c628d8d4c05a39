import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { ormConfig } from './orm-config.js';

export interface Database {
  orm: MikroORM;
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
  try {
    const orm = await MikroORM.init(
      ormConfig(url, {
        debug: process.env.DEBUG_SQL === '1',
        statementTimeoutMs: config.dbStatementTimeoutMs,
      }),
    );
    await migrate(orm);
    const u = new URL(url);
    return {
      orm,
      description: embedded
        ? `PostgreSQL embebido en ${config.dataDir} (puerto ${u.port})`
        : `PostgreSQL en ${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: async () => {
        await orm.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
