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

test("the demo catalogue sells shoes: 'tenis', 'zapato' and 'calzado' find footwear, sizes in number order", async () => {
  const { context, page } = await openPage(browser, '/buscar/tenis');
  try {
    await page.getByRole('heading', { name: /tenis/ }).waitFor();
    assert.ok((await settledTotal(page)) > 0, "'tenis' finds shoes");
    const cards = await visibleCards(page);
    assert.ok(cards.length > 0);
    for (const card of cards) assert.match(card.name, /^Tenis /, `${card.name} is a pair of Tenis`);

    // A pair's sizes on its page: Mexican sizes, half sizes between the whole ones.
    await page.locator('[data-testid="product-card"]').first().click();
    await page.locator('[data-testid="size-option"]').first().waitFor();
    const sizes = await page
      .locator('[data-testid="size-option"]')
      .evaluateAll((options) => options.map((o) => o.getAttribute('data-size') ?? ''));
    assert.ok(sizes.length >= 3, `several sizes (${sizes.join(', ')})`);
    for (const size of sizes) {
      assert.ok(Number(size) >= 22 && Number(size) <= 30, `${size} is a Mexican shoe size`);
    }
    const numbers = sizes.map(Number);
    assert.deepEqual(
      numbers,
      [...numbers].sort((a, b) => a - b),
      'sizes in number order',
    );
  } finally {
    await context.close();
  }
});

for (const [word, type] of [
  ['zapato', /^Zapatos /],
  ['calzado', /^Calzado Casual /],
] as const) {
  test(`a search for '${word}' finds shoes`, async () => {
    const { context, page } = await openPage(browser, `/buscar/${word}`);
    try {
      await page.getByRole('heading', { name: new RegExp(word) }).waitFor();
      assert.ok((await settledTotal(page)) > 0, `'${word}' finds shoes`);
      const cards = await visibleCards(page);
      assert.ok(cards.length > 0);
      for (const card of cards) assert.match(card.name, type);
    } finally {
      await context.close();
    }
  });
}
