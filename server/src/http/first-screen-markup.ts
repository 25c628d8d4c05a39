import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';

/**
 * The first screen drawn on the server (issue 15). The client's build has a renderer
 * (client/src/first-screen-render.tsx, built into client/dist-ssr) that draws the screen a page
 * opens from the same answers the page carries as data, with the app's own components. The
 * page shows that markup until the app's first render replaces it, so a phone shows the
 * products, photos and prices as soon as the HTML and the first photos are in, seconds before
 * its scripts are.
 */

/** The layouts the renderer draws: the phone's (header and menu) or the desktop's (sidebar). */
export type FirstScreenLayout = 'phone' | 'desktop';

/** client/src/app/first-screen-data.ts `FirstScreenData`, as the page carries it. */
export interface FirstScreenPageData {
  page: unknown;
  results: unknown[];
}

/** What the client's renderer module exports. */
interface RendererModule {
  renderFirstScreen(
    data: FirstScreenPageData,
    layout: FirstScreenLayout,
  ): Promise<string | undefined>;
}

export const FIRST_SCREEN_RENDERER = 'first-screen-render.js';

/** Drawn screens kept: the same answers (everybody's home page, between two changes) draw once. */
const CACHE_ENTRIES = 32;

/**
 * At most this many milliseconds of drawing per second (a quarter of a core): drawing runs on the
 * event loop (a home page 25–45 ms, a product 10 ms), and a flood of distinct share pages (a
 * crawler, an attacker) must not take the server's time from everything else. Past it, pages go
 * out with their data only, as without a renderer, until the next second.
 */
export const DRAW_BUDGET_MS_PER_SECOND = 250;

export interface FirstScreenMarkupOptions {
  log: (message: string) => void;
  budgetMsPerSecond?: number;
  /** Milliseconds, monotonic (tests pass their own clock). */
  now?: () => number;
}

export interface FirstScreenMarkup {
  /** The screen's markup, or undefined when it cannot be drawn (the page goes without it). */
  render(data: FirstScreenPageData, layout: FirstScreenLayout): Promise<string | undefined>;
}

/**
 * The renderer of the client's build in `ssrDir`, or undefined when the build has none (the
 * pages then go out with their data only, as before).
 */
export async function loadFirstScreenMarkup(
  ssrDir: string,
  {
    log,
    budgetMsPerSecond = DRAW_BUDGET_MS_PER_SECOND,
    now = () => performance.now(),
  }: FirstScreenMarkupOptions,
): Promise<FirstScreenMarkup | undefined> {
  const file = path.join(ssrDir, FIRST_SCREEN_RENDERER);
  if (!existsSync(file)) return undefined;
  let renderer: RendererModule;
  try {
    renderer = (await import(pathToFileURL(file).href)) as RendererModule;
  } catch (error) {
    log(`No se pudo cargar el dibujo de la primera pantalla: ${String(error)}`);
    return undefined;
  }
  if (typeof renderer.renderFirstScreen !== 'function') return undefined;

  // Least recently used first (a Map keeps insertion order).
  const drawn = new Map<string, string | undefined>();
  // The drawing time spent in the current one-second window.
  let spending = { start: -Infinity, spent: 0 };
  return {
    async render(data, layout) {
      const key = createHash('sha256').update(layout).update(JSON.stringify(data)).digest('hex');
      if (drawn.has(key)) {
        const markup = drawn.get(key);
        drawn.delete(key);
        drawn.set(key, markup);
        return markup;
      }
      const start = now();
      if (start - spending.start >= 1000) spending = { start, spent: 0 };
      if (spending.spent >= budgetMsPerSecond) return undefined;
      let markup: string | undefined;
      try {
        markup = await renderer.renderFirstScreen(data, layout);
      } catch (error) {
        log(`No se pudo dibujar la primera pantalla: ${String(error)}`);
        return undefined;
      } finally {
        spending.spent += now() - start;
      }
      drawn.set(key, markup);
      if (drawn.size > CACHE_ENTRIES) drawn.delete(drawn.keys().next().value as string);
      return markup;
    },
  };
}

/**
 * The layout to draw for a request: a phone's when the browser says it is a mobile device
 * (`Sec-CH-UA-Mobile: ?1`, sent by Chromium-based browsers on every request) or its user agent
 * does; otherwise a desktop's. A wrong guess (a tablet, a narrow window) is caught by the page
 * itself, which then shows its light shell instead (client/index.html).
 */
export function layoutFor(req: Request): FirstScreenLayout {
  const mobile =
    req.get('sec-ch-ua-mobile')?.trim() === '?1' ||
    /Mobi|Android|iPhone|iPod/i.test(req.get('user-agent') ?? '');
  return mobile ? 'phone' : 'desktop';
}
