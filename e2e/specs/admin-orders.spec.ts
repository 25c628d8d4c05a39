// Issue 9 items 3 and 4 (acceptance): a customer places an order; the admin finds it on
// /admin/pedidos by searching the customer's name, opens its address and products popups, sets
// it 'Enviado' with an Estafeta tracking number, and the customer sees both in 'Mis pedidos'.
// Then the admin reads the stock dashboard, whose totals are checked against numbers computed
// here from the REST catalogue and the brand list with the spec's rule (never from the page).
// Requests come from their own documentation addresses (X-Forwarded-For, trusted from the
// loopback) so the sign-in and registration rate limits of other specs are untouched.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import {
  DESKTOP,
  PHONE,
  openPage,
  restCatalogue,
  type RestProduct,
  graphqlInPage as gql,
} from './storefront-helpers.ts';
import { messageHtml, messageText, sentTo, waitForMail, notification } from '../support/mail.ts';

const ADMIN_EMAIL = 'admin@tienda.local';
const ADMIN_PASSWORD = 'Admin12345';
const PASSWORD = 'Secreta123';
const run = Date.now().toString(36);
const customer = {
  name: `Zacarías Pedido ${run}`,
  email: `pedido.${run}@example.com`,
  phone: '5544332211',
};
const TRACKING = `MX${run.toUpperCase()}123`;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

async function newPage(ip: string, viewport = DESKTOP): Promise<Page> {
  return (await openPage(browser, null, viewport, { ip })).page;
}

