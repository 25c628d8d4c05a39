// Issue 15 (a phone's first screen in 2.5 s): `/` and a product's share page carry the screen the
// server drew from their data (client/src/first-screen-render.tsx), for the layout of the device
// that asked. Before any script runs the shopper sees the products, their photos and prices; the
// app's first render then takes its place in the same spot, once the shopper shows they are there
// (issue 27: the app is not run before; what they typed or tapped on the drawn screen carries
// over). A drawn screen that does not fit the window (another layout) or the address (another
// hash route) is not shown: the light shell is, and its photos are not fetched.
// Screenshots: screenshots/first-screen-*.png (the drawn screen alone, scripts held back).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { axeViolations } from '../axe.ts';
import { baseUrl, launchBrowser } from '../browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/mail.ts';
import { DESKTOP, PHONE, graphqlInPage, graphqlRequest } from './storefront-helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots');
/** Chrome on an Android phone: the server draws the phone's layout for it. */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

type Device = 'phone' | 'desktop';

/**
 * A browser context for `device`. `address`: the requests' own address (X-Forwarded-For, which
 * the shop trusts from a loopback proxy), for a test that signs in (rate-limited per address).
 */
function newContext(
  device: Device,
  viewport = device === 'phone' ? PHONE : DESKTOP,
  address?: string,
) {
  return browser.newContext({
    viewport,
    locale: 'es-MX',
    serviceWorkers: 'block',
    ...(device === 'phone' ? { userAgent: PHONE_UA, isMobile: true, hasTouch: true } : {}),
    ...(address ? { extraHTTPHeaders: { 'X-Forwarded-For': address } } : {}),
  });
}

/**
 * The shop's scripts (those `pattern` matches: all of them, or one module) wait until `release()`
 * (the page meanwhile shows what the HTML holds).
 */
async function holdScripts(page: Page, pattern = /\/assets\/.*\.js$/) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, async (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

const drawn = (page: Page) => page.locator('#first-screen');

/** Product `id`'s share page, as `/p/{id}` redirects to it (`/p/1-tenis-…`). */
async function sharePath(id: number): Promise<string> {
  const response = await fetch(`${baseUrl()}/p/${id}`, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  assert.match(location, new RegExp(`^/p/${id}-`));
  return location;
}

async function withPage(context: BrowserContext, work: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await work(page);
  } finally {
    await context.close();
  }
}

for (const device of ['phone', 'desktop'] as const) {
  test(`before its scripts, \`/\` on a ${device} shows the products the server drew for its layout`, async () => {
    await withPage(await newContext(device), async (page) => {
      const graphql: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/graphql')) graphql.push(request.url());
      });
      const scripts = await holdScripts(page);
      await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
      await drawn(page).waitFor({ state: 'visible' });
      assert.equal(await page.locator('#shell').isVisible(), false, 'the light shell is hidden');
      assert.equal(await page.locator('#root').innerHTML(), '', 'no script has run');
      const screen = drawn(page);
      await screen
        .getByRole('heading', { level: 1, name: 'Encuentra tu estilo entre cientos de modelos' })
        .waitFor();
      const names = await screen.getByTestId('product-name').allInnerTexts();
      assert.ok(names.length >= 4, `cards drawn: ${names.length}`);
      assert.match(await screen.getByTestId('product-card').first().innerText(), /\$\d/);
      // Its first photos are there, not placeholders.
      await page.waitForFunction(() => {
        const photo = document.querySelector<HTMLImageElement>(
          '#first-screen img[src*="/uploads/"]',
        );
        return photo?.complete === true && photo.naturalWidth > 0;
      });
      if (device === 'phone') {
        await screen.getByRole('button', { name: 'Abrir menú' }).waitFor();
        assert.equal(await screen.getByTestId('sidebar').count(), 0);
      } else {
        await screen.getByTestId('sidebar').waitFor();
        await screen.getByRole('complementary', { name: 'Filtros' }).waitFor();
      }
      await page.screenshot({ path: path.join(SHOTS, `first-screen-home-${device}.png`) });
      assert.deepEqual(await axeViolations(page), [], 'axe on the drawn home page');
      assert.deepEqual(graphql, [], 'the drawn screen asked for nothing');

      // The scripts arrive: the app is not run while nobody is there (issue 27).
      await page.evaluate(() => window.scrollTo(0, 200));
      const before = await screen.locator('img[src*="/uploads/"]').first().boundingBox();
      await scripts.release();
      await page.waitForLoadState('load');
      await page.waitForTimeout(1000);
      assert.equal(await page.locator('#root').innerHTML(), '', 'the app waits for the shopper');
      assert.equal(await page.locator('html[data-app]').count(), 0);
      // Meanwhile the app's files and the home's are prefetched in the page's idle time (a few
      // per idle period: client/src/main.tsx), and nothing is run.
      const wanted = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLTemplateElement>('template#app-preloads')]
          .flatMap((template) => [...template.content.querySelectorAll('link[href]')])
          .filter((link) => ['app', 'inicio'].includes(link.getAttribute('data-screen') ?? ''))
          .map((link) => new URL(link.getAttribute('href') ?? '', location.href).href)
          .sort(),
      );
      assert.ok(wanted.length > 1, `files to prefetch: ${wanted.length}`);
      await page.waitForFunction(
        (count) => document.head.querySelectorAll('link[rel="prefetch"]').length >= count,
        wanted.length,
      );
      const prefetched = await page.evaluate(() =>
        [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')]
          .map((link) => link.href)
          .sort(),
      );
      assert.deepEqual(prefetched, wanted);
      assert.equal(await page.locator('#root').innerHTML(), '', 'still nothing run');
      // The shopper moves: the app takes its place, the page where they had scrolled it, the
      // same first photo in the same spot, the drawn screen gone.
      await page.mouse.move(10, 10);
      await drawn(page).waitFor({ state: 'detached' });
      const photo = page.locator('#root img[src*="/uploads/"]').first();
      await photo.waitFor();
      const afterBox = await photo.boundingBox();
      assert.ok(before && afterBox, 'both photos have a box');
      for (const key of ['x', 'y', 'width', 'height'] as const) {
        assert.ok(
          Math.abs(before[key] - afterBox[key]) <= 1,
          `${key}: ${before[key]} → ${afterBox[key]}`,
        );
      }
      assert.equal(await page.evaluate(() => window.scrollY), 200, 'still scrolled where it was');
      assert.deepEqual(graphql, [], 'the app rendered from the same data');
    });
  });
}

