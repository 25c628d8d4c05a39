// Captures every storefront screen at phone (390x844) and desktop (1366x900) widths into
// screenshots/*.png (gitignored), for a visual review.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:4000 node --import tsx e2e/screenshots.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './browser.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'screenshots');

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

interface Screen {
  name: string;
  route: string;
  /** Only at this width. */
  only?: Viewport['name'];
  fullPage?: boolean;
  /** Something to do once the page is ready (open a drawer, click a button…). */
  act?: (page: Page) => Promise<void>;
}

interface ProductSample {
  id: number;
  sizes: { size: string; stock: number }[];
}

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!response.ok || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** A product with a sold-out size next to one in stock, else the newest product. */
async function sampleProduct(): Promise<ProductSample | undefined> {
  const data = await gql<{ newProducts: ProductSample[] }>(
    '{ newProducts { id sizes { size stock } } }',
  );
  return (
    data.newProducts.find(
      (product) =>
        product.sizes.some((size) => size.stock === 0) &&
        product.sizes.some((size) => size.stock > 1),
    ) ?? data.newProducts[0]
  );
}

/** Waits for queries to settle and images to load. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !document.querySelector('[data-loading="true"]'),
    undefined,
    { timeout: 15_000 },
  );
  await page
    .waitForFunction(
      () => Array.from(document.images).every((image) => image.complete),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const product = await sampleProduct();
  const soldOut = product?.sizes.find((size) => size.stock === 0);

  const screens: Screen[] = [
    { name: 'inicio', route: '/inicio' },
    { name: 'inicio-filtrado', route: '/inicio?precio=300-500&sexo=Caballero' },
    {
      name: 'inicio-filtros-abiertos',
      route: '/inicio?precio=300-500',
      only: 'phone',
      act: async (page) => {
        await page.getByTestId('open-filters').click();
        await page.getByTestId('filters-drawer').waitFor();
        await page.waitForTimeout(500);
      },
    },
    {
      name: 'menu-abierto',
      route: '/inicio',
      only: 'phone',
      act: async (page) => {
        await page.getByTestId('menu-button').click();
        await page.getByTestId('sidebar').waitFor();
        await page.waitForTimeout(500);
      },
    },
    { name: 'inicio-sin-resultados', route: '/inicio?marca=Ninguna-marca-de-prueba' },
    { name: 'promociones', route: '/promociones' },
    { name: 'nuevo', route: '/nuevo' },
    { name: 'buscar', route: '/buscar/pantalon' },
    { name: 'buscar-sin-resultados', route: '/buscar/zzzxxyy' },
    { name: 'catalogo', route: '/catalogo' },
    { name: 'catalogo-buscar', route: '/catalogo/buscar/playera' },
    { name: 'producto-no-encontrado', route: '/producto/999999999' },
    { name: 'pagina-no-encontrada', route: '/esta-pagina-no-existe' },
  ];
  if (product) {
    screens.push(
      { name: 'producto', route: `/producto/${product.id}`, fullPage: true },
      {
        name: 'producto-agregar-sin-sesion',
        route: `/producto/${product.id}`,
        act: async (page) => {
          await page.getByTestId('add-to-cart').click();
          await page.getByTestId('notification').first().waitFor();
          await page.waitForTimeout(400);
        },
      },
    );
    if (soldOut) {
      screens.push({
        name: 'producto-talla-agotada',
        route: `/producto/${product.id}`,
        act: async (page) => {
          await page.locator(`[data-testid="size-option"][data-size="${soldOut.size}"]`).click();
          await page.waitForTimeout(200);
        },
      });
    }
  }

  const browser = await launchBrowser();
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        locale: 'es-MX',
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[${viewport.name}] page error:`, error));
      for (const screen of screens) {
        if (screen.only && screen.only !== viewport.name) continue;
        await page.goto(`${baseUrl()}/#${screen.route}`);
        await page.reload();
        await settle(page);
        if (screen.act) await screen.act(page);
        const file = path.join(OUT_DIR, `${screen.name}-${viewport.width}x${viewport.height}.png`);
        await page.screenshot({ path: file, fullPage: screen.fullPage ?? false });
        console.log(`saved ${path.relative(ROOT, file)}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
