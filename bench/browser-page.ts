/**
 * One page load in Chromium, measured with the browser's own performance entries:
 * largest-contentful-paint, layout-shift and paint (the profiles: bench/browser-profile.ts; an
 * interaction: bench/browser-interaction.ts).
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Profile } from './browser-profile.js';

export interface LoadFigures {
  /** The URL path loaded (`/`, `/p/42-…`). */
  path: string;
  /** HTTP status of the document. */
  status: number;
  /** Set when the page did not show what it should (the measured figures are then not valid). */
  problem: string | undefined;
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
  /** Every response of the page (service worker's own fetches aside), encoded bytes. */
  totalTransferredBytes: number;
  requests: number;
  /** Whether the document was fetched through a service worker (a repeat visit from its cache). */
  serviceWorker: boolean;
  /** Where the time went (Navigation and Resource Timing, ms from navigation start). */
  timeline: Timeline;
}

export interface Timeline {
  /**
   * The document fully arrived (responseEnd: DevTools' throttling delays the body, not the
   * timing of the headers, so responseStart would not show the emulated latency).
   */
  documentInMs: number;
  /** The last script (or modulepreload) of the load fully arrived. */
  scriptsDoneMs: number;
  /** The first `/graphql` request left (NaN: none). */
  firstGraphqlMs: number;
  graphqlRequests: number;
  /** The LCP element's resource (a photo): requested and fully arrived (NaN: text). */
  lcpRequestMs: number;
  lcpResponseEndMs: number;
}
/**
 * Runs in the page once it has loaded: reads the buffered largest-contentful-paint, layout-shift
 * and paint entries (buffered observers deliver everything recorded since navigation).
 */
const READ_ENTRIES = () =>
  new Promise<{
    lcp: number;
    lcpElement: string;
    lcpUrl: string;
    shifts: { t: number; v: number }[];
    fcp: number;
    serviceWorker: boolean;
    timeline: Timeline;
  }>((resolve) => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const graphql = resources.filter((r) => new URL(r.name).pathname === '/graphql');
    const scripts = resources.filter(
      (r) => r.initiatorType === 'script' || /\.m?js(\?|$)/.test(new URL(r.name).pathname),
    );
    const out = {
      lcp: NaN,
      lcpElement: '',
      lcpUrl: '',
      shifts: [] as { t: number; v: number }[],
      fcp: NaN,
      // The document itself came through a service worker (not one that took control later).
      serviceWorker: (navigation?.workerStart ?? 0) > 0,
      timeline: {
        documentInMs: navigation?.responseEnd ?? NaN,
        scriptsDoneMs: scripts.length ? Math.max(...scripts.map((r) => r.responseEnd)) : NaN,
        firstGraphqlMs: graphql.length ? Math.min(...graphql.map((r) => r.startTime)) : NaN,
        graphqlRequests: graphql.length,
        lcpRequestMs: NaN,
        lcpResponseEndMs: NaN,
      },
    };
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
        out.lcpUrl = e.url ?? '';
        const el = e.element;
        out.lcpElement = el
          ? `${el.tagName.toLowerCase()}${e.url ? ` ${new URL(e.url).pathname}` : ` "${(el.textContent ?? '').trim().slice(0, 40)}"`}`
          : // No longer in the page: the screen the server drew, replaced by the app's render.
            `${e.url ? `img ${new URL(e.url).pathname} ` : ''}(drawn by the server, since replaced)`;
      }
      const photo = out.lcpUrl ? resources.find((r) => r.name === out.lcpUrl) : undefined;
      if (photo) {
        out.timeline.lcpRequestMs = photo.startTime;
        out.timeline.lcpResponseEndMs = photo.responseEnd;
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

export function sessionWindowCls(shifts: { t: number; v: number }[]): number {
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

/**
 * Loads `path` in `page` and measures it once the first screen's photos are in and the network
 * has been quiet. `shows` is a selector the page must show (else `problem` says so).
 */
export async function measureLoad(
  page: Page,
  baseUrl: string,
  path: string,
  profile: Profile,
  shows?: { selector: string; what: string },
): Promise<LoadFigures> {
  const responses: Promise<{ script: boolean; encoded: number; decoded: Buffer | null }>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const script = response.request().resourceType() === 'script';
    responses.push(
      (async () => {
        const sizes = await response.request().sizes();
        const decoded = script ? await response.body().catch(() => null) : null;
        // Answered from the HTTP cache or a service worker: nothing came over the network.
        return { script, encoded: Math.max(0, sizes.responseBodySize), decoded };
      })().catch(() => ({ script, encoded: 0, decoded: null })),
    );
  };
  page.on('response', onResponse);
  try {
    const response = await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'load' });
    const status = response?.status() ?? 0;
    let problem: string | undefined = status === 200 ? undefined : `HTTP ${status}`;
    if (!problem && shows) {
      problem = await page
        .locator(shows.selector)
        .first()
        .waitFor({ timeout: 30_000 })
        .then(() => undefined)
        .catch(() => `the page did not show ${shows.what}`);
    }
    // The first screen's photos may arrive after the scripts and the data: wait for them (a busy
    // CPU can leave the network idle for a while before the page asks for them).
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
        { timeout: problem ? 1 : 30_000 },
      )
      .catch(() => undefined);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(profile.throttled ? 1500 : 500);
    const perf = await page.evaluate(READ_ENTRIES);
    const all = await Promise.all(responses);
    const scripts = all.filter((r) => r.script);
    return {
      path,
      status,
      problem,
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
      serviceWorker: perf.serviceWorker,
      timeline: perf.timeline,
    };
  } finally {
    page.off('response', onResponse);
  }
}

/**
 * Waits until the page's service worker (if it registered one) is active, so that the next
 * visit can be served by it; gives up after `timeoutMs`. Says whether one is active.
 */
export async function serviceWorkerReady(page: Page, timeoutMs = 60_000): Promise<boolean> {
  return page.evaluate(async (timeout) => {
    if (!('serviceWorker' in navigator)) return false;
    // A shop may register its worker a little after the load (on idle): look for 5 s.
    let registration = await navigator.serviceWorker.getRegistration();
    for (let i = 0; i < 10 && !registration; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      registration = await navigator.serviceWorker.getRegistration();
    }
    if (!registration) return false;
    const ready = await Promise.race([
      navigator.serviceWorker.ready.then((r) => r.active),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), timeout)),
    ]);
    if (!ready) return false;
    if (ready.state === 'activated') return true;
    return new Promise<boolean>((resolve) => {
      ready.addEventListener('statechange', () => resolve(ready.state === 'activated'));
      setTimeout(() => resolve(ready.state === 'activated'), timeout);
    });
  }, timeoutMs);
}
