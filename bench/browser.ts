/**
 * The storefront's first load in Chromium (playwright-core, Debian's /usr/bin/chromium): a cold
 * load of #/inicio in a fresh browser context (empty cache), measured with the browser's own
 * PerformanceObserver entries (largest-contentful-paint, layout-shift, paint) and the network's
 * encoded sizes.
 *
 *   npx tsx bench/browser.ts http://127.0.0.1:4000 [runs]   (a shop already running)
 *
 * `npm run bench` runs it against a production build of its own (bench/catalog-bench.ts).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { ReportSection } from './report.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
export const BROWSER_PATH = '/#/inicio';

export interface LoadFigures {
  /** Largest Contentful Paint, ms from navigation start. */
  lcpMs: number;
  /** What the LCP element was (tag, and src or text start). */
  lcpElement: string;
  /** First Contentful Paint (or first paint when Chromium reports no FCP), ms. */
  fcpMs: number;
  /** Cumulative Layout Shift (largest session window: gaps under 1 s, at most 5 s). */
  cls: number;
  /** Scripts fetched by the load: bytes over the wire (encoded) and decoded. */
  jsTransferredBytes: number;
  jsDecodedBytes: number;
  /** The same scripts gzipped at level 9 (what `vite build` reports as "gzip"). */
  jsGzipBytes: number;
  scripts: number;
  /** Every response of the load, encoded bytes. */
  totalTransferredBytes: number;
  requests: number;
}

export interface BrowserRun {
  label: string;
  viewport: { width: number; height: number };
  throttled: boolean;
  runs: LoadFigures[];
}

/** Chrome DevTools' "Slow 4G" network preset and a 4× CPU slowdown (a mid-range phone). */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/**
 * Runs in the page once it has loaded: reads the buffered largest-contentful-paint, layout-shift
 * and paint entries (buffered observers deliver everything recorded since navigation).
 */
const READ_ENTRIES = () =>
  new Promise<{
    lcp: number;
    lcpElement: string;
    shifts: { t: number; v: number }[];
    fcp: number;
  }>((resolve) => {
    const out = { lcp: NaN, lcpElement: '', shifts: [] as { t: number; v: number }[], fcp: NaN };
    const paints = performance.getEntriesByType('paint');
    out.fcp =
      (
        paints.find((e) => e.name === 'first-contentful-paint') ??
        paints.find((e) => e.name === 'first-paint')
      )?.startTime ?? NaN;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        element?: Element | null;
        url?: string;
      })[]) {
        out.lcp = e.startTime;
        const el = e.element;
        out.lcpElement = el
          ? `${el.tagName.toLowerCase()}${e.url ? ` ${new URL(e.url).pathname}` : ` "${(el.textContent ?? '').trim().slice(0, 40)}"`}`
          : '(removed)';
      }
      // Buffered entries arrive in one callback: the layout shifts' has run or runs next.
      setTimeout(() => resolve(out), 100);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!e.hadRecentInput) out.shifts.push({ t: e.startTime, v: e.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(out), 5000);
  });

function sessionWindowCls(shifts: { t: number; v: number }[]): number {
  let best = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      current = 0;
      start = s.t;
    }
    current += s.v;
    last = s.t;
    best = Math.max(best, current);
  }
  return best;
}

async function oneLoad(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
  throttled: boolean,
): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport, locale: 'es-MX' });
  try {
    const page: Page = await context.newPage();
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    const responses: Promise<{ script: boolean; encoded: number; decoded: Buffer | null }>[] = [];
    page.on('response', (response) => {
      const script = response.request().resourceType() === 'script';
      responses.push(
        (async () => {
          const sizes = await response.request().sizes();
          const decoded = script ? await response.body().catch(() => null) : null;
          return { script, encoded: sizes.responseBodySize, decoded };
        })().catch(() => ({ script, encoded: 0, decoded: null })),
      );
    });
    await page.goto(new URL(BROWSER_PATH, baseUrl).toString(), { waitUntil: 'load' });
    // The grid's photos arrive after the scripts and the GraphQL answer: wait for them (a busy
    // CPU can leave the network idle for a while before the grid asks for them).
    await page
      .waitForFunction(
        () => {
          // Those in the first screen: the lazy ones below it are not fetched until scrolled to.
          const images = ([...document.querySelectorAll('main img')] as HTMLImageElement[]).filter(
            (i) => i.getBoundingClientRect().top < window.innerHeight,
          );
          return images.length > 0 && images.every((i) => i.complete);
        },
        null,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(throttled ? 1500 : 500);
    const perf = await page.evaluate(READ_ENTRIES);
    const all = await Promise.all(responses);
    const scripts = all.filter((r) => r.script);
    return {
      lcpMs: perf.lcp,
      lcpElement: perf.lcpElement,
      fcpMs: perf.fcp,
      cls: sessionWindowCls(perf.shifts),
      jsTransferredBytes: scripts.reduce((n, r) => n + r.encoded, 0),
      jsDecodedBytes: scripts.reduce((n, r) => n + (r.decoded?.length ?? 0), 0),
      jsGzipBytes: scripts.reduce(
        (n, r) => n + (r.decoded ? gzipSync(r.decoded, { level: 9 }).length : 0),
        0,
      ),
      scripts: scripts.length,
      totalTransferredBytes: all.reduce((n, r) => n + r.encoded, 0),
      requests: all.length,
    };
  } finally {
    await context.close();
  }
}

