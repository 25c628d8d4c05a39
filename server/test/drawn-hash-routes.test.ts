import request from 'supertest';
import { DRAWN_SCREEN_PATH } from '@tienda/rules';
import { createApp, type App } from '../src/app.js';
import type { FirstScreenManifest } from '../src/http/storefront-html.js';
import { builtClient } from './support/built-client.js';
import { testConfig } from './support/db.js';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * A hash route's screen drawn on request (issue 27: a phone that can tap as soon as it sees).
 * `/` opened at #/producto/42, #/promociones, #/iniciar-sesion or #/registro: the server saw only `/`, so
 * index.html's head script asks `GET /primera-pantalla?ruta=…` for the address's screen, drawn
 * for a visitor with the client's renderer from the screen's own answers; main.tsx shows it and
 * the app waits for the shopper. The renderer here is a stand-in with the client's export that
 * draws what it was given (the real one: client/src/first-screen-render.test.tsx and
 * e2e/specs/first-screen.spec.ts).
 */

const shop = shopWith([
  { name: 'Tenis Nike Air Zoom', price: 1250, promo: 999, brand: 'Nike' },
  { name: 'Playera Falla', price: 300 },
  { name: 'Chamarra Oculta', price: 900 },
  { name: 'Gorra Lisa', price: 150 },
]);
const [NIKE, FAILING, HIDDEN] = [1, 2, 3];

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
    ShopSettings: `query ShopSettings { shopSettings { whatsappUrl __typename } }`,
    Me: `query Me { me { id __typename } }`,
    ProductDetail: `query ProductDetail($id: Int!) {
      product(id: $id) { id name unitPriceCents __typename }
    }`,
    ProductList: `query ProductList($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {
      products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) { total items { id name __typename } __typename }
    }`,
    GoogleSignInSettings: `query GoogleSignInSettings { shopSettings { googleClientId __typename } }`,
  },
  shell: [{ operationName: 'ShopSettings', variables: {} }],
  anonymous: [{ operationName: 'Me', variables: {} }],
  home: [{ operationName: 'CatalogPage', variables: { offset: 0, limit: 24 } }],
  product: { operationName: 'ProductDetail', idVariable: 'id' },
  routes: {
    '/promociones': [
      {
        operationName: 'ProductList',
        variables: {
          filter: { onPromotion: true },
          sort: 'PROMOTION_PRICE_DESC',
          offset: 0,
          limit: 24,
        },
      },
    ],
    '/iniciar-sesion': [{ operationName: 'GoogleSignInSettings', variables: {} }],
    '/registro': [],
  },
  photos: { home: { count: 0 }, product: { count: 0 } },
};

/** The stand-in renderer: the page, layout and operations it was given; fails for 'Playera Falla'. */
const RENDERER = `
export async function renderFirstScreen(data, layout) {
  const product = data.results.find((r) => r.operationName === 'ProductDetail')?.data.product;
  if (product?.name === 'Playera Falla') throw new Error('no se pudo');
  const ops = data.results.map((r) => r.operationName).join(',');
  const kind = data.page.kind === 'route' ? data.page.path : data.page.kind;
  return '<main data-page="' + kind + '" data-layout="' + layout + '" data-ops="' + ops + '">' + (product ? product.name : '') + '</main>';
}
`;

let client: Awaited<ReturnType<typeof builtClient>>;
let app: App;

beforeAll(async () => {
  client = await builtClient(MANIFEST, RENDERER);
  const db = shop.orm.em.fork();
  await db.execute(`update product set hidden_at = now() where id = ${HIDDEN}`);
  await createUsers(db, [{ email: 'ana@example.com', password: 'Secreta123' }]);
  app = await createApp(shop.orm, testConfig(client.config));
});

afterAll(async () => {
  await app.stop();
  await client.remove();
});

/** What index.html's head script sends: a same-origin fetch, with the device's User-Agent. */
const ask = (route: string, userAgent = PHONE_UA) =>
  request(app.app)
    .get(DRAWN_SCREEN_PATH)
    .query({ ruta: route })
    .set({ 'Sec-Fetch-Dest': 'empty', 'User-Agent': userAgent, Accept: 'application/json' });

interface Answer {
  page: unknown;
  layout: string;
  markup: string;
  results: { operationName: string; variables: unknown; data: Record<string, unknown> }[];
}

