// A shopper who never loses their place (issue 8, item 7): back from a product returns to the
// filtered list at its scroll position; the contact links cover no card, price, name or button at
// phone and desktop widths; every route has its own document title and one h1; 'Saltar al
// contenido' moves the focus past the sidebar and the filters; the sidebar's and the search
// screen's boxes show the same words; on a phone the sizes and 'Agregar al carrito' are on the
// first screen; no react-router HydrateFallback warning on a cold load.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import {
  DESKTOP,
  PHONE,
  type RestProduct,
  hashRoute,
  inPriceBucket,
  openPage,
  restCatalogue,
  restUnitPriceCents,
  settledTotal,
} from './storefront-helpers.ts';

let browser: Browser;
let catalogue: RestProduct[];

before(async () => {
  browser = await launchBrowser();
  catalogue = await restCatalogue();
});

after(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** A product with at least two sizes in stock (the phone layout's worst case has many). */
function productWithSizes(): RestProduct {
  const product = catalogue
    .filter((item) => item.cantidad.split(',').filter((stock) => Number(stock) > 0).length >= 2)
    .sort((a, b) => b.tallas.split(',').length - a.tallas.split(',').length)[0];
  assert.ok(product, 'the seed has a product with two sizes in stock');
  return product;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function waitForScroll(page: Page, expected: number): Promise<number> {
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, expected);
  return scrollY(page);
}

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: back from a product returns to the filtered list at its scroll position`, async () => {
    // The filter is a spec literal (§9); its total is counted over the REST catalogue.
    const bucket = '300-500';
    const expected = catalogue.filter((product) =>
      inPriceBucket(restUnitPriceCents(product), bucket),
    ).length;
    assert.ok(expected >= 8, `the seed has at least 8 products in ${bucket}: ${expected}`);
    const route = `/inicio?precio=${bucket}`;
    const { context, page } = await openPage(browser, route, viewport);
    try {
      await settledTotal(page, expected);
      const card = page.getByTestId('product-card').nth(6);
      const top = await card.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
      await page.evaluate((y) => window.scrollTo(0, y), Math.round(top - 150));
      const listY = await scrollY(page);
      assert.ok(listY > 300, `the list is scrolled down (${listY})`);
      const id = await card.getAttribute('data-product-id');

      // Through 'Volver al catálogo'.
      await card.click();
      await page.waitForURL((url) => url.hash === `#/producto/${id}`);
      await page.getByTestId('product-title').waitFor();
      assert.equal(await scrollY(page), 0, 'the product opens at the top');
      await page.getByTestId('back-to-catalogue').click();
      await page.waitForURL((url) => decodeURIComponent(url.hash) === `#${route}`);
      await settledTotal(page, expected);
      assert.equal(hashRoute(page), route);
      assert.equal(await waitForScroll(page, listY), listY);

      // Through the browser's back button.
      await page.getByTestId('product-card').nth(6).click();
      await page.getByTestId('product-title').waitFor();
      assert.equal(await scrollY(page), 0);
      await page.goBack();
      await page.waitForURL((url) => decodeURIComponent(url.hash) === `#${route}`);
      assert.equal(await waitForScroll(page, listY), listY);

      // A new route from the sidebar opens at the top.
      if (label === 'phone') await page.getByTestId('menu-button').click();
      await page.getByTestId('nav-module-nuevo').click();
      await page.waitForURL((url) => url.hash === '#/nuevo');
      await page.getByRole('heading', { level: 1, name: 'Nuevo' }).waitFor();
      assert.equal(await scrollY(page), 0, '/nuevo opens at the top');
    } finally {
      await context.close();
    }
  });
}

test('a product opened from a link (no list behind it) returns to /inicio', async () => {
  const product = productWithSizes();
  const { context, page } = await openPage(browser, `/producto/${product.id}`);
  try {
    await page.getByTestId('product-title').waitFor();
    assert.equal(await page.getByTestId('back-to-catalogue').getAttribute('href'), '#/inicio');
    await page.getByTestId('back-to-catalogue').click();
    await page.waitForURL((url) => url.hash === '#/inicio');
  } finally {
    await context.close();
  }
});

interface Overlap {
  linksOnScreen: number;
  hits: string[];
}

/**
 * The contact links' boxes against every card, price, name and button on screen. (No helper
 * functions inside: the callback runs in the page, without the test runner's transpiler helpers.)
 */
