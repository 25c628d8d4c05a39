import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-embedded-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

test('the embedded database keeps its data across a stop and a start', async () => {
  const first = await startEmbeddedPostgres(dir);
  try {
    await query(first.url, 'create table kept (v text); insert into kept values ($$hola$$)');
    const [version] = await query<{ server_version: string }>(first.url, 'show server_version');
    expect(version!.server_version).toMatch(/^17\./);
  } finally {
    await first.stop();
  }
  const second = await startEmbeddedPostgres(dir);
  try {
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'hola' }]);
    const ext = await query<{ name: string }>(
      second.url,
      `select name from pg_available_extensions where name in ('pg_trgm', 'unaccent') order by name`,
    );
    expect(ext.map((e) => e.name)).toEqual(['pg_trgm', 'unaccent']);
  } finally {
    await second.stop();
  }
});

test('a data directory in use by a live process is refused with a clear message', async () => {
  // Pretend the directory belongs to a running process (this test's parent).
  await writeFile(path.join(dir, 'tienda.pid'), String(process.ppid));
  await expect(startEmbeddedPostgres(dir)).rejects.toThrow(
    /ya está en uso por el proceso .*\(¿la tienda está corriendo\?\)/,
  );
  // A claim left by a process that is gone is taken over.
  await writeFile(path.join(dir, 'tienda.pid'), '999999999');
  const db = await startEmbeddedPostgres(dir);
  await db.stop();
});

test('a PostgreSQL orphaned by a process killed with SIGKILL is stopped and the data reused', async () => {
  const orphanDir = await mkdtemp(path.join(os.tmpdir(), 'tienda-orphan-'));
  try {
    // A shop process that starts the database, writes a row, then dies without cleaning up.
    const built = new URL('../dist/db/embedded.js', import.meta.url).href;
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(built)});
      const pg = (await import('pg')).default;
      const db = await startEmbeddedPostgres(${JSON.stringify(orphanDir)});
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query('create table survived (v int); insert into survived values (1)');
      await c.end();
      console.log('ready');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.dirname(new URL(import.meta.url).pathname),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`el proceso terminó antes (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const db = await startEmbeddedPostgres(orphanDir);
    try {
      expect(await query(db.url, 'select v from survived')).toEqual([{ v: 1 }]);
    } finally {
      await db.stop();
    }
  } finally {
    await rm(orphanDir, { recursive: true, force: true });
  }
});

// As root, PostgreSQL runs as the `postgres` user; a shop cloned under /root or a `mktemp -d`
// folder (mode 0700) must still start.
(process.getuid?.() === 0 ? test : test.skip)(
  'as root, a data directory below a 0700 folder still works (traverse bit added)',
  async () => {
    const closed = await mkdtemp(path.join(os.tmpdir(), 'tienda-closed-'));
    try {
      await chmod(closed, 0o700);
      const db = await startEmbeddedPostgres(path.join(closed, 'clone', '.data'));
      try {
        expect(await query(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      } finally {
        await db.stop();
      }
      expect((await stat(closed)).mode & 0o777).toBe(0o701);
    } finally {
      await rm(closed, { recursive: true, force: true });
    }
  },
);