test("before its scripts, a product's share page on a phone shows the product the server drew", async () => {
  await withPage(await newContext('phone'), async (page) => {
    const scripts = await holdScripts(page);
    await page.goto(`${baseUrl()}${await sharePath(1)}`, { waitUntil: 'commit' });
    const screen = drawn(page);
    await screen.waitFor({ state: 'visible' });
    const title = await screen.getByRole('heading', { level: 1 }).innerText();
    assert.ok(title.length > 0);
    await screen.getByRole('button', { name: /Agregar al carrito/ }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, `first-screen-share-phone.png`) });
    assert.deepEqual(await axeViolations(page), [], 'axe on the drawn share page');
    await scripts.release();
    await page.waitForLoadState('load');
    await page.mouse.move(10, 10);
    await drawn(page).waitFor({ state: 'detached' });
    await page.locator('#root').getByRole('heading', { level: 1, name: title }).waitFor();
    assert.match(page.url(), /#\/producto\/1$/);
  });
});

test('`/` opened at #/producto/{id}, #/promociones, #/iniciar-sesion or #/registro shows that screen drawn by the server; the app waits for the shopper', async () => {
  const { products } = await graphqlRequest<{
    products: { items: { id: number; name: string }[] };
  }>('{ products(offset: 2, limit: 1) { items { id name } } }');
  const product = products.items[0]!;
  const screens = [
    { device: 'phone', route: `/producto/${product.id}`, heading: product.name, shot: 'producto' },
    {
      device: 'desktop',
      route: `/producto/${product.id}`,
      heading: product.name,
      shot: 'producto',
    },
    { device: 'phone', route: '/promociones', heading: 'Promociones', shot: 'promociones' },
    { device: 'desktop', route: '/promociones', heading: 'Promociones', shot: 'promociones' },
    {
      device: 'phone',
      route: '/iniciar-sesion',
      heading: 'Iniciar sesión',
      shot: 'iniciar-sesion',
    },
    {
      device: 'desktop',
      route: '/iniciar-sesion',
      heading: 'Iniciar sesión',
      shot: 'iniciar-sesion',
    },
    {
      device: 'phone',
      route: '/registro',
      heading: 'Crear cuenta',
      title: 'Registro',
      shot: 'registro',
    },
    {
      device: 'desktop',
      route: '/registro',
      heading: 'Crear cuenta',
      title: 'Registro',
      shot: 'registro',
    },
  ] as const;
  for (const screenCase of screens) {
    const { device, route, heading, shot } = screenCase;
    const title = 'title' in screenCase ? screenCase.title : heading;
    await withPage(await newContext(device), async (page) => {
      const operations: string[] = [];
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/primera-pantalla') asked.push(url.searchParams.get('ruta') ?? '');
        if (url.pathname !== '/graphql') return;
        operations.push(/"operationName":"(\w+)"/.exec(request.postData() ?? '')?.[1] ?? '?');
      });
      await page.goto(`${baseUrl()}/#${route}`, { waitUntil: 'load' });
      const screen = drawn(page);
      await screen.getByRole('heading', { level: 1, name: heading }).waitFor();
      assert.deepEqual(asked, [route], `${route}: the page asked for its screen once`);
      assert.equal(await page.locator('#shell').isVisible(), false, 'the light shell is hidden');
      assert.equal(await page.title(), `${title} · Tienda`);
      await page.waitForTimeout(1000);
      assert.equal(await page.locator('#root').innerHTML(), '', `${route}: the app waits`);
      assert.equal(await page.locator('html[data-app]').count(), 0);
      assert.deepEqual(operations, [], `${route}: the drawn screen asked /graphql nothing`);
      await page.screenshot({ path: path.join(SHOTS, `first-screen-${shot}-${device}.png`) });
      assert.deepEqual(await axeViolations(page), [], `axe on the drawn ${route}`);

      if (route === '/iniciar-sesion') {
        // Typed into the drawn form (the click wakes the app, which may take the form's place
        // while the keys go on, as for a shopper): the app's own form carries it all on.
        await screen.getByLabel('Email').click();
        await page.keyboard.type('ana@example.com', { delay: 20 });
        await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
        assert.equal(
          await page.locator('#root').getByLabel('Email').inputValue(),
          'ana@example.com',
        );
      } else {
        await page.mouse.move(10, 10);
        await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      }
      await drawn(page).waitFor({ state: 'detached' });
      await page.locator('#root').getByRole('heading', { level: 1, name: heading }).waitFor();
      assert.equal(new URL(page.url()).hash, `#${route}`);
      // The app rendered from the answers that came with the drawn screen.
      assert.deepEqual(
        operations.filter((name) => ['ProductDetail', 'ProductList', 'Me'].includes(name)),
        [],
        `${route}: ${operations.join(', ')}`,
      );
    });
  }
  // Signed in, the same address runs the app at once: no screen is asked for.
  await withPage(await newContext('desktop', DESKTOP, '192.0.2.231'), async (page) => {
    await page.goto(`${baseUrl()}/#/carrito`);
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await graphqlInPage(
      page,
      'mutation ($input: RegisterInput!) { register(input: $input) { id } }',
      {
        input: {
          name: 'Paula Dibujada',
          phone: '3312345678',
          email: `dibujada-${Date.now()}@example.com`,
          password: 'Secreta123',
          passwordConfirmation: 'Secreta123',
        },
      },
    );
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/primera-pantalla') asked.push(request.url());
    });
    await page.goto(`${baseUrl()}/#/promociones`);
    await page.reload();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.locator('#root').getByRole('heading', { level: 1, name: 'Promociones' }).waitFor();
    assert.equal(await page.locator('html.first-screen').count(), 0);
    assert.deepEqual(asked, []);
  });
});

