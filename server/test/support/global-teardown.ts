import { readFile, rm } from 'node:fs/promises';
import pg from 'pg';
import type { EmbeddedDatabase } from '../../src/db/embedded.js';

interface TestDbState {
  url: string;
  dir?: string;
  dropFrom?: string;
  name?: string;
}

export default async function globalTeardown(): Promise<void> {
  const stateFile = process.env.TIENDA_TEST_STATE;
  if (!stateFile) return;
  const state = JSON.parse(await readFile(stateFile, 'utf8')) as TestDbState;
  const db = (globalThis as { __tiendaTestDb?: EmbeddedDatabase }).__tiendaTestDb;
  await db?.stop();
  if (state.dir) await rm(state.dir, { recursive: true, force: true });
  if (state.dropFrom && state.name) {
    const admin = new pg.Client({ connectionString: state.dropFrom });
    await admin.connect();
    await admin.query(`drop database if exists ${state.name} with (force)`);
    await admin.end();
  }
  await rm(stateFile, { force: true });
}
