/**
 * The benchmark's baseline: a bare `node:http` server with a `pg.Pool` (max 10, like the app's
 * MikroORM pool) that answers `GET /products?limit=&brand=&price=&search=&facets=1` with ONE SQL
 * statement whose single text column is the whole JSON response, built by PostgreSQL.
 *
 * Env: DATABASE_URL (required), PORT (default 0: a free port). Listens on 127.0.0.1 only and
 * prints `Baseline lista en http://127.0.0.1:PORT` when ready. With BENCH_WATCH_STDIN=1 it exits
 * when its stdin closes (the benchmark that started it is gone).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { baselineSql, parseBaselineQuery } from './baseline-sql.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL falta');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 0);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on('error', (error) => console.error('pg pool:', error.message));

function send(res: http.ServerResponse, status: number, body: string, headers = {}) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
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
