/**
 * The page's entry: a few KiB that decide when the app (boot.tsx: React, the router, Apollo,
 * Chakra, ~250 KiB gzip) is fetched and run.
 *
 * - Over a screen the server drew (`<html class="first-screen">`, set by index.html's head
 *   script: `/` or a share page, for a visitor without a session, in the layout it was drawn
 *   for; or, for `/` opened at #/producto/42, #/promociones, #/iniciar-sesion or #/registro,
 *   the screen the head script asked the server for, shown here when it comes), the shopper
 *   sees the screen and can follow its links: the app waits for the first sign that they are there
 *   (first-screen-handoff.ts), and its files are fetched, not run, once the page has loaded, so
 *   that sign finds them in the browser's cache.
 * - Anywhere else (another hash route, a signed-in shopper), the app starts now;
 *   index.html's head script has already asked for its files (the server's `app-preloads`).
 */
import { APP_PRELOADS_ELEMENT_ID, FIRST_SCREEN_DATA_ID, drawnHashRoute } from '@tienda/rules';
import type { FirstScreenData } from './app/first-screen-data';
import { type DrawnScreenWatch, WAKE_EVENTS, watchDrawnScreen } from './first-screen-handoff';
import { handleChunkFailure } from './shared/network/chunk-failure';

const html = document.documentElement;
/** A product's share page (/p/42-…), whose drawn screen is the product's; else `/`, the home's. */
const sharePage = window.location.pathname.startsWith('/p/');

/** What the server answers `GET /primera-pantalla` with (storefront-html.ts). */
interface DrawnRouteAnswer extends FirstScreenData {
  markup: string;
  layout: 'phone' | 'desktop';
}

declare global {
  interface Window {
    /** index.html's head script: the drawn screen of the address's hash route, when it asked. */
    tiendaDrawnScreen?: Promise<unknown>;
  }
}

/** Past this wait for the drawn hash route, the app starts without it. */
const DRAWN_ROUTE_WAIT_MS = 4_000;

/** The main thread's time one idle period's prefetching of the app's files may take, ms. */
const PREFETCH_SLICE_MS = 4;

/** The screen of the address's route (its first segment), whose chunks the app needs first. */
function addressScreen(): string {
  if (sharePage) return 'producto';
  return /^#\/([^/?]+)/.exec(window.location.hash)?.[1] ?? 'inicio';
}

let starting = false;
function start(watch?: DrawnScreenWatch, preload = Boolean(watch)): void {
  if (starting) return;
  starting = true;
  // Over a drawn screen nothing was preloaded (index.html's head script leaves that to us).
  if (preload) for (const href of appPreloads()) addPreload('modulepreload', href);
  import('./boot')
    .then(({ boot }) => boot(watch))
    .catch(async (error: unknown) => {
      // A new release replaced this build's files: the page reloads once. Else the connection
      // failed: the next sign of the shopper (or the connection's return) tries again.
      if ((await handleChunkFailure(error)) === 'reloading') return;
      console.error('No se pudo cargar la tienda', error);
      starting = false;
      const retry = () => start(watch, false);
      window.addEventListener('online', retry, { once: true });
      document.addEventListener('pointerdown', retry, { once: true });
    });
}

/** The light shell stands in for the drawn screen until the app draws the address's screen. */
function leaveDrawnScreen(): void {
  html.classList.remove('first-screen', 'shell-home');
  window.scrollTo(0, 0);
}

/**
 * Over a drawn screen that fits the address (`fits`: index.html's head script decided on the
 * address the page was asked with; a drawn link tapped before this script ran has changed it),
 * the app waits for the shopper.
 */
