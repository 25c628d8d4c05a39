// Issue 24 item 1: the order's named adjustments come from the server's order calculator and every
// screen draws them by their name. A new customer takes 6 units not on promotion ($50 off each:
// 'Descuento por mayoreo −$300'); the order summary, the payment page (with the card fee's words
// '3.49% + $4' from @tienda/rules), 'Mis pedidos' and the admin's products popup each show
// 'Descuento por mayoreo' and the server's amount. Each screen at 390 and 1366 px is captured
// into e2e/artifacts/order-adjustments/ and axe finds no violation.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../axe.ts';
import { baseUrl, launchBrowser } from '../browser.ts';
import {
  DESKTOP,
  PHONE,
  captureInto,
  graphqlInPage,
  openPage,
  registerWithAddress,
} from './storefront-helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'order-adjustments');
const ADMIN_EMAIL = 'admin@tienda.local';
const ADMIN_PASSWORD = 'Admin12345';
const PASSWORD = 'Secreta123';
const run = Date.now().toString(36);
const customerName = `Clienta Mayoreo ${run}`;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const capture = (page: Page, name: string) => captureInto(ARTIFACTS, page, name);

/** An adjustment row (its <dt> label and <dd> amount) inside `scope`, as the reader sees it. */
async function adjustmentRows(page: Page, scope: string): Promise<string[]> {
  return page
    .locator(`${scope} [data-code]`)
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

test('the order summary, payment page, Mis pedidos and the admin popup draw the server’s adjustments (Chromium, 390 and 1366 px)', async () => {
  const { context, page } = await openPage(browser, '/inicio', DESKTOP, { ip: '198.51.100.124' });
  let orderId = 0;
  try {
    const addressId = await registerWithAddress(page, {
      name: customerName,
      phone: '5511223355',
      email: `mayoreo.${run}@example.com`,
      password: PASSWORD,
    });
    // Two products not on promotion, 3 units each: 6 units, $50 off each.
    const { newProducts } = await graphqlInPage<{
      newProducts: { id: number; onPromotion: boolean; sizes: { size: string; stock: number }[] }[];
    }>(page, '{ newProducts { id onPromotion sizes { size stock } } }');
    const picks = newProducts
      .filter((p) => !p.onPromotion)
      .map((p) => ({ id: p.id, size: p.sizes.find((s) => s.stock >= 3)?.size }))
      .filter((p): p is { id: number; size: string } => p.size !== undefined)
      .slice(0, 2);
    assert.equal(picks.length, 2, 'two products not on promotion with 3 units in stock');
    for (const pick of picks) {
      await graphqlInPage(
        page,
        'mutation ($p: Int!, $s: String!) { addToCart(productId: $p, size: $s, quantity: 3) { itemCount } }',
        { p: pick.id, s: pick.size },
      );
    }
    await page.reload();

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl()}/#/completar-compra?direccion=${addressId}`);
      await page.getByTestId('order-summary-page').waitFor();
      await page.getByTestId('summary-discount').waitFor();
      assert.deepEqual(await adjustmentRows(page, '[data-testid="order-summary-page"]'), [
        'Descuento por mayoreo−$300',
      ]);
      assert.equal(
        (await page.getByTestId('summary-discount-note').textContent())?.trim(),
        '$50 menos por pieza al llevar 6 o más piezas sin promoción (llevas 6).',
      );
      await expectNoAxeViolations(page, `completar-compra ${viewport.width}`);
      await capture(page, 'completar-compra');
    }

    const { checkout } = await graphqlInPage<{ checkout: { id: number } }>(
      page,
      'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
      { a: addressId, k: `ajustes-${run}` },
    );
    orderId = checkout.id;

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl()}/#/pago?idPedido=${orderId}`);
      await page.getByTestId('payment-page').waitFor();
      await page.getByTestId('summary-discount').waitFor();
      assert.deepEqual(await adjustmentRows(page, '[data-testid="payment-page"]'), [
        'Descuento por mayoreo−$300',
      ]);
      // The card's fee and total only while cards are taken (issue 28 item 5).
      if ((await page.getByTestId('card-payment').getAttribute('data-enabled')) === 'true') {
        assert.match(
          (await page.getByTestId('card-fee-note').textContent()) ?? '',
          /3\.49% \+ \$4 sobre el total de/,
        );
      } else {
        assert.equal(await page.getByTestId('card-fee-note').count(), 0);
      }
      await expectNoAxeViolations(page, `pago ${viewport.width}`);
      await capture(page, 'pago');

      await page.goto(`${baseUrl()}/#/mis-pedidos`);
      await page.getByTestId('my-orders-page').waitFor();
      await page.getByTestId('order-adjustments').first().waitFor();
      assert.deepEqual(await adjustmentRows(page, '[data-testid="my-orders-page"]'), [
        'Descuento por mayoreo−$300',
      ]);
      await expectNoAxeViolations(page, `mis-pedidos ${viewport.width}`);
      await capture(page, 'mis-pedidos');
    }
  } finally {
    await context.close();
  }

  const admin = await openPage(browser, '/iniciar-sesion', DESKTOP, { ip: '192.0.2.124' });
  try {
    await admin.page.getByTestId('sign-in-page').waitFor();
    await admin.page.getByTestId('field-email').fill(ADMIN_EMAIL);
    await admin.page.getByTestId('field-password').fill(ADMIN_PASSWORD);
    await admin.page.getByTestId('sign-in-submit').click();
    await admin.page.getByTestId('admin-shell').waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await admin.page.setViewportSize(viewport);
      await admin.page.goto(`${baseUrl()}/#/admin/pedidos`);
      await admin.page.getByRole('heading', { level: 1, name: 'Pedidos' }).waitFor();
      await admin.page
        .getByPlaceholder('Buscar nombre de usuario, id de pedido o estado')
        .fill(String(orderId));
      // A row of the table on a desktop, a card on a phone.
      const row = admin.page
        .locator(
          `[data-testid="order-row"][data-order-id="${orderId}"], [data-testid="order-card"][data-order-id="${orderId}"]`,
        )
        .filter({ visible: true });
      await row.first().waitFor();
      await row.first().getByTestId('order-products-button').click();
      const dialog = admin.page.getByTestId('order-products-dialog');
      await dialog.getByTestId('order-adjustments').waitFor();
      assert.deepEqual(await adjustmentRows(admin.page, '[data-testid="order-products-dialog"]'), [
        'Descuento por mayoreo−$300',
      ]);
      await expectNoAxeViolations(admin.page, `admin-pedidos-productos ${viewport.width}`);
      await capture(admin.page, 'admin-pedidos-productos');
      await admin.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  } finally {
    await admin.context.close();
  }
});
