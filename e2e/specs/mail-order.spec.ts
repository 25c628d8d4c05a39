// Order e-mails (issue 14, acceptance), read in the development mailbox: a new customer orders by
// transfer and receives exactly one 'Pedido recibido' showing the order's number and the amount
// of the payment page; the admin sees the order's e-mails and sends one again. The mailbox and
// the new screens are captured into e2e/artifacts/mail/ (see e2e/support/mail.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl } from '../browser.ts';
import {
  ADMIN_EMAIL,
  ADMIN_IP,
  ADMIN_PASSWORD,
  type MailboxMessage,
  OLD_PASSWORD,
  assertAccessible,
  capture,
  mailBrowser,
  mailbox,
  messageHtml,
  messageText,
  newContext,
  newCustomer,
  notification,
  productInStock,
  sentTo,
  signIn,
  waitForHash,
  waitForMail,
} from '../support/mail.ts';
import { PHONE, graphqlInPage } from './storefront-helpers.ts';

const customer = newCustomer('Correo');
const CUSTOMER_IP = '203.0.113.61';

// The first of the mail specs in the harness's order: it starts the captures' folder empty.
const browser = mailBrowser({ clearCaptures: true });
/** The customer's order, from the first test. */
let order: { id: number; amount: string } | undefined;

test("a new customer orders by transfer and receives one 'Pedido recibido'", async () => {
  const { context, page } = await newContext(browser(), CUSTOMER_IP);
  try {
    // Registration through the browser (signs in).
    await page.goto(`${baseUrl()}/#/registro`);
    await page.getByTestId('registration-page').waitFor();
    await page.getByTestId('field-name').fill(customer.name);
    await page.getByTestId('field-phone').fill(customer.phone);
    await page.getByTestId('field-email').fill(customer.email);
    await page.getByTestId('field-password').fill(OLD_PASSWORD);
    await page.getByTestId('field-passwordConfirmation').fill(OLD_PASSWORD);
    await page.getByTestId('register-submit').click();
    await waitForHash(page, '/inicio');

    // The cart and an address (the purchase spec walks these screens), then the order.
    const product = await productInStock();
    await graphqlInPage(
      page,
      'mutation ($p: Int!, $s: String!, $q: Int!) { addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }',
      { p: product.id, s: product.size, q: 1 },
    );
    const { addAddress } = await graphqlInPage<{ addAddress: { id: number } }>(
      page,
      'mutation ($input: AddressInput!) { addAddress(input: $input) { id } }',
      {
        input: {
          firstName: 'Renata',
          lastName: 'Correo Ruiz',
          street: 'Avenida Juárez',
          number: '12',
          neighborhood: 'Centro',
          postalCode: '06050',
          city: 'Cuauhtémoc',
          state: 'Ciudad de México',
          references: 'Frente al parque',
          phone: '5511112222',
        },
      },
    );
    await page.goto(`${baseUrl()}/#/completar-compra?direccion=${addAddress.id}`);
    await page.getByTestId('order-summary-page').waitFor();
    await page.getByTestId('place-order').click();
    await page.waitForURL((url) => /^#\/pago\?idPedido=\d+$/.test(url.hash));
    const orderId = Number(/idPedido=(\d+)/.exec(page.url())?.[1]);
    await page.locator(`[data-testid="payment-page"][data-order-id="${orderId}"]`).waitFor();
    await page.getByTestId('bank-transfer').first().waitFor();
    const amount = ((await page.getByTestId('payment-amount').first().textContent()) ?? '').trim();
    // Whole pesos or with their centavos ($1,250, $818.50).
    assert.match(amount, /^\$[\d,]+(\.\d{2})?$/);
    order = { id: orderId, amount };

    // Exactly one 'Pedido recibido' to this customer, with the order's number and amount.
    const isReceived = (message: MailboxMessage) =>
      sentTo(message, customer.email) && message.title === 'Pedido recibido';
    const [received] = await waitForMail(isReceived);
    assert.ok(received);
    assert.equal(received.kind, 'order-received');
    assert.ok(!Number.isNaN(Date.parse(received.date)), 'the message has a date');
    // A second copy would have arrived by now (the worker polls about every second).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.equal((await mailbox()).filter(isReceived).length, 1, 'exactly one Pedido recibido');

    const orderNumber = new RegExp(`(#|\\b)${orderId}\\b`);
    const html = await messageHtml(received.id);
    const text = await messageText(received.id);
    assert.match(text, orderNumber, 'the text part names the order');
    assert.ok(text.includes(amount), `the text part shows ${amount}`);
    assert.match(html, orderNumber);
    // As the customer sees it: the page of the message.
    await page.goto(`${baseUrl()}/dev/correo/${encodeURIComponent(received.id)}`);
    const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
    assert.match(shown, orderNumber, 'the e-mail shows the order number');
    assert.ok(shown.includes(amount), `the e-mail shows the payment page's amount ${amount}`);

    // The mailbox lists it, newest first, linking to its page.
    await page.goto(`${baseUrl()}/dev/correo`);
    const link = page.locator(`a[href$="correo/${received.id}"]`).first();
    await link.waitFor();
    assert.equal(
      await link.evaluate((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
      `/dev/correo/${received.id}`,
    );
    const listed = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
    assert.ok(listed.includes(customer.email));
    assert.ok(listed.includes(received.subject));
    const all = await mailbox();
    const dates = all.map((message) => Date.parse(message.date));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
      'the JSON lists the newest first',
    );
    await capture(page, 'buzon');
    await assertAccessible(page, 'the development mailbox');
  } finally {
    await context.close();
  }
});

test("the admin sees the order's e-mails and sends one again", async () => {
  assert.ok(order, 'the first test made an order');
  const { context, page } = await newContext(browser(), ADMIN_IP);
  try {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByTestId('admin-shell').waitFor();
    await page.goto(`${baseUrl()}/#/admin/pedidos?buscar=${encodeURIComponent(customer.name)}`);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    await row.waitFor();
    await row.getByTestId('order-edit-button').click();
    const dialog = page.getByTestId('order-edit-dialog');
    await dialog.getByTestId('order-email-list').waitFor();
    const received = dialog
      .locator('[data-testid="order-email"]')
      .filter({ hasText: 'Pedido recibido' });
    assert.equal(await received.count(), 1);
    assert.equal(
      (await received.getByTestId('order-email-recipient').textContent())?.trim(),
      customer.email,
    );
    assert.equal(await received.getAttribute('data-status'), 'SENT');
    assert.equal(await received.getByTestId('order-email-status').textContent(), 'Enviado');
    assert.match(
      (await received.getByTestId('order-email-when').textContent()) ?? '',
      /^Se envió el \d{2}\/\d{2}\/\d{4}/,
    );
    await capture(page, 'admin-pedido-correos', false);
    await assertAccessible(page, "the admin's order dialog with 'Correos'");

    const before = (await mailbox()).filter(
      (message) => sentTo(message, customer.email) && message.title === 'Pedido recibido',
    ).length;
    await received.getByTestId('order-email-resend').click();
    await notification(page, 'El correo se enviará de nuevo');
    await waitForMail(
      (message) => sentTo(message, customer.email) && message.title === 'Pedido recibido',
      before + 1,
    );
    // Back to 'Enviado' once the queue has sent it.
    await page.reload();
    await page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`).waitFor();
    await page
      .locator(`[data-testid="order-row"][data-order-id="${order.id}"]`)
      .getByTestId('order-edit-button')
      .click();
    await page
      .getByTestId('order-edit-dialog')
      .locator('[data-testid="order-email"][data-status="SENT"]', { hasText: 'Pedido recibido' })
      .waitFor();

    await page.setViewportSize(PHONE);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await page.reload();
    await card.getByTestId('order-edit-button').click();
    await page.getByTestId('order-edit-dialog').getByTestId('order-email-list').waitFor();
    await page.waitForTimeout(400);
    await capture(page, 'admin-pedido-correos', false);
    await assertAccessible(page, "the admin's order dialog with 'Correos'");
  } finally {
    await context.close();
  }
});
