// Cart and addresses (issue 7, items 1 and 2): a new customer registers through the browser (once:
// registrations are rate-limited per address), adds two products to the cart (one twice with the
// same size, merged), changes a quantity, removes a line, and on /elegir-direccion is told to
// choose, adds an address, chooses it and continues to the order summary's route.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import { graphqlRequest, hashRoute, openPage } from './storefront-helpers.ts';

const PASSWORD = 'Secreta123';
const run = Date.now().toString(36);
const customer = {
  name: `Compradora ${run}`,
  email: `compradora.${run}@example.com`,
  phone: '5587654321',
};

interface ProductSample {
  id: number;
  sizes: { size: string; stock: number }[];
}

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function waitForNotification(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid="notification"]', { hasText: text }).first().waitFor();
}

async function waitForCartCount(page: Page, count: number): Promise<void> {
  await page.locator('[data-testid="cart-count"]', { hasText: new RegExp(`^${count}$`) }).waitFor();
}

/** Two products with a size of at least 3 units in stock (room to add twice and to step up). */
async function twoProducts(): Promise<{ id: number; size: string; stock: number }[]> {
  const data = await graphqlRequest<{ newProducts: ProductSample[] }>(
    '{ newProducts { id sizes { size stock } } }',
  );
  const picked: { id: number; size: string; stock: number }[] = [];
  for (const product of data.newProducts) {
    const size = product.sizes.find((item) => item.stock >= 3);
    if (size) picked.push({ id: product.id, size: size.size, stock: size.stock });
    if (picked.length === 2) break;
  }
  assert.equal(picked.length, 2, 'the seed has two products with 3 units of a size');
  return picked;
}

async function addToCart(page: Page, productId: number, size: string): Promise<void> {
  await page.goto(`${baseUrl()}/#/producto/${productId}`);
  await page.locator(`[data-testid="product-detail"][data-product-id="${productId}"]`).waitFor();
  await page.locator(`[data-testid="size-option"][data-size="${size}"]`).click();
  await page.getByTestId('add-to-cart').click();
  await waitForNotification(page, 'Producto agregado al carrito');
}

function cartLine(page: Page, productId: number) {
  return page.locator(`[data-testid="cart-line"][data-product-id="${productId}"]`);
}

