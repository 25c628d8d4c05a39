import { type LoadResult, mean, percentile } from './load.js';
import type { Scenario } from './scenarios.js';

export const GRID_TARGET_RATIO = 0.4;

export interface ServerRun {
  result: LoadResult;
  /** CPU used by the server's Node process during the measured windows, ms. */
  serverCpuMs: number | undefined;
  /** CPU used by PostgreSQL (postmaster and backends) during the windows, ms. */
  pgCpuMs: number | undefined;
  /** CPU used by the load generator (this process) during the windows, ms. */
  loadgenCpuMs: number;
}

export interface ScenarioRun {
  scenario: Scenario;
  app: ServerRun;
  baseline: ServerRun;
  /** Set when the two servers' answers differ (checked before measuring). */
  mismatch: string | undefined;
}

export interface MachineInfo {
  date: Date;
  cpuModel: string;
  cpuCount: number;
  totalMemoryBytes: number;
  os: string;
  nodeVersion: string;
}

export interface RunInfo extends MachineInfo {
  pgVersion: string;
  database: string;
  products: number;
  images: number;
  stockRows: number;
  concurrency: number;
  warmupSeconds: number;
  seconds: number;
  rounds: number;
  loadBefore: number[];
  loadAfter: number[];
  /** Wall time of the whole run, setup and teardown of the servers included. */
  totalSeconds: number;
}

export interface Summary {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  queries: number;
  dbMs: number;
  kilobytes: number;
  serverCpuPerRequest: number;
  pgCpuPerRequest: number;
  loadgenCpuPerRequest: number;
  requests: number;
  failures: number;
}

export function summarize(run: ServerRun): Summary {
  const r = run.result;
  const ok = r.latencies.length;
  const sorted = Float64Array.from(r.latencies).sort();
  const asArray = Array.from(sorted);
  return {
    requestsPerSecond: r.elapsedMs > 0 ? (ok / r.elapsedMs) * 1000 : 0,
    p50: percentile(asArray, 50),
    p95: percentile(asArray, 95),
    p99: percentile(asArray, 99),
    queries: mean(r.queries),
    dbMs: mean(r.dbMs),
    kilobytes: ok > 0 ? r.bytes / ok / 1024 : NaN,
    serverCpuPerRequest: run.serverCpuMs !== undefined && ok > 0 ? run.serverCpuMs / ok : NaN,
    pgCpuPerRequest: run.pgCpuMs !== undefined && ok > 0 ? run.pgCpuMs / ok : NaN,
    loadgenCpuPerRequest: ok > 0 ? run.loadgenCpuMs / ok : NaN,
    requests: r.requests,
    failures: r.failures,
  };
}

const num = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(x < 10 ? 2 : 1) : 'n/a');
const rate = (x: number) => (Number.isFinite(x) ? x.toFixed(x < 100 ? 1 : 0) : 'n/a');
const ratio = (a: number, b: number) =>
  Number.isFinite(a / b) && b !== 0 ? (a / b).toFixed(2) : 'n/a';

export function scenarioRatio(run: ScenarioRun): number {
  return summarize(run.app).requestsPerSecond / summarize(run.baseline).requestsPerSecond;
}

export function failed(runs: ScenarioRun[]): boolean {
  return runs.some(
    (r) => r.mismatch !== undefined || r.app.result.failures > 0 || r.baseline.result.failures > 0,
  );
}

