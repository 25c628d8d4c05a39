// Accounts (issue 6): registration, sign-out, sign-in, /usuario, the admin gate and the admin
// users list. The server rate-limits sign-in and registration per address: this file signs in or
// registers 3 times through the browser and, only when the shop has 10 users or fewer, registers
// just enough extra users over GraphQL to give the admin list a second page, each from its own
// documentation address (X-Forwarded-For, which the shop trusts from a loopback proxy), so the
// per-address limit is left to the browser's requests.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import { PHONE, graphqlRequest, hashRoute, openPage } from './storefront-helpers.ts';

const ADMIN_EMAIL = 'admin@tienda.local';
const ADMIN_PASSWORD = 'Admin12345';
const PASSWORD = 'Secreta123';
const SESSION_KEYS = [
  'userId',
  'name',
  'email',
  'rol',
  'userLogged',
  'idGoogle',
  'telefono',
  'imgGoogle',
];

let browser: Browser;
const run = Date.now().toString(36);
const customer = {
  name: `Clienta Prueba ${run}`,
  email: `clienta.${run}@example.com`,
  phone: '5512345678',
};

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

async function waitForHash(page: Page, route: string): Promise<void> {
  await page.waitForURL((url) => url.hash === `#${route}`);
}

async function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])),
    SESSION_KEYS,
  );
}

/**
 * Signs in on the sign-in screen. It waits for that screen first: after a route change the
 * previous screen stays up until the new one's chunk has loaded, and the registration screen
 * has fields with the same test ids.
 */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('sign-in-page').waitFor();
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
}

/** The back office's chunks (admin layout and pages): shoppers must never download them. */
const ADMIN_CHUNK =
  /\/assets\/(admin-layout|users-page|products-page|orders-page|stock-dashboard-page|lookups-page|section-placeholder)-[^/]*\.js$/;

