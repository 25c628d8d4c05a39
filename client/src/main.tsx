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
if (stagedScreens.length > 0) {
  const observer = new MutationObserver(() => {
    if (container.childElementCount === 0) return;
    for (const element of stagedScreens) element.remove();
    observer.disconnect();
  });
  observer.observe(container, { childList: true });
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
  const afterPaint = () => requestAnimationFrame(() => setTimeout(render, 0));
  if (router.state.initialized) return afterPaint();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    afterPaint();
  });
}

if (document.documentElement.classList.contains('first-screen')) renderOverDrawnScreen();
else render();
