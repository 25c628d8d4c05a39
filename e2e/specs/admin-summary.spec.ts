// Issue 26 item 2, 'Resumen': a shopper buys and the owner marks the order paid; the owner opens
// the back office at #/admin and lands on Resumen, whose figures, chart and table per day count
// that order (today, 7 days), switches presets, is told off for a custom range whose end is
// before its start and for a low-stock threshold above 1000. Resumen (and its refusals) at 390
// and 1366 px are captured into e2e/artifacts/admin-summary/ and axe finds no violation.
import { signInAsAdmin } from '../support/mail.ts';
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
  hashRoute,
  openPage,
  registerWithAddress,
} from './storefront-helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'admin-summary');
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

const signIn = signInAsAdmin;

const figure = async (page: Page, id: string) =>
  (await page.getByTestId(`summary-${id}-value`).textContent())?.trim() ?? '';

test("the owner lands on 'Resumen' and its chart and table count a paid order (Chromium, 390 and 1366 px)", async () => {
  const owner = await openPage(browser, null, DESKTOP, { ip: '198.51.100.140' });
  const shopper = await openPage(browser, '/inicio', DESKTOP, { ip: '198.51.100.141' });
  const page = owner.page;

  // A shopper buys two pieces; the owner marks the order paid.
  const addressId = await registerWithAddress(shopper.page, {
    name: `Clienta Resumen ${run}`,
    phone: '5511223377',
    email: `resumen.${run}@example.com`,
    password: 'Secreta123',
  });
  const { newProducts } = await graphqlInPage<{
    newProducts: { id: number; sizes: { size: string; stock: number }[] }[];
  }>(shopper.page, '{ newProducts { id sizes { size stock } } }');
  const pick = newProducts
    .map((p) => ({ id: p.id, size: p.sizes.find((s) => s.stock >= 2)?.size }))
    .find((p): p is { id: number; size: string } => p.size !== undefined);
  assert.ok(pick, 'a product with two in stock');
  await graphqlInPage(
    shopper.page,
    'mutation ($p: Int!, $s: String!) { addToCart(productId: $p, size: $s, quantity: 2) { itemCount } }',
    { p: pick.id, s: pick.size },
  );
  const { checkout } = await graphqlInPage<{ checkout: { id: number; totalCents: number } }>(
    shopper.page,
    'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id totalCents } }',
    { a: addressId, k: `resumen-${run}` },
  );

  await signIn(page);
  const before = await graphqlInPage<{ adminSummary: { totals: { orders: number } } }>(
    page,
    'query ($d: String!) { adminSummary(from: $d, to: $d) { totals { orders } } }',
    { d: new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10) },
  );
  await graphqlInPage(
    page,
    'mutation ($id: Int!) { updateOrder(id: $id, input: { status: PAID }) { id } }',
    { id: checkout.id },
  );

  // /admin opens on Resumen, which is first in the menu.
  await page.goto(`${baseUrl()}/#/admin`);
  await page.getByRole('heading', { level: 1, name: 'Resumen' }).waitFor();
  assert.equal(hashRoute(page), '/admin/resumen');
  await page.getByTestId('summary').waitFor();
  assert.equal(await page.getByTestId('admin-nav-resumen').getAttribute('aria-current'), 'page');

  await page.getByTestId('summary-preset-hoy').click();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="summary-day"]').length === 1,
  );
  const orders = Number((await figure(page, 'orders')).replace(/\D/g, ''));
  assert.ok(orders >= 1 && orders >= before.adminSummary.totals.orders, `orders: ${orders}`);
  assert.match(await figure(page, 'revenue'), /^\$[\d,]+(\.\d\d)?$/);
  // The chart draws a bar for the day (recharts' SVG inside @chakra-ui/charts' root).
  const chart = page.getByTestId('summary-chart');
  await chart.locator('svg .recharts-bar-rectangle').first().waitFor();

  await page.getByTestId('summary-preset-7-dias').click();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="summary-day"]').length === 7,
  );
  assert.equal((await chart.locator('svg .recharts-bar-rectangle').count()) >= 1, true);
  assert.ok(hashRoute(page).includes('periodo=7-dias'), hashRoute(page));
  await page.getByTestId('summary-best-units-table').waitFor();

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await chart.locator('svg .recharts-bar-rectangle').first().waitFor();
    await expectNoAxeViolations(page, `resumen ${viewport.width}`);
    // Nothing wider than the window: the tables scroll inside their panels.
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > width + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
      return { scroll: document.documentElement.scrollWidth, width, wide };
    });
    assert.ok(overflow.scroll <= overflow.width, JSON.stringify(overflow));
    await capture(page, 'resumen');
  }

  // The rules of @tienda/rules, on the screen: a custom range ending before it starts…
  await page.getByTestId('summary-preset-personalizado').click();
  await page.getByTestId('summary-desde').fill('2026-11-20');
  await page.getByTestId('summary-hasta').fill('2026-11-10');
  await page.getByTestId('summary-apply').click();
  await page.getByText('La fecha final no puede ser anterior a la inicial').waitFor();
  // …and a threshold above 1000.
  await page.getByTestId('summary-threshold').fill('1001');
  await page
    .getByText('El umbral de existencias debe ser un número entero entre 0 y 1000')
    .waitFor();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `resumen con errores ${viewport.width}`);
    // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await capture(page, 'resumen-errores');
  }
  await page.getByTestId('summary-threshold').fill('5');
  await page.getByTestId('summary-hasta').fill('2026-11-27');
  await page.getByTestId('summary-apply').click();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="summary-day"]').length === 8,
  );

  await owner.context.close();
  await shopper.context.close();
});
