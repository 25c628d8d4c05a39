/**
 * The benchmark's baseline: a bare `node:http` server with a `pg.Pool` (max 10, like the app's
 * MikroORM pool) that answers `GET /products?limit=&brand=&price=&search=&facets=1` with ONE SQL
 * statement whose single text column is the whole JSON response, built by PostgreSQL; and
 * `POST /cart` `{productId,size,quantity}` and `POST /checkout` `{addressId,idempotencyKey,couponCode}` with
 * the shop's session cookie: its add-to-cart and checkout in bare SQL (bench/baseline-checkout.ts),
 * answering `{"data":{…}}` like the mutations.
 *
 * Env: DATABASE_URL (required), PORT (default 0: a free port). Listens on 127.0.0.1 only and
 * prints `Baseline lista en http://127.0.0.1:PORT` when ready. With BENCH_WATCH_STDIN=1 it exits
 * when its stdin closes (the benchmark that started it is gone).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { addToCart, BaselineError, checkout, sessionUser } from './baseline-checkout.js';
import { baselineSql, parseBaselineQuery } from './baseline-sql.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL falta');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 0);

// pg_trgm's word similarity at 0.5 (its default 0.6 leaves 'pantlon' without 'pantalon', 0.55):
// the fuzzy scenario's `<%` (baseline-sql.ts).
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 10,
  options: '-c pg_trgm.word_similarity_threshold=0.5',
});
pool.on('error', (error) => console.error('pg pool:', error.message));

function send(res: http.ServerResponse, status: number, body: string, headers = {}) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const value: unknown = JSON.parse(Buffer.concat(chunks).toString() || '{}');
  if (typeof value !== 'object' || value === null) throw new BaselineError(400, 'JSON object');
  return value as Record<string, unknown>;
}

/** POST /cart and POST /checkout: the shop's two mutations in bare SQL. */
async function handleWrite(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
  try {
    const body = await readJson(req);
    const userId = await sessionUser(pool, req.headers.cookie);
    if (path === '/cart') {
      const id = await addToCart(pool, userId, {
        productId: Number(body.productId),
        size: String(body.size),
        quantity: Number(body.quantity),
      });
      return send(res, 200, JSON.stringify({ data: { addToCart: { lineId: id } } }));
    }
    const order = await checkout(pool, userId, {
      addressId: Number(body.addressId),
      idempotencyKey: String(body.idempotencyKey),
      couponCode: typeof body.couponCode === 'string' ? body.couponCode : null,
    });
    return send(res, 200, JSON.stringify({ data: { checkout: order } }));
  } catch (error) {
    const status = error instanceof BaselineError ? error.status : 500;
    send(res, status, JSON.stringify({ errors: [{ message: (error as Error).message }] }));
  }
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'POST' && (url.pathname === '/cart' || url.pathname === '/checkout')) {
    return handleWrite(req, res, url.pathname);
  }
  if (req.method !== 'GET') return send(res, 405, '{"errors":[{"message":"GET only"}]}');
  if (url.pathname === '/healthz') return send(res, 200, '{"status":"ok"}');
  if (url.pathname !== '/products') return send(res, 404, '{"errors":[{"message":"not found"}]}');
  let sql;
  try {
    sql = baselineSql(parseBaselineQuery(url.searchParams));
  } catch (error) {
    return send(res, 400, JSON.stringify({ errors: [{ message: (error as Error).message }] }));
  }
  const started = performance.now();
  try {
    const result = await pool.query<{ body: string }>(sql.text, sql.values);
    const ms = performance.now() - started;
    send(res, 200, result.rows[0]?.body ?? '{"data":null}', {
      'server-timing': `db;desc="1 queries";dur=${ms.toFixed(1)}`,
    });
  } catch (error) {
    send(res, 500, JSON.stringify({ errors: [{ message: (error as Error).message }] }));
  }
}

const server = http.createServer((req, res) => void handle(req, res));

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.closeIdleConnections();
  await new Promise((resolve) => server.close(resolve));
  await pool.end();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
if (process.env.BENCH_WATCH_STDIN === '1') {
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.stdin.resume();
}

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const actual = address && typeof address === 'object' ? address.port : port;
  console.log(`Baseline lista en http://127.0.0.1:${actual}`);
});
