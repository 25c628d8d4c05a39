import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { fold, hashRoute, openPage, settledTotal, visibleCards } from './storefront-helpers.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const PRICE_BOUNDS: Record<string, [number, number]> = {
  '0-300': [0, 30_000],
  '300-500': [30_000, 50_000],
  '500-1000': [50_000, 100_000],
};

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
    const allTotal = await settledTotal(page);
    assert.ok(allTotal > 0);

    // Brand.
    const brand = narrowingChoice(await facetOptions(page, 'marca'), allTotal, ['Nike']);
    await option(page, 'marca', brand.value).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`marca=${brand.value}`));
    const brandTotal = await settledTotal(page, brand.count);
    assert.ok(brandTotal < allTotal, `brand ${brand.value}: ${brandTotal} < ${allTotal}`);
    const brandCards = await visibleCards(page);
    assert.ok(brandCards.length > 0);
    assert.ok(brandCards.length <= brandTotal);
    for (const card of brandCards) {
      assert.ok(matchesBrand(card, brand.value), `${card.name} (${card.brand}) is ${brand.value}`);
    }

    // Price, on top of the brand (AND across facets).
    const priceOptions = await facetOptions(page, 'precio');
    const price =
      priceOptions.find((item) => !item.disabled && item.count > 0 && item.count < brandTotal) ??
      priceOptions.find((item) => !item.disabled && item.count > 0);
    assert.ok(price, `a price bucket has ${brand.value} products`);
    await option(page, 'precio', price.value).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`precio=${price.value}`));
    const bothTotal = await settledTotal(page, price.count);
    assert.ok(bothTotal <= brandTotal);
    const [low, high] = PRICE_BOUNDS[price.value] ?? [0, Number.MAX_SAFE_INTEGER];
    const bothCards = await visibleCards(page);
    assert.ok(bothCards.length > 0);
    for (const card of bothCards) {
      assert.ok(matchesBrand(card, brand.value), `${card.name} is ${brand.value}`);
      assert.ok(card.priceCents !== null, 'cards show prices on /inicio');
      assert.ok(
        card.priceCents >= low && card.priceCents <= high,
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
    const allTotal = await settledTotal(page);
    const price = narrowingChoice(await facetOptions(page, 'precio'), allTotal, ['0-300']);
    await option(page, 'precio', price.value).click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`precio=${price.value}`));
    const total = await settledTotal(page, price.count);
    assert.ok(total < allTotal);
    const [low, high] = PRICE_BOUNDS[price.value] ?? [0, Number.MAX_SAFE_INTEGER];
    const cards = await visibleCards(page);
    assert.ok(cards.length > 0);
    for (const card of cards) {
      assert.ok(card.priceCents !== null);
      assert.ok(
        card.priceCents >= low && card.priceCents <= high,
        `${card.name}: ${card.priceCents}`,
      );
    }
  } finally {
    await context.close();
  }
});

test('two brands are OR-ed: the total is the sum of both', async () => {
  const { context, page } = await openPage(browser, '/inicio');
  try {
    const allTotal = await settledTotal(page);
    const brands = (await facetOptions(page, 'marca')).filter((item) => item.count > 0);
    const [first, second] = brands;
    assert.ok(first && second, 'the seed has at least two brands');
    await page.goto(
      `${new URL(page.url()).origin}/#/inicio?marca=${encodeURIComponent(first.value)}&marca=${encodeURIComponent(second.value)}`,
    );
    const total = await settledTotal(page, first.count + second.count);
    assert.ok(total <= allTotal);
    for (const card of await visibleCards(page)) {
      assert.ok(
        matchesBrand(card, first.value) || matchesBrand(card, second.value),
        `${card.name} is ${first.value} or ${second.value}`,
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
