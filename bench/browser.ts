/**
 * The storefront in Chromium (playwright-core, Debian's /usr/bin/chromium), the figures of
 * issue 15's acceptance: cold loads of `/` (#/inicio) on a desktop screen and on a throttled
 * phone, the phone's cold load of a product's share page (`/p/{id}-{slug}`) and its repeat visit
 * of `/` (same context, after the service worker, if any, is active), and on the phone the INP of
 * opening the filter drawer and of 'Agregar al carrito' (a shopper registered for the run).
 *
 *   npx tsx bench/browser.ts http://127.0.0.1:4000 [runs]   (a shop already running)
 *
 * `npm run bench` runs it against a production build of its own (bench/catalog-bench.ts).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { productSharePath } from '../server/src/modules/catalog/share-path.js';
import {
  failedInteraction,
  type InteractionFigures,
  measureInteraction,
  recordInteractions,
} from './browser-interaction.js';
import { type LoadFigures, measureLoad, serviceWorkerReady } from './browser-page.js';
import {
  DESKTOP,
  newProfileContext,
  openProfilePage,
  PHONE,
  type Profile,
  throttle,
  WorkerThrottle,
} from './browser-profile.js';
import { renderBrowserSection } from './browser-report.js';

export type { InteractionFigures } from './browser-interaction.js';
export type { LoadFigures } from './browser-page.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
];

export type LoadKey = 'desktop-home' | 'phone-home' | 'phone-share' | 'phone-repeat';
export type InteractionKey = 'filters' | 'cart';

export interface LoadSeries {
  key: LoadKey;
  label: string;
  profile: Profile;
  runs: LoadFigures[];
}

export interface InteractionSeries {
  key: InteractionKey;
  label: string;
  runs: InteractionFigures[];
}

export interface BrowserResults {
  loads: LoadSeries[];
  interactions: InteractionSeries[];
  /** The product of the share page and of 'Agregar al carrito'. */
  product: { id: number; name: string; sharePath: string };
}

/** The home page shows product cards; the share page opens that product's page. */
const HOME_SHOWS = { selector: '[data-testid="product-card"]', what: 'the product grid' };
const productShows = (id: number) => ({
  selector: `[data-testid="product-detail"][data-product-id="${id}"]`,
  what: `product ${id}`,
});
const ADDED_MESSAGE = 'Producto agregado al carrito';

