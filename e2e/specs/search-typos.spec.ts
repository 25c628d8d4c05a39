// Issue 27: search that finds what shoppers mean. A misspelt search finds the product (and a
// search beyond the typos it forgives offers '¿Quisiste decir …?'); the sidebar's box lists
// completions as the shopper types; the admin adds a synonym and a shopper's search uses it; a
// search that found nothing appears on the admin's 'Búsquedas sin resultados'. Requests come
// from their own documentation addresses (X-Forwarded-For) so other specs' rate limits stay
// untouched.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { fold, hashRoute, openPage, settledTotal, visibleCards } from './storefront-helpers.ts';

const ADMIN_EMAIL = 'admin@tienda.local';
const ADMIN_PASSWORD = 'Admin12345';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function signInAsAdmin(page: Page) {
  await page.getByTestId('sign-in-page').waitFor();
  await page.getByTestId('field-email').fill(ADMIN_EMAIL);
  await page.getByTestId('field-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('admin-shell').waitFor();
  await page.getByTestId('admin-nav-tiposMarcasColores').click();
  await page.getByTestId('lookup-list-searchSynonyms').waitFor();
}

test("'pantlon' finds the Pantalón products; 'pntalnn' offers '¿Quisiste decir pantalón?'", async () => {
  const { context, page } = await openPage(browser, '/buscar/pantlon', undefined, {
    ip: '192.0.2.171',
  });
  try {
    assert.ok((await settledTotal(page)) > 0, 'a misspelt search finds something');
    const cards = await visibleCards(page);
    assert.ok(cards.length > 0);
    for (const card of cards) {
      assert.ok(fold(card.name).includes('pantalon'), `${card.name} is a pantalón`);
    }

    await page.goto(page.url().replace(/#.*$/, '#/buscar/pntalnn'));
    await page.getByRole('heading', { name: 'No se encontraron productos' }).waitFor();
    const suggestion = page.getByTestId('did-you-mean');
    await suggestion.waitFor();
    // The catalogue's own spelling, accent kept.
    assert.equal((await suggestion.textContent())?.trim(), '¿Quisiste decir pantalón?');
    await suggestion.getByRole('link', { name: 'pantalón' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash) === '#/buscar/pantalón');
    assert.ok((await settledTotal(page)) > 0);
  } finally {
    await context.close();
  }
});

test('the sidebar lists completions as the shopper types, and still searches after 500 ms', async () => {
  const { context, page } = await openPage(browser, '/inicio', undefined, { ip: '192.0.2.172' });
  try {
    await settledTotal(page);
    await page.getByTestId('sidebar-search').pressSequentially('panta', { delay: 40 });
    const list = page.getByRole('list', { name: 'Sugerencias de búsqueda' });
    const pantalon = list.getByRole('link', { name: 'pantalón', exact: true });
    await pantalon.waitFor();
    await page.waitForURL((url) => url.hash === '#/buscar/panta', { timeout: 5_000 });
    await pantalon.click();
    await page.waitForURL((url) => decodeURIComponent(url.hash) === '#/buscar/pantalón');
    assert.equal(hashRoute(page), '/buscar/pantalón');
  } finally {
    await context.close();
  }
});

test("the admin adds a synonym and a shopper's search uses it; a search that found nothing is listed", async () => {
  const word = `vaquerozz${Date.now().toString(36).replace(/\d/g, '')}`;
  const missing = `Zzqx Sín Resultado ${Date.now().toString(36)}`;
  const shopper = await openPage(browser, `/buscar/${word}`, undefined, { ip: '192.0.2.173' });
  const admin = await openPage(browser, '/iniciar-sesion', undefined, { ip: '192.0.2.174' });
  try {
    // Before: nothing.
    await shopper.page.getByRole('heading', { name: 'No se encontraron productos' }).waitFor();

    await signInAsAdmin(admin.page);
    const synonyms = admin.page.getByTestId('lookup-list-searchSynonyms');
    await admin.page.getByTestId('lookup-name-searchSynonyms').fill(`pantalon = ${word}`);
    await synonyms.getByRole('button', { name: 'Crear' }).click();
    await synonyms.locator(`[data-name="pantalon = ${word}"]`).waitFor();

    // The shopper's search for the new word now finds the pantalones.
    await shopper.page.reload();
    assert.ok((await settledTotal(shopper.page)) > 0, `'${word}' finds something`);
    for (const card of await visibleCards(shopper.page)) {
      assert.ok(fold(card.name).includes('pantalon'), `${card.name} is a pantalón`);
    }

    // A search that finds nothing: listed, normalised (lower case, no accents, one space).
    await shopper.page.goto(
      shopper.page.url().replace(/#.*$/, `#/buscar/${encodeURIComponent(`  ${missing}`)}`),
    );
    await shopper.page.getByRole('heading', { name: 'No se encontraron productos' }).waitFor();
    await admin.page.reload();
    const row = admin.page
      .getByTestId('search-misses')
      .locator(`[data-search="${fold(missing).toLowerCase()}"]`);
    await row.waitFor();
    assert.equal(await row.locator('td').nth(1).textContent(), '1');
  } finally {
    await shopper.context.close();
    await admin.context.close();
  }
});
