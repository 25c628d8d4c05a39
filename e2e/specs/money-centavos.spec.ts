// Issue 23 item 4: the amount a shopper is told to pay keeps its centavos. The admin creates a
// product at $199.50 through the product form; a new customer buys 3 of it (3 × $199.50 + $220
// shipping = $818.50) and reads '$199.50' on the product page, '$199.50 c/u' in the cart and
// 'Transfiere o deposita $818.50' on the payment page, never '$818' (50 centavos short). Each screen
// at 390 and 1366 px is captured into e2e/artifacts/money-centavos/ and axe finds no violation.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../axe.ts';
import { baseUrl, launchBrowser } from '../browser.ts';
import {
  DESKTOP,
  PHONE,
  captureInto,
  graphqlInPage,
  openPage,
  registerWithAddress,
} from './storefront-helpers.ts';
import { createPlayera } from '../support/admin-product.ts';
import { signInAsAdmin } from '../support/mail.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'money-centavos');
const PASSWORD = 'Secreta123';
const run = Date.now().toString(36);

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const capture = (page: Page, name: string) => captureInto(ARTIFACTS, page, name);

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
}

/** The admin creates 'Playera {number} Negro' at $199.50 (typed with its centavos), 5 in M. */
async function createProductAt19950(): Promise<{ id: number; name: string }> {
  const { context, page } = await openPage(browser, null, DESKTOP, { ip: '192.0.2.123' });
  try {
    await signInAsAdmin(page);
    const { id, name, row } = await createPlayera(page, {
      price: '199.50',
      quantityInM: 5,
      photo: { r: 30, g: 60, b: 220 },
    });
    // The admin's list shows the price with its centavos.
    assert.match((await row.textContent()) ?? '', /\$199\.50/);
    return { id, name };
  } finally {
    await context.close();
  }
}

test('rule exact amounts: an order of $818.50 is told to pay $818.50 on the payment page (Chromium, 390 and 1366 px)', async () => {
  const product = await createProductAt19950();

  const { context, page } = await openPage(browser, '/inicio', DESKTOP, { ip: '198.51.100.123' });
  try {
    // A new customer with an address and 3 of the product in the cart, over GraphQL.
    const addressId = await registerWithAddress(page, {
      name: 'Clienta Centavos',
      phone: '5511223344',
      email: `centavos.${run}@example.com`,
      password: PASSWORD,
    });
    await graphqlInPage(
      page,
      'mutation ($p: Int!) { addToCart(productId: $p, size: "M", quantity: 3) { itemCount } }',
      { p: product.id },
    );
    // The app learns of the session made behind its back.
    await page.reload();

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);

      // The product page: '$199.50'.
      await page.goto(`${baseUrl()}/#/producto/${product.id}`);
      await page
        .locator(`[data-testid="product-detail"][data-product-id="${product.id}"]`)
        .waitFor();
      assert.equal(await text(page, 'price-current'), '$199.50');
      await capture(page, 'producto');
      assert.deepEqual(
        await axeViolations(page),
        [],
        `axe on the product page at ${viewport.width}`,
      );

      // The cart: '$199.50 c/u', the line and the subtotal $598.50.
      await page.goto(`${baseUrl()}/#/carrito`);
      await page.getByTestId('cart-line').first().waitFor();
      assert.equal(await text(page, 'cart-line-unit-price'), '$199.50');
      assert.match(await text(page, 'cart-line'), /\$199\.50\s*c\/u/);
      assert.equal(await text(page, 'cart-line-total'), '$598.50');
      assert.equal(await text(page, 'cart-subtotal'), '$598.50');
      await capture(page, 'carrito');
      assert.deepEqual(await axeViolations(page), [], `axe on the cart at ${viewport.width}`);
    }

    // The summary, then the order.
    await page.goto(`${baseUrl()}/#/completar-compra?direccion=${addressId}`);
    await page.getByTestId('order-summary-page').waitFor();
    assert.equal(await text(page, 'summary-subtotal'), '$598.50');
    assert.equal(await text(page, 'summary-total'), '$818.50');
    await page.getByTestId('place-order').click();
    await page.waitForURL((url) => /^#\/pago\?idPedido=\d+$/.test(url.hash));
    const orderId = Number(/idPedido=(\d+)/.exec(page.url())?.[1]);

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl()}/#/pago?idPedido=${orderId}`);
      await page.locator(`[data-testid="payment-page"][data-order-id="${orderId}"]`).waitFor();
      assert.equal(await text(page, 'payment-amount'), '$818.50');
      assert.match(await text(page, 'bank-transfer'), /Transfiere o deposita \$818\.50 con estos/);
      assert.equal(await text(page, 'summary-total'), '$818.50');
      // The card charge is whole pesos by the spec's floor: floor(818.50 × 1.0349 + 4) = $851;
      // shown only while cards are taken (issue 28 item 5).
      if ((await page.getByTestId('card-payment').getAttribute('data-enabled')) === 'true') {
        assert.equal(await text(page, 'card-charge'), '$851');
      } else {
        assert.equal(await page.getByTestId('card-charge').count(), 0);
      }
      const whole = (await page.getByTestId('payment-page').textContent()) ?? '';
      assert.doesNotMatch(whole, /\$818(?!\.50)/, 'no amount short of its centavos');
      await capture(page, 'pago');
      assert.deepEqual(
        await axeViolations(page),
        [],
        `axe on the payment page at ${viewport.width}`,
      );
    }

    // 'Mis pedidos' says the same.
    await page.goto(`${baseUrl()}/#/mis-pedidos`);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.waitFor();
    assert.equal((await card.getByTestId('order-total').textContent())?.trim(), '$818.50');
  } finally {
    await context.close();
  }
});