function contactLinkOverlaps(page: Page): Promise<Overlap> {
  return page.evaluate(() => {
    const height = window.innerHeight;
    const width = window.innerWidth;
    const links: { label: string; box: DOMRect }[] = [];
    for (const link of document.querySelectorAll<HTMLElement>('[data-testid="floating-links"] a')) {
      const box = link.getBoundingClientRect();
      const visible =
        box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < height && box.left < width;
      if (visible) links.push({ label: link.textContent?.trim() ?? '', box });
    }
    const selector = [
      '[data-testid="product-card"]',
      '[data-testid="product-name"]',
      '[data-testid="price"]',
      '[data-testid="product-title"]',
      '[data-testid="size-picker"]',
      '[data-testid="add-to-cart"]',
      'main button',
      'main a',
    ].join(',');
    const hits: string[] = [];
    for (const node of document.querySelectorAll<HTMLElement>(selector)) {
      if (node.closest('[data-testid="floating-links"]')) continue;
      const r = node.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= height) continue;
      for (const { label, box } of links) {
        if (box.left < r.right && r.left < box.right && box.top < r.bottom && r.top < box.bottom) {
          const what = node.dataset.testid ?? node.tagName;
          hits.push(`${label} covers ${what} "${node.textContent?.trim().slice(0, 40)}"`);
        }
      }
    }
    return { linksOnScreen: links.length, hits };
  });
}

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: the contact links cover no product card, price, name or button`, async () => {
    const product = productWithSizes();
    const routes = ['/inicio', '/inicio?precio=300-500', '/promociones', `/producto/${product.id}`];
    const { context, page } = await openPage(browser, null, viewport);
    try {
      for (const route of routes) {
        // A full load each time: a hash-only goto would keep the previous route's cards on
        // screen while the next one loads, and the walk below would measure the old page.
        await page.goto('about:blank');
        await page.goto(`${baseUrl()}/#${route}`);
        if (route.startsWith('/producto/')) await page.getByTestId('product-title').waitFor();
        else await page.getByTestId('product-card').first().waitFor();
        await page.getByTestId('floating-links').waitFor({ state: 'attached' });
        let seen = 0;
        // Every screenful from the top to the bottom of the page.
        for (let step = 0; step < 60; step += 1) {
          const { linksOnScreen, hits } = await contactLinkOverlaps(page);
          assert.deepEqual(hits, [], `${route} at ${await scrollY(page)} px`);
          seen += linksOnScreen;
          const atBottom = await page.evaluate(() => {
            const before = window.scrollY;
            window.scrollBy(0, Math.round(window.innerHeight * 0.6));
            return window.scrollY === before;
          });
          if (atBottom) break;
        }
        assert.ok(seen > 0, `${route}: the contact links were on screen somewhere`);
      }
    } finally {
      await context.close();
    }
  });
}

/** Registers a new customer through GraphQL from the page (the session cookie lands in it). */
async function registerInPage(page: Page): Promise<void> {
  const run = Date.now().toString(36);
  const answer = await page.evaluate(
    async (input) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation ($input: RegisterInput!) { register(input: $input) { id } }',
          variables: { input },
        }),
      });
      return response.text();
    },
    {
      name: `Lugar ${run}`,
      phone: '5511223344',
      email: `lugar.${run}@example.com`,
      password: 'Secreta123',
      passwordConfirmation: 'Secreta123',
    },
  );
  assert.match(answer, /"id"/, `registered: ${answer}`);
}

async function expectTitleAndOneH1(page: Page, route: string, title: string): Promise<void> {
  await page.goto(`${baseUrl()}/#${route}`);
  await page.waitForFunction((expected) => document.title === expected, title);
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  assert.equal(await page.title(), title, route);
  assert.equal(await page.locator('h1').count(), 1, `${route} has one h1`);
}

test('every route sets its own document title and has one h1', async () => {
  const product = productWithSizes();
  const { context, page } = await openPage(browser, null);
  try {
    // Literal titles: the screen's name (spec §2 routes) and the shop's.
    const anonymous: [string, string][] = [
      ['/inicio', 'Inicio · Tienda'],
      ['/inicio?precio=300-500', 'Inicio · Tienda'],
      ['/promociones', 'Promociones · Tienda'],
      ['/nuevo', 'Nuevo · Tienda'],
      ['/buscar/pantalon', 'Resultados para “pantalon” · Tienda'],
      ['/catalogo', 'Catálogo · Tienda'],
      [`/producto/${product.id}`, `${product.nombre} · Tienda`],
      ['/producto/987654321', 'Producto no encontrado · Tienda'],
      ['/iniciar-sesion', 'Iniciar sesión · Tienda'],
      ['/registro', 'Registro · Tienda'],
      ['/esta-ruta-no-existe', 'Página no encontrada · Tienda'],
    ];
    for (const [route, title] of anonymous) await expectTitleAndOneH1(page, route, title);

    // A route change inside the app (no reload) changes the title too.
    await page.goto(`${baseUrl()}/#/inicio`);
    await page.waitForFunction(() => document.title === 'Inicio · Tienda');
    await page.getByTestId('nav-module-promociones').click();
    await page.waitForFunction(() => document.title === 'Promociones · Tienda');

    await registerInPage(page);
    // The app reads the session when it starts.
    await page.reload();
    const signedIn: [string, string][] = [
      ['/carrito', 'Carrito · Tienda'],
      ['/mis-direcciones', 'Mis direcciones · Tienda'],
      ['/elegir-direccion', 'Elegir dirección · Tienda'],
      ['/usuario', 'Mi cuenta · Tienda'],
      ['/mis-pedidos', 'Mis pedidos · Tienda'],
      ['/pago?idPedido=987654321', 'Pago del pedido #987654321 · Tienda'],
    ];
    for (const [route, title] of signedIn) await expectTitleAndOneH1(page, route, title);
  } finally {
    await context.close();
  }
});

