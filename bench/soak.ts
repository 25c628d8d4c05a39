/**
 * The soak (issue 23, item 7; off by default, `npm run bench -- --soak`): the sale day's traffic
 * (bench/sale.ts, `runSaleDay`) for `--soak-minutes` (10), with the app's memory sampled every
 * 2 s: VmRSS from /proc and the V8 heap from the app itself (bench/memory-probe.mjs, loaded into
 * the app's process only when the soak runs). A warm-up's growth (heap sized to the load, code
 * compiled, caches filling to their bounds) happens early and stops; a leak keeps growing. So the
 * verdict is the least-squares slope of memory over the run's last 5 minutes (its second half when
 * shorter), in MB per minute, against LEAK_SLOPE_MB_PER_MIN.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { ReportSection } from './report.js';
import { runSaleDay, type SaleInputs, type SaleRun } from './sale.js';
import type { BenchStock, Shopper } from './sale-shoppers.js';
import { memoryOf } from './sale-workers.js';

/**
 * Above this slope (MB/min) over the last 5 minutes, RSS or heap is called a leak: 1 MB/min is
 * 1.4 GB a day, which a shop restarted only on deploys cannot afford; a warm-up's slope over its
 * last minutes is near 0 (the heap's sawtooth averages out over 150 samples).
 */
export const LEAK_SLOPE_MB_PER_MIN = 1;
/** The window the slope is taken over. */
export const SLOPE_WINDOW_MINUTES = 5;
const SAMPLE_EVERY_MS = 2_000;

export interface MemorySample {
  /** Minutes since the soak's start. */
  minute: number;
  /** MiB, like the rest of the report. */
  rss: number;
  heapUsed: number | undefined;
  heapTotal: number | undefined;
  /** Memory outside the V8 heap that JavaScript holds (Buffers: sockets, pg, zlib). */
  external: number | undefined;
}

export interface SoakRun {
  minutes: number;
  sale: SaleRun;
  samples: MemorySample[];
}

/** Least-squares slope of y over x; NaN for fewer than two points. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

/** The app's heap as bench/memory-probe.mjs last wrote it (MiB), or undefined. */
function heapOf(
  file: string,
): { heapUsed: number; heapTotal: number; external: number } | undefined {
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as {
      heapUsed: number;
      heapTotal: number;
      external: number;
    };
    return {
      heapUsed: m.heapUsed / 2 ** 20,
      heapTotal: m.heapTotal / 2 ** 20,
      external: m.external / 2 ** 20,
    };
  } catch {
    return undefined;
  }
}

export async function runSoak(options: {
  port: number;
  pid: number | undefined;
  memoryFile: string;
  shoppers: readonly Shopper[];
  total: number;
  inputs: SaleInputs;
  stock: readonly BenchStock[];
  databaseUrl: string;
  minutes: number;
  thinkMs: number;
  signal: AbortSignal;
  log: (message: string) => void;
}): Promise<SoakRun> {
  const samples: MemorySample[] = [];
  const start = performance.now();
  const sample = () => {
    const rss = memoryOf(options.pid)?.rss;
    if (rss === undefined) return;
    const heap = heapOf(options.memoryFile);
    samples.push({
      minute: (performance.now() - start) / 60_000,
      rss,
      heapUsed: heap?.heapUsed,
      heapTotal: heap?.heapTotal,
      external: heap?.external,
    });
  };
  options.log(`soak: ${options.total} compradores, ${options.minutes} min`);
  sample();
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  let sale: SaleRun;
  try {
    sale = await runSaleDay({
      port: options.port,
      pid: options.pid,
      shoppers: options.shoppers,
      total: options.total,
      inputs: options.inputs,
      stock: options.stock,
      databaseUrl: options.databaseUrl,
      seconds: Math.round(options.minutes * 60),
      warmup: 0,
      thinkMs: options.thinkMs,
      signal: options.signal,
      log: options.log,
    });
  } finally {
    clearInterval(sampler);
  }
  sample();
  return { minutes: options.minutes, sale, samples };
}

/**
 * Slopes (MiB/min) over the last window, and the verdict: a leak when VmRSS or the heap in use
 * grows faster than LEAK_SLOPE_MB_PER_MIN. Which one grows says where to look: the heap in use is
 * JavaScript's live objects; VmRSS growing while it stays flat is the heap's reserved space (heap
 * total), Buffers (external) or native memory.
 */
