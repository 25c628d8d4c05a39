// Issue 15 (Deliver 1 and 5): the first screen's data comes in the HTML. Opening `/` shows the
// catalogue grid without a `CatalogPage` request; opening a product's share page (/p/{id}-{slug})
// shows the product without a `ProductDetail` request; a hidden product's share page answers 404
// with the shop's not-found screen. Each screen is checked by axe and captured at 390 and 1366
// pixels (screenshots/share-*.png). Requests come from their own documentation addresses
// (X-Forwarded-For) so the sign-in and registration rate limits of other specs are untouched.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../axe.ts';
import { baseUrl, launchBrowser } from '../browser.ts';
import {
  DESKTOP,
  PHONE,
  appReady,
  graphqlInPage,
  graphqlRequest,
  openPage,
} from './storefront-helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');
const ADMIN_EMAIL = 'admin@tienda.local';
const ADMIN_PASSWORD = 'Admin12345';
const run = Date.now().toString(36);

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** A page that records the GraphQL operations it sends. */
async function recordingPage(viewport = DESKTOP, ip = '192.0.2.150') {
  const { context, page } = await openPage(browser, null, viewport, { ip });
  const operations: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql')) return;
    const body = request.postData() ?? '';
    operations.push(/"operationName":"(\w+)"/.exec(body)?.[1] ?? body.slice(0, 60));
  });
  return { context, page, operations };
}

async function expectAxeClean(page: Page, screen: string) {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `axe on ${screen}: ${JSON.stringify(violations, null, 2)}`);
}

/** The canonical share path of a product, as the server's 301 from /p/{id} names it. */
async function sharePath(id: number): Promise<string> {
  const response = await fetch(`${baseUrl()}/p/${id}`, { redirect: 'manual' });
  assert.equal(response.status, 301);
  const location = response.headers.get('location');
  assert.ok(location?.startsWith(`/p/${id}-`), `canonical path of ${id}: ${location}`);
  return location ?? '';
}

test('`/` shows the catalogue grid from the HTML, with no CatalogPage request', async () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page, operations } = await recordingPage(viewport);
    try {
      await page.goto(`${baseUrl()}/`);
      // The drawn screen, then the app once the shopper moves (client/src/main.tsx).
      await appReady(page);
      await page.waitForURL((url) => url.hash === '#/inicio');
      await page.getByTestId('product-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok((await page.getByTestId('product-card').count()) > 0);
      // Neither the grid, nor the shell's settings, nor (for a visitor) `me` asked /graphql.
      assert.deepEqual(operations, []);
      // The first card photos were preloaded by the HTML itself.
      const preloads = await page.locator('head link[rel="preload"][as="image"]').count();
      assert.equal(preloads, 3);
      await expectAxeClean(page, `home (${name})`);
      await page.screenshot({ path: path.join(SHOTS, `share-home-${name}.png`) });
    } finally {
      await context.close();
    }
  }
});

test("a product's share page opens the product from the HTML, with no ProductDetail request", async () => {
  const { products } = await graphqlRequest<{
    products: { items: { id: number; name: string }[] };
  }>('{ products(offset: 3, limit: 1) { items { id name } } }');
  const product = products.items[0]!;
  const canonical = await sharePath(product.id);

  // A crawler (no JavaScript) finds the product's name in the Open Graph tags.
  const crawled = await fetch(`${baseUrl()}${canonical}`);
  assert.equal(crawled.status, 200);
  const html = await crawled.text();
  assert.ok(html.includes('<meta property="og:type" content="product" />'));
  assert.ok(html.includes('<meta property="product:price:currency" content="MXN" />'));

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page, operations } = await recordingPage(viewport);
    try {
      await page.goto(`${baseUrl()}${canonical}`);
      await appReady(page);
      await page.waitForURL(
        (url) => url.pathname === '/' && url.hash === `#/producto/${product.id}`,
      );
      const title = page.getByTestId('product-title');
      await title.waitFor();
      assert.equal(await title.textContent(), product.name);
      await page.waitForLoadState('networkidle');
      assert.ok(!operations.includes('ProductDetail'), `requests: ${operations.join(', ')}`);
      assert.equal(await page.title(), `${product.name} · Tienda`);
      await expectAxeClean(page, `share page (${name})`);
      await page.screenshot({ path: path.join(SHOTS, `share-product-${name}.png`) });
    } finally {
      await context.close();
    }
  }
});