describe('a hash route drawn on request (issue 27)', () => {
  test("rule drawn hash route: #/producto/{id} is the product's screen, drawn for the phone with its data", async () => {
    const res = await ask(`/producto/${NIKE}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/Cookie/);
    const answer = res.body as Answer;
    expect(answer.page).toEqual({ kind: 'product', id: NIKE });
    expect(answer.layout).toBe('phone');
    expect(answer.markup).toBe(
      '<main data-page="product" data-layout="phone" data-ops="ShopSettings,Me,ProductDetail">Tenis Nike Air Zoom</main>',
    );
    // The answers the app's cache starts from: exactly what /graphql gives a visitor.
    const product = answer.results.find((r) => r.operationName === 'ProductDetail');
    expect(product?.variables).toEqual({ id: NIKE });
    expect(product?.data).toEqual({
      product: {
        id: NIKE,
        name: 'Tenis Nike Air Zoom',
        unitPriceCents: 99_900,
        __typename: 'Product',
      },
    });
    expect(answer.results.find((r) => r.operationName === 'Me')?.data).toEqual({ me: null });
  });

  test('rule drawn hash route: #/promociones lists the products on promotion only, and a desktop gets its layout', async () => {
    const res = await ask('/promociones', DESKTOP_UA);
    expect(res.status).toBe(200);
    const answer = res.body as Answer;
    expect(answer.page).toEqual({ kind: 'route', path: '/promociones' });
    expect(answer.layout).toBe('desktop');
    expect(answer.markup).toContain('data-page="/promociones" data-layout="desktop"');
    const list = answer.results.find((r) => r.operationName === 'ProductList');
    expect(list?.data).toEqual({
      products: {
        total: 1,
        items: [{ id: NIKE, name: 'Tenis Nike Air Zoom', __typename: 'Product' }],
        __typename: 'ProductPage',
      },
    });
  });

  test("rule drawn hash route: #/iniciar-sesion is drawn with the shop's sign-in settings", async () => {
    const res = await ask('/iniciar-sesion');
    expect(res.status).toBe(200);
    const answer = res.body as Answer;
    expect(answer.page).toEqual({ kind: 'route', path: '/iniciar-sesion' });
    expect(answer.markup).toContain('data-ops="ShopSettings,Me,GoogleSignInSettings"');
  });

  test('rule drawn hash route: #/registro is drawn from the shell’s answers alone', async () => {
    const res = await ask('/registro');
    expect(res.status).toBe(200);
    const answer = res.body as Answer;
    expect(answer.page).toEqual({ kind: 'route', path: '/registro' });
    expect(answer.markup).toContain(
      'data-page="/registro" data-layout="phone" data-ops="ShopSettings,Me"',
    );
  });

  test('rule drawn hash route visitor: a signed-in shopper gets nothing drawn (204: the app draws their screen)', async () => {
    const agent = request.agent(app.app);
    const signIn = await agent.post('/graphql').send({
      query:
        'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { id } }',
      variables: { email: 'ana@example.com', password: 'Secreta123' },
    });
    expect(signIn.body.errors).toBeUndefined();
    const res = await agent
      .get(DRAWN_SCREEN_PATH)
      .query({ ruta: '/promociones' })
      .set({ 'User-Agent': PHONE_UA });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  test('rule drawn hash route: a hidden, unknown or undrawable product is not drawn (204: the app shows what it shows)', async () => {
    for (const id of [HIDDEN, 999_999_999, FAILING]) {
      const res = await ask(`/producto/${id}`);
      expect({ id, status: res.status }).toEqual({ id, status: 204 });
    }
  });

  test('rule drawn hash route input: another route is a 404, a missing, repeated or huge route a 400, each with its reason', async () => {
    for (const route of [
      '/carrito',
      '/producto/0',
      '/producto/1234567890',
      '/producto/1/x',
      '/promociones?pagina=2',
      '/producto/١',
    ]) {
      const res = await ask(route);
      expect({ route, status: res.status, reason: res.body.reason }).toEqual({
        route,
        status: 404,
        reason: 'SCREEN_NOT_DRAWN',
      });
      expect(res.body.error).toBe('La tienda no dibuja esa pantalla en el servidor.');
    }
    const bad = [
      request(app.app).get(DRAWN_SCREEN_PATH),
      request(app.app).get(`${DRAWN_SCREEN_PATH}?ruta=/promociones&ruta=/iniciar-sesion`),
      request(app.app).get(`${DRAWN_SCREEN_PATH}?ruta[a]=1`),
      ask(`/producto/${'9'.repeat(1_000)}`),
    ];
    for (const res of await Promise.all(bad)) {
      expect([res.status, res.body.reason]).toEqual([400, 'INVALID_SCREEN_ROUTE']);
    }
    // A lone surrogate, percent-encoded as no browser would: the shop's guard of ill-formed
    // text answers first, a clear 400, never a 500.
    const lone = await request(app.app).get(`${DRAWN_SCREEN_PATH}?ruta=%2F%ED%A0%80`);
    expect([lone.status, lone.text]).toEqual([400, 'El texto enviado no es válido']);
  });
});