test('a tap on a drawn link before the scripts run opens that screen once they have', async () => {
  await withPage(await newContext('phone'), async (page) => {
    const scripts = await holdScripts(page);
    await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
    // The card is the link.
    const card = drawn(page).getByTestId('product-card').first();
    await card.waitFor();
    const name = await card.getByTestId('product-name').innerText();
    const href = (await card.getAttribute('href')) ?? '';
    assert.match(href, /^#\/producto\/\d+$/);
    await card.click();
    // The address is the product's hash route (not a path the server does not serve).
    // (Not waiting for the load event: the held scripts keep it from firing.)
    await page.waitForURL((url) => url.pathname === '/' && url.hash === href, {
      waitUntil: 'commit',
    });
    await scripts.release();
    await page.locator('#root').getByRole('heading', { level: 1, name }).waitFor();
  });
});

test("a drawn link followed on a share page opens that screen under `/`, not the share page's product", async () => {
  await withPage(await newContext('phone'), async (page) => {
    const scripts = await holdScripts(page);
    await page.goto(`${baseUrl()}${await sharePath(1)}`, { waitUntil: 'commit' });
    // A link of the drawn screen to another screen than the product's own.
    const link = drawn(page).locator('a[href^="#/"]:not([href^="#/producto/1"])').first();
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL((url) => url.hash === href, { waitUntil: 'commit' });
    await scripts.release();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    // The app opened the shopper's screen: under `/`, the link's hash route.
    await page.waitForURL((url) => url.pathname === '/' && url.hash === href, {
      waitUntil: 'commit',
    });
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).hash, href, 'still where the link went');
  });
});

