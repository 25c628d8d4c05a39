import express from 'express';
import { SaxesParser } from 'saxes';
import request from 'supertest';
import { sitemapRouter } from '../src/http/sitemap.js';
import { ProductSitemap } from '../src/modules/catalog/product-sitemap.js';
import { productSharePath } from '../src/modules/catalog/share-path.js';
import { shopWith } from './support/app.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

// Ids 1…7 in this order (the database is emptied with its sequences restarted).
const NAMES = [
  'Tenis Nike Air Zoom',
  'Bota Dama Piel & Gamuza <Edición>',
  'Sandalia Niño',
  'Playera Básica',
  'Tenis Adidas Ñandú',
  'Sudadera "Clásica"',
  'Gorra',
];
const shop = shopWith(NAMES.map((name) => ({ name, price: 499 })));

interface XmlElement {
  local: string;
  uri: string;
  text: string;
  children: XmlElement[];
}

/** Parses XML strictly (saxes throws on any well-formedness or namespace error); checks the root. */
function parseXml(text: string, root: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const open: XmlElement[] = [];
  let top: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const element = { local: tag.local, uri: tag.uri, text: '', children: [] };
    open.at(-1)?.children.push(element);
    open.push(element);
    top ??= element;
  });
  parser.on('text', (t) => {
    if (open.length > 0) open.at(-1)!.text += t;
  });
  parser.on('closetag', () => open.pop());
  parser.write(text).close();
  expect([top?.local, top?.uri]).toEqual([root, NS]);
  return top!;
}

/** The elements named `local` (sitemaps namespace) under `element`, in document order. */
function all(element: XmlElement, local: string): XmlElement[] {
  return element.children.flatMap((c) => [
    ...(c.local === local && c.uri === NS ? [c] : []),
    ...all(c, local),
  ]);
}

const locs = (doc: XmlElement) => all(doc, 'loc').map((e) => e.text);

/** The shop's sitemaps with a lowered limit of URLs per file, on PUBLIC_URL. */
const smallFiles = (urlsPerFile: number) =>
  express().use(sitemapRouter(shop.orm, { publicUrl: 'https://tienda.example.mx', urlsPerFile }));

beforeAll(async () => {
  // Product 4 was deleted while an order names it: hidden from the shop.
  await shop.orm.em.fork().execute(`update product set hidden_at = now() where id = 4`);
});

describe('share paths in GraphQL', () => {
  test('rule share path: Product.sharePath is /p/{id}-{slug of the name}', async () => {
    const { data } = await shop.app.gql<{ product: { sharePath: string } }>(
      '{ product(id: 2) { sharePath } }',
    );
    expect(data?.product.sharePath).toBe('/p/2-bota-dama-piel-gamuza-edicion');
    const page = await shop.app.gql<{ products: { items: { id: number; sharePath: string }[] } }>(
      '{ products(limit: 100) { items { id sharePath } } }',
    );
    for (const item of page.data!.products.items) {
      expect(item.sharePath).toBe(productSharePath(item.id, NAMES[item.id - 1]!));
    }
  });
});

