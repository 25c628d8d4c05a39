// The admin's screens for e2e/screenshots.ts: products, orders, users, stock, lookups and activity.
import type { Page } from 'playwright-core';
import { baseUrl } from '../browser.ts';
import { type Screen, settle } from './screen.ts';
import { creditNoteOrderKnown, transferOrderForAdmin } from './shop-data.ts';
import { graphqlInPage } from '../specs/storefront-helpers.ts';
import { noisePng, startPlayera } from '../support/admin-product.ts';

/** 'Agregar producto' filled in but for its sizes and photos (the list loaded first). */
async function newProductDialog(page: Page): Promise<void> {
  await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
  await startPlayera(page, '450');
}

/** Opens the edit of one order (found by its id in the search). */
async function editOrder(page: Page, id: number): Promise<void> {
  await page.goto(`${baseUrl()}/#/admin/pedidos?buscar=${id}`);
  await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
  await page.locator('[data-testid="order-edit-button"]:visible').first().click();
  await page.getByTestId('order-edit-form').waitFor();
}

/** Chooses the first product type in 'Claves SAT para facturar'. */
async function chooseSatKeysType(page: Page): Promise<void> {
  const select = page.getByTestId('sat-keys-type');
  await select.waitFor();
  const first = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(first ?? '');
  await page.getByTestId('sat-keys-product').waitFor({ state: 'visible' });
}

