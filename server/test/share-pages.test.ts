import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { APP_PRELOADS_ELEMENT_ID, decimalPesos, HOME_PRELOADS_ELEMENT_ID } from '@tienda/rules';
import { createApp, type App } from '../src/app.js';
import { ROOT_DIR } from '../src/config.js';
import { productSharePath, shareImagePath } from '../src/modules/catalog/share-path.js';
import {
  FIRST_SCREEN_MANIFEST,
  type FirstScreenManifest,
  type FirstScreenResult,
} from '../src/http/storefront-html.js';
import { httpClient } from './support/app.js';
import { openTestOrm, testConfig } from './support/db.js';
import { createUsers } from './support/fixtures.js';
import { shopWith } from './support/app.js';

/**
 * The first screen's data in the HTML and the products' share pages (issue 15): `/` carries the
 * answers of the home page's queries, `/p/{id}-{slug}` a product's answer and its Open Graph tags
 * and JSON-LD, for crawlers that run no JavaScript.
 */

const HOSTILE = `Tenis </script><!--<script>alert("x")</script> & 'Ñandú'`;

const shop = shopWith([
  // The newest first on the home page: ids 1..6 in this order.
  { name: 'Tenis Nike Air Zoom', price: 1250, promo: 999, brand: 'Nike', images: 2 },
  { name: 'Playera Agotada', price: 300, stock: { S: 0, M: 0 } },
  { name: HOSTILE, price: 450, brand: 'Marca </script>' },
  { name: 'Chamarra Oculta', price: 900 },
  { name: 'Pantalón Borrado', price: 700 },
  { name: 'Gorra Sin Foto', price: 150, images: 0 },
]);
const [NIKE, SOLD_OUT, HOSTILE_ID, HIDDEN, DELETED, NO_PHOTO] = [1, 2, 3, 4, 5, 6];

// The client's documents as it sends them (its build writes them: client/src/app/first-screen-queries.ts).
const PRODUCT_CARD = `fragment Card on Product { id name unitPriceCents images { id url __typename } __typename }`;
const MANIFEST: FirstScreenManifest = {
  dataElementId: 'first-screen-data',
  documents: {
    CatalogPage: `query CatalogPage($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {
      products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
        total items { ...Card __typename } facets { brands { value count __typename } __typename } __typename
      }
    } ${PRODUCT_CARD}`,
    ShopSettings: `query ShopSettings { shopSettings { whatsappUrl facebookUrl trustUrl __typename } }`,
    Me: `query Me { me { id name email __typename } }`,
    ProductDetail: `query ProductDetail($id: Int!) {
      product(id: $id) {
        id name description unitPriceCents priceCents brand { id name __typename }
        sizes { size stock __typename } images { id url __typename } __typename
      }
    }`,
  },
  shell: [{ operationName: 'ShopSettings', variables: {} }],
  anonymous: [{ operationName: 'Me', variables: {} }],
  home: [
    {
      operationName: 'CatalogPage',
      variables: { filter: {}, sort: 'NEWEST', offset: 0, limit: 24 },
    },
  ],
  product: { operationName: 'ProductDetail', idVariable: 'id' },
  routes: { '/promociones': [], '/iniciar-sesion': [], '/registro': [] },
  photos: {
    home: {
      count: 3,
      sizes: '(min-width: 768px) 30vw, 50vw',
      srcSet: {
        prefix: '/uploads/',
        placeholder: '/uploads/{photo}',
        template: '/uploads/{photo}?w=320 320w, /uploads/{photo} 800w',
      },
    },
    product: { count: 1 },
  },
  modulePreload: {
    app: ['/assets/boot-Bo0T12.js', '/assets/react-ReAc12.js'],
    producto: ['/assets/product-page-AbC123.js'],
    inicio: ['/assets/home-page-XyZ789.js', '/assets/product-grid-QrS456.js'],
    'iniciar-sesion': ['/assets/sign-in-page-SiGn12.js'],
  },
};

