import assert from 'node:assert/strict';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { loadFirstScreenMarkup } from '../src/http/first-screen-markup.js';
import type { FirstScreenManifest } from '../src/http/storefront-html.js';
import { productSharePath } from '../src/modules/catalog/share-path.js';
import { builtClient } from './support/built-client.js';
import { testConfig } from './support/db.js';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * The first screen drawn on the server (issue 15): `/` and a share page carry, beside their
 * data, the screen the client's renderer draws from it, for the layout the request's device
 * has. The renderer is the client build's (client/dist-ssr); here a stand-in module with the
 * same export draws what it was given, so these tests see exactly what the server passes it and
 * where it puts the answer. (The real renderer: client/src/first-screen-render.test.tsx, and
 * end to end e2e/specs/share-page.spec.ts.)
 */

const shop = shopWith([
  { name: 'Tenis Nike Air Zoom', price: 1250, brand: 'Nike' },
  { name: 'Playera Falla', price: 300 },
]);
const [NIKE, FAILING] = [1, 2];

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const MANIFEST: FirstScreenManifest = {
  dataElementId: 'first-screen-data',
  documents: {
    CatalogPage: `query CatalogPage($offset: Int!, $limit: Int!) {
      products(sort: NEWEST, offset: $offset, limit: $limit) { total items { id name __typename } __typename }
    }`,
    Me: `query Me { me { id __typename } }`,
    // What the share page's head needs, as the client's document has it.
    ProductDetail: `query ProductDetail($id: Int!) {
      product(id: $id) {
        id name description unitPriceCents priceCents brand { id name __typename }
        sizes { size stock __typename } images { id url __typename } __typename
      }
    }`,
  },
  shell: [],
  anonymous: [{ operationName: 'Me', variables: {} }],
  home: [{ operationName: 'CatalogPage', variables: { offset: 0, limit: 24 } }],
  product: { operationName: 'ProductDetail', idVariable: 'id' },
  routes: { '/promociones': [], '/iniciar-sesion': [], '/registro': [] },
  photos: { home: { count: 0 }, product: { count: 0 } },
};

/**
 * The stand-in renderer: the page, the layout and the operations it was given, as markup, with
 * a product's name (to show escaping is the renderer's, React's); it fails for 'Playera Falla'
 * and counts its calls.
 */
const RENDERER = `
globalThis.__firstScreenRenders = 0;
export async function renderFirstScreen(data, layout) {
  globalThis.__firstScreenRenders += 1;
  // A drawing takes 100 ms of the tests' own clock.
  globalThis.__firstScreenClock = (globalThis.__firstScreenClock ?? 0) + 100;
  const product = data.results.find((r) => r.operationName === 'ProductDetail')?.data.product;
  if (product?.name === 'Playera Falla') throw new Error('no se pudo');
  const ops = data.results.map((r) => r.operationName).join(',');
  return '<main data-page="' + data.page.kind + '" data-layout="' + layout + '" data-ops="' + ops + '">' + (product ? product.name : 'inicio') + '</main>';
}
`;
const renders = () => (globalThis as { __firstScreenRenders?: number }).__firstScreenRenders ?? 0;

let client: Awaited<ReturnType<typeof builtClient>>;
let app: App;

beforeAll(async () => {
  client = await builtClient(MANIFEST, RENDERER);
  await createUsers(shop.orm.em.fork(), [{ email: 'ana@example.com', password: 'Secreta123' }]);
  app = await createApp(shop.orm, testConfig(client.config));
});

afterAll(async () => {
  await app.stop();
  await client.remove();
});

const open = (url: string, headers: Record<string, string>) =>
  request(app.app)
    .get(url)
    .set({ 'Sec-Fetch-Dest': 'document', ...headers });

/** The drawn screen's layout (on <html>) and markup (after #root), or undefined. */
function drawn(html: string): { layout: string; markup: string } | undefined {
  const layout = /<html data-first-screen="(phone|desktop)" lang="es">/.exec(html)?.[1];
  const json =
    /<div id="root"><\/div><div id="first-screen"><\/div><script type="application\/json" id="first-screen-markup">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
  const markup = json === undefined ? undefined : (JSON.parse(json) as string);
  if (layout === undefined && markup === undefined) return undefined;
  return { layout: layout ?? '', markup: markup ?? '' };
}

