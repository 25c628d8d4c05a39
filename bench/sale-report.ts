import { percentile } from './load.js';
import type { ReportSection } from './report.js';
import { type CheckoutRun, SALE_MIX, type SaleRun } from './sale.js';
import { type KindStats, sorted } from './sale-workers.js';

/** The issue's aims (issue 16): reported as met or not, never asserted. */
export const CHECKOUT_MIN_RATIO = 0.5;
export const CHECKOUT_MIN_ORDERS_PER_SECOND = 100;
/**
 * Memory is "flat" when the mean VmRSS of the run's second half is within this share of the first
 * half's: a leak grows all along, while a warm-up's growth (heap sized to the load, JIT) happens at
 * the start.
 */
export const FLAT_MEMORY_GROWTH = 0.05;

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(x < 10 ? 2 : 1) : 'n/a');
const rate = (x: number) => (Number.isFinite(x) ? x.toFixed(x < 100 ? 1 : 0) : 'n/a');
const mib = (x: number | undefined) =>
  x !== undefined && Number.isFinite(x) ? x.toFixed(1) : 'n/a';

const empty: KindStats = { latencies: [], failures: 0, samples: [] };

function kindFigures(s: KindStats = empty, elapsedMs: number) {
  const l = sorted(s.latencies);
  return {
    ok: l.length,
    perSecond: elapsedMs > 0 ? (l.length / elapsedMs) * 1000 : NaN,
    p50: percentile(l, 50),
    p95: percentile(l, 95),
    p99: percentile(l, 99),
    failures: s.failures,
    samples: s.samples,
  };
}

export function checkoutFigures(run: CheckoutRun) {
  const app = kindFigures(run.app.stats.checkout, run.app.elapsedMs);
  const baseline = kindFigures(run.baseline.stats.checkout, run.baseline.elapsedMs);
  return { app, baseline, ratio: app.perSecond / baseline.perSecond };
}

export function checkoutFailed(run: CheckoutRun): boolean {
  return (['app', 'baseline'] as const).some((side) =>
    Object.values(run[side].stats).some((s) => s.failures > 0),
  );
}

export function saleFailed(run: SaleRun): boolean {
  return Object.values(run.stats).some((s) => s.failures > 0);
}

/** Mean VmRSS of the first and the second half of the run's one-second samples. */
export function memoryHalves(run: SaleRun): { first: number; second: number } | undefined {
  if (run.samples.length < 2) return undefined;
  const half = Math.floor(run.samples.length / 2);
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { first: avg(run.samples.slice(0, half)), second: avg(run.samples.slice(half)) };
}

export function memoryFlat(run: SaleRun): boolean | undefined {
  const halves = memoryHalves(run);
  return halves ? halves.second <= halves.first * (1 + FLAT_MEMORY_GROWTH) : undefined;
}

/** The shop's answers per second over the run, every kind together. */
export function answersPerSecond(run: SaleRun): number {
  const answers = Object.values(run.stats).reduce((n, s) => n + s.latencies.length, 0);
  return run.elapsedMs > 0 ? (answers / run.elapsedMs) * 1000 : NaN;
}

