import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { graphqlRequest, openPage } from './storefront-helpers.ts';

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

test('adding to the cart without a session asks to sign in', async () => {
  const { context, page } = await openPage(browser, `/producto/${sample.product.id}`);
  try {
    await sizeButton(page, sample.inStock.size).click();
    await page.getByTestId('add-to-cart').click();
    await page.getByText('Debes iniciar sesión para agregar productos al carrito').waitFor();
  } finally {
    await context.close();
  }
});

test('an unknown product shows "Producto no encontrado"', async () => {
  const { context, page } = await openPage(browser, '/producto/987654321');
  try {
    await page.getByRole('heading', { name: 'Producto no encontrado' }).waitFor();
    assert.equal(await page.getByTestId('product-detail').count(), 0);
  } finally {
    await context.close();
  }
});