test('"Saltar al contenido" is the first stop and moves the focus past the filters', async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    // The app's own cards, not the screen the server drew: the app replaces that screen (and the
    // skip link in it) when it renders, which would take the focus away from under the Tab.
    await page.locator('#root').getByTestId('product-card').first().waitFor();
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    assert.equal(await skip.evaluate((node) => node === document.activeElement), true);
    assert.equal((await skip.textContent())?.trim(), 'Saltar al contenido');
    const box = await skip.boundingBox();
    assert.ok(box && box.y >= 0 && box.height > 0, `visible while focused: ${JSON.stringify(box)}`);
    // …and on top of the sidebar, not painted under it.
    assert.equal(
      await skip.evaluate((node) => {
        const r = node.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === node;
      }),
      true,
    );

    await page.keyboard.press('Enter');
    const landed = await page.evaluate(() => ({
      inMain: document.activeElement?.closest('main') !== null,
      inFilters: document.activeElement?.closest('[aria-label="Filtros"]') !== null,
    }));
    assert.deepEqual(landed, { inMain: true, inFilters: false });
    // The next stops are the results' order ('Ordenar por') and then a product, not one of the
    // filter checkboxes.
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'sort-select',
    );
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'product-card',
    );

    // Without a filter column it lands on <main> itself.
    await page.goto(`${baseUrl()}/#/promociones`);
    await page.reload();
    await page.getByTestId('product-card').first().waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'MAIN');
  } finally {
    await context.close();
  }
});

test('the sidebar and the search screen show the same search text', async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    const sidebar = page.getByTestId('sidebar-search');
    const onPage = page.getByTestId('search-page-input');
    await sidebar.fill('pantalon');
    await page.waitForURL((url) => url.hash === '#/buscar/pantalon');
    await onPage.waitFor();
    assert.equal(await onPage.inputValue(), 'pantalon');
    assert.equal(await sidebar.inputValue(), 'pantalon');

    await onPage.fill('playera');
    await page.waitForURL((url) => url.hash === '#/buscar/playera');
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="sidebar-search"]') as HTMLInputElement).value ===
        'playera',
    );
    assert.equal(await sidebar.inputValue(), 'playera');

    // Back to the catalogue: no search on screen, so the sidebar's box is empty again.
    await page.goBack();
    await page.waitForURL((url) => url.hash === '#/inicio');
    // The router draws the route once its loader has started the catalogue's query: wait for it.
    await page
      .waitForFunction(
        () =>
          (document.querySelector('[data-testid="sidebar-search"]') as HTMLInputElement).value ===
          '',
        null,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    assert.equal(await sidebar.inputValue(), '');
  } finally {
    await context.close();
  }
});

test('phone: the sizes and "Agregar al carrito" are on the first screen of a product', async () => {
  const product = productWithSizes();
  const { context, page } = await openPage(browser, `/producto/${product.id}`, PHONE);
  try {
    await page.getByTestId('product-title').waitFor();
    await page.getByTestId('size-picker').waitFor();
    const layout = await page.evaluate(() => ({
      height: window.innerHeight,
      scrollY: window.scrollY,
      picker: document
        .querySelector('[data-testid="size-picker"]')
        ?.getBoundingClientRect()
        .toJSON() as DOMRect | undefined,
      bar: document
        .querySelector('[data-testid="add-to-cart-bar"]')
        ?.getBoundingClientRect()
        .toJSON() as DOMRect | undefined,
      button: document
        .querySelector('[data-testid="add-to-cart"]')
        ?.getBoundingClientRect()
        .toJSON() as DOMRect | undefined,
    }));
    const { height, picker, bar, button } = layout;
    assert.equal(layout.scrollY, 0);
    assert.ok(picker && bar && button, JSON.stringify(layout));
    assert.ok(
      picker.top >= 0 && picker.bottom <= bar.top,
      `sizes above the bar: ${JSON.stringify(layout)}`,
    );
    assert.ok(
      button.top >= 0 && button.bottom <= height,
      `button on screen: ${JSON.stringify(layout)}`,
    );

    // Further down the page the button stays at hand.
    await page.evaluate(() => window.scrollBy(0, 400));
    const later = await page.getByTestId('add-to-cart').evaluate((node) => {
      const r = node.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: window.innerHeight };
    });
    assert.ok(later.top >= 0 && later.bottom <= later.height, JSON.stringify(later));
  } finally {
    await context.close();
  }
});

test('a cold load prints no react-router HydrateFallback warning', async () => {
  const product = productWithSizes();
  const { context, page } = await openPage(browser, null);
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  try {
    for (const route of ['/inicio', `/producto/${product.id}`, '/buscar/pantalon']) {
      await page.goto(`${baseUrl()}/#${route}`);
      await page.reload();
      await page.locator('main h1').first().waitFor({ state: 'attached' });
    }
    assert.deepEqual(
      messages.filter((text) => /HydrateFallback/i.test(text)),
      [],
    );
  } finally {
    await context.close();
  }
});
