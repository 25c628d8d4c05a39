// Issue 26 item 3, 'Avísame cuando llegue', on Chromium: the admin sells a size out; a signed-in
// shopper subscribes to it with one tap, a visitor with an address confirmed from the e-mailed
// link; the stock dashboard shows them waiting; the admin restocks through 'Actualizar' and each
// receives exactly one e-mail (read in the development mailbox). Every new screen is captured at
// 390 and 1366 px into e2e/artifacts/mail/ and checked with axe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { baseUrl } from '../browser.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type MailboxMessage,
  OLD_PASSWORD,
  assertAccessible,
  capture,
  mailBrowser,
  mailbox,
  messageText,
  newContext,
  newCustomer,
  notification,
  onThisShop,
  run,
  sentTo,
  signIn,
  waitForMail,
} from '../support/mail.ts';
import { DESKTOP, PHONE, appReady, graphqlInPage, graphqlRequest } from './storefront-helpers.ts';

const ADMIN_IP = '203.0.113.71';
const SHOPPER_IP = '203.0.113.72';
const VISITOR_IP = '203.0.113.73';
const shopper = newCustomer('Aviso');
const visitorEmail = `visita.aviso.${run}@example.com`;

const browser = mailBrowser();

/** A product of the seed with a size in stock (the oldest listed, away from the other specs). */
async function pickProduct(): Promise<{ id: number; name: string; size: string; units: number }> {
  const data = await graphqlRequest<{
    newProducts: { id: number; name: string; sizes: { size: string; stock: number }[] }[];
  }>('{ newProducts { id name sizes { size stock } } }');
  for (const product of [...data.newProducts].reverse()) {
    const size = product.sizes.find((item) => item.stock > 0);
    if (size) return { id: product.id, name: product.name, size: size.size, units: size.stock };
  }
  assert.fail('the seed has a product in stock');
}

/** The admin sets one size's units through the products screen's 'Actualizar'. */
async function setUnits(page: Page, name: string, size: string, units: number): Promise<void> {
  await page.goto(`${baseUrl()}/#/admin/productos`);
  await page.getByPlaceholder('Buscar producto').waitFor();
  await page.getByTestId('admin-product-search').fill(name);
  const row = page.getByTestId('product-row').filter({ hasText: name }).first();
  await row.waitFor();
  await row.getByTestId('product-update').click();
  const dialog = page.getByTestId('product-form-dialog');
  await dialog.getByRole('heading', { name: 'Actualizar producto' }).waitFor();
  await dialog.locator(`[data-testid="product-quantity"][data-size="${size}"]`).fill(String(units));
  await page.getByTestId('product-form-submit').click();
  await notification(page, 'Producto actualizado correctamente');
  await dialog.waitFor({ state: 'hidden' });
}

/** The sold-out size chosen on the product page on show, its offer drawn. */
async function chooseSoldOutSize(page: Page, size: string): Promise<void> {
  await page.getByTestId('product-title').waitFor();
  await page.locator(`[data-testid="size-option"][data-size="${size}"][data-stock="0"]`).click();
  await page.getByTestId('stock-alert-offer').or(page.getByTestId('stock-alert-done')).waitFor();
}

/** The product page with the sold-out size chosen, its offer shown. */
async function openSoldOutSize(page: Page, productId: number, size: string): Promise<void> {
  await page.goto(`${baseUrl()}/#/producto/${productId}`);
  // A visitor's first load shows the product drawn by the server: the app comes at their first move.
  await appReady(page);
  await chooseSoldOutSize(page, size);
  await page.getByTestId('stock-alert-offer').waitFor();
}

/**
 * Captures and checks the page at both widths, ending at `end`. Across the breakpoint the shell
 * draws the screen anew (its state gone), so `ready` brings it back to what is captured.
 */
async function bothWidths(page: Page, name: string, ready: () => Promise<void>, end = DESKTOP) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await ready();
    // The shell's sticky header is drawn where the window is scrolled: capture from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await capture(page, name);
    await assertAccessible(page, name);
  }
  await page.setViewportSize(end);
  await ready();
}

