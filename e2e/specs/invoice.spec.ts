// Issue 25 items 1–2: a customer with a paid order saves their fiscal data in 'Mi cuenta'
// (checked by @tienda/rules before sending: a wrong RFC check digit is refused in the form),
// then 'Facturar mi compra' in 'Mis pedidos' stamps the CFDI through the local Facturapi the
// harness starts (e2e/run.mjs), and the PDF downloads. Both screens at 390 and 1366 px are
// captured into e2e/artifacts/invoice/ and axe finds no violation.
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
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'invoice');
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

/** A paid order of a new customer (paid by the admin, as a transfer is). */
async function paidOrder(page: Page): Promise<number> {
  const addressId = await registerWithAddress(page, {
    name: `Cliente Factura ${run}`,
    phone: '5511223366',
    email: `factura.${run}@example.com`,
    password: 'Secreta123',
  });
  const { newProducts } = await graphqlInPage<{
    newProducts: { id: number; sizes: { size: string; stock: number }[] }[];
  }>(page, '{ newProducts { id sizes { size stock } } }');
  const pick = newProducts
    .map((p) => ({ id: p.id, size: p.sizes.find((s) => s.stock >= 1)?.size }))
    .find((p): p is { id: number; size: string } => p.size !== undefined);
  assert.ok(pick, 'a product in stock');
  await graphqlInPage(
    page,
    'mutation ($p: Int!, $s: String!) { addToCart(productId: $p, size: $s, quantity: 1) { itemCount } }',
    { p: pick.id, s: pick.size },
  );
  const { checkout } = await graphqlInPage<{ checkout: { id: number } }>(
    page,
    'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
    { a: addressId, k: `factura-${run}` },
  );
  const admin = await openPage(browser, '/inicio', DESKTOP, { ip: '198.51.100.141' });
  try {
    await graphqlInPage(
      admin.page,
      'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }',
      { e: 'admin@tienda.local', p: 'Admin12345' },
    );
    await graphqlInPage(
      admin.page,
      'mutation ($id: Int!) { updateOrder(id: $id, input: { status: PAID }) { id } }',
      { id: checkout.id },
    );
  } finally {
    await admin.context.close();
  }
  return checkout.id;
}

test("a customer saves fiscal data, invoices a paid order ('Facturar mi compra') and downloads the PDF (Chromium, 390 and 1366 px)", async () => {
  const { context, page } = await openPage(browser, '/inicio', DESKTOP, { ip: '198.51.100.140' });
  try {
    const orderId = await paidOrder(page);

    // 'Mi cuenta' › 'Datos fiscales': the form checks the SAT's check digit before sending.
    await page.goto(`${baseUrl()}/#/usuario`);
    // The page learns of the session registered from it by loading again.
    await page.reload();
    const form = page.getByTestId('fiscal-data-form');
    await form.waitFor();
    await page.getByTestId('field-rfc').fill('EKU9003173C8');
    await page.getByTestId('field-legalName').fill('Escuela Kemper Urgate S.A. de C.V.');
    await page.getByTestId('fiscal-data-submit').click();
    assert.match((await page.getByTestId('error-rfc').textContent()) ?? '', /dígito verificador/);
    assert.match(
      (await page.getByTestId('error-legalName').textContent()) ?? '',
      /sin el régimen societario/,
    );
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.getByTestId('fiscal-data-section').scrollIntoViewIfNeeded();
      await capture(page, 'datos-fiscales-errores');
    }
    await page.getByTestId('field-rfc').fill('eku9003173c9');
    await page.getByTestId('field-legalName').fill('Escuela Kemper Urgate');
    await page.getByTestId('field-taxRegime').selectOption('601');
    await page.getByTestId('field-cfdiUse').selectOption('G03');
    await page.getByTestId('field-postalCode').fill('42501');
    await page.getByTestId('fiscal-data-submit').click();
    await page.getByText('Datos fiscales guardados').first().waitFor();
    assert.equal(await page.getByTestId('field-rfc').inputValue(), 'EKU9003173C9');
    assert.equal(await page.getByTestId('field-legalName').inputValue(), 'ESCUELA KEMPER URGATE');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await capture(page, 'mi-cuenta-datos-fiscales');
      await expectNoAxeViolations(page, `Mi cuenta con datos fiscales (${viewport.width} px)`);
    }

    // 'Mis pedidos' › 'Facturar mi compra'.
    await page.goto(`${baseUrl()}/#/mis-pedidos`);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await capture(page, 'mis-pedidos-facturar');
    }
    await card.getByTestId('order-invoice-button').click();
    await card.getByTestId('order-invoice-status').waitFor();
    assert.equal(await card.getByTestId('order-invoice-status').textContent(), 'Factura emitida');
    const pdfHref = await card.getByTestId('order-invoice-pdf').getAttribute('href');
    assert.equal(pdfHref, `/api/pedidos/${orderId}/factura/pdf`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('order-invoice-pdf').click(),
    ]);
    assert.equal(download.suggestedFilename(), `factura-pedido-${orderId}.pdf`);
    const file = await download.path();
    assert.ok(file, 'the PDF was downloaded');
    assert.equal(fs.readFileSync(file).subarray(0, 5).toString(), '%PDF-');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await card.scrollIntoViewIfNeeded();
      await capture(page, 'mis-pedidos-factura');
      await expectNoAxeViolations(page, `Mis pedidos con factura (${viewport.width} px)`);
    }
  } finally {
    await context.close();
  }
});
