import { type ComponentType, useEffect, useState } from 'react';

/** Loaders already asked to fetch their chunk ahead of need. */
const warmed = new WeakSet<() => Promise<unknown>>();

/**
 * Fetches a lazy chunk once the page has loaded and the browser is idle, so that the component
 * opens at once when first wanted, and still opens after the connection is lost (the phone's
 * menu offline). Never competes with the first screen: only after `load`, when idle.
 */
function warmWhenIdle(load: () => Promise<unknown>): void {
  if (warmed.has(load)) return;
  warmed.add(load);
  const fetchChunk = () => void load().catch(() => warmed.delete(load));
  const whenIdle = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(fetchChunk, { timeout: 10_000 });
    } else {
      setTimeout(fetchChunk, 1_000);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * A component kept in a chunk of its own, off the first screen (a drawer, the notifications):
 * undefined until `wanted` is truthy, then once `load` has resolved. Its chunk is fetched ahead
 * when the browser is idle after the page's load, unless `ahead` is false. A failed load (offline, a release that
 * replaced the chunk) is logged and tried again the next time `wanted` changes to a truthy
 * value. `load` must be stable (a module-level function).
 */
export function useLazyComponent<Props>(
  load: () => Promise<ComponentType<Props>>,
  wanted: unknown,
  { ahead = true }: { ahead?: boolean } = {},
): ComponentType<Props> | undefined {
  const [component, setComponent] = useState<ComponentType<Props>>();
  useEffect(() => {
    if (ahead) warmWhenIdle(load);
  }, [load, ahead]);
  useEffect(() => {
    if (!wanted || component) return undefined;
    let current = true;
    load().then(
      (loaded) => {
        if (current) setComponent(() => loaded);
      },
      (error: unknown) => console.error('No se pudo cargar una parte de la página', error),
    );
    return () => {
      current = false;
    };
  }, [load, wanted, component]);
  return component;
}
