/**
 * One page load or one interaction in Chromium, measured with the browser's own performance
 * entries: largest-contentful-paint, layout-shift and paint for a load, Event Timing for an
 * interaction (INP). The phone profile throttles the page and the context's service workers.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

export interface Profile {
  key: 'desktop' | 'phone';
  label: string;
  viewport: { width: number; height: number };
  /** A phone: mobile viewport (meta viewport honoured), touch and a phone's user agent. */
  mobile: boolean;
  deviceScaleFactor: number;
  throttled: boolean;
}

export const DESKTOP: Profile = {
  key: 'desktop',
  label: 'Desktop 1366×768, localhost',
  viewport: { width: 1366, height: 768 },
  mobile: false,
  deviceScaleFactor: 1,
  throttled: false,
};

/** Chrome on a mid-range Android phone. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export const PHONE: Profile = {
  key: 'phone',
  label: 'Phone 390×844, Slow 4G, 4× CPU',
  viewport: { width: 390, height: 844 },
  mobile: true,
  deviceScaleFactor: 2,
  throttled: true,
};

/**
 * Chrome DevTools' "Slow 4G" network preset, as DevTools defines it (bytes/s): 562.5 ms latency,
 * 1.6 Mbit/s × 0.9 = 1.44 Mbit/s down, 750 kbit/s × 0.9 = 675 kbit/s up.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
};
/** DevTools' "4× slowdown" of the page's main thread (a mid-range phone). */
export const CPU_SLOWDOWN = 4;

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

export interface InteractionFigures {
  /**
   * The interaction's duration (Event Timing: the longest entry with its interactionId, from the
   * input to the next paint), ms; 0 when no entry reached the 16 ms threshold.
   */
  inpMs: number;
  /** The entries' names and durations, for the report ("pointerdown 24, click 96"). */
  entries: string;
  /** Where the interaction's time went: input delay, handlers, to the next paint (`breakdown`). */
  breakdown: string;
  /** From the input to the outcome on screen (drawer open, notification shown), ms. */
  outcomeMs: number;
  problem: string | undefined;
}

/** An interaction that could not be measured, and why. */
export function failedInteraction(problem: string): InteractionFigures {
  return { inpMs: NaN, entries: '', breakdown: '', outcomeMs: NaN, problem };
}

const BUDGET_MS = 60_000;

/**
 * Throttles the service workers of the phone contexts too: `Network.emulateNetworkConditions`
 * acts on one target, and a service worker is a target of its own whose fetches (precache,
 * network-first answers) would otherwise run at localhost speed. Attached through the browser's
 * session (non-flat, the only way Playwright's API leaves open), as soon as each worker appears.
 */
export class WorkerThrottle {
  private readonly contexts = new Set<string>();
  private readonly attached = new Set<string>();
  /** Service workers throttled so far (for the log). */
  throttled = 0;
  private nextId = 1;

  private constructor(private readonly session: CDPSession) {}

  static async start(browser: Browser): Promise<WorkerThrottle> {
    const session = await browser.newBrowserCDPSession();
    const throttle = new WorkerThrottle(session);
    session.on('Target.targetCreated', ({ targetInfo }) => void throttle.consider(targetInfo));
    session.on('Target.targetInfoChanged', ({ targetInfo }) => void throttle.consider(targetInfo));
    await session.send('Target.setDiscoverTargets', { discover: true });
    return throttle;
  }

  /** Throttles the workers of the context `page` belongs to (those running and those to come). */
  async add(pageSession: CDPSession): Promise<void> {
    const { targetInfo } = await pageSession.send('Target.getTargetInfo');
    if (!targetInfo.browserContextId) return;
    this.contexts.add(targetInfo.browserContextId);
    const { targetInfos } = await this.session.send('Target.getTargets');
    await Promise.all(targetInfos.map((info) => this.consider(info)));
  }

  private async consider(info: {
    targetId: string;
    type: string;
    browserContextId?: string;
  }): Promise<void> {
    if (info.type !== 'service_worker' || !info.browserContextId) return;
    if (!this.contexts.has(info.browserContextId) || this.attached.has(info.targetId)) return;
    this.attached.add(info.targetId);
    try {
      const { sessionId } = await this.session.send('Target.attachToTarget', {
        targetId: info.targetId,
        flatten: false,
      });
      for (const [method, params] of [
        ['Network.enable', {}],
        ['Network.emulateNetworkConditions', SLOW_4G],
      ] as const) {
        const message = JSON.stringify({ id: this.nextId++, method, params });
        await this.session.send('Target.sendMessageToTarget', { sessionId, message });
      }
      this.throttled += 1;
    } catch {
      // The worker ended before it could be attached to: nothing left to throttle.
    }
  }
}

/** A page of `context` with the profile's throttling (page and service workers). */
export async function openProfilePage(
  context: BrowserContext,
  profile: Profile,
  workers: WorkerThrottle,
): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(BUDGET_MS);
  if (profile.throttled) await throttle(page, workers);
  return page;
}

