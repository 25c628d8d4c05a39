// Shared helpers for the storefront specs (not a spec itself).
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl } from '../browser.ts';

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * A fresh context and page; `route` is a hash route such as '/inicio'. `ip`: the page's requests
 * come from that address (X-Forwarded-For), so a spec's sign-ins and registrations have rate
 * limits of their own.
 */
export async function openPage(
  browser: Browser,
  route: string | null,
  viewport = DESKTOP,
  { serviceWorkers = 'allow', ip }: { serviceWorkers?: 'allow' | 'block'; ip?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    locale: 'es-MX',
    serviceWorkers,
    ...(ip ? { extraHTTPHeaders: { 'X-Forwarded-For': ip } } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (route !== null) {
    await page.goto(`${baseUrl()}/#${route}`);
    await appReady(page);
  }
  return { context, page };
}

/** The hash route of the page, e.g. '/inicio?marca=Nike'. */
export function hashRoute(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

/** Waits until the result count has settled (optionally on an exact total) and returns it. */
/**
 * Waits until the app's first render is in the page (`<html data-app="ready">`, client/src/boot.tsx):
 * before that, what shows may be the screen the server drew, whose fields and filters do nothing
 * yet, so a spec typing or clicking there would lose its input. Over a drawn screen the app waits
 * for the shopper's first sign (client/src/main.tsx): the pointer moves, as a shopper's would.
 */
export async function appReady(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

export async function settledTotal(page: Page, expected?: number): Promise<number> {
  const selector =
    expected === undefined
      ? '[data-testid="results-count"][data-loading="false"]'
      : `[data-testid="results-count"][data-loading="false"][data-total="${expected}"]`;
  const count = page.locator(selector);
  await count.waitFor();
  return Number(await count.getAttribute('data-total'));
}

export interface CardInfo {
  id: number;
  name: string;
  brand: string;
  type: string;
  priceCents: number | null;
}

export async function visibleCards(page: Page): Promise<CardInfo[]> {
  return page.locator('[data-testid="product-card"]').evaluateAll((cards) =>
    cards.map((card) => {
      const price = card.getAttribute('data-price-cents');
      return {
        id: Number(card.getAttribute('data-product-id')),
        name: card.querySelector('[data-testid="product-name"]')?.textContent ?? '',
        brand: card.getAttribute('data-brand') ?? '',
        type: card.getAttribute('data-type') ?? '',
        priceCents: price === null ? null : Number(price),
      };
    }),
  );
}

/** Lower-case, without accents: 'Pantalón' → 'pantalon'. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export async function graphqlRequest<T>(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!response.ok || !body.data) {
    throw new Error(`GraphQL request failed (${response.status}): ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** A GraphQL call from the page, with its session cookie, answering its data. */
export async function graphqlInPage<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const answer = await page.evaluate(
    async (payload) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return response.text();
    },
    { query, variables },
  );
  const body = JSON.parse(answer) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${answer}`);
  return body.data;
}

/**
 * Registers a new customer from the page (its session cookie is the page's from then on) with one
 * delivery address in Guadalajara, answering the address's id.
 */
export async function registerWithAddress(
  page: Page,
  customer: { name: string; phone: string; email: string; password: string },
): Promise<number> {
  await graphqlInPage(
    page,
    'mutation ($input: RegisterInput!) { register(input: $input) { id } }',
    {
      input: { ...customer, passwordConfirmation: customer.password },
    },
  );
  const { addAddress } = await graphqlInPage<{ addAddress: { id: number } }>(
    page,
    'mutation ($input: AddressInput!) { addAddress(input: $input) { id } }',
    {
      input: {
        firstName: 'Lucía',
        lastName: 'Hernández Ruiz',
        street: 'Calle Morelos',
        number: '45',
        neighborhood: 'Centro',
        postalCode: '44100',
        city: 'Guadalajara',
        state: 'Jalisco',
        references: 'Casa azul con reja blanca',
        phone: '3312345678',
      },
    },
  );
  return addAddress.id;
}

/**
 * A full-page screenshot of the page as it is now (after 300 ms for transitions to settle), into
 * `dir` as `<name>-<width>x<height>.png`.
 */
export async function captureInto(dir: string, page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  await page.waitForTimeout(300);
  await page.screenshot({
    path: path.join(dir, `${name}-${viewport?.width}x${viewport?.height}.png`),
    fullPage: true,
  });
}

/** A product as GET /api/productos answers it (the spec's REST shape, the fields the specs use). */
export interface RestProduct {
  id: number;
  nombre: string;
  precio: number;
  promocion: boolean;
  precioPromocion: number;
  tallas: string;
  cantidad: string;
  tipo: string;
  marca: string | null;
  color: string | null;
}

/**
 * The whole catalogue through the REST API, page after page: the independent oracle the
 * storefront specs count with (never the page's own facet counts).
 */
export async function restCatalogue(): Promise<RestProduct[]> {
  const all: RestProduct[] = [];
  const limit = 100;
  for (let offset = 0; offset < 1_000_000; offset += limit) {
    const response = await fetch(`${baseUrl()}/api/productos?desde=${offset}&limite=${limit}`);
    if (!response.ok) throw new Error(`GET /api/productos failed: ${response.status}`);
    const page = (await response.json()) as RestProduct[];
    all.push(...page);
    if (page.length < limit) break;
  }
  return all;
}

/** What a shopper pays for one unit, in centavos: the promotion price while on promotion. */
export function restUnitPriceCents(product: RestProduct): number {
  const pesos = product.promocion ? product.precioPromocion : product.precio;
  return Math.round(pesos * 100);
}

/**
 * The spec's price buckets (§9: 0-300, 300-500, 500-1000, in pesos). A price on a boundary
 * belongs to the lower bucket: the lower bound is exclusive (except 0), the upper inclusive.
 */
export const SPEC_PRICE_BUCKETS: Record<string, [number, number]> = {
  '0-300': [0, 300_00],
  '300-500': [300_00, 500_00],
  '500-1000': [500_00, 1000_00],
};

export function inPriceBucket(cents: number, bucket: string): boolean {
  const bounds = SPEC_PRICE_BUCKETS[bucket];
  if (!bounds) throw new Error(`not a spec price bucket: ${bucket}`);
  const [low, high] = bounds;
  return (low === 0 ? cents >= 0 : cents > low) && cents <= high;
}
