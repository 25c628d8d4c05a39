// Addresses that fit Mexico (issue 28 item 4, acceptance): a new customer saves, through the
// address form, one address with an interior number ('4B' beside the numeric 'Número') and one
// marked 'Sin número'; buys with the first and finds 'Av. Juárez 123 Int. 4B' on the order
// summary, the payment page, the 'Pedido recibido' e-mail (the development mailbox) and the
// admin's address popup; the REST facade keeps it as numeroInterior beside the spec's fields.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { baseUrl } from '../browser.ts';
import {
  ADMIN_IP,
  type MailboxMessage,
  OLD_PASSWORD,
  assertAccessible,
  mailBrowser,
  messageHtml,
  messageText,
  newContext,
  newCustomer,
  productInStock,
  sentTo,
  signInAsAdmin,
  waitForHash,
  waitForMail,
} from '../support/mail.ts';
import { graphqlInPage } from './storefront-helpers.ts';

const customer = newCustomer('Interior');
const CUSTOMER_IP = '203.0.113.91';
const STREET_LINE = 'Av. Juárez 123 Int. 4B';
const WITHOUT_NUMBER_LINE = 'Calle Pino S/N';

const browser = mailBrowser();
let orderId: number | undefined;

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ');

/** Opens 'Agregar dirección', fills it (`number` null: 'Sin número') and saves. */
async function addAddress(
  page: Page,
  street: string,
  number: string | null,
  interiorNumber: string,
): Promise<void> {
  await page.getByTestId('address-add').click();
  const dialog = page.getByTestId('address-form-dialog');
  await dialog.getByTestId('field-firstName').fill('Renata');
  await dialog.getByTestId('field-lastName').fill('Interior Ruiz');
  await dialog.getByTestId('field-street').fill(street);
  if (number === null) {
    await dialog.getByTestId('field-withoutNumber').click();
    assert.equal(await dialog.getByTestId('field-number').isDisabled(), true);
  } else {
    await dialog.getByTestId('field-number').fill(number);
  }
  await dialog.getByTestId('field-interiorNumber').fill(interiorNumber);
  await dialog.getByTestId('field-neighborhood').fill('Centro');
  await dialog.getByTestId('field-postalCode').fill('06050');
  await dialog.getByTestId('field-city').fill('Cuauhtémoc');
  await dialog.getByTestId('field-state').fill('Ciudad de México');
  await dialog.getByTestId('field-references').fill('Frente al parque');
  await dialog.getByTestId('field-phone').fill('5511112222');
  await assertAccessible(page, `the address form (${number === null ? 'Sin número' : 'número'})`);
  await dialog.getByTestId('address-form-submit').click();
  await dialog.waitFor({ state: 'detached' });
}

test('an address with an interior number goes through to the payment page and the e-mail', async () => {
  const { context, page } = await newContext(browser(), CUSTOMER_IP);
  try {
    await page.goto(`${baseUrl()}/#/registro`);
    await page.getByTestId('registration-page').waitFor();
    await page.getByTestId('field-name').fill(customer.name);
    await page.getByTestId('field-phone').fill(customer.phone);
    await page.getByTestId('field-email').fill(customer.email);
    await page.getByTestId('field-password').fill(OLD_PASSWORD);
    await page.getByTestId('field-passwordConfirmation').fill(OLD_PASSWORD);
    await page.getByTestId('register-submit').click();
    await waitForHash(page, '/inicio');

    const product = await productInStock();
    await graphqlInPage(
      page,
      'mutation ($p: Int!, $s: String!, $q: Int!) { addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }',
      { p: product.id, s: product.size, q: 1 },
    );

    // Both addresses through the form: 'Sin número' first, then the one with '4B' inside.
    await page.goto(`${baseUrl()}/#/elegir-direccion`);
    await page.getByTestId('choose-address-page').waitFor();
    await addAddress(page, 'Calle Pino', null, '');
    await page.getByTestId('address-option').filter({ hasText: WITHOUT_NUMBER_LINE }).waitFor();
    await addAddress(page, 'Av. Juárez', '123', '4B');
    const option = page.getByTestId('address-option').filter({ hasText: STREET_LINE });
    await option.waitFor();
    const addressId = Number(await option.getAttribute('data-address-id'));
    await option.click();
    await page.getByTestId('address-continue').click();
    await page.waitForURL((url) => url.hash === `#/completar-compra?direccion=${addressId}`);

    // The order summary, then the payment page.
    await page.getByTestId('order-summary-page').waitFor();
    assert.ok((await text(page, 'delivery-address')).includes(`${STREET_LINE}, Col. Centro`));
    await page.getByTestId('place-order').click();
    await page.waitForURL((url) => /^#\/pago\?idPedido=\d+$/.test(url.hash));
    orderId = Number(/idPedido=(\d+)/.exec(page.url())?.[1]);
    await page.locator(`[data-testid="payment-page"][data-order-id="${orderId}"]`).waitFor();
    const onPayment = await text(page, 'delivery-address');
    assert.ok(onPayment.includes(`${STREET_LINE}, Col. Centro`), onPayment);

    // The e-mail.
    const isReceived = (message: MailboxMessage) =>
      sentTo(message, customer.email) && message.title === 'Pedido recibido';
    const [received] = await waitForMail(isReceived);
    assert.ok(received);
    const line = `${STREET_LINE}, Centro, Cuauhtémoc, Ciudad de México, C.P. 06050`;
    assert.ok((await messageText(received.id)).includes(line), 'the text part has the address');
    assert.ok((await messageHtml(received.id)).includes(line), 'the HTML part has the address');

    // The REST facade: numeroInterior (optional) and sinNumero beside the spec's fields.
    const { me } = await graphqlInPage<{ me: { id: number } }>(page, '{ me { id } }', {});
    const rest = await page.evaluate(async (userId) => {
      const response = await fetch(`/api/direcciones/usuario/${userId}`);
      return (await response.json()) as {
        calle: string;
        numero: string;
        numeroInterior: string | null;
        sinNumero: boolean;
      }[];
    }, me.id);
    assert.deepEqual(
      rest.map((a) => [a.calle, a.numero, a.numeroInterior, a.sinNumero]),
      [
        ['Av. Juárez', '123', '4B', false],
        ['Calle Pino', '', null, true],
      ],
    );
  } finally {
    await context.close();
  }
});

test("the admin's address popup shows the interior number", async () => {
  assert.ok(orderId, 'the first test made an order');
  const { context, page } = await newContext(browser(), ADMIN_IP);
  try {
    await signInAsAdmin(page);
    await page.goto(`${baseUrl()}/#/admin/pedidos?buscar=${encodeURIComponent(customer.name)}`);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await row.waitFor();
    await row.getByTestId('order-address-button').click();
    const address = page.getByTestId('order-address');
    await address.waitFor();
    const shown = ((await address.textContent()) ?? '').replace(/\s+/g, ' ');
    assert.ok(shown.includes(`${STREET_LINE}, col. Centro`), shown);
  } finally {
    await context.close();
  }
});