test("a hidden product's share page answers 404 with the shop's not-found screen", async () => {
  // A shopper orders a product, then the admin deletes it: orders name it, so it is hidden.
  const { context: shopperContext, page: shopper } = await recordingPage(PHONE, '192.0.2.151');
  const { context: adminContext, page: admin } = await recordingPage(DESKTOP, '192.0.2.152');
  let hiddenId: number;
  let hiddenPath: string;
  try {
    await shopper.goto(`${baseUrl()}/#/inicio`);
    await graphqlInPage(
      shopper,
      'mutation R($input: RegisterInput!) { register(input: $input) { id } }',
      {
        input: {
          name: `Olga Compartir ${run}`,
          email: `compartir.${run}@example.com`,
          password: 'Secreta123',
          passwordConfirmation: 'Secreta123',
          phone: '5544332200',
        },
      },
    );
    const { newProducts } = await graphqlInPage<{
      newProducts: { id: number; sizes: { size: string; stock: number }[] }[];
    }>(shopper, '{ newProducts { id sizes { size stock } } }');
    const product = [...newProducts].reverse().find((p) => p.sizes.some((s) => s.stock >= 1))!;
    hiddenId = product.id;
    hiddenPath = await sharePath(hiddenId);
    await graphqlInPage(
      shopper,
      'mutation A($p: Int!, $s: String!) { addToCart(productId: $p, quantity: 1, size: $s) { lines { id } } }',
      { p: product.id, s: product.sizes.find((s) => s.stock >= 1)!.size },
    );
    const { addAddress } = await graphqlInPage<{ addAddress: { id: number } }>(
      shopper,
      'mutation D($input: AddressInput!) { addAddress(input: $input) { id } }',
      {
        input: {
          firstName: 'Olga',
          lastName: 'Compartir Ruiz',
          street: 'Calle Hidalgo',
          number: '12',
          neighborhood: 'Centro',
          postalCode: '44100',
          city: 'Guadalajara',
          state: 'Jalisco',
          references: 'Portón verde',
          phone: '3312345600',
        },
      },
    );
    await graphqlInPage(
      shopper,
      'mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
      { a: addAddress.id, k: `e2e-share-${run}` },
    );

    await admin.goto(`${baseUrl()}/#/iniciar-sesion`);
    await admin.getByTestId('field-email').fill(ADMIN_EMAIL);
    await admin.getByTestId('field-password').fill(ADMIN_PASSWORD);
    await admin.getByTestId('sign-in-submit').click();
    await admin.getByTestId('admin-shell').waitFor();
    await graphqlInPage(admin, 'mutation X($id: Int!) { deleteProduct(id: $id) }', {
      id: hiddenId,
    });
  } finally {
    await shopperContext.close();
    await adminContext.close();
  }

  const crawled = await fetch(`${baseUrl()}${hiddenPath}`);
  assert.equal(crawled.status, 404);
  const html = await crawled.text();
  assert.ok(!html.includes('og:title'), 'no product tags on a hidden product');

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page, operations } = await recordingPage(viewport);
    try {
      await page.goto(`${baseUrl()}${hiddenPath}`);
      await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(operations, []);
      await expectAxeClean(page, `not-found share page (${name})`);
      await page.screenshot({ path: path.join(SHOTS, `share-not-found-${name}.png`) });
    } finally {
      await context.close();
    }
  }
});
