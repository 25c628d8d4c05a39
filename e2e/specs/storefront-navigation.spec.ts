import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import { PHONE, appReady, hashRoute, openPage, settledTotal } from './storefront-helpers.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test('/ lands on #/inicio with the catalogue', async () => {
  const { context, page } = await openPage(browser, null);
  try {
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL((url) => url.hash === '#/inicio');
    assert.equal(hashRoute(page), '/inicio');
    const total = await settledTotal(page);
    assert.ok(total > 0, 'the seeded catalogue is not empty');
    assert.ok((await page.getByTestId('product-card').count()) > 0);
    // The cards can be the server-drawn first screen: the title is the app's, once it runs
    // (over the drawn screen, once the shopper moves: client/src/main.tsx).
    await appReady(page);
    await page.waitForFunction(() => document.title === 'Inicio · Tienda', undefined, {
      timeout: 15_000,
    });
    assert.equal(await page.title(), 'Inicio · Tienda');
  } finally {
    await context.close();
  }
});

test('an unknown route shows "Página no encontrada" with a way back to /inicio', async () => {
  const { context, page } = await openPage(browser, '/esta-ruta-no-existe');
  try {
    const title = page.getByRole('heading', { name: 'Página no encontrada' });
    await title.waitFor();
    assert.ok(await title.isVisible());
    await page.getByTestId('back-home').click();
    await page.waitForURL((url) => url.hash === '#/inicio');
  } finally {
    await context.close();
  }
});

test('the sidebar holds Inicio, the stored modules and the cart with its badge', async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    await page.getByTestId('nav-inicio').waitFor();
    assert.equal(await page.getByTestId('nav-module-promociones').textContent(), 'Promociones');
    assert.equal(await page.getByTestId('nav-module-nuevo').textContent(), 'Nuevo');
    // The server's first screen already shows the links; the app stores the list once it runs.
    const stored = await page.waitForFunction(() => window.localStorage.getItem('modulos'));
    assert.equal(await stored.jsonValue(), 'promociones,nuevo');
    assert.equal((await page.getByTestId('cart-count').textContent())?.trim(), '0');
    assert.equal(await page.getByTestId('nav-user').getAttribute('href'), '#/iniciar-sesion');
  } finally {
    await context.close();
  }
});

test('floating contact links show in the shop and hide on /catalogo, which has no prices', async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    await page.getByTestId('floating-trust').waitFor();
    assert.equal(
      (await page.getByTestId('floating-trust').textContent())?.trim(),
      'Somos confiables?',
    );
    assert.ok(await page.getByTestId('floating-whatsapp').getAttribute('href'));
    assert.ok(await page.getByTestId('floating-facebook').getAttribute('href'));

    await page.goto(`${baseUrl()}/#/catalogo`);
    await page.getByTestId('catalog-search').waitFor();
    await settledTotal(page);
    assert.ok((await page.getByTestId('product-card').count()) > 0);
    assert.equal(await page.getByTestId('floating-links').count(), 0);
    assert.equal(await page.getByTestId('price').count(), 0);
    assert.equal(await page.locator('[data-facet="precio"]').count(), 0);
  } finally {
    await context.close();
  }
});

test('on a phone the sidebar opens as a drawer', async () => {
  const { context, page } = await openPage(browser, '/inicio', PHONE);
  try {
    await settledTotal(page);
    assert.equal(await page.getByTestId('sidebar').count(), 0);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('nav-module-promociones').click();
    await page.waitForURL((url) => url.hash === '#/promociones');
    await page.getByTestId('sidebar').waitFor({ state: 'detached' });
  } finally {
    await context.close();
  }
});