test('a new customer registers, signs out, signs in again and sees /usuario', async () => {
  const { context, page } = await openPage(browser, null);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  try {
    await page.goto(`${baseUrl()}/#/iniciar-sesion`);
    // From sign-in to registration through the 'Registrarse' link.
    await page.getByTestId('link-register').click();
    await waitForHash(page, '/registro');
    // The sign-in screen stays up until the registration chunk has loaded (same field ids).
    await page.getByTestId('registration-page').waitFor();

    // The rules show under their fields.
    await page.getByTestId('field-email').fill('no-es-un-email');
    await page.getByTestId('field-phone').fill('55123');
    await page.getByTestId('field-name').click();
    assert.equal(await page.getByTestId('error-email').textContent(), 'El email no es válido.');
    assert.equal(await page.getByTestId('error-phone').textContent(), 'El telefono no es válido.');
    // The admin's email is taken: said as the user types.
    await page.getByTestId('field-email').fill(ADMIN_EMAIL);
    await page
      .locator('[data-testid="error-email"]', { hasText: 'El email ya está registrado' })
      .waitFor();

    await page.getByTestId('field-name').fill(customer.name);
    await page.getByTestId('field-phone').fill(customer.phone);
    await page.getByTestId('field-email').fill(customer.email);
    await page.getByTestId('field-password').fill(PASSWORD);
    await page.getByTestId('field-passwordConfirmation').fill(PASSWORD);
    await page.getByTestId('register-submit').click();

    await waitForHash(page, '/inicio');
    await page
      .locator('[data-testid="notification"]', { hasText: 'Usuario registrado correctamente' })
      .waitFor();
    const user = page.getByTestId('nav-user');
    await page.locator('[data-testid="nav-user"]', { hasText: customer.name }).waitFor();
    assert.equal(await user.getAttribute('href'), '#/usuario');
    const stored = await storedSession(page);
    assert.equal(stored.name, customer.name);
    assert.equal(stored.email, customer.email);
    assert.equal(stored.rol, 'user');
    assert.equal(stored.userLogged, 'true');
    assert.equal(stored.idGoogle, 'no');
    assert.equal(stored.telefono, customer.phone);
    assert.match(stored.userId ?? '', /^\d+$/);

    // /usuario, then sign-out: everything stored is cleared and the shop is on #/inicio.
    await user.click();
    await waitForHash(page, '/usuario');
    assert.equal(await page.getByTestId('profile-name').textContent(), customer.name);
    assert.equal(await page.getByTestId('profile-email').textContent(), customer.email);
    assert.equal(await page.getByTestId('link-my-orders').getAttribute('href'), '#/mis-pedidos');
    assert.equal(
      await page.getByTestId('link-my-addresses').getAttribute('href'),
      '#/mis-direcciones',
    );
    await page.getByTestId('sign-out').click();
    await waitForHash(page, '/inicio');
    await page.locator('[data-testid="nav-user"]', { hasText: 'Iniciar sesión' }).waitFor();
    assert.equal(await page.getByTestId('nav-user').getAttribute('href'), '#/iniciar-sesion');
    assert.deepEqual(
      Object.values(await storedSession(page)).filter((value) => value !== null),
      [],
    );
    // The server forgot the session too, and /usuario sends the visitor to sign in.
    await page.reload();
    await page.goto(page.url().replace(/#.*$/, '#/usuario'));
    await waitForHash(page, '/iniciar-sesion');
    assert.equal(
      await page.evaluate(() => window.localStorage.getItem('modulos')),
      'promociones,nuevo',
    );

    // Sign in again ('/login' is the same screen).
    await page.goto(page.url().replace(/#.*$/, '#/login'));
    await page.getByTestId('sign-in-page').waitFor();
    await signIn(page, customer.email, 'Incorrecta123');
    await page
      .locator('[data-testid="sign-in-error"]', { hasText: 'Email o contraseña incorrectos' })
      .waitFor();
    await signIn(page, customer.email, PASSWORD);
    await waitForHash(page, '/inicio');
    await page.locator('[data-testid="nav-user"]', { hasText: customer.name }).click();
    await waitForHash(page, '/usuario');
    assert.equal(await page.getByTestId('profile-name').textContent(), customer.name);
    assert.equal(await page.getByTestId('profile-email').textContent(), customer.email);

    // A signed-in customer opening the sign-in page goes to /usuario ...
    await page.goto(page.url().replace(/#.*$/, '#/iniciar-sesion'));
    await waitForHash(page, '/usuario');
    // ... and #/admin/pedidos does not exist for them.
    await page.goto(page.url().replace(/#.*$/, '#/admin/pedidos'));
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    assert.equal(await page.getByTestId('admin-shell').count(), 0);
    assert.equal(await page.getByText('Ir a la tienda').count(), 0);
    assert.ok(scripts.length > 0);
    assert.deepEqual(
      scripts.filter((url) => ADMIN_CHUNK.test(url)),
      [],
      'a customer never downloads the admin code',
    );
  } finally {
    await context.close();
  }
});

test('an anonymous visitor opening #/admin/usuarios sees "Página no encontrada"', async () => {
  const { context, page } = await openPage(browser, '/admin/usuarios');
  try {
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    assert.equal(await page.getByTestId('admin-shell').count(), 0);
  } finally {
    await context.close();
  }
});

/** Registers users over GraphQL (no browser) until the shop has more than one page of them. */
async function ensureSecondPageOfUsers(page: Page): Promise<void> {
  const total = Number(await page.getByTestId('users-table').getAttribute('data-total'));
  for (let index = total; index <= 10; index++) {
    await graphqlRequest(
      `mutation E2eRegister($input: RegisterInput!) { register(input: $input) { id } }`,
      {
        input: {
          name: `Usuario Relleno ${index}`,
          phone: '5500000000',
          email: `relleno.${run}.${index}@example.com`,
          password: PASSWORD,
          passwordConfirmation: PASSWORD,
        },
      },
      { 'X-Forwarded-For': `198.51.100.${index + 1}` },
    );
  }
}

test('the admin signs in, lands on #/admin/productos, and pages through Usuarios', async () => {
  const { context, page } = await openPage(browser, null);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  try {
    await page.goto(`${baseUrl()}/#/iniciar-sesion`);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitForHash(page, '/admin/productos');
    await page.getByTestId('admin-shell').waitFor();
    await page.getByRole('heading', { name: 'Productos' }).waitFor();
    assert.ok(
      scripts.some((url) => ADMIN_CHUNK.test(url)),
      'the admin code arrives as its own chunk once the admin is in',
    );
    assert.equal(await page.getByTestId('admin-go-to-store').getAttribute('href'), '#/inicio');
    for (const id of [
      'productos',
      'pedidos',
      'usuarios',
      'dashboard-stock',
      'tiposMarcasColores',
      'ajustes',
    ]) {
      assert.equal(await page.getByTestId(`admin-nav-${id}`).count(), 1);
    }

    await page.getByTestId('admin-nav-usuarios').click();
    await waitForHash(page, '/admin/usuarios');
    await page.locator('[data-testid="users-table"][data-loading="false"]').waitFor();
    await ensureSecondPageOfUsers(page);
    await page.reload();
    await page.locator('[data-testid="users-table"][data-loading="false"]').waitFor();

    const total = Number(await page.getByTestId('users-table').getAttribute('data-total'));
    const pages = Math.ceil(total / 10);
    assert.ok(pages >= 2, `${total} users make at least two pages`);
    assert.equal(await page.getByTestId('user-row').count(), 10);
    assert.equal(await page.getByTestId('pagination-status').textContent(), `1 / ${pages}`);
    const firstPageIds = await page
      .getByTestId('user-row')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-user-id'))));
    assert.deepEqual(
      firstPageIds,
      [...firstPageIds].sort((a, b) => a - b),
      'ordered by id',
    );
    const adminRow = page.locator('[data-testid="user-row"]', { hasText: ADMIN_EMAIL });
    assert.equal(await adminRow.count(), 1);
    assert.match((await adminRow.textContent()) ?? '', /admin/);

    await page.getByTestId('pagination-next').click();
    await page
      .locator('[data-testid="users-table"][data-page="2"][data-loading="false"]')
      .waitFor();
    assert.equal(await page.getByTestId('pagination-status').textContent(), `2 / ${pages}`);
    assert.equal(hashRoute(page), '/admin/usuarios?pagina=2');
    const secondPageIds = await page
      .getByTestId('user-row')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-user-id'))));
    assert.ok(secondPageIds.length > 0);
    assert.ok(Math.min(...secondPageIds) > Math.max(...firstPageIds));
    assert.ok(
      (await page.locator('[data-testid="user-row"]', { hasText: customer.email }).count()) +
        (await page.locator('[data-testid="user-row"]', { hasText: 'relleno' }).count()) >
        0,
    );

    await page.getByTestId('pagination-prev').click();
    await page
      .locator('[data-testid="users-table"][data-page="1"][data-loading="false"]')
      .waitFor();

    // On a phone the sections are in a drawer.
    await page.setViewportSize(PHONE);
    await page.getByTestId('admin-menu-button').click();
    await page.getByTestId('admin-drawer').waitFor();
    await page.getByTestId('admin-nav-pedidos').click();
    await waitForHash(page, '/admin/pedidos');
    await page.getByRole('heading', { name: 'Pedidos' }).waitFor();
    await page.getByTestId('admin-drawer').waitFor({ state: 'detached' });

    // 'Ir a la tienda', then sign-out from the store's /usuario.
    await page.getByTestId('admin-go-to-store').click();
    await waitForHash(page, '/inicio');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('nav-admin').waitFor();
    await page.goto(page.url().replace(/#.*$/, '#/admin/usuarios'));
    await page.getByTestId('admin-sign-out').click();
    await waitForHash(page, '/inicio');
    await page.locator('[data-testid="nav-user"]', { hasText: 'Iniciar sesión' }).waitFor();
    await page.goto(page.url().replace(/#.*$/, '#/admin/productos'));
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
  } finally {
    await context.close();
  }
});
