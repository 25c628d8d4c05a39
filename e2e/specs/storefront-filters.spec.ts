import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import {
  type RestProduct,
  SPEC_PRICE_BUCKETS,
  fold,
  hashRoute,
  inPriceBucket,
  openPage,
  restCatalogue,
  restUnitPriceCents,
  settledTotal,
  visibleCards,
} from './storefront-helpers.ts';

// Expected totals and facet counts are counted over the whole catalogue read through the REST API
// (GET /api/productos, page after page), never taken from the page's own facet counts.

let browser: Browser;
let catalogue: RestProduct[];

before(async () => {
  browser = await launchBrowser();
  catalogue = await restCatalogue();
});

after(async () => {
  await browser?.close();
});

/** Brute-force count: the products whose brand is one of `brands` and price in one of `buckets`. */
function count(brands: string[] = [], buckets: string[] = []): number {
  return catalogue.filter(
    (product) =>
      (brands.length === 0 || brands.includes(product.marca ?? '')) &&
      (buckets.length === 0 ||
        buckets.some((bucket) => inPriceBucket(restUnitPriceCents(product), bucket))),
  ).length;
}

/** The spec's price buckets the page offers (others, if any, are not checked here). */
const SPEC_BUCKETS = Object.keys(SPEC_PRICE_BUCKETS);

interface FacetChoice {
  value: string;
  count: number;
}

function option(page: Page, facet: string, value: string): Locator {
  return page.locator(
    `[data-testid="facet-option"][data-facet="${facet}"][data-value="${value.replace(/"/g, '\\"')}"]`,
  );
}

/** The options of one facet in the filter column, with their counts (expands 'Ver más'). */
async function facetOptions(
  page: Page,
  facet: string,
): Promise<(FacetChoice & { disabled: boolean })[]> {
  const section = page.getByTestId(`facet-${facet}`);
  await section.waitFor();
  const more = section.getByRole('button', { name: /^Ver más/ });
  if (await more.count()) await more.click();
  return section.locator('[data-testid="facet-option"]').evaluateAll((nodes) =>
    nodes.map((node) => ({
      value: node.getAttribute('data-value') ?? '',
      count: Number(node.querySelector('[data-testid="facet-count"]')?.textContent ?? 'NaN'),
      disabled: node.hasAttribute('data-disabled'),
    })),
  );
}

/** An enabled option that narrows the current results, preferring `preferred`. */
function narrowingChoice(
  options: (FacetChoice & { disabled: boolean })[],
  total: number,
  preferred: string[],
): FacetChoice {
  const usable = options.filter((item) => !item.disabled && item.count > 0 && item.count < total);
  const choice =
    preferred.map((value) => usable.find((item) => item.value === value)).find(Boolean) ??
    usable[0];
  assert.ok(choice, `some option narrows ${total} results: ${JSON.stringify(options)}`);
  return choice;
}

function matchesBrand(card: { brand: string; name: string }, brand: string): boolean {
  return card.brand === brand || fold(card.name).includes(fold(brand));
}

