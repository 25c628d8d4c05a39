/**
 * The browser profiles the storefront is measured with (a desktop, a throttled phone) and their
 * pages and contexts: the phone profile throttles the page and the context's service workers.
 */
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

/** A cold phone load's context (390×844 @2×, touch, no service worker) for the route benches. */
export const COLD_PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_USER_AGENT,
  serviceWorkers: 'block',
} as const;

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