let dist: string;
let app: App;
/** The shop's PUBLIC_URL here (the Host the crawler sends is the same, and never decides). */
const ORIGIN = 'http://tienda.example';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'tienda-share-'));
  // The client's real page (its head and light shell), as the build copies it.
  await writeFile(
    path.join(dist, 'index.html'),
    await readFile(path.join(ROOT_DIR, 'client', 'index.html'), 'utf8'),
  );
  await writeFile(path.join(dist, FIRST_SCREEN_MANIFEST), JSON.stringify(MANIFEST));
  const db = shop.orm.em.fork();
  await db.execute(`update product set hidden_at = now() where id = ${HIDDEN}`);
  for (const table of ['product_image', 'product_stock']) {
    await db.execute(`delete from ${table} where product_id = ${DELETED}`);
  }
  await db.execute(`delete from product where id = ${DELETED}`);
  await createUsers(db, [{ email: 'ana@example.com', password: 'Secreta123' }]);
  app = await createApp(shop.orm, testConfig({ clientDistDir: dist, publicUrl: ORIGIN }));
});

afterAll(async () => {
  await app.stop();
  await rm(dist, { recursive: true, force: true });
});

/** A crawler: plain HTTP, no JavaScript, no Sec-Fetch headers. */
const crawl = (url: string, headers: Record<string, string> = {}) =>
  request(app.app).get(url).set('Host', 'tienda.example').set(headers);

/** The data block's JSON, parsed as the client parses it. */
function firstScreenData(html: string): { page: unknown; results: FirstScreenResult[] } {
  const match = /<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match) throw new Error('no first-screen data');
  return JSON.parse(match[1]!) as { page: unknown; results: FirstScreenResult[] };
}

function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return tags;
}

function jsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
}

async function productAnswer(id: number) {
  const { data } = await httpClient(request.agent(app.app)).gql<{
    product: { name: string; unitPriceCents: number; images: { url: string }[] } | null;
  }>(`query ($id: Int!) { product(id: $id) { name unitPriceCents images { url } } }`, { id });
  return data!.product!;
}

