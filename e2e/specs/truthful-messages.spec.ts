// Issue 28 items 5 and 7 on Chromium: messages that say what really happened, and the phone's
// first screen. The admin creates a product with 4 in M; a new customer with 3 in the cart adds 3
// more and is told 'Solo hay 4 en talla M; tu carrito ya tiene 4' (never 'Producto agregado'); the
// notification stays with its page; offline, adding says the connection is the cause; the cart
// shows the $220 shipping; the only address is preselected on a fresh load of /elegir-direccion;
// the admin deletes the product and the customer's cart names it in a notice. On a phone: the
// search field in the header (the sidebar's 500 ms wait) and notifications at the bottom, clear of
// the header and of 'Agregar al carrito'.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import {
  DESKTOP,
  PHONE,
  graphqlInPage,
  openPage,
  registerWithAddress,
} from './storefront-helpers.ts';
import { createPlayera } from '../support/admin-product.ts';
import { signInAsAdmin } from '../support/mail.ts';

const run = Date.now().toString(36);

let browser: Browser;
let admin: { context: BrowserContext; page: Page } | undefined;
/** The product the admin made for this spec, and the shopper who put it in the cart. */
let product: { id: number; name: string } | undefined;
let shopper: { context: BrowserContext; page: Page } | undefined;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await shopper?.context.close();
  await admin?.context.close();
  await browser?.close();
});

function notification(page: Page, text: string) {
  return page.getByTestId('notification').filter({ hasText: text });
}

async function waitForCartCount(page: Page, count: number): Promise<void> {
  await page.locator('[data-testid="cart-count"]', { hasText: new RegExp(`^${count}$`) }).waitFor();
}

/** The admin, signed in, creates 'Playera {number} Negro' with 4 units in M (one photo). */
async function createProductWithFourInM(): Promise<{ id: number; name: string }> {
  admin = await openPage(browser, null, DESKTOP, { ip: '192.0.2.128' });
  await signInAsAdmin(admin.page);
  const { id, name } = await createPlayera(admin.page, {
    price: '350',
    quantityInM: 4,
    photo: { r: 20, g: 20, b: 20 },
  });
  return { id, name };
}

test("the stock-cap message: 3 more of M with 3 in the cart and 4 in stock says 'Solo hay 4 en talla M; tu carrito ya tiene 4'", async () => {
  product = await createProductWithFourInM();
  shopper = await openPage(browser, '/inicio', DESKTOP, { ip: '198.51.100.128' });
  const { context, page } = shopper;
  await registerWithAddress(page, {
    name: 'Clienta Avisos',
    phone: '5511223355',
    email: `avisos.${run}@example.com`,
    password: 'Secreta123',
  });
  await graphqlInPage(
    page,
    'mutation ($p: Int!) { addToCart(productId: $p, size: "M", quantity: 3) { itemCount } }',
    { p: product.id },
  );

  await page.goto(`${baseUrl()}/#/producto/${product.id}`);
  await page.reload();
  await waitForCartCount(page, 3);
  await page.locator('[data-testid="size-option"][data-size="M"]').click();
  await page.getByTestId('quantity-increase').click();
  await page.getByTestId('quantity-increase').click();
  assert.equal(await page.getByTestId('quantity-value').textContent(), '3');
  await page.getByTestId('add-to-cart').click();
  await notification(page, 'Solo hay 4 en talla M; tu carrito ya tiene 4').waitFor();
  await waitForCartCount(page, 4);
  assert.equal(await notification(page, 'Producto agregado al carrito').count(), 0);
  // Announced politely, without taking focus: a status in a polite live region.
  const region = page.getByRole('region', { name: 'Avisos de la tienda' });
  assert.equal(await region.getAttribute('aria-live'), 'polite');
  assert.equal(
    await notification(page, 'Solo hay 4').getAttribute('role'),
    'status',
    'each notification is a status',
  );
  assert.equal(
    await page.evaluate(() => document.activeElement?.closest('[data-testid="notification"]')),
    null,
    'focus is not in the notification',
  );

  // Offline: the connection is named as the cause.
  await context.setOffline(true);
  await page.getByTestId('add-to-cart').click();
  await notification(
    page,
    'No se pudo agregar el producto al carrito: no hay conexión a internet. Revisa tu conexión e inténtalo de nuevo.',
  ).waitFor();
  await context.setOffline(false);

  // Notifications belong to the page that raised them: the cart opens without them.
  await page.waitForTimeout(800);
  await page.getByTestId('nav-cart').click();
  await page.getByTestId('cart-page').waitFor();
  await notification(page, 'Solo hay 4 en talla M').waitFor({ state: 'detached' });
  await notification(page, 'no hay conexión').waitFor({ state: 'detached' });

  // The calculator's shipping, before the summary.
  assert.equal(await page.getByTestId('cart-shipping').textContent(), '$220');

  // A fresh load of /elegir-direccion: the only address is chosen, 'Continuar' goes on.
  await page.goto(`${baseUrl()}/#/elegir-direccion`);
  await page.reload();
  const option = page.getByTestId('address-option');
  await option.waitFor();
  assert.equal(await option.locator('input[type="radio"]').isChecked(), true);
  await page.getByTestId('address-continue').click();
  await page.waitForURL((url) => url.hash.startsWith('#/completar-compra?direccion='));
});