describe('sitemap', () => {
  test('rule sitemap: /sitemap.xml is a sitemap index over the pages file and the product files, absolute on PUBLIC_URL', async () => {
    const res = await request(smallFiles(2)).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const doc = parseXml(res.text, 'sitemapindex');
    // Ids 1–2, 3–4 (4 hidden), 5–6, 7.
    expect(locs(doc)).toEqual([
      'https://tienda.example.mx/sitemaps/paginas.xml',
      'https://tienda.example.mx/sitemaps/productos-1.xml',
      'https://tienda.example.mx/sitemaps/productos-2.xml',
      'https://tienda.example.mx/sitemaps/productos-3.xml',
      'https://tienda.example.mx/sitemaps/productos-4.xml',
    ]);
  });

  test('rule sitemap: the product files list every visible product once, at most the limit per file, with lastmod; hidden ones never', async () => {
    const app = smallFiles(2);
    const listed: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const res = await request(app).get(`/sitemaps/productos-${n}.xml`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const doc = parseXml(res.text, 'urlset');
      const urls = all(doc, 'url');
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(2);
      for (const url of urls) {
        const lastmod = all(url, 'lastmod')[0]?.text ?? '';
        expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect(Math.abs(Date.parse(lastmod) - Date.now())).toBeLessThan(10 * 60_000);
      }
      listed.push(...locs(doc));
    }
    const expected = [1, 2, 3, 5, 6, 7].map(
      (id) => `https://tienda.example.mx${productSharePath(id, NAMES[id - 1]!)}`,
    );
    expect(listed).toEqual(expected);
    expect(listed.some((url) => url.includes('/p/4'))).toBe(false);
  });

  test('rule sitemap: URLs are escaped for XML (a PUBLIC_URL with & and quotes)', async () => {
    const app = express().use(
      sitemapRouter(shop.orm, { publicUrl: "https://tienda.example.mx/a&b'c" }),
    );
    for (const [path, root] of [
      ['/sitemap.xml', 'sitemapindex'],
      ['/sitemaps/productos-1.xml', 'urlset'],
    ] as const) {
      const res = await request(app).get(path);
      expect(res.text).toContain('/a&amp;b&apos;c/');
      for (const url of locs(parseXml(res.text, root))) {
        expect(url.startsWith("https://tienda.example.mx/a&b'c/")).toBe(true);
      }
    }
  });

  test('rule sitemap: a file number past the end, or not a number, answers 404', async () => {
    const app = smallFiles(2);
    for (const path of [
      '/sitemaps/productos-5.xml',
      '/sitemaps/productos-0.xml',
      '/sitemaps/productos-01.xml',
      '/sitemaps/productos-999999999.xml',
      '/sitemaps/productos-x.xml',
      '/sitemaps/productos-1.xml.gz',
    ]) {
      const res = await request(app).get(path);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  test('rule sitemap: a file whose products are all hidden is left out of the index and answers 404', async () => {
    const app = smallFiles(1);
    const index = parseXml((await request(app).get('/sitemap.xml')).text, 'sitemapindex');
    expect(locs(index)).not.toContain('https://tienda.example.mx/sitemaps/productos-4.xml');
    expect((await request(app).get('/sitemaps/productos-4.xml')).status).toBe(404);
    expect((await request(app).get('/sitemaps/productos-5.xml')).status).toBe(200);
  });

  test('rule sitemap: the pages file lists the home page', async () => {
    const res = await request(smallFiles(2)).get('/sitemaps/paginas.xml');
    expect(res.status).toBe(200);
    expect(locs(parseXml(res.text, 'urlset'))).toEqual(['https://tienda.example.mx/']);
  });

  test('rule sitemap: the shop serves it with the protocol limit (one file), on PUBLIC_URL (in tests http://localhost:PORT), never the Host', async () => {
    const index = await shop.app.get('/sitemap.xml', { Host: 'tienda.local:4102' });
    expect(index.status).toBe(200);
    expect(locs(parseXml(index.text, 'sitemapindex'))).toEqual([
      'http://localhost:4000/sitemaps/paginas.xml',
      'http://localhost:4000/sitemaps/productos-1.xml',
    ]);
    const file = await shop.app.get('/sitemaps/productos-1.xml', { Host: 'tienda.local:4102' });
    expect(locs(parseXml(file.text, 'urlset'))).toHaveLength(6);
  });

  test('rule sitemap: a large file is sent compressed to a client that accepts it', async () => {
    const res = await request(smallFiles(50_000))
      .get('/sitemaps/productos-1.xml')
      .set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(locs(parseXml(res.text, 'urlset'))).toHaveLength(6);
  });

  test('rule sitemap: the per-file limit is the protocol’s 50,000 at most', () => {
    expect(() => new ProductSitemap(shop.orm.em.fork(), 50_001)).toThrow();
    expect(() => new ProductSitemap(shop.orm.em.fork(), 0)).toThrow();
  });
});

describe('robots.txt', () => {
  test('rule robots: allows the shop, keeps crawlers out of /api/, /graphql and /dev/, names the sitemap', async () => {
    const res = await request(smallFiles(2)).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /graphql',
        'Disallow: /dev/',
        'Sitemap: https://tienda.example.mx/sitemap.xml',
      ]),
    );
    const mounted = await shop.app.get('/robots.txt', { Host: 'tienda.local:4102' });
    expect(mounted.text).toContain('Sitemap: http://localhost:4000/sitemap.xml');
    expect(mounted.text).not.toContain('tienda.local');
  });
});
