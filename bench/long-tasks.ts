/**
 * The main thread's long tasks of a cold phone load (issue 27 item 2: TBT under 200 ms), from
 * Chromium's own PerformanceObserver ('longtask', buffered) with the CPU slowed 4× through CDP
 * (Lighthouse's mobile preset), no network throttling: per route, the median over the runs of
 * the long tasks' total time, of their blocking time (each task's time past 50 ms, as TBT counts
 * it, from navigation to idle), the longest task, and when the app's first render was in the page
 * (#root has children). Less noisy on a loaded machine than Lighthouse's simulated TBT, but still
 * a timing: compare builds in the same sitting. Against a running shop (production build):
 *
 *   npx tsx bench/long-tasks.ts http://127.0.0.1:4335 [runs]
 *
 * It also measures the first tap on `/` (the menu button, 4 s after the load, as a shopper who
 * looked before tapping): over the drawn screen the app runs only then (client/src/main.tsx),
 * so this is where its cost went: ms from the tap to the menu's dialog on screen, and the
 * blocking time of the long tasks in between.
 */
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { COLD_PHONE_CONTEXT } from './browser-profile.js';
import { pickProduct } from './browser.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LongTaskFigures {
  route: string;
  /** Sum of the long tasks' durations, ms. */
  total: number;
  /** Sum of each long task's time past 50 ms, ms. */
  blocking: number;
  longest: number;
  count: number;
  /** ms from navigation to the app's first render in #root (undefined: not rendered). */
  appRendered: number | undefined;
  /** Each long task as start+duration ms (one run; printed with VERBOSE=1). */
  starts?: string;
}

declare global {
  interface Window {
    __longTasks: { start: number; duration: number }[];
    __appRendered: number | undefined;
  }
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;

/**
 * A cold phone context and page, its CPU slowed 4× (CDP), recording from the start its long tasks
 * (`window.__longTasks`) and when the app's first render was in #root (`window.__appRendered`).
 */
async function throttledPhonePage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(COLD_PHONE_CONTEXT);
  await context.addInitScript(() => {
    window.__longTasks = [];
    window.__appRendered = undefined;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const poll = setInterval(() => {
      if ((document.getElementById('root')?.childElementCount ?? 0) === 0) return;
      window.__appRendered = performance.now();
      clearInterval(poll);
    }, 10);
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

export async function measureLongTasks(
  baseUrl: string,
  routes: string[],
  runs: number,
): Promise<LongTaskFigures[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const out: LongTaskFigures[] = [];
  try {
    for (const route of routes) {
      const samples: LongTaskFigures[] = [];
      for (let run = 0; run < runs; run++) {
        const { context, page } = await throttledPhonePage(browser);
        await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
        await page.waitForTimeout(3000);
        const { tasks, rendered } = await page.evaluate(() => ({
          tasks: window.__longTasks,
          rendered: window.__appRendered,
        }));
        samples.push({
          route,
          total: tasks.reduce((sum, task) => sum + task.duration, 0),
          blocking: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
          longest: Math.max(0, ...tasks.map((task) => task.duration)),
          starts: tasks
            .map((task) => `${Math.round(task.start)}+${Math.round(task.duration)}`)
            .join(' '),
          count: tasks.length,
          appRendered: rendered,
        });
        if (process.env.VERBOSE) console.error(route, samples.at(-1));
        await context.close();
      }
      const rendered = samples.flatMap((s) => (s.appRendered === undefined ? [] : [s.appRendered]));
      out.push({
        route,
        total: median(samples.map((s) => s.total)),
        blocking: median(samples.map((s) => s.blocking)),
        longest: median(samples.map((s) => s.longest)),
        count: median(samples.map((s) => s.count)),
        appRendered: rendered.length === samples.length ? median(rendered) : undefined,
      });
    }
  } finally {
    await browser.close();
  }
  return out;
}

export function renderLongTaskTable(rows: readonly LongTaskFigures[], runs: number): string {
  const ms = (n: number | undefined) => (n === undefined ? '—' : Math.round(n).toString());
  return `| Route (phone 390×844, 4× CPU, median of ${runs}) | long tasks | total ms | blocking ms (past 50) | longest ms | app rendered at ms |
|---|--:|--:|--:|--:|--:|
${rows
  .map(
    (r) =>
      `| \`${r.route}\` | ${r.count} | ${ms(r.total)} | ${ms(r.blocking)} | ${ms(r.longest)} | ${ms(r.appRendered)} |`,
  )
  .join('\n')}`;
}

export interface FirstTapFigures {
  /** ms from the tap to the menu's dialog on screen. */
  toDialog: number;
  /** The blocking time (past 50 ms) of the long tasks from the tap to the dialog. */
  blocking: number;
}

/** The first tap on `/`'s menu button, 4 s after a cold phone load at 4× CPU (median of runs). */
export async function measureFirstTap(baseUrl: string, runs: number): Promise<FirstTapFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const samples: FirstTapFigures[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const { context, page } = await throttledPhonePage(browser);
      await page.goto(new URL('/', baseUrl).href, { waitUntil: 'networkidle' });
      await page.waitForTimeout(4000);
      const tappedAt = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: 'Abrir menú' }).first().tap();
      const shownAt = await page
        .waitForFunction(
          () => {
            const dialog = document.querySelector('[role="dialog"]');
            return dialog && dialog.getBoundingClientRect().width > 0 ? performance.now() : false;
          },
          null,
          { polling: 'raf', timeout: 30_000 },
        )
        .then((handle) => handle.jsonValue() as Promise<number>);
      const tasks = await page.evaluate(() => window.__longTasks);
      samples.push({
        toDialog: shownAt - tappedAt,
        blocking: tasks
          .filter((task) => task.start >= tappedAt && task.start < shownAt)
          .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    toDialog: median(samples.map((s) => s.toDialog)),
    blocking: median(samples.map((s) => s.blocking)),
  };
}

async function main() {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:4000';
  const runs = Number(process.argv[3] ?? 3);
  const product = await pickProduct(baseUrl);
  const routes = [
    '/',
    product.sharePath,
    `/#/producto/${product.id}`,
    '/#/promociones',
    '/#/iniciar-sesion',
  ];
  console.log(renderLongTaskTable(await measureLongTasks(baseUrl, routes, runs), runs));
  const tap = await measureFirstTap(baseUrl, runs);
  console.log(
    `\nFirst tap on \`/\` ('Abrir menú', 4 s after the load, 4× CPU, median of ${runs}): ` +
      `dialog on screen ${Math.round(tap.toDialog)} ms after the tap, ` +
      `blocking ${Math.round(tap.blocking)} ms in between.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