export async function throttle(page: Page, workers: WorkerThrottle): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await workers.add(cdp);
}

export function newProfileContext(browser: Browser, profile: Profile): Promise<BrowserContext> {
  return browser.newContext({
    viewport: profile.viewport,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
    deviceScaleFactor: profile.deviceScaleFactor,
    // What a phone's Chrome sends (the server draws the first screen for a phone's layout).
    ...(profile.mobile ? { userAgent: PHONE_USER_AGENT } : {}),
    locale: 'es-MX',
  });
}

/** An Event Timing entry of an interaction, as recorded in the page. */
interface RecordedEvent {
  id: number;
  name: string;
  duration: number;
  start: number;
  processingStart: number;
  processingEnd: number;
}

/**
 * Installed before any script of each page: records Event Timing entries (the INP method:
 * durationThreshold 16, buffered) and the last pointerdown's time, for the interactions.
 */
const RECORD_EVENTS = () => {
  const w = window as unknown as {
    __benchEvents: RecordedEvent[];
    __benchPointerDown: number;
  };
  w.__benchEvents = [];
  w.__benchPointerDown = NaN;
  addEventListener('pointerdown', (e) => (w.__benchPointerDown = e.timeStamp), true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
        if (e.interactionId) {
          const timing = e as PerformanceEventTiming;
          w.__benchEvents.push({
            id: e.interactionId,
            name: e.name,
            duration: e.duration,
            start: e.startTime,
            processingStart: timing.processingStart,
            processingEnd: timing.processingEnd,
          });
        }
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  } catch {
    // No Event Timing: the interactions report a problem.
  }
};

export async function recordInteractions(context: BrowserContext): Promise<void> {
  await context.addInitScript(RECORD_EVENTS);
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

/**
 * Where one interaction's time went: from the input to its first handler (input delay), in its
 * handlers (each event's processing), and from the last handler's end to the next paint
 * (rendering, style, layout, paint).
 */
function breakdown(events: RecordedEvent[]): string {
  if (events.length === 0) return '';
  const round = (x: number) => Math.round(x);
  const start = Math.min(...events.map((e) => e.start));
  const end = Math.max(...events.map((e) => e.start + e.duration));
  const handlers = events.map((e) => `${e.name} ${round(e.processingEnd - e.processingStart)}`);
  return (
    `input delay ${round(Math.min(...events.map((e) => e.processingStart)) - start)} ms, ` +
    `handlers ${round(events.reduce((n, e) => n + e.processingEnd - e.processingStart, 0))} ms ` +
    `(${handlers.join(', ')}), ` +
    `to the next paint ${round(end - Math.max(...events.map((e) => e.processingEnd)))} ms`
  );
}

/**
 * Clicks `target` with real input and measures the interaction: Event Timing entries recorded
 * since the click (see RECORD_EVENTS; the context must record them), and the time until
 * `outcome` (run in the page, polled on each frame) answers the `performance.now()` at which it
 * saw the expected result.
 */
export async function measureInteraction(
  page: Page,
  click: () => Promise<void>,
  outcome: () => number | false,
  what: string,
): Promise<InteractionFigures> {
  const from = await page.evaluate(() => {
    const w = window as unknown as { __benchEvents?: unknown[]; __benchPointerDown: number };
    w.__benchPointerDown = NaN;
    return w.__benchEvents?.length ?? -1;
  });
  if (from < 0) {
    return failedInteraction('no Event Timing recorder');
  }
  await click();
  let problem: string | undefined;
  const shownAt = await page
    .waitForFunction(outcome, null, { polling: 'raf', timeout: 30_000 })
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => {
      problem = `${what} did not happen`;
      return NaN;
    });
  // Event Timing entries are queued after the next paint: give them time to be delivered.
  await page.waitForTimeout(1000);
  const recorded = await page.evaluate((start) => {
    const w = window as unknown as {
      __benchEvents: RecordedEvent[];
      __benchPointerDown: number;
    };
    return { events: w.__benchEvents.slice(start), pointerDown: w.__benchPointerDown };
  }, from);
  // One interaction per id; the click's is the longest of them (pointerdown, pointerup and
  // click share one id), and so is the INP of this page.
  const byId = new Map<number, number>();
  for (const e of recorded.events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
  const inpMs = Math.max(0, ...byId.values());
  const firstStart = recorded.events[0]?.start ?? NaN;
  const inputAt = Number.isFinite(recorded.pointerDown) ? recorded.pointerDown : firstStart;
  const longestId = [...byId].find(([, duration]) => duration === inpMs)?.[0];
  const round = (x: number) => Math.round(x);
  return {
    inpMs,
    entries: recorded.events.map((e) => `${e.name} ${round(e.duration)}`).join(', '),
    breakdown: breakdown(recorded.events.filter((e) => e.id === longestId)),
    outcomeMs: shownAt - inputAt,
    problem,
  };
}
