// Issue 9 items 1-2: the admin's products. The admin signs in with the seeded account, creates a
// product with two photos (refused first with four: 'Solo puedes subir hasta 3 fotos'), finds it in
// the store with its photos loaded, updates its stock through 'Actualizar' and sees the new stock
// on the product page, then deletes it after the confirmation. Its requests come from their own
// documentation address (X-Forwarded-For, trusted from the loopback) so the sign-in rate limit of
// other specs is untouched.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl, launchBrowser } from '../browser.ts';
import { notification } from '../support/mail.ts';

const ADMIN_EMAIL = 'admin@tienda.local';
const ADMIN_PASSWORD = 'Admin12345';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** A small solid-colour image, encoded as the browser would upload it. */
async function photo(
  name: string,
  color: { r: number; g: number; b: number },
  format: 'png' | 'jpeg',
) {
  const image = sharp({ create: { width: 96, height: 96, channels: 3, background: color } });
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** Every <img> in `scope` has loaded a real picture. */
async function imagesLoaded(scope: Locator, expected: number) {
  const images = scope.locator('img');
  await images.nth(expected - 1).waitFor();
  const deadline = Date.now() + 15_000;
  let widths: number[] = [];
  for (;;) {
    widths = await images.evaluateAll((elements) =>
      elements.map((element) => {
        const img = element as HTMLImageElement;
        return img.complete ? img.naturalWidth : 0;
      }),
    );
    if (widths.length === expected && widths.every((width) => width > 0)) break;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.equal(widths.length, expected);
  assert.ok(
    widths.every((width) => width > 0),
    `every photo loaded: ${widths.join(', ')}`,
  );
}

/** Chooses the option of a native select by its visible text. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).selectOption({ label });
}

async function searchAdmin(page: Page, text: string) {
  await page.getByTestId('admin-product-search').fill(text);
  await page
    .locator(`[data-testid="products-table"][data-loading="false"]`)
    .or(page.getByTestId('empty-state'))
    .first()
    .waitFor();
}

test('the admin creates a product with two photos, the store shows it, its stock is updated and it is deleted', async () => {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-MX',
    extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.92' },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const number = String(100000 + (Date.now() % 800000));
  const name = `Playera ${number} Negro`;
  try {
    await page.goto(`${baseUrl()}/#/iniciar-sesion`);
    await page.getByTestId('sign-in-page').waitFor();
    await page.getByTestId('field-email').fill(ADMIN_EMAIL);
    await page.getByTestId('field-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('admin-shell').waitFor();
    await page.getByTestId('admin-nav-productos').click();
    await page.getByRole('heading', { level: 1, name: 'Productos' }).waitFor();
    await page.getByPlaceholder('Buscar producto').waitFor();

    // Create.
    await page.getByTestId('product-add').click();
    const dialog = page.getByTestId('product-form-dialog');
    await dialog.getByRole('heading', { name: 'Agregar producto' }).waitFor();
    await choose(page, 'product-type', 'Playera');
    await page.getByTestId('product-number').fill(number);
    await choose(page, 'product-color', 'Negro');
    assert.equal(await page.getByTestId('product-generated-name').textContent(), name);
    await page.getByTestId('product-price').fill('450');
    await page.getByTestId('product-sizes').fill('S,M,L');
    assert.equal(await dialog.getByTestId('product-quantity').count(), 3);
    await dialog.locator('[data-testid="product-quantity"][data-size="M"]').fill('4');

    const input = page.getByTestId('product-photos-input');
    const red = await photo('rojo.png', { r: 220, g: 30, b: 30 }, 'png');
    const blue = await photo('azul.jpg', { r: 30, g: 60, b: 220 }, 'jpeg');
    await input.setInputFiles(
      [red, blue, red, blue].map((p, i) => ({ ...p, name: `${i}-${p.name}` })),
    );
    await notification(page, 'Solo puedes subir hasta 3 fotos');
    assert.equal(await dialog.getByTestId('product-new-photo').count(), 0);
    await input.setInputFiles([red, blue]);
    await imagesLoaded(dialog.getByTestId('product-photo-previews'), 2);

    await page.getByTestId('product-form-submit').click();
    await notification(page, 'Producto creado exitosamente');
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await row.waitFor();
    const id = Number(await row.getAttribute('data-product-id'));
    assert.ok(id > 0);
    assert.equal(
      await row
        .locator('[data-testid="product-sizes-stock"] [data-size="M"]')
        .getAttribute('data-stock'),
      '4',
    );

    // The same name again is refused by the server with the spec's message.
    await page.getByTestId('product-add').click();
    await choose(page, 'product-type', 'Playera');
    await page.getByTestId('product-number').fill(number);
    await choose(page, 'product-color', 'Negro');
    await page.getByTestId('product-price').fill('300');
    await input.setInputFiles([red]);
    await page.getByTestId('product-form-submit').click();
    await notification(page, 'Ya existe un producto con el mismo nombre');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The store finds it with its photos.
    const store = await context.newPage();
    store.setDefaultTimeout(15_000);
    await store.goto(`${baseUrl()}/#/buscar/${number}`);
    const card = store.locator(`[data-testid="product-card"][data-product-id="${id}"]`);
    await card.waitFor();
    await imagesLoaded(card, 1);
    await store.goto(`${baseUrl()}/#/producto/${id}`);
    await store.getByTestId('product-title').filter({ hasText: name }).waitFor();
    await imagesLoaded(store.getByTestId('product-gallery').getByTestId('gallery-thumbnail'), 2);

    // Update the stock of M through 'Actualizar'.
    await searchAdmin(page, number);
    await row.getByTestId('product-update').click();
    await dialog.getByRole('heading', { name: 'Actualizar producto' }).waitFor();
    // The name's parts are recovered into the fields.
    assert.equal(await page.getByTestId('product-number').inputValue(), number);
    assert.equal(await page.getByTestId('product-generated-name').textContent(), name);
    assert.equal(await dialog.getByTestId('product-existing-photo').count(), 2);
    await dialog.locator('[data-testid="product-quantity"][data-size="M"]').fill('7');
    await page.getByTestId('product-form-submit').click();
    await notification(page, 'Producto actualizado correctamente');
    await dialog.waitFor({ state: 'hidden' });
    await row
      .locator('[data-testid="product-sizes-stock"] [data-size="M"][data-stock="7"]')
      .waitFor();

    await store.reload();
    await store.locator('[data-testid="size-option"][data-size="M"]').click();
    assert.equal(await store.getByTestId('size-stock').getAttribute('data-stock'), '7');

    // Delete after the confirmation.
    await row.getByTestId('product-delete').click();
    const confirm = page.getByTestId('product-delete-dialog');
    await confirm.getByText('¿Estás seguro de eliminar este producto?').waitFor();
    await confirm.getByTestId('product-confirm-delete').click();
    await notification(page, 'Producto eliminado correctamente');
    await page.getByText('No hay productos disponibles').waitFor();
    assert.equal(await page.getByTestId('product-row').count(), 0);

    await store.goto(`${baseUrl()}/#/buscar/${number}`);
    await store
      .getByText('No se encontraron productos')
      .or(store.getByText('No hay resultados'))
      .first()
      .waitFor();
  } finally {
    await context.close();
  }
});
