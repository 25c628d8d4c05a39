import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { axeViolations } from '../axe.ts';
import { launchBrowser } from '../browser.ts';
import { DESKTOP, PHONE, graphqlRequest, openPage } from './storefront-helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

interface SizeStock {
  size: string;
  stock: number;
}
interface ProductSizes {
  id: number;
  name: string;
  sizes: SizeStock[];
}

let browser: Browser;
/** A product with a sold-out size and a size with at least 2 units. */
let sample: { product: ProductSizes; inStock: SizeStock; other?: SizeStock; soldOut?: SizeStock };

async function findSample(): Promise<typeof sample> {
  const pageSize = 24;
  const query = `query E2eProducts($offset: Int!, $limit: Int!) {
    products(offset: $offset, limit: $limit) { total items { id name sizes { size stock } } }
  }`;
  let fallback: typeof sample | undefined;
  for (let offset = 0; offset < 2_000; offset += pageSize) {
    const { products } = await graphqlRequest<{
      products: { total: number; items: ProductSizes[] };
    }>(query, { offset, limit: pageSize });
    for (const product of products.items) {
      const inStock = product.sizes.find((size) => size.stock >= 2);
      if (!inStock) continue;
      const other = product.sizes.find((size) => size !== inStock && size.stock >= 1);
      const soldOut = product.sizes.find((size) => size.stock === 0);
      if (soldOut && other) return { product, inStock, other, soldOut };
      fallback ??= { product, inStock, other, soldOut };
    }
    if (offset + pageSize >= products.total) break;
  }
  assert.ok(fallback, 'the seed has a product with at least 2 units of one size');
  return fallback;
}

before(async () => {
  browser = await launchBrowser();
  sample = await findSample();
});

after(async () => {
  await browser?.close();
});

const quantity = async (page: Page) =>
  Number((await page.getByTestId('quantity-value').textContent())?.trim());
const sizeButton = (page: Page, size: string) =>
  page.locator(`[data-testid="size-option"][data-size="${size}"]`);

test('the quantity stays between 1 and the stock of the chosen size', async () => {
  const { product, inStock } = sample;
  const { context, page } = await openPage(browser, `/producto/${product.id}`);
  try {
    await page.getByTestId('product-title').waitFor();
    assert.equal(await page.getByTestId('product-title').textContent(), product.name);

    await sizeButton(page, inStock.size).click();
    assert.equal(await quantity(page), 1);
    assert.ok(await page.getByTestId('quantity-decrease').isDisabled(), '- is disabled at 1');

    const increase = page.getByTestId('quantity-increase');
    for (let expected = 2; expected <= inStock.stock; expected += 1) {
      await increase.click();
      assert.equal(await quantity(page), expected);
    }
    assert.equal(await quantity(page), inStock.stock);
    assert.ok(await increase.isDisabled(), '+ is disabled at the stock');
    await increase.click({ force: true });
    assert.equal(await quantity(page), inStock.stock, 'cannot go past the stock');

    await page.getByTestId('quantity-decrease').click();
    assert.equal(await quantity(page), inStock.stock - 1);
  } finally {
    await context.close();
  }
});

test('a sold-out size shows 0 with disabled buttons; changing size resets to 1', async (t) => {
  const { product, inStock, other, soldOut } = sample;
  if (!soldOut || !other) {
    t.skip(`the seed has no product with a sold-out size next to sizes in stock`);
    return;
  }
  const { context, page } = await openPage(browser, `/producto/${product.id}`);
  try {
    await page.getByTestId('product-title').waitFor();
    await sizeButton(page, inStock.size).click();
    await page.getByTestId('quantity-increase').click();
    assert.equal(await quantity(page), 2);

    await sizeButton(page, soldOut.size).click();
    assert.match((await sizeButton(page, soldOut.size).textContent()) ?? '', /Agotado/);
    assert.equal(await quantity(page), 0);
    assert.ok(await page.getByTestId('quantity-increase').isDisabled());
    assert.ok(await page.getByTestId('quantity-decrease').isDisabled());
    assert.ok(await page.getByTestId('add-to-cart').isDisabled());

    await sizeButton(page, other.size).click();
    assert.equal(await quantity(page), 1, 'choosing a size in stock resets the quantity to 1');
    assert.ok(await page.getByTestId('add-to-cart').isEnabled());

    await sizeButton(page, inStock.size).click();
    await page.getByTestId('quantity-increase').click();
    await sizeButton(page, other.size).click();
    assert.equal(await quantity(page), 1, 'changing size resets the quantity to 1');
  } finally {
    await context.close();
  }
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`${viewport.width} px: adding to the cart without a session asks to sign in, and offers it`, async () => {
    const { context, page } = await openPage(browser, `/producto/${sample.product.id}`, viewport);
    try {
      await sizeButton(page, sample.inStock.size).click();
      await page.getByTestId('add-to-cart').click();
      await page.getByText('Debes iniciar sesión para agregar productos al carrito').waitFor();
      // A way forward that stays after the notification has gone.
      const offer = page.getByTestId('sign-in-to-add');
      assert.equal(await offer.innerText(), 'Inicia sesión para agregarlo a tu carrito');
      // The notification has finished coming in (axe reads its colours through its opacity).
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="notification"]')].every(
          (toast) => getComputedStyle(toast).opacity === '1',
        ),
      );
      await page.screenshot({
        path: path.join(SHOTS, `product-sign-in-to-add-${viewport.width}.png`),
      });
      assert.deepEqual(await axeViolations(page), [], 'axe on the product page with the offer');
      await offer.getByRole('link', { name: 'Inicia sesión' }).click();
      await page.waitForURL(/#\/iniciar-sesion$/);
      await page.getByRole('heading', { level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
}

test('an unknown product shows "Producto no encontrado"', async () => {
  const { context, page } = await openPage(browser, '/producto/987654321');
  try {
    await page.getByRole('heading', { name: 'Producto no encontrado' }).waitFor();
    assert.equal(await page.getByTestId('product-detail').count(), 0);
  } finally {
    await context.close();
  }
});
