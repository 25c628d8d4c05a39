// 'Compartir' on the product page (issue 15): headless Chromium on Linux has no share sheet, so
// it shows a small panel: 'WhatsApp' (a wa.me link in a new tab) and 'Copiar enlace' (the clipboard
// then holds the product's absolute share page, and 'Enlace copiado' shows); where the browser
// has navigator.share (stubbed here by an init script) the button hands it the name, the price
// and the link, and no panel opens. The product page with the panel open is checked by axe-core
// and captured at phone and desktop widths into e2e/artifacts/share/ (gitignored). The share
// image the share page names answers a 1200×630 JPEG.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../axe.ts';
import { baseUrl, launchBrowser } from '../browser.ts';
import { DESKTOP, PHONE, graphqlRequest, openPage } from './storefront-helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'share');

interface Sample {
  id: number;
  name: string;
  unitPriceCents: number;
  sharePath: string;
  images: { url: string }[];
}

let browser: Browser;
let product: Sample;

before(async () => {
  browser = await launchBrowser();
  const { newProducts } = await graphqlRequest<{ newProducts: Sample[] }>(
    '{ newProducts { id name unitPriceCents sharePath images { url } } }',
  );
  const found = newProducts.find((p) => p.images.length > 0);
  assert.ok(found, 'the seed has a product with a photo');
  product = found;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});

after(async () => {
  await browser?.close();
});

const shareUrl = () => `${baseUrl()}${product.sharePath}`;
/** es-MX money, written out here: 125000 → '$1,250', 19950 → '$199.50' (centavos exact). */
const price = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', cents % 100 === 0 ? {} : { minimumFractionDigits: 2 })}`;

async function openProduct(page: Page) {
  await page.goto(`${baseUrl()}/#/producto/${product.id}`);
  await page.getByTestId('product-title').waitFor();
}

test("without a share sheet, 'Compartir' offers WhatsApp and copies the share page", async () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page } = await openPage(browser, null, viewport);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: baseUrl(),
      });
      await openProduct(page);
      assert.equal(
        await page.evaluate(() => typeof navigator.share),
        'undefined',
        'headless Chromium on Linux has no share sheet',
      );

      // Keyboard: the button is reachable by name and opens the panel with Enter.
      const button = page.getByRole('button', { name: 'Compartir' });
      await button.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByTestId('share-menu');
      await panel.waitFor();
      assert.equal(await button.getAttribute('aria-expanded'), 'true');

      const whatsapp = panel.getByRole('link', { name: 'WhatsApp' });
      assert.ok(await whatsapp.evaluate((a) => a === document.activeElement), 'focus on WhatsApp');
      const href = (await whatsapp.getAttribute('href')) ?? '';
      assert.ok(href.startsWith('https://wa.me/?text='), href);
      const text = new URL(href).searchParams.get('text') ?? '';
      assert.ok(text.includes(product.name), text);
      assert.ok(text.includes(price(product.unitPriceCents)), text);
      assert.ok(text.endsWith(shareUrl()), text);
      assert.equal(await whatsapp.getAttribute('target'), '_blank');
      assert.match((await whatsapp.getAttribute('rel')) ?? '', /\bnoopener\b/);

      assert.deepEqual(await axeViolations(page), [], 'axe-core finds nothing with the panel open');
      await page.screenshot({ path: path.join(ARTIFACTS, `producto-compartir-${size}.png`) });

      // 'Copiar enlace' with the keyboard: the next stop, then Enter.
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent?.trim()),
        'Copiar enlace',
      );
      await page.keyboard.press('Enter');
      await page.getByText('Enlace copiado').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shareUrl());
      await page.screenshot({ path: path.join(ARTIFACTS, `producto-enlace-copiado-${size}.png`) });
      assert.equal(await panel.count(), 0, 'the panel closed');
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
    } finally {
      await context.close();
    }
  }
});

test("with a share sheet, 'Compartir' hands it the name, the price and the share page", async () => {
  const { context, page } = await openPage(browser, null, PHONE);
  try {
    // As source text: tsx would wrap a function's inner arrows in a helper the page lacks.
    await context.addInitScript(`
      const shared = [];
      Object.defineProperty(window, '__shared', { value: shared });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    `);
    await openProduct(page);
    await page.getByRole('button', { name: 'Compartir' }).click();
    await page.waitForFunction(
      () => (window as unknown as { __shared: unknown[] }).__shared.length,
    );
    const shared = await page.evaluate(
      () => (window as unknown as { __shared: unknown[] }).__shared,
    );
    assert.deepEqual(shared, [
      {
        title: product.name,
        text: `${product.name} a ${price(product.unitPriceCents)}`,
        url: shareUrl(),
      },
    ]);
    assert.equal(await page.getByTestId('share-menu').count(), 0, 'no panel where it shares');
  } finally {
    await context.close();
  }
});

test('the share image of the first photo is a 1200×630 JPEG', async () => {
  const response = await fetch(`${baseUrl()}${product.images[0]!.url}?og=1200x630`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/jpeg');
  const jpeg = Buffer.from(await response.arrayBuffer());
  // The baseline or progressive frame header (SOF0/SOF2) holds height then width.
  const sof = jpeg.findIndex(
    (b, i) => b === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2),
  );
  assert.ok(sof > 0, 'a JPEG frame header');
  assert.deepEqual([jpeg.readUInt16BE(sof + 7), jpeg.readUInt16BE(sof + 5)], [1200, 630]);
});