test("a drawn route's link followed before the app ran opens its screen: the drawn sign-in's 'Registrarse'", async () => {
  for (const device of ['phone', 'desktop'] as const) {
    await withPage(await newContext(device), async (page) => {
      await page.goto(`${baseUrl()}/#/iniciar-sesion`, { waitUntil: 'commit' });
      const link = drawn(page).getByTestId('link-register');
      await link.waitFor();
      assert.equal(await page.locator('html[data-app]').count(), 0, 'the app has not run');
      // The link's click alone (no pointer before it, as a screen reader's or a fast tap's):
      // the address changes at once, the app runs after.
      await link.dispatchEvent('click');
      await page.waitForURL((url) => url.hash === '#/registro', { waitUntil: 'commit' });
      await page.locator('#root').getByTestId('registration-page').waitFor();
      assert.equal(new URL(page.url()).hash, '#/registro');
    });
  }
});

test("a press on the drawn screen that the app's first render comes in the middle of is not lost: the drawn sign-in is sent", async () => {
  // Sign-in is rate-limited per address: this test's own.
  await withPage(await newContext('desktop', DESKTOP, '192.0.2.27'), async (page) => {
    // The app's boot module waits: the page's entry runs and shows the drawn sign-in.
    const boot = await holdScripts(page, /\/assets\/boot-[^/]*\.js$/);
    await page.goto(`${baseUrl()}/#/iniciar-sesion`, { waitUntil: 'commit' });
    const screen = drawn(page);
    await screen.getByTestId('sign-in-submit').waitFor();
    await screen.getByTestId('field-email').fill(ADMIN_EMAIL);
    await screen.getByTestId('field-password').fill(ADMIN_PASSWORD);
    // The mouse goes down on the drawn 'Iniciar sesión'; the app comes while it is down.
    const box = await screen.getByTestId('sign-in-submit').boundingBox();
    assert.ok(box, 'the drawn button has a box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await boot.release();
    await page.locator('#root > *').first().waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    // Rendered, but the drawn screen stays up while the mouse is down.
    assert.equal(await screen.getByTestId('sign-in-submit').isVisible(), true);
    assert.equal(await page.locator('#root').isVisible(), false);
    assert.equal(await page.locator('html[data-app]').count(), 0);
    await page.mouse.up();
    // The press was a tap on the button: the app signs the admin in.
    await page.getByTestId('admin-shell').waitFor();
    assert.equal(await page.locator('#first-screen').count(), 0, 'the drawn screen is gone');
  });
});

test('what the shopper typed in a drawn field, and a drawn button they tapped, carry over to the app', async () => {
  // Typed before the app ran: the app's own search box has the text, the focus and the caret,
  // and its search runs (the spec's navigation after the shopper stops typing).
  await withPage(await newContext('phone'), async (page) => {
    await page.goto(`${baseUrl()}/`, { waitUntil: 'load' });
    assert.equal(await page.locator('html[data-app]').count(), 0, 'the drawn screen, no app yet');
    // The tap wakes the app, which may take the field's place while the keys go on.
    await drawn(page).getByTestId('header-search').tap();
    await page.keyboard.type('tenis', { delay: 20 });
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    const search = page.locator('#root').getByTestId('header-search');
    assert.equal(await search.inputValue(), 'tenis');
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('#root') !== null),
      true,
    );
    await page.keyboard.type(' nike');
    assert.equal(await search.inputValue(), 'tenis nike', 'the caret was at the end');
    await page.waitForURL((url) => url.hash === '#/buscar/tenis%20nike');
    await page.getByRole('heading', { level: 1, name: 'Resultados para “tenis nike”' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'first-screen-typed-phone.png') });
  });
  // Tapped before the app ran: the app's menu opens.
  await withPage(await newContext('phone'), async (page) => {
    await page.goto(`${baseUrl()}/`, { waitUntil: 'load' });
    await drawn(page).getByRole('button', { name: 'Abrir menú' }).tap();
    await page.getByRole('dialog').waitFor();
    assert.equal(await drawn(page).count(), 0, 'the drawn screen has gone');
  });
  // A tapped size on a drawn share page (a sold-out one is still a choice: its stock alert shows)
  // is the app's chosen size.
  await withPage(await newContext('phone'), async (page) => {
    await page.goto(`${baseUrl()}${await sharePath(1)}`, { waitUntil: 'load' });
    assert.equal(await page.locator('html[data-app]').count(), 0, 'the drawn screen, no app yet');
    const option = drawn(page).locator('[data-testid="size-option"][aria-checked="false"]').first();
    const size = (await option.getAttribute('data-size')) ?? '';
    const soldOut = (await option.getAttribute('data-sold-out')) === 'true';
    assert.notEqual(size, '', 'a size that is not chosen yet');
    await option.tap();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page
      .locator(`#root [data-testid="size-option"][data-size="${size}"][aria-checked="true"]`)
      .waitFor();
    if (soldOut)
      await page
        .locator('#root')
        .getByTestId('stock-alert-offer')
        .getByText(`La talla ${size} está agotada`)
        .waitFor();
  });
  // A choice in a drawn list (the order of the products) carries over too.
  await withPage(await newContext('desktop'), async (page) => {
    await page.goto(`${baseUrl()}/`, { waitUntil: 'load' });
    const sort = drawn(page).getByTestId('sort-select');
    const values = await sort
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const chosen = values.at(-1)!;
    await sort.selectOption(chosen);
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.waitForURL((url) => url.hash.includes('orden='));
    // The app's list shows the choice once the catalogue in that order has come.
    await page.waitForFunction(
      (value) =>
        document.querySelector<HTMLSelectElement>('#root [data-testid="sort-select"]')?.value ===
        value,
      chosen,
    );
  });
});

