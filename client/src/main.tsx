/**
 * The page's entry: a few KiB that decide when the app (boot.tsx: React, the router, Apollo,
 * Chakra, ~250 KiB gzip) is fetched and run.
 *
 * - Over a screen the server drew (`<html class="first-screen">`, set by index.html's head
 *   script: `/` or a share page, for a visitor without a session, in the layout it was drawn
 *   for), the shopper already sees the products and can follow their links: the app waits for the
 *   first sign that they are there (first-screen-handoff.ts), and its files are fetched, not run,
 *   once the page has loaded, so that sign finds them in the browser's cache.
 * - Anywhere else (a hash route the server cannot see, a signed-in shopper), the app starts now;
 *   index.html's head script has already asked for its files (the server's `app-preloads`).
 */
import { APP_PRELOADS_ELEMENT_ID } from '@tienda/rules';
import type { DrawnScreenWatch } from './boot';
import { watchDrawnScreen } from './first-screen-handoff';
import { handleChunkFailure } from './shared/network/chunk-failure';

const html = document.documentElement;
/** A product's share page (/p/42-…), whose drawn screen is the product's; else `/`, the home's. */
const sharePage = window.location.pathname.startsWith('/p/');

let starting = false;
function start(watch?: DrawnScreenWatch): void {
  if (starting) return;
  starting = true;
  // Over a drawn screen nothing was preloaded (index.html's head script leaves that to us).
  if (watch) preloadApp('modulepreload');
  import('./boot')
    .then(({ boot }) => boot(watch))
    .catch(async (error: unknown) => {
      // A new release replaced this build's files: the page reloads once. Else the connection
      // failed: the next sign of the shopper (or the connection's return) tries again.
      if ((await handleChunkFailure(error)) === 'reloading') return;
      console.error('No se pudo cargar la tienda', error);
      starting = false;
      const retry = () => start(watch);
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
 * Whether the address still opens the drawn screen (index.html's head script decided on the
 * address the page was asked with: a drawn link tapped before this script ran has changed it).
 */
const drawnScreenFits = () =>
  sharePage ? window.location.hash === '' : /^(#\/?(inicio)?)?$/.test(window.location.hash);

const drawnScreen = html.classList.contains('first-screen')
  ? document.getElementById('first-screen')
  : null;
if (!drawnScreen) {
  start();
} else if (!drawnScreenFits()) {
  leaveDrawnScreen();
  start();
} else {
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
  // Prefetched, not modulepreloaded: measured at 4× CPU (bench/long-tasks.ts), compiling them
  // ahead did not make the first tap faster (its cost is the app's evaluation and first render),
  // and prefetching keeps the load's main thread free.
  window.addEventListener('load', () => whenIdle(() => starting || preloadApp('prefetch')), {
    once: true,
  });
}

/**
 * The app's files, and those of the drawn screen's own route (a share page's is the product
 * screen), as links of the head with `rel`: `prefetch` once the page has loaded (into the
 * browser's cache at low priority, not parsed, nothing run), `modulepreload` when the app starts
 * (all fetched and compiled at once, rather than the route's after the app has run). Their list
 * is the server's (index.html's `app-preloads` template); a page without it (the offline shell)
 * has none to give. (A service worker, where there is one, fetches every file too, but in no
 * particular order.)
 */
function preloadApp(rel: 'prefetch' | 'modulepreload'): void {
  const template = document.getElementById(APP_PRELOADS_ELEMENT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const screen = sharePage ? 'producto' : 'inicio';
  for (const link of template.content.querySelectorAll('link[href]')) {
    if (!['app', screen].includes(link.getAttribute('data-screen') ?? '')) continue;
    const preload = document.createElement('link');
    preload.rel = rel;
    if (rel === 'prefetch') preload.as = 'script';
    preload.crossOrigin = '';
    preload.href = link.getAttribute('href') ?? '';
    document.head.appendChild(preload);
  }
}

function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 1000);
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
