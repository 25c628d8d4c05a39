import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

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

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
