import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createApp, type App } from '../src/app.js';
import { shopWith } from './support/app.js';
import { testConfig } from './support/db.js';

// 30 products: the catalogue's JSON is well above 1 KB.
const shop = shopWith(
  Array.from({ length: 30 }, (_, i) => ({
    name: `Playera Nike ${i + 1} Negro`,
    price: 249.5 + i,
    brand: 'Nike',
  })),
);

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (not decompressed). */
  body: Buffer;
}

let server: http.Server;
let app: App;
let dist: string;

/** A request whose answer is read raw: supertest would decompress it. */
function raw(
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<RawReply> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathname, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const varyList = (reply: RawReply) =>
  String(reply.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

// A fake build: an entry script with both variants, a stylesheet without any, index.html.
const SCRIPT = `console.log(${JSON.stringify('tienda '.repeat(400))});\n`;
const STYLE = `body { color: #1c1917; }\n`.repeat(60);
const INDEX = `<!doctype html><html lang="es"><head><title>Tienda</title></head><body>${'<p>hola</p>'.repeat(200)}</body></html>`;
const WORKER = `self.addEventListener('fetch', () => {});\n`.repeat(40);
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT);

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'tienda-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'index-AbC123.js.br'), SCRIPT_BR);
  await writeFile(path.join(dist, 'assets', 'index-AbC123.js.gz'), SCRIPT_GZ);
  await writeFile(path.join(dist, 'assets', 'style-XyZ789.css'), STYLE);
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  await writeFile(path.join(dist, 'sw.js'), WORKER);
  await writeFile(path.join(dist, 'sw.js.br'), brotliCompressSync(WORKER));
  await writeFile(path.join(dist, 'workbox-1a2b3c.js'), WORKER);
  app = await createApp(shop.orm, testConfig({ clientDistDir: dist }));
  server = app.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await app.stop();
  await rm(dist, { recursive: true, force: true });
});

describe('the built client is sent precompressed, by Accept-Encoding', () => {
  test('rule precompressed assets: Accept-Encoding br gets the .br file, with the script’s type', async () => {
    const plain = await raw('/assets/index-AbC123.js');
    const res = await raw('/assets/index-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(Number(res.headers['content-length'])).toBe(SCRIPT_BR.length);
    expect(varyList(res)).toContain('accept-encoding');
  });

  test('rule precompressed assets: Accept-Encoding gzip (or br refused) gets the .gz file', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await raw('/assets/index-AbC123.js', { 'Accept-Encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
      expect(varyList(res)).toContain('accept-encoding');
    }
  });

  test('rule precompressed assets: no Accept-Encoding (or identity only) gets the file as built', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }] as Record<string, string>[]) {
      const res = await raw('/assets/index-AbC123.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(SCRIPT);
      expect(varyList(res)).toContain('accept-encoding');
    }
  });

  test('rule precompressed assets: a file built without variants is sent as is', async () => {
    const res = await raw('/assets/style-XyZ789.css', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body.toString()).toBe(STYLE);
  });

  test('rule precompressed assets: HEAD answers the variant’s headers without a body', async () => {
    const res = await raw('/assets/index-AbC123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  test('rule precompressed assets: the variants and paths outside the build are not reachable', async () => {
    for (const p of [
      '/assets/index-AbC123.js.br',
      '/index.html.gz',
      '/assets/..%2F..%2Fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      // A cut-short percent-encoded UTF-8 sequence: refused at the edge as malformed text (400).
      '/assets/%E0%A4%A',
      '/assets/missing-Qq1.js',
    ]) {
      const res = await raw(p, { 'Accept-Encoding': 'br, gzip' });
      expect([p, res.status]).toEqual([p, p.includes('%E0%A4%A') ? 400 : 404]);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });
});

describe('cache headers of the built client', () => {
  test('rule immutable assets: hashed files under assets/ may be kept a year, compressed or not', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await raw('/assets/index-AbC123.js', { 'Accept-Encoding': accept });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const css = await raw('/assets/style-XyZ789.css');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('rule index.html no-cache: the page is revalidated on every load, at / and by name', async () => {
    for (const p of ['/', '/index.html']) {
      for (const accept of ['br', 'gzip', 'identity']) {
        const res = await raw(p, { 'Accept-Encoding': accept });
        expect([p, accept, res.status]).toEqual([p, accept, 200]);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        const text =
          accept === 'br'
            ? brotliDecompressSync(res.body).toString()
            : accept === 'gzip'
              ? gunzipSync(res.body).toString()
              : res.body.toString();
        expect(text).toBe(INDEX);
      }
    }
  });
});

describe('the service worker', () => {
  test('rule service worker no-cache: sw.js and its workbox file are revalidated on every load', async () => {
    for (const p of ['/sw.js', '/workbox-1a2b3c.js']) {
      for (const accept of ['br', 'identity']) {
        const res = await raw(p, { 'Accept-Encoding': accept });
        expect([p, accept, res.status]).toEqual([p, accept, 200]);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      }
    }
  });
});

describe('API answers are compressed above 1 KB', () => {
  test('rule API compression: a REST list above 1 KB goes out brotli or gzip, same JSON', async () => {
    const plain = await raw('/api/productos', { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const expected = JSON.parse(plain.body.toString()) as unknown;

    const br = await raw('/api/productos', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyList(br)).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(expected);
    expect(br.body.length).toBeLessThan(plain.body.length);

    const gz = await raw('/api/productos', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(expected);
  });

  test('rule API compression: a GraphQL answer above 1 KB is compressed and keeps Server-Timing', async () => {
    const body = JSON.stringify({ query: '{ products(limit: 30) { total items { id name } } }' });
    const headers = { 'Content-Type': 'application/json', 'Accept-Encoding': 'br' };
    const res = await raw('/graphql', headers, 'POST', body);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(res.body).toString()) as {
      data: { products: { total: number; items: unknown[] } };
    };
    expect(json.data.products.total).toBe(30);
    expect(json.data.products.items).toHaveLength(30);
    expect(String(res.headers['server-timing'])).toMatch(/^db;desc="\d+ queries";dur=/);
  });

  test('rule API compression: an answer under 1 KB goes out as is', async () => {
    const res = await raw('/api/version', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('version');
  });
});