describe("the first screen drawn on the server (issue 15: a phone's first screen in 2.5 s)", () => {
  test('rule first screen layout: a phone (its user agent or Sec-CH-UA-Mobile: ?1) gets the phone layout, a desktop the desktop one', async () => {
    const phone = await open('/', { 'User-Agent': PHONE_UA });
    expect(phone.status).toBe(200);
    expect(drawn(phone.text)).toEqual({
      layout: 'phone',
      markup: '<main data-page="home" data-layout="phone" data-ops="Me,CatalogPage">inicio</main>',
    });
    const hinted = await open('/', { 'User-Agent': DESKTOP_UA, 'Sec-CH-UA-Mobile': '?1' });
    expect(drawn(hinted.text)?.layout).toBe('phone');
    const desktop = await open('/', { 'User-Agent': DESKTOP_UA, 'Sec-CH-UA-Mobile': '?0' });
    expect(drawn(desktop.text)?.layout).toBe('desktop');
    // The answer depends on those headers: caches keep one per device kind.
    expect(String(desktop.headers.vary)).toMatch(/Sec-CH-UA-Mobile/);
    expect(String(desktop.headers.vary)).toMatch(/User-Agent/);
    // Still the light shell (shown when the drawn screen does not fit the window) and the data.
    expect(desktop.text).toContain('<div id="shell" aria-hidden="true">');
    expect(desktop.text).toContain('<script type="application/json" id="first-screen-data">');
  });

  test("rule first screen share page: a product's share page carries its product's screen", async () => {
    const res = await open(productSharePath(NIKE, 'Tenis Nike Air Zoom'), {
      'User-Agent': PHONE_UA,
    });
    expect(res.status).toBe(200);
    expect(drawn(res.text)?.markup).toBe(
      '<main data-page="product" data-layout="phone" data-ops="Me,ProductDetail">Tenis Nike Air Zoom</main>',
    );
  });

  test('rule first screen visitor: only a visitor without a session gets it (a signed-in shopper’s screen has their name and cart)', async () => {
    const agent = request.agent(app.app);
    const signIn = await agent.post('/graphql').send({
      query:
        'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { id } }',
      variables: { email: 'ana@example.com', password: 'Secreta123' },
    });
    expect(signIn.body.errors).toBeUndefined();
    const res = await agent.get('/').set({ 'Sec-Fetch-Dest': 'document', 'User-Agent': PHONE_UA });
    expect(res.status).toBe(200);
    expect(drawn(res.text)).toBeUndefined();
    expect(res.text).toContain('<div id="root"></div>');
  });

  test('rule first screen fetch: a script’s or service worker’s fetch of the page gets the plain shell', async () => {
    const res = await open('/', { 'Sec-Fetch-Dest': 'empty', 'User-Agent': PHONE_UA });
    expect(res.status).toBe(200);
    expect(drawn(res.text)).toBeUndefined();
  });

  test('rule first screen failure: a screen the renderer cannot draw leaves the page as it was (data, light shell), never a 500', async () => {
    const res = await open(productSharePath(FAILING, 'Playera Falla'), { 'User-Agent': PHONE_UA });
    expect(res.status).toBe(200);
    expect(drawn(res.text)).toBeUndefined();
    expect(res.text).toContain('<script type="application/json" id="first-screen-data">');
    expect(res.text).toContain('Playera Falla');
  });

  test('rule first screen reuse: the same answers for the same layout are drawn once', async () => {
    await open('/', { 'User-Agent': DESKTOP_UA });
    const after = renders();
    for (let i = 0; i < 5; i += 1) {
      const res = await open('/', { 'User-Agent': DESKTOP_UA });
      expect(drawn(res.text)?.layout).toBe('desktop');
    }
    expect(renders()).toBe(after);
    // Another screen or layout is drawn anew, once.
    const sharePath = productSharePath(NIKE, 'Tenis Nike Air Zoom');
    await open(sharePath, { 'User-Agent': DESKTOP_UA });
    await open(sharePath, { 'User-Agent': DESKTOP_UA });
    expect(renders()).toBe(after + 1);
  });

  test('rule first screen budget: past its drawing time per second, pages go out with their data only until the next second', async () => {
    const clock = globalThis as { __firstScreenClock?: number };
    const markup = await loadFirstScreenMarkup(client.config.clientSsrDir, {
      log: () => undefined,
      budgetMsPerSecond: 250,
      now: () => clock.__firstScreenClock ?? 0,
    });
    assert(markup);
    const page = (id: number) => ({ page: { kind: 'product', id }, results: [] });
    const drawnNow = async (from: number, count: number) => {
      const out: boolean[] = [];
      for (let id = from; id < from + count; id += 1) {
        out.push((await markup.render(page(id), 'phone')) !== undefined);
      }
      return out;
    };
    // 100 ms each: the third drawing ends the window's 250 ms; the next ones wait.
    expect(await drawnNow(100, 5)).toEqual([true, true, true, false, false]);
    // A screen drawn before is still answered from what was kept.
    expect(await markup.render(page(100), 'phone')).toBeDefined();
    // The next second draws again.
    clock.__firstScreenClock = (clock.__firstScreenClock ?? 0) + 1000;
    expect(await drawnNow(200, 1)).toEqual([true]);
  });
});
