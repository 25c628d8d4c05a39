import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { graphqlRequest, openPage, settledTotal, visibleCards } from './storefront-helpers.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test('/promociones lists only promotions, highest promotion price first', async () => {
  const { products } = await graphqlRequest<{ products: { total: number } }>(
    '{ products(filter: { onPromotion: true }) { total } }',
  );
  assert.ok(products.total > 0, 'the demo catalogue has promotions');
  const { context, page } = await openPage(browser, '/promociones');
  try {
    assert.equal(await settledTotal(page), products.total);
    const cards = await visibleCards(page);
    assert.ok(cards.length > 0);
    const prices = cards.map((card) => card.priceCents);
    assert.ok(prices.every((p) => p !== null));
    assert.deepEqual(
      prices,
      [...prices].sort((a, b) => (b ?? 0) - (a ?? 0)),
      'promotion prices descend',
    );
    // Every card shows the crossed-out normal price next to the promotion price.
    assert.equal(await page.getByTestId('product-card').locator('s, del').count(), cards.length);
  } finally {
    await context.close();
  }
});

test('/nuevo shows the 50 newest products, newest first', async () => {
  const { newProducts } = await graphqlRequest<{ newProducts: { id: number }[] }>(
    '{ newProducts { id } }',
  );
  assert.equal(newProducts.length, 50);
  const { context, page } = await openPage(browser, '/nuevo');
  try {
    await page.getByTestId('product-card').first().waitFor();
    const ids = (await visibleCards(page)).map((card) => card.id);
    assert.deepEqual(
      ids,
      newProducts.map((p) => p.id),
    );
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
  } finally {
    await context.close();
  }
});