function overDrawnScreen(
  drawnScreen: HTMLElement,
  fits: () => boolean,
  awake = false,
  autofocus?: HTMLElement,
): void {
  if (!fits()) {
    leaveDrawnScreen();
    start(undefined, true);
    return;
  }
  // `/` opens #/inicio (the router's redirect): the address says so before the app runs.
  if (!sharePage && window.location.hash === '')
    window.history.replaceState(window.history.state, '', '#/inicio');
  // The drawn screen's document title (first-screen-render.tsx), which the app would set.
  const title = drawnScreen
    .querySelector('[data-document-title]')
    ?.getAttribute('data-document-title');
  if (title) document.title = title;
  const watch: DrawnScreenWatch = watchDrawnScreen(
    drawnScreen,
    () => start(watch),
    leaveDrawnScreen,
  );
  // The shopper showed they were there before the screen came: the app starts now.
  if (awake) {
    start(watch);
    return;
  }
  // The screen's `autofocus` field gets the focus once the frame that shows it is drawn (focusing
  // at once would style and lay out the whole page within this task: one long task on a phone,
  // TBT), unless the shopper has focused something or the app has started meanwhile.
  if (autofocus)
    void afterNextFrame().then(() => {
      if (!starting && document.activeElement === document.body) watch.focus(autofocus);
    });
  // Prefetched, not modulepreloaded: measured at 4× CPU (bench/long-tasks.ts), compiling them
  // ahead did not make the first tap faster (its cost is the app's evaluation and first render),
  // and prefetching keeps the load's main thread free.
  const prefetch = () => prefetchWhenIdle(appPreloads());
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}

/** Resolves in a task after the next frame was rendered (or after 100 ms, a hidden page's). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0);
    const timer = setTimeout(next, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      next();
    });
  });
}

/** The answer of `GET /primera-pantalla`, when it is one (else null: the app starts). */
function drawnRouteAnswer(answer: unknown): DrawnRouteAnswer | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { markup, layout, page, results } = answer as Partial<DrawnRouteAnswer>;
  if (typeof markup !== 'string' || !page || !Array.isArray(results)) return null;
  if (layout !== 'phone' && layout !== 'desktop') return null;
  return { markup, layout, page, results };
}

/**
 * The drawn screen of the address's hash route (#/producto/42, #/promociones, #/iniciar-sesion,
 * #/registro), which index.html's head script asked the server for: shown with its data (the
 * app's cache starts from it, as from the page's), unless the shopper has gone elsewhere, the
 * window's layout is not the one drawn, or it came too late.
 */
function showDrawnRoute(pending: Promise<unknown>): void {
  const route = window.location.hash.slice(1);
  // A sign of the shopper while the screen is on its way (a touch on the light shell) is kept.
  let awake = false;
  const onWake = () => {
    awake = true;
  };
  for (const type of WAKE_EVENTS) document.addEventListener(type, onWake, true);
  const stopListening = () => {
    for (const type of WAKE_EVENTS) document.removeEventListener(type, onWake, true);
  };
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), DRAWN_ROUTE_WAIT_MS));
  void Promise.race([pending.then(drawnRouteAnswer, () => null), late]).then(async (answer) => {
    const drawnScreen = document.getElementById('first-screen');
    const dataElement = document.getElementById(FIRST_SCREEN_DATA_ID);
    const fits = () => window.location.hash === `#${route}`;
    const layoutFits = (layout: string) =>
      (layout === 'desktop') === window.matchMedia('(min-width: 64rem)').matches;
    if (
      !answer ||
      !drawnScreen ||
      !dataElement ||
      !fits() ||
      !layoutFits(answer.layout) ||
      drawnHashRoute(route) === undefined ||
      starting
    ) {
      stopListening();
      start(undefined, true);
      return;
    }
    // The server's own markup, drawn by the app's components from the answers above, parsed
    // inert first: the field the screen focuses (`autofocus`, as the sign-in's e-mail) gets the
    // focus now, before the watch starts (it is the screen's doing, not the shopper's sign).
    const markup = document.createElement('template');
    markup.innerHTML = answer.markup;
    const focused = markup.content.querySelector<HTMLElement>('[autofocus]');
    for (const element of markup.content.querySelectorAll('[autofocus]'))
      element.removeAttribute('autofocus');
    // Parsing and showing it are two tasks, not one long one (a phone's CPU, TBT).
    await new Promise((resolve) => setTimeout(resolve, 0));
    stopListening();
    if (!fits() || starting) {
      start(undefined, true);
      return;
    }
    // Its data replaces the home page's the server put in `/` (boot.tsx reads it).
    dataElement.textContent = JSON.stringify({ page: answer.page, results: answer.results });
    drawnScreen.replaceChildren(markup.content);
    html.classList.add('first-screen');
    // Watched from the task that shows it: a tap or a form sent on it is the app's to answer.
    overDrawnScreen(drawnScreen, fits, awake, focused ?? undefined);
  });
}

