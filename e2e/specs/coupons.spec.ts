// Issue 24 item 4: coupons, end to end on Chromium. The admin creates a 10 % coupon on the Cupones
// screen (through its popup: the focus starts on the code and comes back to 'Nuevo cupón'); a new
// customer gets a refusal for a wrong code under the field, applies the real one on the order
// summary and sees its line ('Cupón CODE'), keeps it across a reload, and orders to pay by
// transfer: the payment page, 'Mis pedidos', the admin's order popup and the 'Pedido recibido'
// e-mail show the same discount and total. The admin deactivates the coupon and the code is then
// refused. Each screen at 390 and 1366 px is captured into e2e/artifacts/coupons/ and axe finds
// no violation on it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { COUPON_REFUSAL_MESSAGES } from '@tienda/rules';
import { expectNoAxeViolations } from '../axe.ts';
import { baseUrl, launchBrowser } from '../browser.ts';
import { type MailboxMessage, messageText, sentTo, waitForMail } from '../support/mail.ts';
import {
  DESKTOP,
  PHONE,
  captureInto,
  graphqlInPage,
  openPage,
  registerWithAddress,
} from './storefront-helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'coupons');
const ADMIN_EMAIL = 'admin@tienda.local';
const ADMIN_PASSWORD = 'Admin12345';
const ADMIN_IP = '192.0.2.141';
const SHOPPER_IP = '198.51.100.141';
const PASSWORD = 'Secreta123';
const run = Date.now().toString(36);
const CODE = `PRUEBA-${run}`.toUpperCase();
const WRONG_CODE = `NOEXISTE-${run}`.toUpperCase();
const customerEmail = `cupon.${run}@example.com`;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const capture = (page: Page, name: string) => captureInto(ARTIFACTS, page, name);

