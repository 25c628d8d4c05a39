// The back office's product dialog as the specs use it to make a product of their own.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

/** What a spec's product looks like: a black Playera with stock in M only, and one photo. */
export interface OwnPlayera {
  /** The price as the admin types it ('350', '199.50'). */
  price: string;
  /** Units in M. */
  quantityInM: number;
  /** The photo's colour, so the specs' photos tell apart. */
  photo: { r: number; g: number; b: number };
}

/**
 * A photo of gaussian noise, which compresses badly: at 2400×1600 and more, a PNG of over 6 MB
 * (past the server's 5 MB, for the picker to shrink).
 */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * On a page whose admin is signed in: opens 'Agregar producto' from Productos and fills in a
 * 'Playera {number} Negro' at `price` (as the admin types it), sizes and photos still to add.
 */
export async function startPlayera(
  page: Page,
  price: string,
): Promise<{ dialog: Locator; number: string; name: string }> {
  const number = String(100000 + (Date.now() % 800000));
  const name = `Playera ${number} Negro`;
  // From another admin screen through the menu; already on Productos (the screen registry opens
  // it by route, and on a phone the menu's links sit in a closed drawer), straight on.
  const heading = page.getByRole('heading', { level: 1, name: 'Productos' });
  if (!(await heading.isVisible())) await page.getByTestId('admin-nav-productos').click();
  await heading.waitFor();
  await page.getByTestId('product-add').click();
  const dialog = page.getByTestId('product-form-dialog');
  await dialog.getByRole('heading', { name: 'Agregar producto' }).waitFor();
  await page.getByTestId('product-type').selectOption({ label: 'Playera' });
  await page.getByTestId('product-number').fill(number);
  await page.getByTestId('product-color').selectOption({ label: 'Negro' });
  await page.getByTestId('product-price').fill(price);
  return { dialog, number, name };
}

/**
 * On a page whose admin is signed in: creates 'Playera {number} Negro' through the product
 * dialog, waits for 'Producto creado exitosamente', and finds it in the admin's list.
 */
export async function createPlayera(
  page: Page,
  { price, quantityInM, photo }: OwnPlayera,
): Promise<{ id: number; name: string; row: Locator }> {
  const { dialog, number, name } = await startPlayera(page, price);
  await page.getByTestId('product-sizes').fill('M');
  await dialog.locator('[data-testid="product-quantity"][data-size="M"]').fill(String(quantityInM));
  const jpeg = await sharp({ create: { width: 96, height: 96, channels: 3, background: photo } })
    .jpeg()
    .toBuffer();
  await page
    .getByTestId('product-photos-input')
    .setInputFiles([{ name: 'playera.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
  await dialog.getByTestId('product-new-photo').first().waitFor();
  await page.getByTestId('product-form-submit').click();
  await page
    .getByTestId('notification')
    .filter({ hasText: 'Producto creado exitosamente' })
    .first()
    .waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('admin-product-search').fill(number);
  const row = page.getByTestId('product-row').filter({ hasText: name });
  await row.waitFor();
  const id = Number(await row.getAttribute('data-product-id'));
  assert.ok(id > 0);
  return { id, name, row };
}