const drawnScreen = html.classList.contains('first-screen')
  ? document.getElementById('first-screen')
  : null;
if (drawnScreen) {
  overDrawnScreen(drawnScreen, () =>
    sharePage ? window.location.hash === '' : /^(#\/?(inicio)?)?$/.test(window.location.hash),
  );
} else if (window.tiendaDrawnScreen) {
  showDrawnRoute(window.tiendaDrawnScreen);
} else {
  start();
}

/**
 * The app's files, and those of the address's own route (a share page's is the product screen):
 * prefetched once a drawn screen's page has loaded (into the browser's cache at low priority, not
 * parsed, nothing run), modulepreloaded when the app starts (all fetched and compiled at once,
 * rather than the route's after the app has run). Their list is the server's (index.html's
 * `app-preloads` template); a page without it (the offline shell) has none to give. (A service
 * worker, where there is one, fetches every file too, but in no particular order.)
 */
function appPreloads(): string[] {
  const template = document.getElementById(APP_PRELOADS_ELEMENT_ID);
  if (!(template instanceof HTMLTemplateElement)) return [];
  const screen = addressScreen();
  return [...template.content.querySelectorAll('link[href]')]
    .filter((link) => ['app', screen].includes(link.getAttribute('data-screen') ?? ''))
    .map((link) => link.getAttribute('href') ?? '');
}

function addPreload(rel: 'prefetch' | 'modulepreload', href: string): void {
  const preload = document.createElement('link');
  preload.rel = rel;
  if (rel === 'prefetch') preload.as = 'script';
  preload.crossOrigin = '';
  preload.href = href;
  document.head.appendChild(preload);
}

/**
 * Prefetches `hrefs` in the page's idle time, a few per idle period (at least one, for at most
 * PREFETCH_SLICE_MS and within the period): each link asks for its file at once (about a
 * millisecond of a desktop's CPU each, ~25 files), so all of them in one callback made a long task
 * on a phone (bench/long-tasks.ts). Stops when the app starts (it modulepreloads them all then).
 */
function prefetchWhenIdle(hrefs: string[]): void {
  whenIdle((timeLeft) => {
    if (starting) return;
    const end = performance.now() + PREFETCH_SLICE_MS;
    do {
      const href = hrefs.shift();
      if (href !== undefined) addPreload('prefetch', href);
    } while (hrefs.length > 0 && performance.now() < end && timeLeft() > 1);
    if (hrefs.length > 0) prefetchWhenIdle(hrefs);
  });
}

/**
 * `work` in the page's idle time (within 3 s), told how much of it is left (ms). Without
 * requestIdleCallback (Safari), a task a second later with a 10 ms budget.
 */
function whenIdle(work: (timeLeft: () => number) => void): void {
  if ('requestIdleCallback' in window)
    window.requestIdleCallback((deadline) => work(() => deadline.timeRemaining()), {
      timeout: 3000,
    });
  else
    setTimeout(() => {
      const end = performance.now() + 10;
      work(() => end - performance.now());
    }, 1000);
}

// The service worker (vite.config.ts: the shell and the hashed assets for repeat visits) exists
// only in a production build; browsers allow it only in a secure context (https, localhost).
if (import.meta.env.PROD && window.isSecureContext && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.error('No se pudo registrar el service worker', error);
    });
  });
}