test('a drawn screen that does not fit the window or the address is not shown: the light shell is', async () => {
  // Drawn for a phone, opened in a desktop-wide window (a tablet, a desktop browser's phone UA).
  await withPage(await newContext('phone', DESKTOP), async (page) => {
    await holdScripts(page);
    await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
    await page.locator('#shell').waitFor({ state: 'visible' });
    assert.equal(await drawn(page).isVisible(), false);
  });
  // `/` drawn as the home page, the address another screen's: nor are its photos fetched (the
  // drawn screen waits in an inert template, the home's preloads too).
  await withPage(await newContext('phone'), async (page) => {
    const photos: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/uploads/')) photos.push(request.url());
    });
    await holdScripts(page);
    await page.goto(`${baseUrl()}/#/carrito`, { waitUntil: 'commit' });
    await page.locator('#shell').waitFor({ state: 'visible' });
    // The whole HTML is in (the data after the template), and a fetched photo would have started.
    await page.locator('#first-screen-data').waitFor({ state: 'attached' });
    await page.waitForTimeout(1000);
    assert.equal(await drawn(page).isVisible(), false);
    assert.equal(await drawn(page).innerHTML(), '', 'the drawn screen stays in its template');
    assert.deepEqual(photos, [], "no photo of the home's");
  });
});