/** Cold loads of #/inicio: `runs` on a desktop screen, then one throttled phone load. */
export async function measureBrowser(
  baseUrl: string,
  runs = 3,
  log: (message: string) => void = console.log,
): Promise<BrowserRun[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    // One load to start the server's and PostgreSQL's caches: the measured loads are cold for
    // the browser only.
    await oneLoad(browser, baseUrl, { width: 1366, height: 768 }, false);
    const desktop: BrowserRun = {
      label: 'Desktop 1366×768, localhost',
      viewport: { width: 1366, height: 768 },
      throttled: false,
      runs: [],
    };
    for (let i = 0; i < runs; i += 1) {
      const figures = await oneLoad(browser, baseUrl, desktop.viewport, false);
      log(
        `navegador ${i + 1}/${runs}: LCP ${figures.lcpMs.toFixed(0)} ms (${figures.lcpElement}), CLS ${figures.cls.toFixed(3)}, JS ${(figures.jsTransferredBytes / 1024).toFixed(0)} KiB`,
      );
      desktop.runs.push(figures);
    }
    const phone: BrowserRun = {
      label: 'Phone 390×844, Slow 4G and 4× CPU slowdown',
      viewport: { width: 390, height: 844 },
      throttled: true,
      runs: [await oneLoad(browser, baseUrl, { width: 390, height: 844 }, true)],
    };
    log(
      `navegador (Slow 4G): FCP ${phone.runs[0]!.fcpMs.toFixed(0)} ms, LCP ${phone.runs[0]!.lcpMs.toFixed(0)} ms`,
    );
    return [desktop, phone];
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The BENCHMARKS.md section for the browser's figures. */
export function renderBrowserSection(results: BrowserRun[], buildNote: string): ReportSection {
  const rows = results.map((r) => {
    const m = (pick: (f: LoadFigures) => number) => median(r.runs.map(pick));
    const lcp = m((f) => f.lcpMs);
    const cls = m((f) => f.cls);
    const first = r.runs[0]!;
    const lcpTarget = r.throttled ? '' : lcp < 1000 ? ' (met)' : ' (**not met**)';
    const clsTarget = cls < 0.05 ? ' (met)' : ' (**not met**)';
    return `| ${r.label} | ${r.runs.length} | ${m((f) => f.fcpMs).toFixed(0)} | ${lcp.toFixed(0)}${lcpTarget} | ${first.lcpElement.replace(/\|/g, '\\|')} | ${cls.toFixed(3)}${clsTarget} | ${first.scripts} | ${kib(m((f) => f.jsTransferredBytes))} | ${kib(m((f) => f.jsGzipBytes))} | ${kib(m((f) => f.jsDecodedBytes))} | ${kib(m((f) => f.totalTransferredBytes))} | ${m((f) => f.requests).toFixed(0)} |`;
  });
  return {
    title: 'Browser: cold load of #/inicio',
    body: `Target (issue 8): LCP under 1.0 s on localhost (median of 3), CLS under 0.05, the shopper's initial
JavaScript under 200 KB gzip (the admin chunk is never loaded by a shopper).

| Load | runs | FCP ms | LCP ms (median) | LCP element | CLS | scripts | JS transferred (br/gzip) | JS gzip -9 | JS decoded | All transferred | requests |
|---|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|
${rows.join('\n')}

- Each load is a fresh browser context (empty HTTP cache) in Chromium (playwright-core, headless),
  after one unmeasured load that warms the server. LCP and CLS come from the page's own
  PerformanceObserver (\`largest-contentful-paint\`, \`layout-shift\` without recent input; CLS is the
  largest session window), read once the network has been quiet for 500 ms.
- JS transferred is the encoded size of every script response as the browser received it (brotli from
  the precompressed files); "JS gzip -9" gzips the same scripts, the figure \`vite build\` prints.
- The phone row throttles the network like DevTools' "Slow 4G" preset (562.5 ms latency, 1.44 Mbit/s
  down) and the CPU 4×; one run.
- ${buildNote}`,
  };
}

// Standalone: measure a shop that is already running.
if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:4000';
  const runs = Number(process.argv[3] ?? 3);
  const results = await measureBrowser(baseUrl, runs);
  console.log(renderBrowserSection(results, `Measured against ${baseUrl}.`).body);
}