async function graphql<T>(baseUrl: string, query: string, variables = {}): Promise<T> {
  const response = await fetch(new URL('/graphql', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!response.ok || !body.data) {
    throw new Error(`GraphQL ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body.data;
}

/** The newest visible product with a photo and stock (on the home page's first screen). */
export async function pickProduct(baseUrl: string): Promise<BrowserResults['product']> {
  const { newProducts } = await graphql<{
    newProducts: { id: number; name: string; totalStock: number; images: { url: string }[] }[];
  }>(baseUrl, '{ newProducts { id name totalStock images { url } } }');
  const product = newProducts.find((p) => p.totalStock > 0 && p.images.length > 0);
  if (!product) throw new Error('Ningún producto nuevo tiene foto y existencias');
  return { ...product, sharePath: productSharePath(product.id, product.name) };
}

async function withContext<T>(
  browser: Browser,
  profile: Profile,
  fn: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await newProfileContext(browser, profile);
  await recordInteractions(context);
  try {
    return await fn(context);
  } finally {
    await context.close();
  }
}

/** A new shopper, registered through the shop's own mutation from a page of the context. */
async function registerShopper(page: Page, baseUrl: string, run: string): Promise<void> {
  // Any page of the shop's origin: /healthz loads none of the storefront's files (the cache
  // stays cold) and is not throttled yet.
  await page.goto(new URL('/healthz', baseUrl).toString());
  const answer = await page.evaluate(
    async (input) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          query:
            'mutation BenchRegister($input: RegisterInput!) { register(input: $input) { id } }',
          variables: { input },
        }),
      });
      return response.text();
    },
    {
      name: `Banco ${run}`,
      phone: '5511223344',
      email: `banco.${run}@example.com`,
      password: 'Banco-2026',
      passwordConfirmation: 'Banco-2026',
    },
  );
  if (!answer.includes('"id"')) throw new Error(`No se pudo registrar al comprador: ${answer}`);
}

/**
 * One phone visit: a cold load of `/`, the filter drawer opened with a click, then (once the
 * service worker, if any, is active) a second load of `/` in a new tab of the same context.
 */
async function phoneVisit(browser: Browser, baseUrl: string, workers: WorkerThrottle) {
  return withContext(browser, PHONE, async (context) => {
    const page = await openProfilePage(context, PHONE, workers);
    const home = await measureLoad(page, baseUrl, '/', PHONE, HOME_SHOWS);
    const filters = home.problem
      ? failedInteraction(home.problem)
      : await measureInteraction(
          page,
          () => page.getByRole('button', { name: /^Filtros/ }).click(),
          () => {
            const dialog = document.querySelector('[role="dialog"]');
            return dialog && dialog.getBoundingClientRect().width > 0 ? performance.now() : false;
          },
          'the filter drawer',
        );
    const worker = await serviceWorkerReady(page);
    await page.close();
    const again = await openProfilePage(context, PHONE, workers);
    const repeat = await measureLoad(again, baseUrl, '/', PHONE, HOME_SHOWS);
    if (worker && !repeat.serviceWorker) repeat.problem ??= 'the service worker did not answer';
    return { home, filters, repeat };
  });
}

/** 'Agregar al carrito' on the product page, for a shopper registered for this run. */
async function addToCart(
  browser: Browser,
  baseUrl: string,
  workers: WorkerThrottle,
  productId: number,
  run: string,
): Promise<InteractionFigures> {
  return withContext(browser, PHONE, async (context) => {
    const page = await openProfilePage(context, { ...PHONE, throttled: false }, workers);
    await registerShopper(page, baseUrl, run);
    await throttle(page, workers);
    const shows = productShows(productId);
    const load = await measureLoad(page, baseUrl, `/#/producto/${productId}`, PHONE, shows);
    if (load.problem) return failedInteraction(load.problem);
    // The page opens on the first size in stock; choose one if it did not.
    const sizes = page.locator('[data-testid="size-option"]');
    if ((await sizes.count()) > 0 && (await page.locator('[aria-checked="true"]').count()) === 0) {
      await page.locator('[data-testid="size-option"][data-sold-out="false"]').first().click();
    }
    return measureInteraction(
      page,
      () => page.getByRole('button', { name: 'Agregar al carrito' }).click(),
      () =>
        [...document.querySelectorAll('[data-testid="notification"], [role="status"]')].some((n) =>
          n.textContent?.includes('Producto agregado al carrito'),
        )
          ? performance.now()
          : false,
      `'${ADDED_MESSAGE}'`,
    );
  });
}

const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a');

/** Every load and interaction of issue 15's acceptance, `runs` times each. */
export async function measureBrowser(
  baseUrl: string,
  runs = 3,
  log: (message: string) => void = console.log,
): Promise<BrowserResults> {
  const product = await pickProduct(baseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    const workers = await WorkerThrottle.start(browser);
    const series = (key: LoadKey, label: string, profile: Profile): LoadSeries => ({
      key,
      label,
      profile,
      runs: [],
    });
    const desktop = series('desktop-home', 'Desktop: cold load of `/`', DESKTOP);
    const phoneHome = series('phone-home', 'Phone: cold load of `/`', PHONE);
    const phoneShare = series(
      'phone-share',
      `Phone: cold load of the share page \`${product.sharePath}\``,
      PHONE,
    );
    const phoneRepeat = series('phone-repeat', 'Phone: repeat visit of `/`', PHONE);
    const filters: InteractionSeries = {
      key: 'filters',
      label: "Phone: open the filter drawer ('Filtros' on #/inicio)",
      runs: [],
    };
    const cart: InteractionSeries = {
      key: 'cart',
      label: `Phone: 'Agregar al carrito' on #/producto/${product.id}`,
      runs: [],
    };
    const say = (name: string, f: LoadFigures) =>
      log(
        `navegador ${name}: LCP ${ms(f.lcpMs)} (${f.lcpElement}), CLS ${f.cls.toFixed(3)}, ` +
          `JS ${(f.jsGzipBytes / 1024).toFixed(0)} KiB gzip${f.problem ? `; ${f.problem}` : ''}`,
      );
    const sayInteraction = (name: string, f: InteractionFigures) =>
      log(
        `navegador ${name}: INP ${ms(f.inpMs)} [${f.entries}; ${f.breakdown}], ` +
          `resultado a los ${ms(f.outcomeMs)}` +
          `${f.problem ? `; ${f.problem}` : ''}`,
      );

    // One load to start the server's and PostgreSQL's caches: the measured loads are cold for
    // the browser only.
    await withContext(browser, DESKTOP, async (context) =>
      measureLoad(await openProfilePage(context, DESKTOP, workers), baseUrl, '/', DESKTOP),
    );
    for (let i = 0; i < runs; i += 1) {
      const f = await withContext(browser, DESKTOP, async (context) =>
        measureLoad(await openProfilePage(context, DESKTOP, workers), baseUrl, '/', DESKTOP),
      );
      desktop.runs.push(f);
      say(`escritorio ${i + 1}/${runs}`, f);
    }
    for (let i = 0; i < runs; i += 1) {
      const visit = await phoneVisit(browser, baseUrl, workers);
      phoneHome.runs.push(visit.home);
      filters.runs.push(visit.filters);
      phoneRepeat.runs.push(visit.repeat);
      say(`teléfono / ${i + 1}/${runs}`, visit.home);
      sayInteraction(`teléfono Filtros ${i + 1}/${runs}`, visit.filters);
      say(`teléfono / otra vez ${i + 1}/${runs}`, visit.repeat);

      const share = await withContext(browser, PHONE, async (context) =>
        measureLoad(
          await openProfilePage(context, PHONE, workers),
          baseUrl,
          product.sharePath,
          PHONE,
          productShows(product.id),
        ),
      );
      phoneShare.runs.push(share);
      say(`teléfono ${product.sharePath} ${i + 1}/${runs}`, share);

      const added = await addToCart(
        browser,
        baseUrl,
        workers,
        product.id,
        `${Date.now().toString(36)}${i}`,
      );
      cart.runs.push(added);
      sayInteraction(`teléfono Agregar al carrito ${i + 1}/${runs}`, added);
    }
    log(`navegador: ${workers.throttled} service workers con la red del teléfono`);
    return {
      loads: [desktop, phoneHome, phoneShare, phoneRepeat],
      interactions: [filters, cart],
      product,
    };
  } finally {
    await browser.close();
  }
}

// Standalone: measure a shop that is already running.
if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:4000';
  const runs = Number(process.argv[3] ?? 3);
  const results = await measureBrowser(baseUrl, runs);
  console.log(renderBrowserSection(results, `Measured against ${baseUrl}.`).body);
}
