import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createApolloClient } from './app/apollo-client';
import { openFirstScreenPage, readFirstScreenData } from './app/first-screen-data';
import { createAppRouter } from './app/router';

const firstScreen = readFirstScreenData();
// A share page (/p/42-…) opens its screen's hash route before the router reads the address.
openFirstScreenPage(firstScreen?.page);
const client = createApolloClient(firstScreen);
const router = createAppRouter(client);

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');

// index.html's light shell (the layout's frame, painted before any script) and the screen the
// server drew leave the page as soon as the app has rendered something (CSS hides them in that
// same frame).
const stagedScreens = ['shell', 'first-screen']
  .map((id) => document.getElementById(id))
  .filter((element) => element !== null);
// A shopper may have scrolled the drawn screen before the scripts came: the app, the same page,
// stays where they were (its router would otherwise open a first load at the top).
// (Read as the shopper scrolls: by the time the app's render is in the page, the router has reset it.)
const drawnScreenShown = document.documentElement.classList.contains('first-screen');
let drawnScreenScroll = window.scrollY;
const trackScroll = () => {
  drawnScreenScroll = window.scrollY;
};
if (drawnScreenShown) window.addEventListener('scroll', trackScroll, { passive: true });
if (stagedScreens.length > 0) {
  const observer = new MutationObserver(() => {
    if (container.childElementCount === 0) return;
    for (const element of stagedScreens) element.remove();
    observer.disconnect();
    window.removeEventListener('scroll', trackScroll);
    if (drawnScreenShown && drawnScreenScroll > 0) keepScroll(drawnScreenScroll);
  });
  observer.observe(container, { childList: true });
}

/** Keeps the page at `top` through the app's first frames (the router's scroll reset included). */
function keepScroll(top: number) {
  const restore = () => {
    if (window.scrollY !== top) window.scrollTo(0, top);
  };
  restore();
  requestAnimationFrame(() => {
    restore();
    requestAnimationFrame(restore);
  });
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

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App client={client} router={router} />
    </StrictMode>,
  );

/**
 * Over the screen the server drew, the app's first render is that same screen: it waits for the
 * route's chunk (the router is initialised) rather than drawing a spinner over the products, and
 * for the browser to have painted the drawn screen once (where the scripts arrive as fast as the
 * page, their evaluation would otherwise keep it from ever being painted).
 */
function renderOverDrawnScreen() {
  // Initialised is not enough: a route with a loader of its own (the home page's) is initialised
  // once that loader has run, while its screen's component (lazy) may still be on its way; the
  // router drops a route's `lazy` once all of it has loaded. Checked on each router update, and
  // every 50 ms, for the component's arrival updates nothing.
  const ready = () =>
    router.state.initialized && router.state.matches.every((match) => !match.route.lazy);
  let done = false;
  const go = () => {
    if (done || !ready()) return;
    done = true;
    unsubscribe();
    clearInterval(poll);
    requestAnimationFrame(() => setTimeout(render, 0));
  };
  const unsubscribe = router.subscribe(go);
  const poll = setInterval(go, 50);
  go();
}

if (drawnScreenShown) renderOverDrawnScreen();
else render();