export const adminScreens: Screen[] = [
  { name: 'admin-resumen', route: '/admin/resumen', session: 'admin', fullPage: true },
  { name: 'admin-cupones', route: '/admin/cupones', session: 'admin', fullPage: true },
  { name: 'admin-devoluciones', route: '/admin/devoluciones', session: 'admin', fullPage: true },
  { name: 'admin-ajustes', route: '/admin/ajustes', session: 'admin', fullPage: true },
  {
    name: 'admin-facturas-globales',
    route: '/admin/facturas-globales',
    session: 'admin',
    fullPage: true,
  },
  { name: 'admin-textos-legales', route: '/admin/textos-legales', session: 'admin' },
  {
    name: 'admin-productos',
    route: '/admin/productos',
    session: 'admin',
    fullPage: true,
    act: async (page) => {
      await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
      await settle(page);
    },
  },
  {
    name: 'admin-productos-nuevo',
    route: '/admin/productos',
    session: 'admin',
    act: async (page) => {
      await page.getByTestId('product-add').click();
      await page.getByTestId('product-type').selectOption({ label: 'Playera' });
      await page.getByTestId('product-number').fill('23');
      await page.getByTestId('product-color').selectOption({ label: 'Negro' });
      await page.getByTestId('product-price').fill('450');
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'admin-productos-actualizar',
    route: '/admin/productos',
    session: 'admin',
    act: async (page) => {
      await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
      await page.getByTestId('product-update').filter({ visible: true }).first().click();
      await page.getByTestId('product-existing-photo').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'admin-productos-importar',
    route: '/admin/productos',
    session: 'admin',
    act: async (page) => {
      await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
      await page.getByTestId('products-import').click();
      await page.getByTestId('product-import-dialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'admin-productos-eliminar',
    route: '/admin/productos',
    session: 'admin',
    act: async (page) => {
      await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
      await page.getByTestId('product-delete').filter({ visible: true }).first().click();
      await page.getByTestId('product-delete-dialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'admin-pedidos',
    route: '/admin/pedidos',
    session: 'admin',
    act: async (page) => {
      await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
    },
  },
  {
    name: 'admin-pedidos-buscar',
    route: '/admin/pedidos?buscar=espera',
    session: 'admin',
    only: 'phone',
    act: async (page) => {
      await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
    },
  },
  ...(['address', 'products', 'edit'] as const).map((kind): Screen => ({
    name: `admin-pedidos-${{ address: 'direccion', products: 'productos', edit: 'editar' }[kind]}`,
    route: '/admin/pedidos',
    session: 'admin',
    act: async (page) => {
      await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
      await page.locator(`[data-testid="order-${kind}-button"]:visible`).first().click();
      await page
        .getByTestId(
          { address: 'order-address', products: 'order-products', edit: 'order-edit-form' }[kind],
        )
        .waitFor();
      await page.waitForTimeout(400);
    },
  })),
  {
    // Issue 25: every CFDI of an order (the invoice and a return's credit note) in its popup.
    name: 'admin-pedidos-cfdis',
    route: '/admin/pedidos',
    session: 'admin',
    act: async (page) => {
      const id = creditNoteOrderKnown();
      if (id !== undefined) {
        await page.goto(`${baseUrl()}/#/admin/pedidos?buscar=${id}`);
      }
      await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
      await page.locator('[data-testid="order-products-button"]:visible').first().click();
      await page.getByTestId('order-products').waitFor();
      if (id !== undefined) {
        const cfdis = page.getByTestId('order-cfdis');
        await cfdis.waitFor();
        await cfdis.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      }
      await page.waitForTimeout(400);
    },
  },
  {
    // Issue 24: shipping an unpaid order asks for the admin's written reason.
    name: 'admin-pedidos-enviar-sin-pago',
    route: '/admin/pedidos?buscar=espera',
    session: 'admin',
    act: async (page) => {
      await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
      await page.locator('[data-testid="order-edit-button"]:visible').first().click();
      await page.getByTestId('order-edit-form').waitFor();
      await page.getByTestId('order-status-select').selectOption('SHIPPED');
      await page.getByTestId('order-tracking-input').fill('EST123456789');
      await page.getByTestId('order-override-reason').fill('Pagó en efectivo en la tienda');
      await page.waitForTimeout(400);
    },
  },
  {
    // Issue 25 item 6: cancelling with refund an order paid by transfer asks for the CLABE.
    name: 'admin-pedidos-cancelar-con-reembolso',
    route: '/admin/pedidos',
    session: 'admin',
    act: async (page) => {
      await editOrder(page, await transferOrderForAdmin('203.0.113.151', 'paid'));
      await page.getByTestId('order-status-select').selectOption('CANCELLED_REFUNDED');
      await page.getByTestId('order-cancel-clabe').fill('012180001234567899');
      await page.waitForTimeout(400);
    },
  },
  {
    // Its refund pending: 'Marcar reembolsado' refuses a CLABE whose check digit is wrong.
    name: 'admin-pedidos-reembolso-pendiente',
    route: '/admin/pedidos',
    session: 'admin',
    act: async (page) => {
      await editOrder(page, await transferOrderForAdmin('203.0.113.151', 'pending'));
      await page.getByTestId('order-refund-clabe').fill('012180001234567891');
      await page.getByTestId('order-refund-mark').click();
      await page.getByText('dígito verificador').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'admin-pedidos-correos',
    route: '/admin/pedidos',
    session: 'admin',
    act: async (page) => {
      await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
      await page.locator('[data-testid="order-edit-button"]:visible').first().click();
      await page
        .locator('[data-testid="order-email-list"], [data-testid="order-emails-empty"]')
        .first()
        .waitFor();
      await page.waitForTimeout(400);
    },
  },
  { name: 'admin-usuarios', route: '/admin/usuarios', session: 'admin', fullPage: true },
  {
    name: 'admin-dashboard-stock',
    route: '/admin/dashboard-stock',
    session: 'admin',
    fullPage: true,
    act: async (page) => {
      await page.getByTestId('stock-type').first().waitFor();
    },
  },
  {
    name: 'admin-dashboard-stock-detalles',
    route: '/admin/dashboard-stock',
    session: 'admin',

    act: async (page) => {
      await page.getByTestId('stock-toggle').first().click();
      await page.getByTestId('stock-brand').first().waitFor();
    },
  },
  {
    // Issue 23 item 9: the audit trail, with entries (a colour created and renamed just before).
    name: 'admin-actividad',
    route: '/admin/actividad',
    session: 'admin',
    fullPage: true,
    act: async (page) => {
      const name = `Captura ${Date.now().toString(36)}`;
      const created = await graphqlInPage<{ createColor: { id: number } }>(
        page,
        'mutation C($name: String!) { createColor(name: $name) { id } }',
        { name },
      );
      await graphqlInPage(
        page,
        'mutation R($id: Int!, $name: String!) { updateColor(id: $id, name: $name) { id } }',
        { id: created.createColor.id, name: `${name} Claro` },
      );
      await page.reload();
      await page.locator('[data-testid="activity-table"][data-loading="false"]').waitFor();
    },
  },
  {
    name: 'admin-tipos-marcas-colores',
    route: '/admin/tiposMarcasColores',
    session: 'admin',
    fullPage: true,
    act: async (page) => {
      await page.getByTestId('lookup-list-colors').waitFor();
    },
  },
  {
    name: 'admin-tipos-marcas-colores-editar-eliminar',
    route: '/admin/tiposMarcasColores',
    session: 'admin',
    act: async (page) => {
      const brands = page.getByTestId('lookup-list-brands');
      await brands
        .getByRole('button', { name: /^Editar / })
        .first()
        .click();
      await page
        .getByTestId('lookup-list-colors')
        .getByRole('button', { name: /^Eliminar / })
        .first()
        .click();
      await page.getByTestId('lookup-delete-dialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    // 'Claves SAT para facturar' (issue 25 item 2) with a type chosen: its keys ready to edit.
    name: 'admin-claves-sat',
    route: '/admin/tiposMarcasColores',
    session: 'admin',
    act: async (page) => {
      await chooseSatKeysType(page);
      await page.getByTestId('sat-keys-section').scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
    },
  },
  {
    // The same with keys the SAT's shapes refuse, after 'Guardar claves SAT': both messages.
    name: 'admin-claves-sat-error',
    route: '/admin/tiposMarcasColores',
    session: 'admin',
    act: async (page) => {
      await chooseSatKeysType(page);
      await page.getByTestId('sat-keys-product').fill('5310');
      await page.getByTestId('sat-keys-unit').fill('h');
      await page.getByTestId('sat-keys-submit').click();
      const section = page.getByTestId('sat-keys-section');
      await section.getByText('debe tener 2 o 3 letras').waitFor();
      await section.scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
    },
  },
  {
    name: 'admin-menu-abierto',
    route: '/admin/usuarios',
    session: 'admin',
    only: 'phone',
    act: async (page) => {
      await page.getByTestId('admin-menu-button').click();
      await page.getByTestId('admin-drawer').waitFor();
      await page.waitForTimeout(500);
    },
  },
  // Issue 28: the photo picker refuses a text file at once, in the server's words…
  {
    name: 'admin-productos-foto-rechazada',
    route: '/admin/productos',
    session: 'admin',
    act: async (page) => {
      await newProductDialog(page);
      await page.getByTestId('product-photos-input').setInputFiles({
        name: 'notas.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('no soy una foto'),
      });
      await page.getByTestId('product-photos-error').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    },
  },
  // …and shows the upload of a photo (shrunk in the browser) with a progress bar.
  {
    name: 'admin-productos-subiendo-fotos',
    route: '/admin/productos',
    session: 'admin',
    act: async (page) => {
      await newProductDialog(page);
      const photo = await noisePng(2400, 1600);
      await page
        .getByTestId('product-photos-input')
        .setInputFiles({ name: 'playa.png', mimeType: 'image/png', buffer: photo });
      await page.getByTestId('product-new-photo').waitFor();
      // A slow connection (200 KB/s up), so the bar is seen part way.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 200 * 1024,
      });
      await page.getByTestId('product-form-submit').click();
      const progress = page.getByTestId('product-photos-progress');
      await progress.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.waitForFunction(
        () => {
          const bar = document.querySelector(
            '[data-testid="product-photos-progress"] [role="progressbar"]',
          );
          return Number(bar?.getAttribute('aria-valuenow') ?? 0) >= 20;
        },
        undefined,
        { timeout: 20_000 },
      );
      await page.waitForTimeout(300);
    },
  },
];
