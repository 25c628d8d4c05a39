/**
 * 'Resumen' at scale (issue 26 item 2): `tsx bench/summary.ts [--orders 200000] [--customers
 * 20000] [--products 2000] [--rounds 20] [--database-url URL]`.
 *
 * Without --database-url: a fresh database (BENCH_DATABASE_URL's server, else an embedded
 * PostgreSQL), seeded through the built seed script (`npm run seed`'s code path: products, then
 * customers and orders) and timed. With it: that database as it is (already seeded).
 * Then it starts the built shop on it, signs in as an admin and, for each range (today, 7 days,
 * 30 days, this month, 90 days, 366 days): checks every figure of `adminSummary` against the
 * brute-force SQL of server/test/support/summary-brute-force.ts, and times the request (GraphQL
 * and REST) over --rounds rounds, sequentially. Prints the
 * figures as Markdown; the plans and the reading are in bench/notes/summary.md (by hand).
 * Needs `npm run build -w server` first.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addDays, mexicoCityDay, summaryPresetRange } from '../rules/src/index.js';
import { bruteForceSummary } from '../server/test/support/summary-brute-force.js';
import { openBenchDatabase } from './database.js';
import { SERVER_DIST } from './paths.js';
import { startProductionShop } from './processes.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '200000' },
    customers: { type: 'string', default: '20000' },
    products: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const log = (message: string) => console.error(`[resumen] ${message}`);

const SUMMARY = `query S($from: String!, $to: String!, $t: Int) {
  adminSummary(from: $from, to: $to, lowStockThreshold: $t) {
    totals { orders units revenueCents averageTicketCents discountCents }
    days { day orders units revenueCents averageTicketCents discountCents }
    bestSellersByUnits { productId name units revenueCents }
    bestSellersByRevenue { productId name units revenueCents }
    lowStockTotal lowStock { productId name size quantity }
    releasingTotal releasingTotalCents releasing { orderId totalCents }
    couponUses { code uses discountCents }
  } }`;

function runSeed(url: string, dataDir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(SERVER_DIST, 'scripts', 'seed-products.js'), ...args],
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
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`seed failed (${code}):\n${out}`)),
    );
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tienda-resumen-'));
  let url = values['database-url'];
  let stopDb = async () => undefined as void;
  let seedLine = 'an existing database (--database-url)';
  if (!url) {
    const db = await openBenchDatabase(path.join(dataDir, 'pg'), log);
    url = db.url;
    stopDb = db.stop;
    log(`base de datos: ${db.description}`);
    const t0 = Date.now();
    const products = await runSeed(url, dataDir, ['--products', values.products, '--seed', '2026']);
    const orders = await runSeed(url, dataDir, [
      '--orders',
      values.orders,
      '--customers',
      values.customers,
      '--seed',
      '2026',
    ]);
    seedLine = `${products.split('\n').at(-1)} ${orders.split('\n').at(-1)} (${Date.now() - t0} ms in all)`;
    log(seedLine);
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const { hashPassword } = (await import(
    path.join(SERVER_DIST, 'modules', 'accounts', 'password.js')
  )) as { hashPassword: (p: string) => Promise<string> };
  const email = `resumen-bench-${Date.now()}@tienda.local`;
  const password = 'Bench-only-password-2026';
  await pool.query(
    `insert into app_user (name, email, password_hash, role) values ('Bench', $1, $2, 'admin')`,
    [email, await hashPassword(password)],
  );
  await pool.query('vacuum analyze sales_day');
  await pool.query('vacuum analyze sales_day_product');
  const [{ orders, lines }] = (
    await pool.query<{ orders: string; lines: string }>(
      'select (select count(*) from shop_order) as orders, (select count(*) from order_line) as lines',
    )
  ).rows as [{ orders: string; lines: string }];

  const shop = await startProductionShop({
    databaseUrl: url,
    dataDir,
    admin: { email, password },
    timeoutMs: 240_000,
  });
  const base = `http://127.0.0.1:${shop.port}`;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`login ${login.status}: ${await login.text()}`);
    const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const gql = (from: string, to: string) =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ query: SUMMARY, variables: { from, to, t: 2 } }),
      });
    const rest = (from: string, to: string) =>
      fetch(`${base}/api/admin/resumen?desde=${from}&hasta=${to}`, { headers: { Cookie: cookie } });

    const now = new Date();
    const today = mexicoCityDay(now);
    const ranges: [string, { from: string; to: string }][] = [
      ['Hoy', summaryPresetRange('TODAY', now)],
      ['7 días', summaryPresetRange('LAST_7_DAYS', now)],
      ['30 días', summaryPresetRange('LAST_30_DAYS', now)],
      ['Este mes', summaryPresetRange('THIS_MONTH', now)],
      ['90 días', { from: addDays(today, -89), to: today }],
      ['366 días', { from: addDays(today, -365), to: today }],
    ];
    const query = async <T>(sql: string, params: unknown[]) =>
      (await pool.query(sql, params)).rows as T[];
    const rows: string[] = [];
    for (const [label, range] of ranges) {
      // The shop is live: its sweep releases unpaid orders and the 24-hour window moves while
      // the two reads run, so a difference is read again (up to 3 times) before it counts.
      let same = false;
      let got!: Record<string, unknown> & { days: { orders: number }[] };
      for (let attempt = 1; attempt <= 3 && !same; attempt++) {
        const res = await gql(range.from, range.to);
        const body = (await res.json()) as {
          data?: { adminSummary: Record<string, unknown> };
          errors?: unknown;
        };
        if (!body.data) throw new Error(`adminSummary failed: ${JSON.stringify(body.errors)}`);
        got = body.data.adminSummary as Record<string, unknown> & {
          days: { orders: number }[];
        };
        const want = await bruteForceSummary(query, range, { lowStockThreshold: 2, holdHours: 72 });
        const pairs: [string, unknown, unknown][] = [
          ['totals', got.totals, want.totals],
          ['days', got.days.filter((d) => d.orders > 0), want.days],
          ['bestSellersByUnits', got.bestSellersByUnits, want.bestSellersByUnits],
          ['bestSellersByRevenue', got.bestSellersByRevenue, want.bestSellersByRevenue],
          ['lowStockTotal', got.lowStockTotal, want.lowStockTotal],
          ['lowStock', got.lowStock, want.lowStock],
          ['releasingTotal', got.releasingTotal, want.releasingTotal],
          ['releasingTotalCents', got.releasingTotalCents, want.releasingTotalCents],
          ['releasing', got.releasing, want.releasing],
          ['couponUses', got.couponUses, want.couponUses],
        ];
        const differing = pairs.filter(([, a, b]) => JSON.stringify(a) !== JSON.stringify(b));
        for (const [name, a, b] of differing) {
          log(
            `${label}: ${name} differs:\n  app:   ${JSON.stringify(a)}\n  brute: ${JSON.stringify(b)}`,
          );
        }
        same = differing.length === 0;
      }
      const t0 = performance.now();
      await bruteForceSummary(query, range, { lowStockThreshold: 2, holdHours: 72 });
      const bruteMs = performance.now() - t0;

      const times = { gql: [] as number[], rest: [] as number[] };
      for (let i = 0; i < 3; i++) await (await gql(range.from, range.to)).arrayBuffer();
      for (let i = 0; i < rounds; i++) {
        let s = performance.now();
        const g = await gql(range.from, range.to);
        await g.arrayBuffer();
        times.gql.push(performance.now() - s);
        s = performance.now();
        await (await rest(range.from, range.to)).arrayBuffer();
        times.rest.push(performance.now() - s);
      }
      const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
      const g = sorted(times.gql);
      const r = sorted(times.rest);
      const orders = (got.totals as { orders: number }).orders;
      const row = `| ${label} (${range.from} – ${range.to}) | ${orders.toLocaleString('en')} | ${same ? 'yes' : '**NO**'} | ${percentile(g, 50).toFixed(1)} | ${percentile(g, 95).toFixed(1)} | ${g.at(-1)!.toFixed(1)} | ${percentile(r, 50).toFixed(1)} | ${percentile(r, 95).toFixed(1)} | ${bruteMs.toFixed(0)} |`;
      log(row);
      rows.push(row);
    }
    const load = os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ');
    console.log(
      `- Date: ${new Date().toISOString()}; ${os.cpus().length} logical CPUs; load average after: ${load}`,
    );
    console.log(
      `- Database: ${Number(orders).toLocaleString('en')} orders, ${Number(lines).toLocaleString('en')} lines; ${seedLine}`,
    );
    console.log(
      `- ${rounds} sequential rounds per range after 3 warm-up requests; times in ms, client side (HTTP on localhost)\n`,
    );
    console.log(
      '| Range | Paid orders | Every figure = brute force | GraphQL p50 | GraphQL p95 | GraphQL max | REST p50 | REST p95 | Brute-force SQL ms |',
    );
    console.log('|---|--:|---|--:|--:|--:|--:|--:|--:|');
    for (const row of rows) console.log(row);
    if (rows.some((r) => r.includes('**NO**'))) process.exitCode = 1;
  } finally {
    await shop.stop();
    await pool.end();
    await stopDb();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