test('filtering by brand, then by price, narrows the grid and keeps it in the URL', async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    const allTotal = await settledTotal(page, catalogue.length);
    assert.ok(allTotal > 0);
    // Every brand's count on the page is the brute-force count.
    const brandOptions = await facetOptions(page, 'marca');
    for (const item of brandOptions) {
      assert.equal(item.count, count([item.value]), `count of brand ${item.value}`);
    }

    // Brand.
    const brand = narrowingChoice(brandOptions, allTotal, ['Nike']);
    await option(page, 'marca', brand.value).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`marca=${brand.value}`));
    const brandTotal = await settledTotal(page, count([brand.value]));
    assert.ok(brandTotal < allTotal, `brand ${brand.value}: ${brandTotal} < ${allTotal}`);
    const brandCards = await visibleCards(page);
    assert.ok(brandCards.length > 0);
    assert.ok(brandCards.length <= brandTotal);
    for (const card of brandCards) {
      assert.ok(matchesBrand(card, brand.value), `${card.name} (${card.brand}) is ${brand.value}`);
    }

    // Price, on top of the brand (AND across facets): each bucket's count is the brute-force
    // count of that brand in that bucket.
    const priceOptions = (await facetOptions(page, 'precio')).filter((item) =>
      SPEC_BUCKETS.includes(item.value),
    );
    assert.deepEqual(
      priceOptions.map((item) => item.value),
      SPEC_BUCKETS,
      'the spec buckets, in order',
    );
    for (const item of priceOptions) {
      assert.equal(
        item.count,
        count([brand.value], [item.value]),
        `${brand.value} in ${item.value}`,
      );
    }
    const price =
      priceOptions.find((item) => !item.disabled && item.count > 0 && item.count < brandTotal) ??
      priceOptions.find((item) => !item.disabled && item.count > 0);
    assert.ok(price, `a price bucket has ${brand.value} products`);
    await option(page, 'precio', price.value).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`precio=${price.value}`));
    const bothTotal = await settledTotal(page, count([brand.value], [price.value]));
    assert.ok(bothTotal <= brandTotal);
    const bothCards = await visibleCards(page);
    assert.ok(bothCards.length > 0);
    for (const card of bothCards) {
      assert.ok(matchesBrand(card, brand.value), `${card.name} is ${brand.value}`);
      assert.ok(card.priceCents !== null, 'cards show prices on /inicio');
      assert.ok(
        inPriceBucket(card.priceCents, price.value),
        `${card.name}: ${card.priceCents} in ${price.value}`,
      );
    }
    const route = hashRoute(page);
    assert.match(route, /^\/inicio\?/);
    assert.ok(route.includes(`marca=${brand.value}`) && route.includes(`precio=${price.value}`));

    // The URL alone restores the filters.
    await page.reload();
    assert.equal(await settledTotal(page, bothTotal), bothTotal);
    assert.equal(await option(page, 'marca', brand.value).getAttribute('data-state'), 'checked');
    assert.equal(await option(page, 'precio', price.value).getAttribute('data-state'), 'checked');

    // 'Limpiar filtros' brings everything back.
    await page.getByTestId('clear-filters').click();
    await page.waitForURL((url) => url.hash === '#/inicio');
    assert.equal(await settledTotal(page, allTotal), allTotal);
  } finally {
    await context.close();
  }
});

test('filtering by price alone shows only products in that bucket', async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    const allTotal = await settledTotal(page, catalogue.length);
    const priceOptions = (await facetOptions(page, 'precio')).filter((item) =>
      SPEC_BUCKETS.includes(item.value),
    );
    for (const item of priceOptions) {
      assert.equal(item.count, count([], [item.value]), `count of ${item.value}`);
    }
    const price = narrowingChoice(priceOptions, allTotal, ['0-300']);
    await option(page, 'precio', price.value).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`precio=${price.value}`));
    const total = await settledTotal(page, count([], [price.value]));
    assert.ok(total < allTotal);
    const cards = await visibleCards(page);
    assert.ok(cards.length > 0);
    for (const card of cards) {
      assert.ok(card.priceCents !== null);
      assert.ok(inPriceBucket(card.priceCents, price.value), `${card.name}: ${card.priceCents}`);
    }
  } finally {
    await context.close();
  }
});

test('two brands are OR-ed: the total counts the products of either', async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    const allTotal = await settledTotal(page, catalogue.length);
    // The two brands with the most products, from the REST catalogue.
    const perBrand = new Map<string, number>();
    for (const product of catalogue) {
      if (product.marca) perBrand.set(product.marca, (perBrand.get(product.marca) ?? 0) + 1);
    }
    const [first, second] = [...perBrand.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([value]) => value);
    assert.ok(first && second, 'the seed has at least two brands');
    await page.goto(
      `${new URL(page.url()).origin}/#/inicio?marca=${encodeURIComponent(first)}&marca=${encodeURIComponent(second)}`,
    );
    const total = await settledTotal(page, count([first, second]));
    assert.ok(total <= allTotal);
    for (const card of await visibleCards(page)) {
      assert.ok(
        matchesBrand(card, first) || matchesBrand(card, second),
        `${card.name} is ${first} or ${second}`,
      );
    }
  } finally {
    await context.close();
  }
});

test('a filter that leaves nothing shows "No hay resultados"', async () => {
  const { context, page } = await openPage(browser, '/inicio?marca=Marca-que-no-existe-e2e');
  try {
    await page.getByRole('heading', { name: 'No hay resultados' }).waitFor();
    assert.equal(await page.getByTestId('product-card').count(), 0);
  } finally {
    await context.close();
  }
});

