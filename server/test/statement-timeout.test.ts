import { MikroORM } from '@mikro-orm/postgresql';
import { Migration } from '@mikro-orm/migrations';
import { migrate, openDatabase } from '../src/db/database.js';
import { ormConfig } from '../src/db/orm-config.js';
import { testConfig, TEST_ACQUIRE_TIMEOUT_MS, testDatabaseUrl } from './support/db.js';

test('rule statement_timeout: the app’s ORM cancels a pg_sleep longer than DB_STATEMENT_TIMEOUT_MS', async () => {
  const db = await openDatabase(
    testConfig({ databaseUrl: testDatabaseUrl(), dbStatementTimeoutMs: 300 }),
  );
  try {
    const em = db.orm.em.fork();
    const [setting] = await em.execute<{ statement_timeout: string }[]>('show statement_timeout');
    expect(setting!.statement_timeout).toBe('300ms');
    const started = Date.now();
    await expect(em.execute('select pg_sleep(5)')).rejects.toThrow(/statement timeout/);
    expect(Date.now() - started).toBeLessThan(3000);
    // The connection is still usable afterwards.
    expect(await em.execute('select 1 as one')).toEqual([{ one: 1 }]);
  } finally {
    await db.close();
  }
});

class SlowMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql('select pg_sleep(0.6)');
  }
}

test('rule statement_timeout: migrations are not cut by it', async () => {
  const base = ormConfig(testDatabaseUrl(), {
    statementTimeoutMs: 200,
    poolMax: 2,
    acquireTimeoutMs: TEST_ACQUIRE_TIMEOUT_MS,
  });
  const orm = await MikroORM.init({
    ...base,
    migrations: {
      ...base.migrations,
      tableName: 'statement_timeout_test_migrations',
      migrationsList: [{ name: 'SlowMigration', class: SlowMigration }],
    },
  });
  try {
    await expect(orm.em.fork().execute('select pg_sleep(0.6)')).rejects.toThrow(
      /statement timeout/,
    );
    await migrate(orm);
    expect(await orm.getMigrator().getPendingMigrations()).toEqual([]);
  } finally {
    await orm.em.fork().execute('drop table if exists statement_timeout_test_migrations');
    await orm.close();
  }
});
