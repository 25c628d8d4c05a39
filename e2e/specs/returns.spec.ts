// Issue 25 item 6 (acceptance): a customer returns a line of a delivered order from 'Mis
// pedidos' within the five business days; the admin receives it on 'Devoluciones' (stock back)
// and refunds it by transfer to a CLABE; the customer sees it refunded. Requests come from their
// own documentation addresses (X-Forwarded-For) so other specs' rate limits are untouched.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import { notification } from '../support/mail.ts';
import { DESKTOP, PHONE, openPage, graphqlInPage as gql } from './storefront-helpers.ts';

const ADMIN_EMAIL = 'admin@tienda.local';
const ADMIN_PASSWORD = 'Admin12345';
const PASSWORD = 'Secreta123';
const run = Date.now().toString(36);

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

test('a customer returns a line of a delivered order; the admin receives and refunds it', async () => {
  // The customer buys 2 units of one size.
  const shopper = (await openPage(browser, null, PHONE, { ip: '192.0.2.160' })).page;
  await shopper.goto(`${baseUrl()}/#/inicio`);
  await gql(shopper, 'mutation R($input: RegisterInput!) { register(input: $input) { id } }', {
    input: {
      name: `Renata Devolución ${run}`,
      email: `devolucion.${run}@example.com`,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      phone: '5544332299',
    },
  });
  const { newProducts } = await gql<{
    newProducts: { id: number; name: string; sizes: { size: string; stock: number }[] }[];
  }>(shopper, '{ newProducts { id name sizes { size stock } } }');
  const product = newProducts.find((p) => p.sizes.some((s) => s.stock >= 2))!;
  assert.ok(product, 'a product with stock');
  const size = product.sizes.find((s) => s.stock >= 2)!.size;
  await gql(
    shopper,
    'mutation A($p: Int!, $s: String!) { addToCart(productId: $p, quantity: 2, size: $s) { lines { id } } }',
    { p: product.id, s: size },
  );
  const { addAddress } = await gql<{ addAddress: { id: number } }>(
    shopper,
    'mutation D($input: AddressInput!) { addAddress(input: $input) { id } }',
    {
      input: {
        firstName: 'Renata',
        lastName: 'Ruiz',
        street: 'Calle Hidalgo',
        number: '12',
        neighborhood: 'Centro',
        postalCode: '44100',
        city: 'Guadalajara',
        state: 'Jalisco',
        references: 'Portón verde',
        phone: '3312345678',
      },
    },
  );
  const { checkout } = await gql<{ checkout: { id: number } }>(
    shopper,
    'mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
    { a: addAddress.id, k: `e2e-returns-${run}` },
  );
  const orderId = checkout.id;

  // The admin: paid, shipped, delivered (the delivery's date starts the window).
  const admin = (await openPage(browser, null, DESKTOP, { ip: '192.0.2.161' })).page;
  await admin.goto(`${baseUrl()}/#/iniciar-sesion`);
  await admin.getByTestId('field-email').fill(ADMIN_EMAIL);
  await admin.getByTestId('field-password').fill(ADMIN_PASSWORD);
  await admin.getByTestId('sign-in-submit').click();
  await admin.getByTestId('admin-shell').waitFor();
  for (const status of ['PAID', 'SHIPPED', 'DELIVERED']) {
    await gql(
      admin,
      'mutation U($id: Int!, $input: UpdateOrderInput!) { updateOrder(id: $id, input: $input) { id } }',
      { id: orderId, input: { status, tracking: `EST${run.toUpperCase()}` } },
    );
  }
  const stockBefore = async () => {
    const { product: p } = await gql<{ product: { sizes: { size: string; stock: number }[] } }>(
      admin,
      'query P($id: Int!) { product(id: $id) { sizes { size stock } } }',
      { id: product.id },
    );
    return p.sizes.find((s) => s.size === size)!.stock;
  };
  const before = await stockBefore();

  // The customer returns one of the two units from 'Mis pedidos'.
  // A reload: the page learns it is signed in (the registration was a fetch of its own).
  await shopper.goto(`${baseUrl()}/#/mis-pedidos`);
  await shopper.reload();
  await shopper.getByTestId('my-orders-page').waitFor();
  const card = shopper.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await card.getByTestId('return-open').click();
  const dialog = shopper.getByTestId('return-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('return-quantity').first().selectOption('1');
  await dialog.getByTestId('return-reason').first().fill('Me quedó grande');
  await dialog.getByTestId('return-submit').click();
  await notification(shopper, 'Solicitud enviada');
  await card.locator('[data-testid="order-return"][data-status="REQUESTED"]').waitFor();

  // The admin receives it (stock back) and refunds it by transfer.
  await admin.goto(`${baseUrl()}/#/admin/devoluciones`);
  await admin.getByRole('heading', { level: 1, name: 'Devoluciones' }).waitFor();
  const { orderReturns } = await gql<{ orderReturns: { returns: { id: number }[] } }>(
    shopper,
    'query R($id: Int!) { orderReturns(orderId: $id) { returns { id } } }',
    { id: orderId },
  );
  const returnId = orderReturns.returns[0]!.id;
  const row = admin.locator(`[data-testid="return-row"][data-return-id="${returnId}"]`);
  await row.getByTestId('return-receive').click();
  await notification(admin, 'Devolución recibida');
  assert.equal(await stockBefore(), before + 1);
  await row.getByTestId('return-refund-open').click();
  const refund = admin.getByTestId('refund-dialog');
  await refund.waitFor();
  await refund.getByTestId('refund-clabe').fill('002010077777777772');
  await refund.getByTestId('refund-submit').click();
  await refund
    .getByText('La CLABE debe tener 18 dígitos y un dígito verificador válido.')
    .waitFor();
  await refund.getByTestId('refund-clabe').fill('002010077777777771');
  await refund.getByTestId('refund-submit').click();
  await notification(admin, 'Reembolso registrado');
  await row.getByTestId('return-status').filter({ hasText: 'Reembolsada' }).waitFor();

  // The customer sees it refunded.
  await shopper.reload();
  await card.locator('[data-testid="order-return"][data-status="REFUNDED"]').waitFor();
});
