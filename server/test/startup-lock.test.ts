import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { STARTUP_LOCK_KEY } from '../src/db/database.js';
import { migrationsList } from '../src/db/migrations/index.js';
import {
  BRANDS,
  COLORS,
  FOOTWEAR_TYPES,
  generateDemoCatalog,
  SHIRT_TYPES,
  TROUSER_TYPES,
} from '../src/db/seeders/demo-data.js';
import { DEMO_PRODUCT_COUNT } from '../src/db/seeders/seed.js';
import { testDatabaseUrl } from './support/db.js';
import { freePort, startShop, waitFor, type Run } from './support/shop-process.js';

/**
 * Issue 23, finding 6: replicas that start together on one database (docker-compose.yml starts
 * two) used to race on the migrations and the first-start seeding. Three built servers, real
 * processes, start at once on one empty database: one migrates and seeds under the start-up
 * advisory lock, the others wait for it and find nothing to do.
 */

const ADMIN = { email: 'jefa@example.com', password: 'Admin12345-arranque' };

let admin: pg.Client;
let databaseUrl: string;
const name = `tienda_arranque_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  // A database of this test's own on the run's server, empty: not even the migrations table.
  const server = new URL(testDatabaseUrl());
  server.pathname = '/postgres';
  admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

test('rule start-up lock: three instances started at once on an empty database: exactly one migrates and seeds, all three serve, nothing is doubled', async () => {
  const dirs = await Promise.all(
    [1, 2, 3].map((n) => mkdtemp(path.join(os.tmpdir(), `tienda-arranque-${n}-`))),
  );
  const ports = await Promise.all(dirs.map(() => freePort()));
  const shops: Run[] = dirs.map((dir, i) =>
    startShop(dir, ports[i]!, {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }),
  );
  try {
    await Promise.all(shops.map((shop) => waitFor(shop, /Tienda lista/, 120_000)));
    for (const port of ports) {
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    }

    // Exactly one applied the migrations and seeded; the others found both done.
    const outputs = shops.map((shop) => shop.output());
    const migrated = outputs.filter((o) => o.includes('Migraciones aplicadas'));
    expect(migrated).toHaveLength(1);
    expect(migrated[0]).toContain(`Migraciones aplicadas: ${migrationsList.length}`);
    const seeded = outputs.filter((o) => o.includes('se cargó el catálogo de demostración'));
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toBe(migrated[0]);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const rows = async (sql: string) => (await db.query(sql)).rows as Record<string, unknown>[];
      const count = async (table: string) =>
        Number((await rows(`select count(*) as n from ${table}`))[0]!.n);
      // Each migration recorded once, and the list is the code's.
      const names = (await rows('select name from mikro_orm_migrations order by id')).map(
        (r) => r.name,
      );
      expect(names).toEqual(migrationsList.map((m) => m.name));
      // One admin account; the demo catalogue and the lookup lists once.
      expect(await rows('select email, role from app_user')).toEqual([
        { email: ADMIN.email, role: 'admin' },
      ]);
      const demo = generateDemoCatalog({ count: DEMO_PRODUCT_COUNT, seed: 2026 });
      expect({
        product: await count('product'),
        product_stock: await count('product_stock'),
        product_image: await count('product_image'),
        product_type: await count('product_type'),
        color: await count('color'),
        brand: await count('brand'),
      }).toEqual({
        product: DEMO_PRODUCT_COUNT,
        product_stock: demo.reduce((n, p) => n + p.sizes.length, 0),
        product_image: demo.reduce((n, p) => n + p.imageCount, 0),
        product_type: SHIRT_TYPES.length + TROUSER_TYPES.length + FOOTWEAR_TYPES.length,
        color: COLORS.length,
        brand: BRANDS.length,
      });
      // The lock was let go: nobody holds it once the instances serve.
      expect(
        await rows(
          `select 1 from pg_locks where locktype = 'advisory' and objsubid = 1
              and objid = ${STARTUP_LOCK_KEY} and database =
                (select oid from pg_database where datname = current_database())`,
        ),
      ).toEqual([]);
    } finally {
      await db.end();
    }
    // And each stops cleanly.
    for (const shop of shops) shop.child.kill('SIGTERM');
    expect(await Promise.all(shops.map((shop) => shop.exited))).toEqual([0, 0, 0]);
  } finally {
    for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
    await Promise.all(shops.map((shop) => shop.exited));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}, 180_000);