test('a shopper subscribes to a sold-out size and receives the e-mail after the admin restocks', async () => {
  const product = await pickProduct();
  const admin = await newContext(browser(), ADMIN_IP);
  const shopperPage = await newContext(browser(), SHOPPER_IP);
  const visitorPage = await newContext(browser(), VISITOR_IP);
  try {
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.page.getByTestId('admin-shell').waitFor();
    await setUnits(admin.page, product.name, product.size, 0);

    // A signed-in shopper: one tap.
    const page = shopperPage.page;
    await page.goto(`${baseUrl()}/#/inicio`);
    await graphqlInPage(
      page,
      'mutation ($input: RegisterInput!) { register(input: $input) { id } }',
      {
        input: { ...shopper, password: OLD_PASSWORD, passwordConfirmation: OLD_PASSWORD },
      },
    );
    // Loaded anew, the app starts from the session the registration opened.
    await page.reload();
    await page
      .locator('[data-testid="nav-user"]', { hasText: shopper.name.split(' ')[0]! })
      .first()
      .waitFor();
    await openSoldOutSize(page, product.id, product.size);
    assert.equal(await page.getByTestId('stock-alert-email').count(), 0, 'no address asked');
    await bothWidths(page, 'aviso-oferta-cliente', () => chooseSoldOutSize(page, product.size));
    const done = page.getByTestId('stock-alert-done');
    const subscribe = async () => {
      await chooseSoldOutSize(page, product.size);
      if ((await done.count()) === 0) await page.getByTestId('stock-alert-request').click();
      await done.waitFor();
    };
    await subscribe();
    assert.equal(
      (await done.textContent())?.trim(),
      `Listo: te escribiremos a ${shopper.email} cuando llegue la talla ${product.size}.`,
    );
    // Asking again (the screen drawn anew at the other width) changes nothing.
    await bothWidths(page, 'aviso-registrado', subscribe);
    // On a phone, as the shopper sees it: the answer in view above the sticky cart bar (a full
    // page capture draws that bar over whatever is at the window's bottom).
    await page.setViewportSize(PHONE);
    await subscribe();
    await done.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    await capture(page, 'aviso-registrado-pantalla', false);
    await page.setViewportSize(DESKTOP);
    await subscribe();

    // A visitor: an address, checked in the browser, then confirmed from the e-mail.
    const visitor = visitorPage.page;
    await openSoldOutSize(visitor, product.id, product.size);
    await bothWidths(visitor, 'aviso-oferta-visitante', async () => {
      await chooseSoldOutSize(visitor, product.size);
      await visitor.getByTestId('stock-alert-email').waitFor();
    });
    await visitor.getByTestId('stock-alert-email').fill('visita@');
    await visitor.getByTestId('stock-alert-request').click();
    assert.equal(
      await visitor.getByTestId('stock-alert-email-error').textContent(),
      'El email no es válido.',
    );
    await visitor.getByTestId('stock-alert-email').fill(visitorEmail);
    await visitor.getByTestId('stock-alert-request').click();
    await visitor
      .getByTestId('stock-alert-done')
      .filter({ hasText: `Te enviamos un correo a ${visitorEmail}` })
      .waitFor();
    const [confirmation] = await waitForMail(
      (m) => sentTo(m, visitorEmail) && m.kind === 'stock-alert-confirm',
    );
    const link = /https?:\/\/\S+#\/avisos\/confirmar\?token=[\w-]+/.exec(
      await messageText(confirmation!.id),
    )?.[0];
    assert.ok(link, 'the e-mail carries the confirmation link');
    await visitor.goto(onThisShop(link));
    const confirmed = visitor.getByTestId('stock-alert-confirmed');
    await confirmed.waitFor();
    assert.match(
      (await confirmed.textContent()) ?? '',
      new RegExp(`te avisaremos cuando llegue la talla ${product.size} de`),
    );
    await bothWidths(visitor, 'aviso-confirmado', () => confirmed.waitFor());

    // The stock dashboard: two people wait for that size.
    await admin.page.goto(`${baseUrl()}/#/admin/dashboard-stock`);
    const waiting = admin.page.locator(
      `[data-testid="waiting-request"][data-product-id="${product.id}"][data-size="${product.size}"]`,
    );
    await waiting.waitFor();
    assert.equal(await waiting.getAttribute('data-waiting'), '2');
    await bothWidths(admin.page, 'aviso-dashboard-stock', () => waiting.waitFor());

    // The admin restocks: each gets exactly one e-mail.
    await setUnits(admin.page, product.name, product.size, product.units);
    const isBackInStock = (address: string) => (m: MailboxMessage) =>
      sentTo(m, address) && m.kind === 'back-in-stock';
    const [mine] = await waitForMail(isBackInStock(shopper.email));
    await waitForMail(isBackInStock(visitorEmail));
    assert.equal(mine!.subject, `Ya llegó: ${product.name}, talla ${product.size}`);
    const text = await messageText(mine!.id);
    assert.ok(text.includes(`/#/producto/${product.id}`), 'the e-mail links to the product');
    // A second copy would have arrived by now (the worker polls about every second).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const all = await mailbox();
    assert.equal(all.filter(isBackInStock(shopper.email)).length, 1, 'one e-mail to the shopper');
    assert.equal(all.filter(isBackInStock(visitorEmail)).length, 1, 'one e-mail to the visitor');

    // The e-mail as the shopper reads it.
    await page.goto(`${baseUrl()}/dev/correo/${encodeURIComponent(mine!.id)}`);
    await bothWidths(page, 'aviso-correo-llego', () => page.locator('body').waitFor());

    // Nobody waits any more.
    await admin.page.goto(`${baseUrl()}/#/admin/dashboard-stock`);
    await admin.page.getByTestId('stock-type').first().waitFor();
    // The list kept from the earlier visit shows first, then the server's answer replaces it.
    await waiting.waitFor({ state: 'detached' });
  } finally {
    await Promise.all([admin, shopperPage, visitorPage].map((c) => c.context.close()));
  }
});
