/**
 * What a cold phone load of each first page fetches (issue 27: preload only what the first
 * screen needs): per route, the scripts (count, gzip -9 bytes like bench/browser.ts) and the
 * photos (count, bytes, and which file of a photo: `?w=320`, `?w=480` or the 800 px original),
 * and whether the home screen's chunk came. Bytes, not timings: a loaded machine does not change
 * them. Against a running shop (production build):
 *
 *   npx tsx bench/route-bytes.ts http://127.0.0.1:4335 [/p/42-playera…]
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { COLD_PHONE_CONTEXT } from './browser-profile.js';
import { pickProduct } from './browser.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RouteBytes {
  route: string;
  scripts: number;
  scriptGzipBytes: number;
  photos: string[];
  photoBytes: number;
  homeChunk: boolean;
}

export async function measureRoutes(baseUrl: string, routes: string[]): Promise<RouteBytes[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const out: RouteBytes[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext(COLD_PHONE_CONTEXT);
      const page = await context.newPage();
      const pending: Promise<void>[] = [];
      const figures: RouteBytes = {
        route,
        scripts: 0,
        scriptGzipBytes: 0,
        photos: [],
        photoBytes: 0,
        homeChunk: false,
      };
      page.on('response', (response) => {
        const url = new URL(response.url());
        const type = response.request().resourceType();
        pending.push(
          response
            .body()
            .then((body) => {
              if (type === 'script') {
                figures.scripts++;
                figures.scriptGzipBytes += gzipSync(body, { level: 9 }).length;
                if (/\/home-page-[^/]*\.js$/.test(url.pathname)) figures.homeChunk = true;
              } else if (type === 'image' && url.pathname.startsWith('/uploads/')) {
                figures.photos.push(`${url.pathname.split('/').pop()}${url.search}`);
                figures.photoBytes += body.length;
              }
            })
            .catch(() => undefined),
        );
      });
      await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      await Promise.all(pending);
      out.push(figures);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export function renderRouteTable(rows: readonly RouteBytes[]): string {
  const kib = (n: number) => (n / 1024).toFixed(1);
  const variants = (photos: string[]) => {
    const counts = new Map<string, number>();
    for (const p of photos) {
      const key = /\?w=(\d+)/.exec(p)?.[1] ?? (p.includes('?') ? p.split('?')[1]! : '800');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].map(([w, n]) => `${n}× ${w}`).join(', ') || '—';
  };
  return `| Route (cold phone load, 390×844 @2×) | scripts | JS gzip -9 KiB | home screen's chunk | photos | photo files (width) | photo KiB |
|---|--:|--:|---|--:|---|--:|
${rows
  .map(
    (r) =>
      `| \`${r.route}\` | ${r.scripts} | ${kib(r.scriptGzipBytes)} | ${r.homeChunk ? 'yes' : 'no'} | ${r.photos.length} | ${variants(r.photos)} | ${kib(r.photoBytes)} |`,
  )
  .join('\n')}`;
}

async function main() {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:4000';
  const product = await pickProduct(baseUrl);
  const routes = [
    '/',
    process.argv[3] ?? product.sharePath,
    `/#/producto/${product.id}`,
    '/#/promociones',
    '/#/iniciar-sesion',
    '/#/registro',
  ];
  console.log(renderRouteTable(await measureRoutes(baseUrl, routes)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
