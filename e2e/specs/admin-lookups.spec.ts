// Issue 9 item 5: the admin's type, brand and colour lists. The admin signs in with the seeded
// account, creates a brand (its 'Dama' and 'Niño' variants appear with it), renames it and
// deletes it after the confirmation. Its requests come from their own documentation address
// (X-Forwarded-For, trusted from the loopback) so the sign-in rate limit of other specs is untouched.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
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

const rowNames = (list: Locator) =>
  list
    .getByTestId('lookup-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')));

async function publicBrands(): Promise<string[]> {
  const res = await fetch(`${baseUrl()}/api/marcas`, {
    headers: { 'X-Forwarded-For': '192.0.2.91' },
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { nombre: string }[]).map((b) => b.nombre);
}

test('the admin creates a brand with its variants, renames it and deletes it', async () => {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-MX',
    extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.90' },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const brand = `Marca E2E ${Date.now().toString(36)}`;
  try {
    await page.goto(`${baseUrl()}/#/iniciar-sesion`);
    await page.getByTestId('sign-in-page').waitFor();
    await page.getByTestId('field-email').fill(ADMIN_EMAIL);
    await page.getByTestId('field-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('admin-shell').waitFor();
    await page.getByTestId('admin-nav-tiposMarcasColores').click();
    await page
      .getByRole('heading', { level: 1, name: 'Administración de Tipos, Marcas y Colores' })
      .waitFor();
    const brands = page.getByTestId('lookup-list-brands');
    await brands.getByTestId('lookup-row').first().waitFor();

    // Create: the brand and its two variants join the list, and the public list has them.
    await page.getByTestId('lookup-name-brands').fill(brand);
    await brands.getByRole('button', { name: 'Crear' }).click();
    await notification(page, 'Elemento creado correctamente');
    await brands.locator(`[data-name="${brand} Niño"]`).waitFor();
    const shown = await rowNames(brands);
    for (const name of [brand, `${brand} Dama`, `${brand} Niño`]) {
      assert.ok(shown.includes(name), `${name} is listed`);
    }
    const listed = await publicBrands();
    assert.ok([brand, `${brand} Dama`, `${brand} Niño`].every((n) => listed.includes(n)));

    // A duplicate, in another case, is refused with the spec's message.
    await page.getByTestId('lookup-name-brands').fill(brand.toUpperCase());
    await brands.getByRole('button', { name: 'Crear' }).click();
    await notification(page, 'Este nombre ya existe');

    // Rename.
    await page.getByTestId('lookup-name-brands').fill('');
    await brands.getByRole('button', { name: `Editar ${brand}`, exact: true }).click();
    assert.equal(await page.getByTestId('lookup-name-brands').inputValue(), brand);
    await page.getByTestId('lookup-name-brands').fill(`${brand} Renombrada`);
    await brands.getByRole('button', { name: 'Actualizar' }).click();
    await notification(page, 'Elemento actualizado correctamente');
    await brands.locator(`[data-name="${brand} Renombrada"]`).waitFor();
    assert.equal(await brands.locator(`[data-name="${brand}"]`).count(), 0);
    assert.ok((await publicBrands()).includes(`${brand} Renombrada`));

    // Delete after the confirmation.
    await brands.getByRole('button', { name: `Eliminar ${brand} Renombrada`, exact: true }).click();
    const dialog = page.getByTestId('lookup-delete-dialog');
    await dialog.getByText('¿Estás seguro de eliminar este elemento?').waitFor();
    await dialog.getByTestId('lookup-confirm-delete').click();
    await notification(page, 'Elemento eliminado correctamente');
    await brands.locator(`[data-name="${brand} Renombrada"]`).waitFor({ state: 'detached' });
    assert.ok(!(await publicBrands()).includes(`${brand} Renombrada`));
  } finally {
    await context.close();
  }
});