describe('share pages for link-preview crawlers (issue 15)', () => {
  test('rule share page tags: a crawler finds every Open Graph tag, with the price the shop charges in MXN and the first photo at 1200×630', async () => {
    const product = await productAnswer(NIKE);
    const sharePath = productSharePath(NIKE, product.name);
    expect(sharePath).toBe('/p/1-tenis-nike-air-zoom');
    const res = await crawl(sharePath);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    const url = `${ORIGIN}${sharePath}`;
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(html).toContain('<title>Tenis Nike Air Zoom · Tienda</title>');
    expect(metaTags(html)).toEqual(
      expect.objectContaining({
        description: 'Descripción de Tenis Nike Air Zoom',
        'og:type': 'product',
        'og:site_name': 'Tienda',
        'og:locale': 'es_MX',
        'og:title': 'Tenis Nike Air Zoom',
        'og:description': 'Descripción de Tenis Nike Air Zoom',
        'og:url': url,
        'og:image': `${ORIGIN}${shareImagePath(product.images[0]!.url)}`,
        'og:image:width': '1200',
        'og:image:height': '630',
        'og:image:alt': 'Tenis Nike Air Zoom',
        // On promotion: the promotion price, as the domain computes it.
        'product:price:amount': '999.00',
        'product:price:currency': 'MXN',
        'twitter:card': 'summary_large_image',
      }),
    );
    expect(product.unitPriceCents).toBe(99_900);
    expect(decimalPesos(product.unitPriceCents)).toBe('999.00');
  });

  test('rule share page JSON-LD: a valid schema.org Product with its Offer in MXN, in stock', async () => {
    const product = await productAnswer(NIKE);
    const url = `${ORIGIN}${productSharePath(NIKE, product.name)}`;
    const ld = jsonLd((await crawl(productSharePath(NIKE, product.name))).text);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Tenis Nike Air Zoom',
      description: 'Descripción de Tenis Nike Air Zoom',
      image: product.images.map((image) => `${ORIGIN}${image.url}`),
      brand: { '@type': 'Brand', name: 'Nike' },
      sku: String(NIKE),
      productID: String(NIKE),
      url,
      offers: {
        '@type': 'Offer',
        price: '999.00',
        priceCurrency: 'MXN',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
  });

  test('rule share page availability: a product with no units left is OutOfStock', async () => {
    const product = await productAnswer(SOLD_OUT);
    const ld = jsonLd((await crawl(productSharePath(SOLD_OUT, product.name))).text);
    expect((ld.offers as { availability: string }).availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });

  test('rule share page without photo: no og:image, a summary card', async () => {
    const res = await crawl(productSharePath(NO_PHOTO, 'Gorra Sin Foto'));
    expect(res.status).toBe(200);
    const tags = metaTags(res.text);
    expect(tags['og:image']).toBeUndefined();
    expect(tags['twitter:card']).toBe('summary');
  });

  test('rule share page URLs: PUBLIC_URL makes every absolute URL, whatever the Host', async () => {
    const orm: MikroORM = await openTestOrm();
    const withPublicUrl = await createApp(
      orm,
      testConfig({ clientDistDir: dist, publicUrl: 'https://tienda.mx' }),
    );
    try {
      const sharePath = productSharePath(NIKE, 'Tenis Nike Air Zoom');
      const page = await request(withPublicUrl.app)
        .get(sharePath)
        .set('Host', 'evil.example')
        .set('X-Forwarded-Host', 'evil.example')
        .set('X-Forwarded-Proto', 'http');
      expect(page.text).not.toContain('evil.example');
      const tags = metaTags(page.text);
      expect(tags['og:url']).toBe(`https://tienda.mx${sharePath}`);
      expect(tags['og:image']).toMatch(/^https:\/\/tienda\.mx\/uploads\/.*\?og=1200x630$/);
    } finally {
      await withPublicUrl.stop();
      await orm.close();
    }
  });

  test('rule share page data: the page carries the ProductDetail answer /graphql gives, and opens the product', async () => {
    const res = await crawl(productSharePath(NIKE, 'Tenis Nike Air Zoom'));
    const data = firstScreenData(res.text);
    expect(data.page).toEqual({ kind: 'product', id: NIKE });
    const answer = data.results.find((r) => r.operationName === 'ProductDetail');
    expect(answer?.variables).toEqual({ id: NIKE });
    const direct = await request(app.app)
      .post('/graphql')
      .send({ query: MANIFEST.documents.ProductDetail, variables: { id: NIKE } });
    expect(answer?.data).toEqual(direct.body.data);
    // The gallery's photo is preloaded from the HTML.
    const first = (await productAnswer(NIKE)).images[0]!.url;
    expect(res.text).toContain(
      `<link rel="preload" as="image" href="${first}" fetchpriority="high" />`,
    );
    // And, for index.html's script to move into the head, the product screen's chunk, which the
    // page opens.
    expect(res.text).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-page-AbC123.js" data-screen="producto" />',
    );
  });

  test('rule share page slug: /p/{id} and a wrong slug answer 301 to the canonical path, keeping the query', async () => {
    for (const [from, query] of [
      [`/p/${NIKE}`, ''],
      [`/p/${NIKE}-tenis-viejos`, ''],
      [`/p/${NIKE}-tenis-nike-air-zoom/`, ''],
      [`/p/${NIKE}`, '?fbclid=abc'],
    ] as const) {
      const res = await crawl(`${from}${query}`);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(`/p/${NIKE}-tenis-nike-air-zoom${query}`);
    }
  });

  test('rule share page not found: hidden, deleted, unknown and malformed ids answer 404 with the not-found screen and no product tags', async () => {
    for (const url of [
      productSharePath(HIDDEN, 'Chamarra Oculta'),
      productSharePath(DELETED, 'Pantalón Borrado'),
      '/p/999999-nada',
      '/p/abc',
      '/p/0',
      '/p/-1',
      '/p/99999999999',
      '/p/',
    ]) {
      const res = await crawl(url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(firstScreenData(res.text).page).toEqual({ kind: 'notFound' });
      expect(res.text).not.toMatch(/og:|application\/ld\+json|rel="canonical"/);
      expect(res.text).toContain('<div id="root"></div>');
    }
  });

  test('rule share page escaping: a hostile product name cannot end a script, open a comment or an attribute', async () => {
    const sharePath = productSharePath(HOSTILE_ID, HOSTILE);
    const res = await crawl(sharePath);
    expect(res.status).toBe(200);
    const html = res.text;
    // Only the page's own scripts: index.html's, the data block, the JSON-LD.
    const own = (await readFile(path.join(dist, 'index.html'), 'utf8')).match(/<script\b/g)!.length;
    expect(html.match(/<script\b/g)).toHaveLength(own + 2);
    expect(html.match(/<\/script>/g)).toHaveLength(own + 2);
    expect(html).not.toContain('alert("x")</script>');
    expect(html).not.toMatch(/<!--<script>/);
    // Read back, every copy is the exact name.
    expect(metaTags(html)['og:title']).toBe(HOSTILE);
    expect(jsonLd(html).name).toBe(HOSTILE);
    expect(jsonLd(html).brand).toEqual({ '@type': 'Brand', name: 'Marca </script>' });
    const answer = firstScreenData(html).results.find((r) => r.operationName === 'ProductDetail');
    expect((answer?.data.product as { name: string }).name).toBe(HOSTILE);
    // The CSP stays as strict: no inline script runs beyond the shell's hashed one.
    expect(String(res.headers['content-security-policy'])).not.toContain("'unsafe-inline' ;");
    expect(
      String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.startsWith('script-src ')),
    ).not.toContain('unsafe-inline');
  });
});

describe("`/` carries the home page's first screen (issue 15)", () => {
  test('rule first screen data: `/` carries exactly what /graphql answers for the same documents and variables', async () => {
    for (const url of ['/', '/index.html', '/?fbclid=abc']) {
      const res = await crawl(url);
      expect(res.status).toBe(200);
      const data = firstScreenData(res.text);
      expect(data.page).toEqual({ kind: 'home' });
      expect(data.results.map((r) => r.operationName).sort()).toEqual([
        'CatalogPage',
        'Me',
        'ShopSettings',
      ]);
      for (const result of data.results) {
        const direct = await request(app.app).post('/graphql').send({
          query: MANIFEST.documents[result.operationName],
          variables: result.variables,
        });
        expect(direct.body.errors).toBeUndefined();
        expect(result.data).toEqual(direct.body.data);
      }
    }
  });

  test('rule first screen data: the home page is the visible catalogue, newest first, and the hostile name reads back unchanged', async () => {
    const { results } = firstScreenData((await crawl('/')).text);
    const catalog = results.find((r) => r.operationName === 'CatalogPage')!;
    const items = (catalog.data.products as { items: { id: number; name: string }[] }).items;
    expect(items.map((item) => item.id)).toEqual([NO_PHOTO, HOSTILE_ID, SOLD_OUT, NIKE]);
    expect(items.find((item) => item.id === HOSTILE_ID)?.name).toBe(HOSTILE);
  });

  test('rule first screen photos: the first cards with a photo are preloaded with the <img> srcset and sizes', async () => {
    const html = (await crawl('/')).text;
    const { results } = firstScreenData(html);
    const items = (
      results.find((r) => r.operationName === 'CatalogPage')!.data.products as {
        items: { images: { url: string }[] }[];
      }
    ).items;
    const photos = items.flatMap((item) => item.images.slice(0, 1).map((image) => image.url));
    const links = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    expect(links).toEqual(
      photos
        .slice(0, 3)
        .map(
          (url) =>
            `<link rel="preload" as="image" imagesrcset="${url}?w=320 320w, ${url} 800w" imagesizes="(min-width: 768px) 30vw, 50vw" fetchpriority="high" />`,
        ),
    );
    // In the head, right after the charset, before any script.
    expect(html.indexOf(links[0]!)).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf(links[0]!)).toBeGreaterThan(html.indexOf('<meta charset'));
  });

  test("rule first screen preloads by route: `/` keeps the home screen's photos, the app's chunks and each screen's in inert templates, which index.html's inline script moves into the head as the address needs them", async () => {
    const html = (await crawl('/')).text;
    const templateOf = (id: string) =>
      new RegExp(`<template id="${id}">([\\s\\S]*?)</template>`).exec(html);
    const photos = templateOf(HOME_PRELOADS_ELEMENT_ID);
    const chunks = templateOf(APP_PRELOADS_ELEMENT_ID);
    expect(photos).not.toBeNull();
    expect(chunks).not.toBeNull();
    // The home's first photos (not for #/iniciar-sesion or #/registro).
    expect(photos![1]!.match(/rel="preload" as="image"/g)).toHaveLength(3);
    expect(photos![1]).not.toContain('modulepreload');
    // The app's chunks and every screen's, each marked with its screen (the route's first
    // segment), for the script to pick the address's, or none over a drawn screen.
    for (const [screen, file] of [
      ['app', '/assets/boot-Bo0T12.js'],
      ['app', '/assets/react-ReAc12.js'],
      ['inicio', '/assets/home-page-XyZ789.js'],
      ['inicio', '/assets/product-grid-QrS456.js'],
      ['producto', '/assets/product-page-AbC123.js'],
      ['iniciar-sesion', '/assets/sign-in-page-SiGn12.js'],
    ])
      expect(chunks![1]).toContain(
        `<link rel="modulepreload" crossorigin href="${file}" data-screen="${screen}" />`,
      );
    // Every preload of the page is inside them (none the preload scanner would fetch), and
    // they come before the inline script that reads them.
    const outside = html.replace(photos![0], '').replace(chunks![0], '');
    expect(outside).not.toContain('rel="preload"');
    expect(outside).not.toContain('rel="modulepreload"');
    expect(html.indexOf(chunks![0])).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain(`move('${HOME_PRELOADS_ELEMENT_ID}'`);
    expect(html).toContain(`move('${APP_PRELOADS_ELEMENT_ID}'`);
  });

  test("rule first screen preloads by route: a share page preloads the product screen's photo, and offers the app's and the product screen's chunks, never the home's", async () => {
    const html = (await crawl(productSharePath(NIKE, 'Tenis Nike Air Zoom'))).text;
    const chunks = new RegExp(
      `<template id="${APP_PRELOADS_ELEMENT_ID}">([\\s\\S]*?)</template>`,
    ).exec(html);
    expect(chunks![1]).toContain('/assets/product-page-AbC123.js');
    expect(chunks![1]).toContain('/assets/boot-Bo0T12.js');
    expect(html).not.toContain('home-page-XyZ789.js');
    expect(html).not.toContain('product-grid-QrS456.js');
    expect(html).not.toContain('sign-in-page-SiGn12.js');
    expect(html).not.toContain(`<template id="${HOME_PRELOADS_ELEMENT_ID}">`);
    expect(html.replace(chunks![0], '')).not.toContain('rel="modulepreload"');
  });

  test('rule first screen no personal data: a signed-in visitor gets the same public answers, without `me`', async () => {
    const signedIn = httpClient(request.agent(app.app));
    const login = await signedIn.post('/api/auth/login', {
      email: 'ana@example.com',
      password: 'Secreta123',
    });
    expect(login.status).toBe(200);
    const res = await signedIn.get('/');
    const { results } = firstScreenData(res.text);
    expect(results.map((r) => r.operationName).sort()).toEqual(['CatalogPage', 'ShopSettings']);
    expect(res.text).not.toContain('ana@example.com');
    const anonymous = firstScreenData((await crawl('/')).text).results;
    expect(anonymous.find((r) => r.operationName === 'Me')?.data).toEqual({ me: null });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
  });

  test('rule first screen only for documents: a script or service worker fetching the shell gets it without data', async () => {
    const res = await crawl('/', { 'Sec-Fetch-Dest': 'empty' });
    expect(res.status).toBe(200);
    expect(firstScreenData(res.text)).toEqual({ page: { kind: 'home' }, results: [] });
    expect(res.text).not.toContain('rel="preload" as="image"');
    const navigation = await crawl('/', { 'Sec-Fetch-Dest': 'document' });
    expect(firstScreenData(navigation.text).results).toHaveLength(3);
  });

  test('rule first screen never fails: with the database gone, `/` still answers the shell (200) and a share page 503, never a 500', async () => {
    const orm = await openTestOrm();
    const broken = await createApp(orm, testConfig({ clientDistDir: dist }));
    await orm.close(true);
    try {
      const home = await request(broken.app).get('/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('<div id="root"></div>');
      const names = firstScreenData(home.text).results.map((r) => r.operationName);
      expect(names).not.toContain('CatalogPage');
      const share = await request(broken.app).get(productSharePath(NIKE, 'Tenis Nike Air Zoom'));
      expect(share.status).toBe(503);
      expect(firstScreenData(share.text).page).toEqual({ kind: 'product', id: NIKE });
    } finally {
      await broken.stop();
    }
  });
});
