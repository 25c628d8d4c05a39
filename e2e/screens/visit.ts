// Every screen of the registry (e2e/screens/*.ts), visited at both widths (VIEWPORTS) with its
// session: the screenshot tool (e2e/screenshots.ts) captures each one, the axe pass
// (e2e/support/axe-screens.ts) checks each one. A screen added to the registry is visited
// by both.
import type { Browser, Page } from 'playwright-core';
import { baseUrl } from '../browser.ts';
import { adminScreens } from './admin-screens.ts';
import { centavosScreens, customerScreens } from './customer-screens.ts';
import { VIEWPORTS, type Screen, type SessionKind, type Viewport, settle } from './screen.ts';
import {
  centavosProduct,
  sampleProduct,
  signInContext,
  waitingOrderForAdmin,
} from './shop-data.ts';
import { productScreens, storefrontScreens } from './storefront-screens.ts';
import { twoFactorScreens } from './two-factor-screens.ts';

/**
 * Every screen of the store and the back office, in the order they are visited (made once).
 * `centavos: false` leaves out the screens of the product priced with centavos, which is made
 * (a new product) for them.
 */
const screenLists = new Map<boolean, Promise<Screen[]>>();
export function allScreens({ centavos = true } = {}): Promise<Screen[]> {
  let list = screenLists.get(centavos);
  if (!list) {
    list = (async () => {
      const product = await sampleProduct();
      return [
        ...storefrontScreens,
        ...customerScreens,
        ...adminScreens,
        ...twoFactorScreens,
        ...(product ? productScreens(product) : []),
        // Made after the sample is picked, so the other screens keep theirs.
        ...(centavos ? centavosScreens(await centavosProduct()) : []),
      ];
    })();
    screenLists.set(centavos, list);
  }
  return list;
}

/** Who is signed in, in the order the groups are visited. */
export const SESSION_KINDS: readonly SessionKind[] = ['anonymous', 'customer', 'admin'];

/** The customer is registered by its first sign-in, signed in by the later ones. */
let customerRegistered = false;

/**
 * Opens each screen of one group (one width, one session; whose name `only` matches, if given),
 * ready (its act done), in a context of its own, and hands the page to `onScreen`; answers how
 * many screens it opened.
 */
export async function visitGroup(
  browser: Browser,
  viewport: Viewport,
  kind: SessionKind,
  onScreen: (page: Page, screen: Screen, viewport: Viewport) => Promise<void>,
  only?: RegExp,
  /** The requests come from this address (X-Forwarded-For): the sign-in limits of its own. */
  ip?: string,
): Promise<number> {
  // The back office's screens are the admin's alone: no product priced with centavos for them.
  const wanted = (await allScreens({ centavos: kind !== 'admin' })).filter(
    (screen) =>
      (screen.session ?? 'anonymous') === kind &&
      (!screen.only || screen.only === viewport.name) &&
      (!only || only.test(screen.name)),
  );
  if (wanted.length === 0) return 0;
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: 1,
    locale: 'es-MX',
    ...(ip ? { extraHTTPHeaders: { 'X-Forwarded-For': ip } } : {}),
  });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[${viewport.name}] page error:`, error));
    if (kind !== 'anonymous') {
      await signInContext(page, kind, kind === 'customer' && !customerRegistered);
      if (kind === 'customer') customerRegistered = true;
    }
    // The order screens of the back office need an order, even on a fresh shop.
    if (kind === 'admin') await waitingOrderForAdmin(ip ?? '203.0.113.150');
    for (const screen of wanted) {
      await page.goto(`${baseUrl()}/#${screen.route}`);
      await page.reload();
      await settle(page);
      if (screen.act) await screen.act(page);
      await onScreen(page, screen, viewport);
    }
  } finally {
    await context.close();
  }
  return wanted.length;
}

/** Every group: each width, each session (see visitGroup). */
export async function visitScreens(
  browser: Browser,
  onScreen: (page: Page, screen: Screen, viewport: Viewport) => Promise<void>,
  only?: RegExp,
): Promise<void> {
  for (const viewport of VIEWPORTS) {
    for (const kind of SESSION_KINDS) await visitGroup(browser, viewport, kind, onScreen, only);
  }
}