test('a new customer fills the cart, manages it and chooses a delivery address', async () => {
  const [first, second] = await twoProducts();
  assert.ok(first && second);
  const { context, page } = await openPage(browser, null);
  try {
    // Anonymous visitors: the cart asks them to sign in, and so does 'Agregar al carrito'.
    await page.goto(`${baseUrl()}/#/carrito`);
    await page.waitForURL((url) => url.hash === '#/iniciar-sesion');
    await page.goto(`${baseUrl()}/#/producto/${first.id}`);
    await page.getByTestId('add-to-cart').click();
    await waitForNotification(page, 'Debes iniciar sesión para agregar productos al carrito');

    // Registration through the browser (signs in).
    await page.goto(`${baseUrl()}/#/registro`);
    await page.getByTestId('registration-page').waitFor();
    await page.getByTestId('field-name').fill(customer.name);
    await page.getByTestId('field-phone').fill(customer.phone);
    await page.getByTestId('field-email').fill(customer.email);
    await page.getByTestId('field-password').fill(PASSWORD);
    await page.getByTestId('field-passwordConfirmation').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await page.waitForURL((url) => url.hash === '#/inicio');
    await page.locator('[data-testid="nav-user"]', { hasText: customer.name }).waitFor();
    await waitForCartCount(page, 0);

    // Two products, the first one twice with the same size: one line of 2.
    await addToCart(page, first.id, first.size);
    await waitForCartCount(page, 1);
    await addToCart(page, first.id, first.size);
    await waitForCartCount(page, 2);
    await addToCart(page, second.id, second.size);
    await waitForCartCount(page, 3);

    await page.getByTestId('nav-cart').click();
    await page.getByTestId('cart-page').waitFor();
    assert.equal(await page.getByTestId('cart-line').count(), 2);
    const merged = cartLine(page, first.id);
    assert.equal(await merged.getAttribute('data-size'), first.size);
    assert.equal(await merged.getByTestId('cart-line-quantity').textContent(), '2');
    assert.equal(
      await cartLine(page, second.id).getByTestId('cart-line-quantity').textContent(),
      '1',
    );
    // At 1, − is off.
    assert.equal(
      await cartLine(page, second.id).getByTestId('cart-line-decrease').isDisabled(),
      true,
    );

    // Change a quantity: up, then down.
    await cartLine(page, second.id).getByTestId('cart-line-increase').click();
    await waitForNotification(page, 'Cantidad aumentada');
    await page
      .locator(`[data-testid="cart-line"][data-product-id="${second.id}"][data-quantity="2"]`)
      .waitFor();
    await waitForCartCount(page, 4);
    await merged.getByTestId('cart-line-decrease').click();
    await waitForNotification(page, 'Cantidad disminuida');
    await page
      .locator(`[data-testid="cart-line"][data-product-id="${first.id}"][data-quantity="1"]`)
      .waitFor();
    await waitForCartCount(page, 3);

    // Remove a line.
    await cartLine(page, second.id).getByTestId('cart-line-remove').click();
    await waitForNotification(page, 'Producto eliminado del carrito');
    await cartLine(page, second.id).waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('cart-line').count(), 1);
    await waitForCartCount(page, 1);

    // The cart survives a reload (it is the server's).
    await page.reload();
    await cartLine(page, first.id).waitFor();
    assert.equal(await page.getByTestId('cart-line').count(), 1);

    // On to the address choice.
    await page.getByTestId('cart-continue').click();
    await page.waitForURL((url) => url.hash === '#/elegir-direccion');
    await page.getByTestId('choose-address-page').waitFor();
    await page.getByTestId('address-continue').click();
    await waitForNotification(page, 'Debes seleccionar una dirección');
    assert.equal(hashRoute(page), '/elegir-direccion');

    // Add an address: the rules first, then a valid one.
    await page.getByTestId('address-add').click();
    const dialog = page.getByTestId('address-form-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('field-postalCode').fill('123');
    await dialog.getByTestId('field-phone').fill('55123');
    await dialog.getByTestId('address-form-submit').click();
    assert.equal(
      await dialog.getByTestId('error-firstName').textContent(),
      'El campo nombres es obligatorio',
    );
    assert.equal(
      await dialog.getByTestId('error-postalCode').textContent(),
      'El código postal debe tener 5 dígitos',
    );
    assert.equal(
      await dialog.getByTestId('error-phone').textContent(),
      'El teléfono debe tener 10 dígitos',
    );
    assert.equal(await dialog.getByTestId('field-number').getAttribute('inputmode'), 'numeric');
    await dialog.getByTestId('field-firstName').fill('Mariana');
    await dialog.getByTestId('field-lastName').fill('Gutiérrez');
    await dialog.getByTestId('field-street').fill('Av. Juárez');
    await dialog.getByTestId('field-number').fill('123');
    await dialog.getByTestId('field-neighborhood').fill('Centro');
    await dialog.getByTestId('field-postalCode').fill('06000');
    await dialog.getByTestId('field-city').fill('Cuauhtémoc');
    await dialog.getByTestId('field-state').fill('Ciudad de México');
    await dialog.getByTestId('field-references').fill('Portón negro, junto a la farmacia');
    await dialog.getByTestId('field-phone').fill('5512345678');
    await dialog.getByTestId('address-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const option = page.getByTestId('address-option');
    await option.first().waitFor();
    assert.equal(await option.count(), 1);
    const addressId = await option.first().getAttribute('data-address-id');
    assert.match(addressId ?? '', /^\d+$/);

    // Choose it and continue.
    await option.first().click();
    await page.getByTestId('address-continue').click();
    await page.waitForURL((url) => url.hash === `#/completar-compra?direccion=${addressId}`);

    // /mis-direcciones lists it; 'Editar' is not available.
    await page.goto(`${baseUrl()}/#/mis-direcciones`);
    await page.getByTestId('my-addresses-page').waitFor();
    const card = page.getByTestId('address-card');
    await card.first().waitFor();
    assert.match((await card.first().textContent()) ?? '', /Av\. Juárez 123/);
    await card.first().getByTestId('address-edit').click();
    await waitForNotification(page, 'Funcionalidad aun NO disponible');
    // Delete it, with a confirmation.
    await card.first().getByTestId('address-delete').click();
    await page.getByTestId('address-delete-confirm').click();
    await waitForNotification(page, 'Dirección eliminada correctamente');
    await page.getByTestId('empty-state').waitFor();
  } finally {
    await context.close();
  }
});
