// The service worker (client/vite.config.ts, registered by client/src/main.tsx): a repeat
// visit's scripts come from its precache, GraphQL never does, navigations go to the network, and
// the version check's reload picks up a new release.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import { PHONE, settledTotal } from './storefront-helpers.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** A fresh context whose first visit of #/inicio has left an active worker controlling it. */
async function visitedOnce(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${baseUrl()}/#/inicio`);
  assert.ok((await settledTotal(page)) > 0);
  // Registered after 'load'; ready once installed (precache filled) and active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // clientsClaim: the first page is taken over without a reload.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

/** Every response of the page, kept for later checks. */
function recordResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return responses;
}

test('rule service worker precache: a repeat visit takes its scripts from the worker, and renders with /assets/ cut off from the network', async () => {
  const { context, page } = await visitedOnce();
  try {
    const responses = recordResponses(page);
    await page.reload();
    assert.ok((await settledTotal(page)) > 0);
    const scripts = responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));
    assert.ok(scripts.length > 3, `few scripts seen: ${scripts.length}`);
    const fromNetwork = scripts.filter((r) => !r.fromServiceWorker()).map((r) => r.url());
    assert.deepEqual(fromNetwork, []);

    // The network refuses every asset: the page still comes up, from the precache.
    let refused = 0;
    await context.route('**/assets/**', (route) => {
      refused += 1;
      return route.abort();
    });
    await page.reload();
    assert.ok((await settledTotal(page)) > 0);
    await page.getByTestId('product-card').first().waitFor();
    assert.equal(refused, 0, 'an asset went to the network');
  } finally {
    await context.close();
  }
});

test('rule service worker never caches data: /graphql and /api answers never come from the worker', async () => {
  const { context, page } = await visitedOnce();
  try {
    const responses = recordResponses(page);
    await page.reload();
    assert.ok((await settledTotal(page)) > 0);
    // The home page's data came in its HTML: 'Promociones' asks /graphql (the home page's cards
    // may still show while it does, so wait for the answer rather than for a card).
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/graphql');
    await page.goto(`${baseUrl()}/#/promociones`);
    await answered;
    await page.getByTestId('product-card').first().waitFor();
    const data = responses.filter((r) => /^\/(graphql|api\/)/.test(new URL(r.url()).pathname));
    assert.ok(data.length > 0, 'no /graphql answer seen');
    const fromWorker = data.filter((r) => r.fromServiceWorker()).map((r) => r.url());
    assert.deepEqual(fromWorker, []);
    // And the worker's caches hold no data at all.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    assert.ok(cached.length > 0, 'the precache is empty');
    assert.deepEqual(
      cached.filter((url) => /^\/(graphql|api|uploads|healthz)(\/|$)/.test(new URL(url).pathname)),
      [],
    );
  } finally {
    await context.close();
  }
});

test('rule service worker new release: the version check reloads, and the page comes from the network, not the cached shell', async () => {
  const { context, page } = await visitedOnce();
  try {
    // The old release's page, with the version poll's timers under the test's clock.
    await page.clock.install();
    await page.reload();
    assert.ok((await settledTotal(page)) > 0);
    // The precached shell was fetched before this moment: a page answered from the network
    // after it carries a later Date (HTTP dates count whole seconds).
    const precachedBefore = Math.floor(Date.now() / 1000) * 1000;
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // A new release: the server answers another version.
    await context.route('**/api/version', (route) =>
      route.fulfill({ json: { version: '99.0.0' }, headers: { 'Cache-Control': 'no-store' } }),
    );
    const navigation = page.waitForResponse((r) => r.request().isNavigationRequest(), {
      timeout: 30_000,
    });
    await page.clock.fastForward(61_000);
    await page.getByText('Actualizando a la versión 99.0.0').waitFor();
    await page.clock.fastForward(11_000);
    const response = await navigation;
    assert.equal(response.status(), 200);
    const served = Date.parse(response.headers().date ?? '');
    assert.ok(served > precachedBefore, `the page is the cached shell (Date ${served})`);
    assert.ok((await settledTotal(page)) > 0);
  } finally {
    await context.close();
  }
});

test('rule service worker offline shell: with the network gone, a navigation gets the cached shell', async () => {
  const { context, page } = await visitedOnce();
  try {
    await context.setOffline(true);
    await page.reload();
    // The shell and its scripts come up (the data cannot: no stale prices are shown).
    await page.getByTestId('menu-button').waitFor();
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});
