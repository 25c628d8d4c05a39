import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * One PostgreSQL for the whole run: a fresh database on TEST_DATABASE_URL's server when set,
 * else an embedded PostgreSQL 17 in a temporary directory.
 */
export default async function globalSetup(): Promise<void> {
  // Test files (and workers, which inherit the environment) read the database URL from here.
  const stateFile = path.join(os.tmpdir(), `tienda-test-db-${process.pid}-${Date.now()}.json`);
  process.env.TIENDA_TEST_STATE = stateFile;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `tienda_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    await writeFile(stateFile, JSON.stringify({ url: url.toString(), dropFrom: external, name }));
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-test-'));
  // Jest loads global setup outside its transform pipeline, so it uses the built server
  // (`npm test` builds it first); the type comes from the source.
  const builtModule = new URL('../../dist/db/embedded.js', import.meta.url).href;
  const { startEmbeddedPostgres, APP_ROLE, SUPERUSER_SECRET_FILE } = (await import(
    builtModule
  )) as typeof import('../../src/db/embedded.js');
  const db = await startEmbeddedPostgres(dir);
  (globalThis as { __tiendaTestDb?: unknown }).__tiendaTestDb = db;
  // Tests that need an empty database of their own (the start-up lock, a migration's backfill)
  // create one beside the run's: in this throw-away cluster the app's role may create databases,
  // as the role TEST_DATABASE_URL names may on its server. The shop's own cluster never grants it.
  const superuser = new pg.Client({
    host: '127.0.0.1',
    port: db.port,
    database: 'postgres',
    user: 'postgres',
    password: (await readFile(path.join(dir, SUPERUSER_SECRET_FILE), 'utf8')).trim(),
  });
  await superuser.connect();
  await superuser.query(`alter role ${APP_ROLE} createdb`);
  await superuser.end();
  await writeFile(stateFile, JSON.stringify({ url: db.url, dir }));
}
