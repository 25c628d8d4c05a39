import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { openFirstScreenPage, readFirstScreenData } from './app/first-screen-data';

// A share page (/p/42-…) opens its screen's hash route before the router reads the address.
openFirstScreenPage(readFirstScreenData()?.page);

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');

// index.html's light shell (the layout's frame, painted before any script) leaves the page as
// soon as the app has rendered something (CSS hides it in that same frame).
const shell = document.getElementById('shell');
if (shell) {
  const observer = new MutationObserver(() => {
    if (container.childElementCount === 0) return;
    shell.remove();
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

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
