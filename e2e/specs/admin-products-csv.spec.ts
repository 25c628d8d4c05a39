// Issue 26 item 4, products by spreadsheet: the owner exports the catalogue from Productos
// ('Exportar CSV': UTF-8 with BOM, the export's columns), changes the stock of 40 products in the
// file and adds a row for a product that does not exist, chooses the file in 'Importar CSV' and
// reads the dry run (40 to update, the bad row with its line and reason), imports the valid rows
// and follows the progress bar, which shows again after a page reload, until it says what was
// done; the store then shows the new stock. The screens (the list with its buttons, the dry run,
// the progress) at 390 and 1366 px go to e2e/artifacts/admin-products-csv/ and axe finds nothing.
// The catalogue is put back by importing the original export.
import { signInAsAdmin } from '../support/mail.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../axe.ts';
import { baseUrl, launchBrowser } from '../browser.ts';
import { DESKTOP, PHONE, captureInto, openPage } from './storefront-helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'admin-products-csv');
const CHANGED = 40;
const MISSING_ID = '999999';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const capture = (page: Page, name: string) => captureInto(ARTIFACTS, page, name);

const signIn = signInAsAdmin;

async function openProducts(page: Page) {
  await page.goto(`${baseUrl()}/#/admin/productos`);
  await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
}

/** Imports `csv` from the page (as the dialog does) and waits until its job is done. */
async function importInPage(page: Page, csv: string): Promise<void> {
  await page.evaluate(async (text) => {
    const form = new FormData();
    form.append('archivo', new Blob([text], { type: 'text/csv' }), 'original.csv');
    const response = await fetch('/api/admin/productos/importar', { method: 'POST', body: form });
    const body = (await response.json()) as { importacion: { id: number } | null };
    if (!response.ok || !body.importacion) throw new Error(JSON.stringify(body));
    for (let i = 0; i < 120; i += 1) {
      const job = (await (
        await fetch(`/api/admin/productos/importaciones/${body.importacion.id}`)
      ).json()) as { estado: string };
      if (job.estado === 'terminada') return;
      if (job.estado === 'fallida') throw new Error('La importación falló');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('La importación no terminó');
  }, csv);
}

test('the owner exports the products, imports a changed file after its dry run and follows the progress bar, also after a reload (Chromium, 390 and 1366 px)', async () => {
  const { page, context } = await openPage(browser, null, DESKTOP, { ip: '198.51.100.141' });
  let original: string | null = null;
  try {
    await signIn(page);
    await openProducts(page);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.getByTestId('products-import').waitFor();
      await expectNoAxeViolations(page, `productos ${viewport.width}`);
      await capture(page, 'productos');
    }

    // Exportar CSV: a download of every product, UTF-8 with BOM.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('products-export').click(),
    ]);
    assert.match(download.suggestedFilename(), /^productos-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    original = bytes.toString('utf8');
    const header = original.slice(1).split('\r\n')[0]!.split(',');
    assert.deepEqual(header, [
      'id',
      'nombre',
      'descripcion',
      'precio',
      'promocion',
      'precioPromocion',
      'especial',
      'tipo',
      'marca',
      'color',
      'tallas',
      'cantidad',
      'imagenes',
    ]);
    const rows = parse(original, { bom: true, columns: true }) as Record<string, string>[];
    assert.ok(rows.length >= CHANGED, `${rows.length} productos exportados`);

    // 40 products with 7 of each size, and a row for a product that does not exist.
    const changed: Record<string, string>[] = rows.slice(0, CHANGED).map((row) => ({
      ...row,
      cantidad: row
        .tallas!.split(',')
        .map(() => '7')
        .join(', '),
    }));
    const bad = { ...rows[0]!, id: MISSING_ID };
    const file = stringify([...changed, bad], { header: true, columns: header });
    const badLine = CHANGED + 2;

    await page.getByTestId('products-import').click();
    const dialog = page.getByTestId('product-import-dialog');
    await dialog.waitFor();
    await page.getByTestId('import-file').setInputFiles({
      name: 'productos-cambiados.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    await page.getByTestId('import-dry-run').waitFor();
    const summary = await page.getByTestId('import-dry-run').textContent();
    assert.match(summary ?? '', /0 nuevos, 40 actualizados, 0 sin cambios/);
    const errorRows = page.getByTestId('import-error');
    assert.equal(await errorRows.count(), 1);
    assert.equal(await errorRows.first().getAttribute('data-line'), String(badLine));
    assert.equal(
      (await errorRows.first().textContent())?.replace(/\s+/g, ' '),
      `${badLine}No existe un producto con id ${MISSING_ID} (columna id)`,
    );
    assert.equal(
      (await page.getByTestId('import-start').textContent())?.trim(),
      'Importar las filas válidas',
    );
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `importar, simulación ${viewport.width}`);
      await capture(page, 'importar-simulacion');
    }

    // The import: the dialog closes and the page shows its progress bar.
    await page.getByTestId('import-start').click();
    await dialog.waitFor({ state: 'hidden' });
    const progress = page.getByTestId('import-progress');
    await progress.waitFor();
    const bar = page.getByTestId('import-progress-bar');
    assert.equal(await bar.getAttribute('role'), 'progressbar');
    await expectNoAxeViolations(page, 'importar, progreso');
    await capture(page, 'importar-progreso');

    // A reload shows it again (the server keeps the job), until it is done.
    await page.reload();
    await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
    await progress.waitFor();
    await page.locator('[data-testid="import-progress"][data-state="terminada"]').waitFor({
      timeout: 60_000,
    });
    assert.equal(await bar.getAttribute('aria-valuenow'), '100');
    assert.equal(
      await page.getByTestId('import-progress-text').textContent(),
      '0 nuevos, 40 actualizados, 0 sin cambios; 1 fila con errores sin importar.',
    );
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `importar, terminada ${viewport.width}`);
      await capture(page, 'importar-terminada');
    }

    // The store has the new stock.
    const first = changed[0]!;
    const product = (await (
      await page.request.get(`${baseUrl()}/api/productos/${first.id}`)
    ).json()) as { cantidad: string };
    assert.equal(product.cantidad, first.cantidad!.replace(/, /g, ','));

    // Closed, it stays closed after a reload.
    await page.getByTestId('import-dismiss').click();
    await progress.waitFor({ state: 'hidden' });
    await page.reload();
    await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
    await page.waitForTimeout(1000);
    assert.equal(await progress.count(), 0);
  } finally {
    if (original) await importInPage(page, original);
    await context.close();
  }
});