/** The adjustment rows (label and amount) inside `scope`, as the reader sees them. */
async function adjustmentRows(page: Page, scope: string): Promise<string[]> {
  return page
    .locator(`${scope} [data-code]`)
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

async function signInAdmin(page: Page): Promise<void> {
  await page.getByTestId('sign-in-page').waitFor();
  await page.getByTestId('field-email').fill(ADMIN_EMAIL);
  await page.getByTestId('field-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('admin-shell').waitFor();
}

/** The coupon's row (a desktop) or card (a phone) on the Cupones list, searched by its code. */
async function couponEntry(page: Page) {
  await page.goto(`${baseUrl()}/#/admin/cupones?buscar=${encodeURIComponent(CODE)}`);
  await page.locator('[data-testid="coupons-table"][data-loading="false"]').waitFor();
  const entry = page
    .locator('[data-testid="coupon-row"], [data-testid="coupon-card"]')
    .filter({ visible: true })
    .filter({ hasText: CODE });
  await entry.first().waitFor();
  return entry.first();
}

/** The shopper's summary with a code typed and applied; waits for the server's answer. */
async function applyCode(page: Page, code: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Cupón de descuento' });
  await input.fill(code.toLowerCase());
  await page.getByTestId('coupon-apply').click();
  await page
    .locator('[data-testid="coupon-refusal"], [data-testid="coupon-applied"]')
    .first()
    .waitFor();
}

test('coupons: the admin creates one on Cupones, a shopper applies it and pays by transfer, the same amounts everywhere, then the admin deactivates it (Chromium, 390 and 1366 px)', async () => {
  // --- The admin creates the coupon through the Cupones screen --------------------------------
  const admin = await openPage(browser, '/iniciar-sesion', DESKTOP, { ip: ADMIN_IP });
  try {
    await signInAdmin(admin.page);
    await admin.page.getByTestId('admin-nav-cupones').click();
    await admin.page.getByRole('heading', { level: 1, name: 'Cupones' }).waitFor();
    await admin.page.getByTestId('coupon-combination-rule').waitFor();

    const add = admin.page.getByTestId('coupon-add');
    await add.click();
    const dialog = admin.page.getByTestId('coupon-form-dialog');
    await dialog.waitFor();
    // The focus starts on the first field.
    await admin.page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'coupon-code',
    );
    // The rules checked before anything is sent: the code is required.
    await dialog.getByTestId('coupon-form-submit').click();
    await dialog.getByTestId('coupon-error-code').waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await admin.page.setViewportSize(viewport);
      await expectNoAxeViolations(admin.page, `cupones-dialogo ${viewport.width}`);
      await capture(admin.page, 'cupones-dialogo');
    }
    await dialog.getByTestId('coupon-code').fill(CODE.toLowerCase());
    await dialog.getByTestId('coupon-value').fill('10');
    await dialog.getByTestId('coupon-maxUses').fill('5');
    await dialog.getByTestId('coupon-maxUsesPerCustomer').fill('1');
    await dialog.getByTestId('coupon-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    // Back to the button that opened it.
    await admin.page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'coupon-add',
    );

    for (const viewport of [PHONE, DESKTOP]) {
      await admin.page.setViewportSize(viewport);
      const entry = await couponEntry(admin.page);
      assert.equal((await entry.getByTestId('coupon-code-cell').textContent())?.trim(), CODE);
      assert.equal((await entry.getByTestId('coupon-value-cell').textContent())?.trim(), '10 %');
      assert.equal((await entry.getByTestId('coupon-uses').textContent())?.trim(), '0 / 5');
      assert.equal(
        (await entry.getByTestId('coupon-per-customer').textContent())?.trim(),
        '1 por cliente',
      );
      assert.equal((await entry.getByTestId('coupon-state').textContent())?.trim(), 'Activo');
      await expectNoAxeViolations(admin.page, `cupones ${viewport.width}`);
      await capture(admin.page, 'cupones');
    }
  } finally {
    await admin.context.close();
  }

  // --- A shopper applies it on the order summary, and orders --------------------------------
  const shopper = await openPage(browser, '/inicio', DESKTOP, { ip: SHOPPER_IP });
  const { page } = shopper;
  let orderId = 0;
  let addressId = 0;
  let discount = '';
  let total = '';
  try {
    addressId = await registerWithAddress(page, {
      name: `Clienta Cupón ${run}`,
      phone: '5511223366',
      email: customerEmail,
      password: PASSWORD,
    });
    // Two units of a product not on promotion (the coupon is for products without promotion).
    const { newProducts } = await graphqlInPage<{
      newProducts: { id: number; onPromotion: boolean; sizes: { size: string; stock: number }[] }[];
    }>(page, '{ newProducts { id onPromotion sizes { size stock } } }');
    const pick = newProducts
      .filter((p) => !p.onPromotion)
      .map((p) => ({ id: p.id, size: p.sizes.find((s) => s.stock >= 3)?.size }))
      .find((p): p is { id: number; size: string } => p.size !== undefined);
    assert.ok(pick, 'a product not on promotion with 3 units in stock');
    await graphqlInPage(
      page,
      'mutation ($p: Int!, $s: String!) { addToCart(productId: $p, size: $s, quantity: 2) { itemCount } }',
      { p: pick.id, s: pick.size },
    );
    // The app asked who is signed in before the registration: a reload asks again.
    await page.reload();
    const summaryUrl = `${baseUrl()}/#/completar-compra?direccion=${addressId}`;

    // A wrong code: the server's refusal under the field, the text kept, no coupon line.
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(summaryUrl);
      await page.getByTestId('order-summary-page').waitFor();
      const before = await text(page, 'summary-total');
      await applyCode(page, WRONG_CODE);
      const refusal = page.getByRole('alert').filter({ hasText: WRONG_CODE });
      assert.equal(
        (await refusal.textContent())?.trim(),
        COUPON_REFUSAL_MESSAGES.COUPON_UNKNOWN(WRONG_CODE),
      );
      assert.equal(
        await page.getByRole('textbox', { name: 'Cupón de descuento' }).inputValue(),
        WRONG_CODE.toLowerCase(),
      );
      assert.equal(await page.getByTestId('summary-adjustment-coupon').count(), 0);
      assert.equal(await text(page, 'summary-total'), before);
      await expectNoAxeViolations(page, `completar-compra-rechazo ${viewport.width}`);
      await capture(page, 'completar-compra-rechazo');
    }

    // The real code: its own line, by the server's name, and a lower total.
    await page.goto(summaryUrl);
    await page.getByTestId('order-summary-page').waitFor();
    const withoutCoupon = await text(page, 'summary-total');
    await applyCode(page, CODE);
    await page.getByTestId('summary-adjustment-coupon').waitFor();
    discount = await text(page, 'summary-adjustment-coupon');
    total = await text(page, 'summary-total');
    assert.match(discount, /^−\$[\d,]+(\.\d{2})?$/);
    assert.notEqual(total, withoutCoupon);
    assert.equal(await text(page, 'coupon-applied-code'), CODE);
    const couponRow = `Cupón ${CODE}${discount}`;
    assert.ok(
      (await adjustmentRows(page, '[data-testid="order-summary-page"]')).includes(couponRow),
      `the summary shows ${couponRow}`,
    );
    // A reload keeps it (the tab's sessionStorage), and so does each width.
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.getByTestId('summary-adjustment-coupon').waitFor();
      assert.equal(await text(page, 'summary-adjustment-coupon'), discount);
      assert.equal(await text(page, 'summary-total'), total);
      await expectNoAxeViolations(page, `completar-compra-cupon ${viewport.width}`);
      await capture(page, 'completar-compra-cupon');
    }

    // Pays by transfer: the order is made, the payment page shows the transfer details.
    await page.getByTestId('place-order').click();
    await page.waitForURL((url) => /^#\/pago\?idPedido=\d+$/.test(url.hash));
    orderId = Number(/idPedido=(\d+)/.exec(page.url())?.[1]);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl()}/#/pago?idPedido=${orderId}`);
      await page.locator(`[data-testid="payment-page"][data-order-id="${orderId}"]`).waitFor();
      await page.getByTestId('bank-transfer').first().waitFor();
      assert.ok(
        (await adjustmentRows(page, '[data-testid="payment-page"]')).includes(couponRow),
        `the payment page shows ${couponRow}`,
      );
      assert.equal(await text(page, 'summary-total'), total);
      assert.equal(await text(page, 'payment-amount'), total);
      await expectNoAxeViolations(page, `pago ${viewport.width}`);
      await capture(page, 'pago');

      await page.goto(`${baseUrl()}/#/mis-pedidos`);
      const card = page.locator('[data-testid="order-card"]').filter({ hasText: `#${orderId}` });
      await card.getByTestId('order-adjustments').waitFor();
      assert.ok(
        (await adjustmentRows(page, '[data-testid="my-orders-page"]')).includes(couponRow),
        `Mis pedidos shows ${couponRow}`,
      );
      assert.equal((await card.getByTestId('order-total').textContent())?.trim(), total);
      await expectNoAxeViolations(page, `mis-pedidos ${viewport.width}`);
      await capture(page, 'mis-pedidos');
    }

    // The 'Pedido recibido' e-mail: the coupon's line and the same total.
    const isReceived = (message: MailboxMessage) =>
      sentTo(message, customerEmail) && message.title === 'Pedido recibido';
    const [received] = await waitForMail(isReceived);
    assert.ok(received);
    const mail = (await messageText(received.id)).replace(/[ \t]+/g, ' ');
    assert.ok(mail.includes(`Cupón ${CODE}`), `the e-mail names the coupon: ${mail}`);
    assert.ok(mail.includes(discount.replace('−', '')), `the e-mail shows ${discount}`);
    assert.ok(mail.includes(total), `the e-mail shows the total ${total}`);
  } catch (error) {
    // What the shopper saw when it failed, beside the other captures.
    await capture(page, 'fallo-cliente').catch(() => undefined);
    throw error;
  } finally {
    await shopper.context.close();
  }

  // --- The admin sees it used, on the order's popup, then deactivates it --------------------
  const admin2 = await openPage(browser, '/iniciar-sesion', DESKTOP, { ip: ADMIN_IP });
  try {
    await signInAdmin(admin2.page);
    // The use is counted with the order (its event may take a moment).
    const deadline = Date.now() + 20_000;
    let uses = '';
    while (Date.now() < deadline) {
      uses = (
        (await (await couponEntry(admin2.page)).getByTestId('coupon-uses').textContent()) ?? ''
      ).trim();
      if (uses === '1 / 5') break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    assert.equal(uses, '1 / 5', 'the coupon shows its use');

    await admin2.page.goto(`${baseUrl()}/#/admin/pedidos`);
    await admin2.page
      .getByPlaceholder('Buscar nombre de usuario, id de pedido o estado')
      .fill(String(orderId));
    const row = admin2.page
      .locator(`[data-testid="order-row"][data-order-id="${orderId}"]`)
      .filter({ visible: true });
    await row.waitFor();
    await row.getByTestId('order-products-button').click();
    const popup = admin2.page.getByTestId('order-products-dialog');
    await popup.getByTestId('order-adjustments').waitFor();
    assert.ok(
      (await adjustmentRows(admin2.page, '[data-testid="order-products-dialog"]')).includes(
        `Cupón ${CODE}${discount}`,
      ),
      'the admin order popup shows the coupon line',
    );
    assert.equal(await text(admin2.page, 'order-products-total'), total);
    await admin2.page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    // A used coupon: its kind and value are locked in the edit popup.
    const entry = await couponEntry(admin2.page);
    await entry.getByTestId('coupon-edit').click();
    const editDialog = admin2.page.getByTestId('coupon-form-dialog');
    await editDialog.getByTestId('coupon-used-hint').waitFor();
    assert.ok(await editDialog.getByTestId('coupon-value').isDisabled());
    await expectNoAxeViolations(admin2.page, 'cupones-editar-usado 1366');
    await capture(admin2.page, 'cupones-editar-usado');
    await admin2.page.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'detached' });

    await (await couponEntry(admin2.page)).getByTestId('coupon-deactivate').click();
    const confirm = admin2.page.getByTestId('coupon-deactivate-dialog');
    await confirm.waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await admin2.page.setViewportSize(viewport);
      await expectNoAxeViolations(admin2.page, `cupones-desactivar ${viewport.width}`);
      await capture(admin2.page, 'cupones-desactivar');
    }
    await confirm.getByTestId('coupon-confirm-deactivate').click();
    await confirm.waitFor({ state: 'detached' });
    await admin2.page
      .locator('[data-testid="coupon-row"]')
      .filter({ hasText: CODE })
      .getByTestId('coupon-state')
      .filter({ hasText: 'Inactivo' })
      .waitFor();
  } finally {
    await admin2.context.close();
  }

  // --- The shopper's code is now refused -----------------------------------------------------
  const again = await openPage(browser, '/inicio', DESKTOP, { ip: SHOPPER_IP });
  try {
    await graphqlInPage(
      again.page,
      'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }',
      { e: customerEmail, p: PASSWORD },
    );
    const product = await graphqlInPage<{
      newProducts: { id: number; onPromotion: boolean; sizes: { size: string; stock: number }[] }[];
    }>(again.page, '{ newProducts { id onPromotion sizes { size stock } } }');
    const pick = product.newProducts
      .filter((p) => !p.onPromotion)
      .map((p) => ({ id: p.id, size: p.sizes.find((s) => s.stock >= 1)?.size }))
      .find((p): p is { id: number; size: string } => p.size !== undefined);
    assert.ok(pick);
    await graphqlInPage(
      again.page,
      'mutation ($p: Int!, $s: String!) { addToCart(productId: $p, size: $s, quantity: 1) { itemCount } }',
      { p: pick.id, s: pick.size },
    );
    await again.page.reload();
    await again.page.goto(`${baseUrl()}/#/completar-compra?direccion=${addressId}`);
    await again.page.getByTestId('order-summary-page').waitFor();
    await applyCode(again.page, CODE);
    assert.equal(
      await text(again.page, 'coupon-refusal'),
      COUPON_REFUSAL_MESSAGES.COUPON_INACTIVE(CODE),
    );
    assert.equal(await again.page.getByTestId('summary-adjustment-coupon').count(), 0);
  } finally {
    await again.context.close();
  }
});
