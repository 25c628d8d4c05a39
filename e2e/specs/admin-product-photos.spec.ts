// Issue 28 item 9: the admin's photo picker checks a file the moment it is chosen. A text file and
// an oversized file the browser cannot shrink are refused at once with the server's message; a
// 6 MB photo is shrunk in the browser under the server's 5 MB, and the upload shows a progress
// bar. The product made is deleted at the end. Its requests come from their own documentation
// address so the sign-in rate limit of other specs is untouched.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { noisePng, startPlayera } from '../support/admin-product.ts';
import { signInAsAdmin, notification } from '../support/mail.ts';

const MESSAGE = 'La foto debe ser una imagen JPEG, PNG o WebP de hasta 5 MB';
const FIVE_MB = 5 * 1024 * 1024;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** A photo of noise (which compresses badly): a PNG of more than 6 MB. */
async function bigPhoto() {
  const buffer = await noisePng(2600, 1800);
  assert.ok(buffer.length > 6 * 1024 * 1024, `the photo is over 6 MB (${buffer.length} bytes)`);
  return { name: 'playa.png', mimeType: 'image/png', buffer };
}

test('the photo picker refuses a text file and an unreadable 6 MB file at once, and shrinks a 6 MB photo, uploading it with a progress bar', async () => {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-MX',
    extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.128' },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await signInAsAdmin(page);
    const { dialog, name } = await startPlayera(page, '450');
    const input = page.getByTestId('product-photos-input');
    const refusal = dialog.getByTestId('product-photos-error');

    // A text file: refused on the spot, in the server's words, nothing sent.
    let graphqlPosts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.method() === 'POST') graphqlPosts += 1;
    });
    await input.setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('no soy una foto'),
    });
    await refusal.filter({ hasText: MESSAGE }).waitFor();
    assert.match((await refusal.textContent()) ?? '', /notas\.txt/);
    assert.equal(await dialog.getByTestId('product-new-photo').count(), 0);

    // 6 MB that say they are a JPEG but are not a picture: the browser cannot shrink them, and
    // as they are they are over the server's 5 MB.
    await input.setInputFiles({
      name: 'rota.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(6 * 1024 * 1024, 7),
    });
    await refusal.filter({ hasText: 'rota.jpg' }).waitFor();
    assert.match((await refusal.textContent()) ?? '', new RegExp(MESSAGE));
    assert.equal(await dialog.getByTestId('product-new-photo').count(), 0);
    assert.equal(graphqlPosts, 0, 'nothing was sent to the server');

    // A 6 MB photo: shrunk in the browser, then taken.
    await input.setInputFiles(await bigPhoto());
    await dialog.getByTestId('product-new-photo').waitFor();
    assert.equal(await refusal.count(), 0, 'the refusal went');

    // The upload, on a slow connection (150 KB/s up) so its progress is seen part way: its body
    // is under 5 MB and carries the WebP the browser made.
    // The files the upload's body carries, seen as the page sends them.
    await page.evaluate(() => {
      const send = XMLHttpRequest.prototype.send;
      const seen: { size: number; type: string }[] = [];
      (window as unknown as { sentFiles: typeof seen }).sentFiles = seen;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData) {
          for (const value of body.values()) {
            if (value instanceof Blob) seen.push({ size: value.size, type: value.type });
          }
        }
        return send.call(this, body);
      };
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await page.getByTestId('product-form-submit').click();
    const progress = dialog.getByTestId('product-photos-progress');
    await progress.waitFor();
    assert.match((await progress.textContent()) ?? '', /Subiendo fotos/);
    // The bar moves: some of the photo sent, not all.
    const partWay = await page.waitForFunction(
      () => {
        const bar = document.querySelector(
          '[data-testid="product-photos-progress"] [role="progressbar"]',
        );
        const value = Number(bar?.getAttribute('aria-valuenow') ?? 0);
        return value > 0 && value < 100 ? value : false;
      },
      undefined,
      { timeout: 30_000 },
    );
    assert.ok(Number(await partWay.jsonValue()) > 0);
    await notification(page, 'Producto creado exitosamente');
    await dialog.waitFor({ state: 'hidden' });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const sent = await page.evaluate(
      () => (window as unknown as { sentFiles: { size: number; type: string }[] }).sentFiles,
    );
    assert.equal(sent.length, 1, 'one photo sent');
    assert.ok(sent[0]!.size > 0 && sent[0]!.size < FIVE_MB, `sent ${sent[0]!.size} bytes`);
    assert.equal(sent[0]!.type, 'image/webp', 'the shrunk photo went as WebP');

    // Delete it again.
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await row.waitFor();
    await row.getByTestId('product-delete').click();
    const confirm = page.getByTestId('product-delete-dialog');
    await confirm.getByTestId('product-confirm-delete').click();
    await notification(page, 'Producto eliminado correctamente');
  } finally {
    await context.close();
  }
});
