import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { fold, hashRoute, openPage, settledTotal, visibleCards } from './storefront-helpers.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test("searching 'pantalon' in the sidebar shows 'Pantalón' products", async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    await settledTotal(page);
    await page.getByTestId('sidebar-search').pressSequentially('pantalon', { delay: 40 });
    // The sidebar waits 500 ms after the last keystroke, then navigates.
    await page.waitForURL((url) => url.hash === '#/buscar/pantalon', { timeout: 5_000 });
    assert.equal(hashRoute(page), '/buscar/pantalon');

    // The search page (not the home page it replaced) has settled.
    await page.getByTestId('search-page-input').waitFor();
    await page.getByRole('heading', { name: /pantalon/ }).waitFor();
    const total = await settledTotal(page);
    assert.ok(total > 0, 'the seed has trousers');
    const cards = await visibleCards(page);
    assert.ok(cards.length > 0);
    for (const card of cards) {
      assert.ok(fold(card.name).includes('pantalon'), `${card.name} matches 'pantalon'`);
    }
    assert.ok(
      cards.some((card) => card.name.includes('Pantalón')),
      `accent-insensitive: some name has 'Pantalón' (${cards.map((card) => card.name).join(', ')})`,
    );
    assert.equal(await page.getByTestId('search-page-input').inputValue(), 'pantalon');
  } finally {
    await context.close();
  }
});

test('the search page input updates the route and shows the empty state', async () => {
  const { context, page } = await openPage(browser, '/buscar/pantalon');
  try {
    await settledTotal(page);
    const input = page.getByTestId('search-page-input');
    await input.fill('zzqqxx sin resultados');
    await page.waitForURL(
      (url) => decodeURIComponent(url.hash) === '#/buscar/zzqqxx sin resultados',
    );
    await page.getByRole('heading', { name: 'No se encontraron productos' }).waitFor();
    assert.equal(await page.getByTestId('product-card').count(), 0);
  } finally {
    await context.close();
  }
});