function scenarioTable(run: ScenarioRun): string {
  const a = summarize(run.app);
  const b = summarize(run.baseline);
  const header =
    '| Server | req/s | p50 ms | p95 ms | p99 ms | SQL/req | Server-Timing db ms | Node CPU ms/req | PG CPU ms/req | Load gen CPU ms/req | KiB/resp | requests | failures |\n' +
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|';
  const row = (name: string, s: Summary) =>
    `| ${name} | ${rate(s.requestsPerSecond)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${num(s.queries)} | ${ms(s.dbMs)} | ${ms(s.serverCpuPerRequest)} | ${ms(s.pgCpuPerRequest)} | ${ms(s.loadgenCpuPerRequest)} | ${num(s.kilobytes)} | ${s.requests} | ${s.failures} |`;
  const ratios = `| **Ratio app/baseline** | **${ratio(a.requestsPerSecond, b.requestsPerSecond)}** | ${ratio(a.p50, b.p50)} | ${ratio(a.p95, b.p95)} | ${ratio(a.p99, b.p99)} | ${ratio(a.queries, b.queries)} | ${ratio(a.dbMs, b.dbMs)} | ${ratio(a.serverCpuPerRequest, b.serverCpuPerRequest)} | ${ratio(a.pgCpuPerRequest, b.pgCpuPerRequest)} | ${ratio(a.loadgenCpuPerRequest, b.loadgenCpuPerRequest)} | ${ratio(a.kilobytes, b.kilobytes)} | | |`;
  const notes: string[] = [];
  if (run.mismatch)
    notes.push(`**The two servers' answers differ:** ${run.mismatch.split('\n')[0]}`);
  if (run.scenario.uncompared) notes.push(`Answers not compared: ${run.scenario.uncompared}.`);
  for (const [name, r] of [
    ['app', run.app.result],
    ['baseline', run.baseline.result],
  ] as const) {
    if (r.failures > 0) {
      notes.push(
        `**${r.failures} failed ${name} requests**, e.g. \`${(r.failureSamples[0] ?? '').slice(0, 200)}\``,
      );
    }
  }
  return [
    `### ${run.scenario.title}`,
    '',
    run.scenario.description,
    '',
    header,
    row(
      `App (${run.scenario.shape === 'rest' ? 'REST' : 'GraphQL'}, \`node server/dist/main.js\`)`,
      a,
    ),
    row('Baseline (`node:http` + 1 SQL)', b),
    ratios,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
}

function reading(runs: ScenarioRun[]): string {
  const lines: string[] = [];
  const grid = runs.find((r) => r.scenario.key === 'grid');
  if (grid) {
    const value = scenarioRatio(grid);
    lines.push(
      `- Grid without facets: the app serves ${ratio(value, 1)}× the baseline's requests/s, ` +
        (value >= GRID_TARGET_RATIO
          ? `which meets the target of ${GRID_TARGET_RATIO}.`
          : `**below the target of ${GRID_TARGET_RATIO}**.`),
    );
  }
  for (const run of runs) {
    const a = summarize(run.app);
    const b = summarize(run.baseline);
    const appCpu = a.serverCpuPerRequest + a.pgCpuPerRequest;
    const baseCpu = b.serverCpuPerRequest + b.pgCpuPerRequest;
    const where = Number.isFinite(appCpu)
      ? ` Per request the app uses ${ms(a.serverCpuPerRequest)} ms of Node CPU and ${ms(a.pgCpuPerRequest)} ms of PostgreSQL CPU; ` +
        `the baseline ${ms(b.serverCpuPerRequest)} ms and ${ms(b.pgCpuPerRequest)} ms ` +
        `(server side in all: ${ratio(appCpu, baseCpu)}× the baseline's). ` +
        `The app's JavaScript runs on one thread (GC helper threads aside), so at ` +
        `${ms(a.serverCpuPerRequest)} ms of Node CPU per request it tops out near ` +
        `${rate(1000 / a.serverCpuPerRequest)} req/s whatever the database does.`
      : '';
    lines.push(
      `- ${run.scenario.title}: ratio ${ratio(a.requestsPerSecond, b.requestsPerSecond)}, ` +
        `${num(a.queries)} SQL statements per request against 1.${where}`,
    );
  }
  lines.push(
    '- Both servers, PostgreSQL and the load generator share the same cores, so requests/s are ' +
      'bounded by the CPU they use per request; the CPU columns show which side the cost is on. ' +
      "The Server-Timing db column is the sum of the statements' durations as the server timed " +
      'them: under load it includes waiting for a pool connection and for a busy event loop.',
  );
  return lines.join('\n');
}

/** The issue's budget for a scenario, and whether the app met it in this run. */
function budgetCell(run: ScenarioRun): string {
  const budget = run.scenario.budget;
  if (!budget) return '—';
  const a = summarize(run.app);
  const parts: string[] = [];
  let met = true;
  if (budget.p95Ms !== undefined) {
    parts.push(`p95 < ${budget.p95Ms} ms`);
    met &&= a.p95 < budget.p95Ms;
  }
  if (budget.minRequestsPerSecond !== undefined) {
    parts.push(`≥ ${budget.minRequestsPerSecond} req/s`);
    met &&= a.requestsPerSecond >= budget.minRequestsPerSecond;
  }
  return `${parts.join(', ')}: ${met ? 'met' : '**not met**'}`;
}

/** Extra sections (the browser's figures) rendered after the scenarios. */
export interface ReportSection {
  title: string;
  body: string;
}

export function renderReport(
  info: RunInfo,
  runs: ScenarioRun[],
  sections: ReportSection[] = [],
): string {
  const gb = (info.totalMemoryBytes / 1024 ** 3).toFixed(1);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  const summaryRows = runs.map((r) => {
    const a = summarize(r.app);
    const b = summarize(r.baseline);
    return `| ${r.scenario.title} | ${rate(a.requestsPerSecond)} | ${ms(a.p50)} | ${ms(a.p95)} | ${num(a.queries)} | ${rate(b.requestsPerSecond)} | ${ms(b.p95)} | **${ratio(a.requestsPerSecond, b.requestsPerSecond)}** | ${budgetCell(r)} |`;
  });
  const failure = failed(runs)
    ? '\n> **This run had failures** (failed requests or differing answers, see the scenario tables): its figures are not reliable.\n'
    : '';
  return `# Benchmarks

The catalogue's GraphQL and REST answers against a bare \`pg\` baseline answering the same rows, and
the storefront's first load in Chromium. Generated by \`npm run bench\` (\`bench/catalog-bench.ts\`):
do not edit by hand, rerun the bench (options: \`npm run bench -- --products N --seconds S --warmup S
--rounds R --concurrency C --browser-runs N --lighthouse-runs N\` (0: none; \`--browser-only\` or \`--lighthouse-only\`
measures that part alone against the 160 demo products, printing its figures without touching this file), or the variables \`BENCH_PRODUCTS\`,
\`BENCH_SECONDS\`, \`BENCH_WARMUP\`, \`BENCH_ROUNDS\`, \`BENCH_CONCURRENCY\`; \`BENCH_DATABASE_URL\` runs it
in a fresh database of that server instead of an embedded PostgreSQL). The scale run is
\`npm run bench -- --products 100000\`.
${failure}
**Budget (issue 8, at 100,000 products, 10 connections, this machine):** \`CatalogPage\` unfiltered
p95 under 50 ms and at least 200 req/s; with any filter p95 under 50 ms, a search alone under 30 ms;
product by id at least 2,000 req/s; SQL statements per request constant in page size. The budget
column says whether this run met it (it is meant for the 100,000-product run).

**Ratios are steadier than absolute numbers.** The machine is shared (other work may run on it
at the same time) and the load generator runs on the same cores as the servers and PostgreSQL,
so absolute requests/s move from run to run; both servers are measured in alternating windows
under the same conditions, so their ratio is far steadier.

## Summary (${info.products.toLocaleString('en-US')} products)

| Scenario | App req/s | App p50 ms | App p95 ms | App SQL/req | Baseline req/s | Baseline p95 ms | Ratio app/baseline | Budget |
|---|--:|--:|--:|--:|--:|--:|--:|---|
${summaryRows.join('\n')}

## Run

- Date: ${info.date.toISOString()}
- Machine: ${info.cpuModel}, ${info.cpuCount} logical CPUs, ${gb} GiB RAM, ${info.os}
- Node ${info.nodeVersion}; ${info.pgVersion}
- Database: ${info.database}; ${info.products} products (seeded by \`server/dist/scripts/seed-products.js --products ${info.products} --seed 2026\`, the code path of \`npm run seed\`), ${info.stockRows} size/stock rows, ${info.images} photo rows (file names only: no files are read)
- Load average (1/5/15 min) before: ${load(info.loadBefore)}; after: ${load(info.loadAfter)}
- Whole run (setup, all scenarios, teardown): ${info.totalSeconds.toFixed(0)} s

## Method

- **App:** \`node server/dist/main.js\` as a child process with \`NODE_ENV=development\` (production sends no \`Server-Timing\`; ADMIN_EMAIL/ADMIN_PASSWORD set),
  \`RATE_LIMITS=off\`, \`DATABASE_URL\` of the run's database; GraphQL requests are \`POST /graphql\` with a JSON body
  whose document is the storefront's own (\`CatalogPage\`, \`ProductList\`, \`ProductDetail\`, printed from the
  codegen output of \`client/src/store/*/api.ts\`), REST requests \`GET /api/productos?…\`. No \`Accept-Encoding\`:
  answers are not compressed. Its SQL statements per request come from its \`Server-Timing: db;desc="N queries";dur=MS\` header.
- **Baseline:** \`bench/baseline-server.ts\` (run with tsx), a bare \`node:http\` server with a \`pg.Pool\` (max 10,
  like the app's pool) that answers \`GET /products?…\` with ONE SQL statement in which PostgreSQL builds the
  whole JSON response (\`json_agg\`/\`json_build_object\`: total, the 24 newest matching products with the
  fields the app is asked for, and the six facet counts when the scenario asks for them, each facet counted
  with the other facets' filters; or the product page's fields; or the REST list in pesos); Node
  writes the text out untouched (PostgreSQL's json text puts spaces around \`:\` and after \`,\`, so its
  answers are a little larger than the app's compact JSON).
- Before measuring, each scenario's answers from both servers are compared (total, items, non-zero facet
  counts); they must be equal.
- **Load:** an in-process Node load generator (\`http.Agent({ keepAlive: true })\`), ${info.concurrency} concurrent
  connections in a closed loop over loopback, each request with a 30 s timeout. Per scenario: ${info.warmupSeconds} s
  warm-up per server, then ${info.seconds} s measured per server, split into ${info.rounds} alternating windows
  (app, baseline, baseline, app, …) so that background load hits both alike.
- A request counts only if it is HTTP 200 with a \`{"data":…}\` body and no \`errors\` member (REST: a JSON body); failures are counted.
- requests/s = successful answers / measured time; latency is per request as the client sees it (p50/p95/p99);
  CPU ms/request is the process CPU time (Linux \`/proc\`) of the server's Node process and of all PostgreSQL
  processes during the measured windows, divided by the answers.
- The load generator, both servers and PostgreSQL share the same machine and cores.

## Scenarios

${runs.map(scenarioTable).join('\n\n')}

## Reading

${reading(runs)}
${sections.map((section) => `\n## ${section.title}\n\n${section.body}\n`).join('')}`;
}

/** `npm run bench -- --browser-only`: the browser's section alone, with the run's machine. */
export function renderBrowserOnlyReport(
  section: ReportSection,
  machine: MachineInfo,
  pgVersion: string,
  loadBefore: number[],
  loadAfter: number[],
  totalSeconds: number,
): string {
  const gb = (machine.totalMemoryBytes / 1024 ** 3).toFixed(1);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  return `# Benchmarks: browser only (demo catalogue)

Written by \`npm run bench -- --browser-only\`: the storefront's figures in Chromium against the shop
with its 160 demo products, without the catalogue-load scenarios. \`npm run bench\` (BENCHMARKS.md)
measures the same at the run's catalogue size.

- Date: ${machine.date.toISOString()}
- Machine: ${machine.cpuModel}, ${machine.cpuCount} logical CPUs, ${gb} GiB RAM, ${machine.os}
- Node ${machine.nodeVersion}; ${pgVersion}
- Load average (1/5/15 min) before: ${load(loadBefore)}; after: ${load(loadAfter)}
- Whole run (setup, browser, teardown): ${totalSeconds.toFixed(0)} s

## ${section.title}

${section.body}
`;
}