export function renderCheckoutSection(run: CheckoutRun): ReportSection {
  const f = checkoutFigures(run);
  const row = (name: string, side: 'app' | 'baseline', k: ReturnType<typeof kindFigures>) => {
    const cart = kindFigures(run[side].stats.cart, run[side].elapsedMs);
    return `| ${name} | ${rate(k.perSecond)} | ${ms(k.p50)} | ${ms(k.p95)} | ${ms(k.p99)} | ${ms(cart.p95)} | ${k.ok} | ${k.failures + cart.failures} |`;
  };
  const ratioMet = f.ratio >= CHECKOUT_MIN_RATIO;
  const rateMet = f.app.perSecond >= CHECKOUT_MIN_ORDERS_PER_SECOND;
  const samples = (['app', 'baseline'] as const).flatMap((side) =>
    Object.entries(run[side].stats).flatMap(([kind, s]) =>
      s.samples.map((m) => `- ${side} ${kind}: ${m.replace(/\n/g, ' ')}`),
    ),
  );
  return {
    title: `Checkout throughput (${run.shoppers} shoppers)`,
    body: `${run.shoppers} shoppers, each registered through the shop's \`Register\` mutation and signed in
(its session cookie) with one address, in a closed loop: \`AddToCart\` one unit of one of the
${run.stockRows} newest products, then \`Checkout\` with the coupon code \`BENCH10\` (10% off, every
order uses it: the client's own documents, client/src/shared/cart/api.ts and
client/src/store/orders/api.ts, plus the code), a fresh idempotency key per order.
The baseline (\`POST /cart\`, \`POST /checkout\` of bench/baseline-server.ts, bench/baseline-checkout.ts)
does the same at the SQL level with bare \`pg\`: the session looked up by its token's hash, the
cart line inserted, then one transaction that inserts the order, locks the cart lines and the stock
rows, checks and decrements stock, reads the coupon (with the customer's uses), prices with the
shop's \`orderTotals\`, inserts the order lines and the adjustments, marks the cart lines bought,
records the 'order.placed' event, writes the two order e-mails to the outbox, and last takes the
coupon's use (under the customer's advisory lock, as its per-customer limit needs: the
\`coupon_use\` row guarded by the customer's count).
The bench stock rows are
set to 1,000,000 units before every window, so stock never runs out. ${run.seconds} s per server in
${run.rounds} alternating window(s). orders/s = successful checkouts / measured time; latency is the
\`Checkout\` request's alone.

| Server | orders/s | checkout p50 ms | checkout p95 ms | checkout p99 ms | add-to-cart p95 ms | orders | failures |
|---|--:|--:|--:|--:|--:|--:|--:|
${row('App (GraphQL `AddToCart` + `Checkout`)', 'app', f.app)}
${row('Baseline (`node:http` + `pg`, same SQL)', 'baseline', f.baseline)}

**Ratio app/baseline: ${Number.isFinite(f.ratio) ? f.ratio.toFixed(2) : 'n/a'}.** Aim (issue 16): at least
${CHECKOUT_MIN_RATIO}× the baseline: ${ratioMet ? 'met' : '**not met**'}; at least ${CHECKOUT_MIN_ORDERS_PER_SECOND} orders/s:
${rateMet ? 'met' : '**not met**'}.
${samples.length > 0 ? `\nFailures (first few):\n\n${samples.join('\n')}\n` : ''}`,
  };
}

export function renderSaleSection(run: SaleRun): ReportSection {
  const kinds = SALE_MIX.map((m) => m.kind);
  const rows = kinds.map((kind) => {
    const k = kindFigures(run.stats[kind], run.elapsedMs);
    const what = SALE_MIX.find((m) => m.kind === kind)?.what ?? kind;
    return `| ${kind} | ${what} | ${rate(k.perSecond)} | ${ms(k.p50)} | ${ms(k.p95)} | ${ms(k.p99)} | ${k.ok} | ${k.failures} |`;
  });
  const failures = Object.values(run.stats).reduce((n, s) => n + s.failures, 0);
  const flat = memoryFlat(run);
  const peak = run.samples.length > 0 ? Math.max(...run.samples) : NaN;
  const samples = Object.entries(run.stats).flatMap(([kind, s]) =>
    s.samples.map((m) => `- ${kind}: ${m.replace(/\n/g, ' ')}`),
  );
  const halves = memoryHalves(run);
  const growth =
    run.before && run.after ? ((run.after.rss / run.before.rss - 1) * 100).toFixed(1) : 'n/a';
  return {
    title: `Sale day (${run.shoppers} shoppers, ${run.seconds} s)`,
    body: `${run.shoppers} virtual shoppers against the app alone for ${run.seconds} s, each in a closed loop with a
think time of 0–${2 * run.thinkMs} ms (uniform) before every action, chosen by weight; the first
${run.signedIn} are the signed-in shoppers of the checkout run (they fill carts and check out), the
others browse (their cart actions become product pages). A checkout's add-to-cart counts in the
\`cart\` row. The kinds, weights and figures:

| Kind | What | per s | p50 ms | p95 ms | p99 ms | answers | errors |
|---|---|--:|--:|--:|--:|--:|--:|
${rows.join('\n')}

Weights: ${SALE_MIX.map((m) => `${m.kind} ${m.weight}`).join(', ')}. Errors in all: **${failures}** (aim: none).
Answers per second, all kinds: **${rate(answersPerSecond(run))}**.

**Memory** of the app's process (\`/proc/<pid>/status\`, MiB): VmRSS before ${mib(run.before?.rss)}, after
${mib(run.after?.rss)} (${growth} %), peak during the run ${mib(peak)}; VmHWM after ${mib(run.after?.hwm)}; mean VmRSS of the
run's first half ${mib(halves?.first)}, of its second half ${mib(halves?.second)} (sampled every second).
Memory flat (second half's mean within ${FLAT_MEMORY_GROWTH * 100} % of the first half's: a leak keeps growing,
a warm-up does not): ${flat === undefined ? 'n/a' : flat ? '**yes**' : '**no**'}. (The V8 heap of a child process is not readable
from outside; RSS includes it.)
${samples.length > 0 ? `\nErrors (first few):\n\n${samples.join('\n')}\n` : ''}`,
  };
}