async function signInAdmin(page: Page) {
  await page.goto(`${baseUrl()}/#/iniciar-sesion`);
  await page.getByTestId('sign-in-page').waitFor();
  await page.getByTestId('field-email').fill(ADMIN_EMAIL);
  await page.getByTestId('field-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('admin-shell').waitFor();
}

/** Spec §2: the first brand of the list (as GET /api/marcas gives it) inside the name, else 'Otras'. */
function brandOf(name: string, brands: string[]): string {
  const lower = name.toLowerCase();
  return brands.find((brand) => lower.includes(brand.toLowerCase())) ?? 'Otras';
}

interface Expected {
  total: number;
  brands: Map<string, number>;
}

/** Units per type and per brand within it, from the REST catalogue. */
async function expectedDashboard(): Promise<Map<string, Expected>> {
  const brandsResponse = await fetch(`${baseUrl()}/api/marcas`, {
    headers: { 'X-Forwarded-For': '192.0.2.95' },
  });
  const brands = ((await brandsResponse.json()) as { nombre: string }[]).map((b) => b.nombre);
  const products: RestProduct[] = await restCatalogue();
  const types = new Map<string, Expected>();
  for (const product of products) {
    const units = product.cantidad
      .split(',')
      .filter((q) => q.trim() !== '')
      .reduce((sum, q) => sum + Number(q), 0);
    const typeName = product.tipo === '' ? 'Sin tipo' : product.tipo;
    const type = types.get(typeName) ?? { total: 0, brands: new Map() };
    type.total += units;
    const brand = brandOf(product.nombre, brands);
    type.brands.set(brand, (type.brands.get(brand) ?? 0) + units);
    types.set(typeName, type);
  }
  return types;
}

test('the admin finds an order, reads its popups, ships it; the customer sees the status and tracking', async () => {
  // The customer: registers, puts one product in the cart, adds an address, buys.
  const shopper = await newPage('192.0.2.93', PHONE);
  await shopper.goto(`${baseUrl()}/#/inicio`);
  await gql(shopper, 'mutation R($input: RegisterInput!) { register(input: $input) { id } }', {
    input: {
      name: customer.name,
      email: customer.email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      phone: customer.phone,
    },
  });
  const { newProducts } = await gql<{
    newProducts: {
      id: number;
      name: string;
      onPromotion: boolean;
      sizes: { size: string; stock: number }[];
    }[];
  }>(shopper, '{ newProducts { id name onPromotion sizes { size stock } } }');
  const product = newProducts.find((p) => p.sizes.some((s) => s.stock >= 2))!;
  assert.ok(product, 'a product with stock');
  const size = product.sizes.find((s) => s.stock >= 2)!.size;
  await gql(
    shopper,
    'mutation A($p: Int!, $s: String!) { addToCart(productId: $p, quantity: 2, size: $s) { lines { id } } }',
    {
      p: product.id,
      s: size,
    },
  );
  const { addAddress } = await gql<{ addAddress: { id: number } }>(
    shopper,
    'mutation D($input: AddressInput!) { addAddress(input: $input) { id } }',
    {
      input: {
        firstName: 'Lucía',
        lastName: 'Hernández Ruiz',
        street: 'Calle Morelos',
        number: '45',
        neighborhood: 'Centro',
        postalCode: '44100',
        city: 'Guadalajara',
        state: 'Jalisco',
        references: 'Casa azul con reja blanca',
        phone: '3312345678',
      },
    },
  );
  const { checkout } = await gql<{ checkout: { id: number; status: string } }>(
    shopper,
    'mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id status } }',
    { a: addAddress.id, k: `e2e-admin-orders-${run}` },
  );
  assert.equal(checkout.status, 'AWAITING_PAYMENT');
  const orderId = checkout.id;

  // The admin: the orders page, a search by the customer's name words and the status.
  const admin = await newPage('192.0.2.94');
  try {
    await signInAdmin(admin);
    await admin.getByTestId('admin-nav-pedidos').click();
    await admin.getByRole('heading', { level: 1, name: 'Pedidos' }).waitFor();
    const search = admin.getByPlaceholder('Buscar nombre de usuario, id de pedido o estado');
    await search.fill(`zacarías ${run} espera`);
    const row = admin.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await row.waitFor();
    await admin
      .locator('[data-testid="orders-table"][data-total="1"][data-loading="false"]')
      .waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.trim());
    assert.equal(cells[0], String(orderId));
    assert.equal(cells[1], customer.name);
    assert.match(cells[2]!, /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    assert.match(cells[3]!, /^\$[\d,]+(\.\d{2})?$/);
    assert.equal(cells[4], 'En espera de pago');

    // The address popup.
    await row.getByTestId('order-address-button').click();
    const address = admin.getByTestId('order-address');
    await address.waitFor();
    const addressText = (await address.textContent()) ?? '';
    for (const part of [
      'Lucía Hernández Ruiz',
      'Calle Morelos 45',
      'C.P. 44100',
      'Guadalajara',
      'Jalisco',
    ]) {
      assert.ok(addressText.includes(part), `${part} in ${addressText}`);
    }
    await admin
      .getByTestId('order-address-dialog')
      .getByRole('button', { name: 'Cerrar' })
      .first()
      .click();
    await address.waitFor({ state: 'detached' });

    // The products popup.
    await row.getByTestId('order-products-button').click();
    const line = admin.getByTestId('order-product');
    await line.first().waitFor();
    assert.equal(await line.count(), 1);
    const lineText = (await line.textContent()) ?? '';
    assert.ok(lineText.includes(product.name), lineText);
    assert.ok(lineText.includes(`Talla ${size} · Cantidad 2`), lineText);
    await admin.keyboard.press('Escape');
    await line.first().waitFor({ state: 'detached' });

    // The edit: 'Enviado' with a tracking number (and, unpaid, the reason).
    await row.getByTestId('order-edit-button').click();
    const select = admin.getByTestId('order-status-select');
    await select.waitFor();
    assert.deepEqual(await select.locator('option').allTextContents(), [
      'En espera de pago',
      'Pagado',
      'Enviado',
      'Entregado',
      'Cancelado por falta de pago',
      'Cancelado con reembolso',
    ]);
    await select.selectOption('Enviado');
    await admin.getByTestId('order-tracking-input').fill(TRACKING);
    // The order is not paid: it ships only with the admin's written reason (issue 24).
    await admin.getByTestId('order-override-reason').fill('Pagó en efectivo en la tienda');
    await admin.getByTestId('order-save').click();
    await notification(admin, 'Pedido actualizado correctamente');
    await row.getByTestId('order-status').filter({ hasText: 'Enviado' }).waitFor();

    // The id alone finds it too.
    await search.fill(String(orderId));
    await admin
      .locator('[data-testid="orders-table"][data-total="1"][data-loading="false"]')
      .waitFor();
    await row.waitFor();

    // The customer sees the status and the tracking in 'Mis pedidos'.
    // A reload: the app read the session before the customer registered through the API.
    await shopper.goto(`${baseUrl()}/#/mis-pedidos`);
    await shopper.reload();
    const card = shopper.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.waitFor();
    assert.equal((await card.getByTestId('order-status').textContent())?.trim(), 'Enviado');
    assert.match(
      (await card.getByTestId('order-tracking').textContent()) ?? '',
      new RegExp(TRACKING),
    );
    // A shipped order is paid: no 'Ver datos de pago' inviting a second payment.
    assert.equal(await card.getByTestId('order-payment-info').count(), 0);

    // Issue 28 item 6: the tracking number is the carrier's link, in 'Mis pedidos' and in the
    // 'Pedido enviado' e-mail, both built from the same Ajustes template.
    const trackingLink = card.getByTestId('order-tracking-link');
    const trackingHref = (await trackingLink.getAttribute('href')) ?? '';
    assert.match(trackingHref, /^https?:\/\//);
    assert.ok(trackingHref.includes(encodeURIComponent(TRACKING)), trackingHref);
    assert.equal(await trackingLink.getAttribute('target'), '_blank');
    assert.match((await trackingLink.getAttribute('rel')) ?? '', /noopener/);
    const [shipped] = await waitForMail(
      (message) =>
        sentTo(message, customer.email) && message.subject === `Tu pedido #${orderId} va en camino`,
    );
    const shippedText = await messageText(shipped!.id);
    assert.match(shippedText, new RegExp(`Número de guía\\s+${TRACKING}`));
    assert.ok(shippedText.includes(`Rastrear mi envío ${trackingHref}`), shippedText);
    const shippedHtml = await messageHtml(shipped!.id);
    assert.ok(
      shippedHtml.includes(`href="${trackingHref.replace(/&/g, '&amp;')}"`),
      'the e-mail links the same carrier page as Mis pedidos',
    );

    // The stock dashboard against the catalogue read here.
    const expected = await expectedDashboard();
    await admin.getByTestId('admin-nav-dashboard-stock').click();
    await admin.getByRole('heading', { level: 1, name: 'Dashboard Stock' }).waitFor();
    const cards = admin.getByTestId('stock-type');
    await cards.first().waitFor();
    const shown = await cards.evaluateAll((els) =>
      els.map(
        (el) =>
          [el.getAttribute('data-type') ?? '', Number(el.getAttribute('data-total'))] as const,
      ),
    );
    assert.deepEqual(
      new Map(shown),
      new Map([...expected].map(([name, type]) => [name, type.total])),
    );
    // Sorted by total, descending.
    const totals = shown.map(([, total]) => total);
    assert.deepEqual(
      totals,
      [...totals].sort((a, b) => b - a),
    );
    // The biggest type's brands after 'Ver más'.
    const first = cards.first();
    await first.getByTestId('stock-toggle').click();
    await first.getByTestId('stock-brand').first().waitFor();
    assert.equal(
      (await first.getByTestId('stock-toggle').textContent())?.trim(),
      'Ocultar detalles',
    );
    const brands = await first
      .getByTestId('stock-brand')
      .evaluateAll((els) =>
        els.map(
          (el) =>
            [el.getAttribute('data-brand') ?? '', Number(el.getAttribute('data-total'))] as const,
        ),
      );
    assert.deepEqual(new Map(brands), expected.get(shown[0]![0])!.brands);
  } finally {
    await admin.context().close();
    await shopper.context().close();
  }
});