test('the deleted-product notice: the admin deletes a product in a cart, and the cart names it', async () => {
  assert.ok(product && shopper && admin, 'the first test made the product and the cart');
  await graphqlInPage(admin.page, 'mutation ($id: Int!) { deleteProduct(id: $id) }', {
    id: product.id,
  });
  const { page } = shopper;
  // The first load of the cart after the deletion says it (and only that one).
  await page.goto(`${baseUrl()}/#/carrito`);
  await notification(
    page,
    `${product.name} (talla M) ya no está en la tienda y se quitó del carrito`,
  ).waitFor();
  await page.getByTestId('cart-page').waitFor();
  assert.equal(await page.getByTestId('cart-line').count(), 0);
  await waitForCartCount(page, 0);
});

test('on a phone: search in the header (500 ms wait), notifications at the bottom clear of the header and the add-to-cart bar', async () => {
  const { context, page } = await openPage(browser, '/inicio', PHONE, { ip: '198.51.100.129' });
  try {
    const search = page.getByTestId('header-search');
    await search.waitFor();
    const box = await search.boundingBox();
    assert.ok(box && box.y + box.height <= PHONE.height, 'the field is on the first screen');
    await search.pressSequentially('pantalon', { delay: 40 });
    await page.waitForURL((url) => url.hash === '#/buscar/pantalon', { timeout: 5_000 });
    await page.getByTestId('search-page-input').waitFor();

    // A visitor's tap on 'Agregar al carrito' raises a notification: at the bottom, above the bar
    // (which then also holds the 'Inicia sesión' link under the button).
    const { newProducts } = await graphqlInPage<{
      newProducts: { id: number; sizes: { stock: number }[] }[];
    }>(page, '{ newProducts { id sizes { stock } } }');
    const inStock = newProducts.find((item) => item.sizes.some((size) => size.stock > 0));
    assert.ok(inStock);
    await page.goto(`${baseUrl()}/#/producto/${inStock.id}`);
    await page.getByTestId('add-to-cart').click();
    const shown = notification(page, 'Debes iniciar sesión para agregar productos al carrito');
    await shown.waitFor();
    await page.waitForTimeout(500);
    const toast = await shown.boundingBox();
    const header = await page.locator('header').first().boundingBox();
    const bar = await page.getByTestId('add-to-cart-bar').boundingBox();
    assert.ok(toast && header && bar);
    assert.ok(toast.y >= header.y + header.height, 'below the header (logo, menu, cart badge)');
    assert.ok(toast.y > PHONE.height / 2, 'in the bottom half of the screen');
    assert.ok(
      toast.y + toast.height <= bar.y,
      `above 'Agregar al carrito': ${JSON.stringify({ toast, bar })}`,
    );
  } finally {
    await context.close();
  }
});