export function soakVerdict(run: SoakRun) {
  const end = run.samples.at(-1)?.minute ?? 0;
  const window = Math.min(SLOPE_WINDOW_MINUTES, end / 2);
  const last = run.samples.filter((s) => s.minute >= end - window);
  const of = (field: 'heapUsed' | 'heapTotal' | 'external') =>
    slope(last.filter((s) => s[field] !== undefined).map((s) => ({ x: s.minute, y: s[field]! })));
  const rss = slope(last.map((s) => ({ x: s.minute, y: s.rss })));
  const heap = of('heapUsed');
  const leak =
    !Number.isFinite(rss) || !Number.isFinite(heap)
      ? undefined
      : rss > LEAK_SLOPE_MB_PER_MIN || heap > LEAK_SLOPE_MB_PER_MIN;
  return {
    window,
    points: last.length,
    rss,
    heap,
    heapTotal: of('heapTotal'),
    external: of('external'),
    leak,
    /** Which grows: 'heap' (live JavaScript objects) or 'rss' (outside the live heap). */
    growing: leak ? (heap > LEAK_SLOPE_MB_PER_MIN ? 'heap' : 'rss') : undefined,
  };
}

const mib = (x: number | undefined) =>
  x !== undefined && Number.isFinite(x) ? x.toFixed(1) : 'n/a';
const perMin = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

export function renderSoakSection(run: SoakRun): ReportSection {
  const v = soakVerdict(run);
  const at = (minute: number) =>
    run.samples.reduce<MemorySample | undefined>(
      (best, s) =>
        best === undefined || Math.abs(s.minute - minute) < Math.abs(best.minute - minute)
          ? s
          : best,
      undefined,
    );
  const marks = [0, 1, 2, 5, run.minutes].filter(
    (m, i, all) => m <= run.minutes && all.indexOf(m) === i,
  );
  const rows = marks.map((m) => {
    const s = at(m);
    return `| ${m} | ${mib(s?.rss)} | ${mib(s?.heapUsed)} | ${mib(s?.heapTotal)} | ${mib(s?.external)} |`;
  });
  const answers = Object.values(run.sale.stats).reduce((n, s) => n + s.latencies.length, 0);
  const errors = Object.values(run.sale.stats).reduce((n, s) => n + s.failures, 0);
  return {
    title: `Soak (${run.minutes} min of the sale day's traffic)`,
    body: `The sale day's ${run.sale.shoppers} shoppers (same mix and think time) for ${run.minutes} min against the app,
its memory sampled every ${SAMPLE_EVERY_MS / 1000} s: VmRSS from \`/proc/<pid>/status\`, the V8 heap from
\`process.memoryUsage()\` inside the app (bench/memory-probe.mjs, loaded only for the soak). ${answers} answers,
${errors} errors, ${rate(answers / (run.sale.elapsedMs / 1000))} answers/s.

| Minute | VmRSS MiB | heap used MiB | heap total MiB | external MiB |
|--:|--:|--:|--:|--:|
${rows.join('\n')}

Warm-up or leak: a warm-up's growth stops; a leak's does not. The least-squares slope over the
last ${v.window.toFixed(1)} min (${v.points} samples): VmRSS **${perMin(v.rss)} MiB/min**, heap used
**${perMin(v.heap)} MiB/min** (heap total ${perMin(v.heapTotal)}, external ${perMin(v.external)}); a leak is a
slope above ${LEAK_SLOPE_MB_PER_MIN} MiB/min in VmRSS or heap used (1.4 GB a day). Verdict: ${verdictText(v)}.
`,
  };
}

const rate = (x: number) => (Number.isFinite(x) ? x.toFixed(x < 100 ? 1 : 0) : 'n/a');

function verdictText(v: ReturnType<typeof soakVerdict>): string {
  if (v.leak === undefined) return 'n/a';
  if (!v.leak) return '**flat: warm-up only**';
  return v.growing === 'heap'
    ? '**growing: the heap in use keeps growing (a leak of JavaScript objects)**'
    : '**growing: VmRSS keeps growing while the heap in use does not (heap reservations, Buffers ' +
        'or native memory; a longer soak tells whether it levels off)**';
}