test("'Ordenar por' asks the server for the cheapest first, and Back keeps the order", async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    const allTotal = await settledTotal(page, catalogue.length);
    const sort = page.getByRole('combobox', { name: 'Ordenar por' });
    assert.equal(await sort.inputValue(), 'NEWEST', "'Más recientes' is the default");

    await sort.selectOption({ label: 'Precio: menor a mayor' });
    await page.waitForURL((url) => url.hash === '#/inicio?orden=menor-precio');
    // The whole catalogue's lowest price (REST oracle) opens the grid once the new order is in.
    const lowest = Math.min(...catalogue.map(restUnitPriceCents));
    await page
      .locator(`[data-testid="product-card"]`)
      .first()
      .and(page.locator(`[data-price-cents="${lowest}"]`))
      .waitFor();
    assert.equal(await settledTotal(page, allTotal), allTotal, 'an order filters nothing out');
    const cards = await visibleCards(page);
    assert.ok(cards.length > 1);
    const prices = cards.map((card) => card.priceCents ?? Number.NaN);
    assert.equal(prices[0], Math.min(...prices), `the first card is the cheapest: ${prices}`);
    prices.forEach((price, i) => {
      if (i > 0) assert.ok(prices[i - 1]! <= price, `cheapest first: ${prices}`);
    });

    // Open a product, then Back: the order is still chosen and the grid in the same order.
    const first = cards[0]!;
    await page.locator(`[data-testid="product-card"][data-product-id="${first.id}"]`).click();
    await page.waitForURL((url) => url.hash === `#/producto/${first.id}`);
    await page.goBack();
    await page.waitForURL((url) => url.hash === '#/inicio?orden=menor-precio');
    await settledTotal(page, allTotal);
    assert.equal(await sort.inputValue(), 'PRICE_ASC');
    assert.deepEqual(
      (await visibleCards(page)).map((card) => card.id),
      cards.map((card) => card.id),
    );

    // A reload keeps it too; 'Más recientes' takes it out of the URL.
    await page.reload();
    await settledTotal(page, allTotal);
    assert.equal(await sort.inputValue(), 'PRICE_ASC');
    await sort.selectOption({ label: 'Más recientes' });
    await page.waitForURL((url) => url.hash === '#/inicio');
  } finally {
    await context.close();
  }
});

test('at 1366×768 every filter section is reached by scrolling the page: the panel has no scroll of its own', async () => {
  const { context, page } = await openPage(browser, '/inicio', { width: 1366, height: 768 });
  try {
    await settledTotal(page, catalogue.length);
    const panel = page.getByRole('complementary', { name: 'Filtros' });
    const sections = panel.locator('fieldset');
    const legends = await sections.locator('legend').allTextContents();
    // The spec's sections that the demo catalogue has options for, in the panel's order.
    for (const label of ['Marca', 'Tipo', 'Precio', 'Talla', 'Sexo', 'Color']) {
      assert.ok(legends.includes(label), `'${label}' is in the panel: ${legends.join(', ')}`);
    }
    // No element between a section and the document scrolls on its own (overflow auto or
    // scroll with content past its box): what the page does not show, its own scroll bar does.
    const hiddenScrollers = await sections.last().evaluate((section) => {
      const found: string[] = [];
      for (let el = section.parentElement; el && el !== document.body; el = el.parentElement) {
        const { overflowY } = getComputedStyle(el);
        const scrolls = overflowY === 'auto' || overflowY === 'scroll';
        if (scrolls && el.scrollHeight > el.clientHeight + 1) found.push(el.tagName);
      }
      return found;
    });
    assert.deepEqual(hiddenScrollers, []);
    // Scrolling the window brings the last section (Color) into view, whole.
    await page.mouse.move(100, 500);
    for (let i = 0; i < 20; i++) {
      const box = await sections.last().boundingBox();
      if (box && box.y >= 0 && box.y + box.height <= 768) break;
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(50);
    }
    const box = await sections.last().boundingBox();
    assert.ok(
      box && box.y >= 0 && box.y + box.height <= 768,
      `Color is in view: ${JSON.stringify(box)}`,
    );
  } finally {
    await context.close();
  }
});
