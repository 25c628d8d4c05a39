import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { shareImagePath } from '../src/modules/catalog/share-path.js';
import { shopWith } from './support/app.js';
import { testConfig } from './support/db.js';

const shop = shopWith([]);
let uploads: string;
let app: App;

/** Reads the width and height of an answered image (sharp decodes it: not the code under test's output format alone). */
async function dimensions(body: Buffer) {
  const meta = await sharp(body).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

beforeAll(async () => {
  uploads = await mkdtemp(path.join(os.tmpdir(), 'tienda-variants-'));
  await mkdir(path.join(uploads, 'products'));
  const photo = await sharp({
    create: { width: 800, height: 800, channels: 3, background: '#c2410c' },
  })
    .webp()
    .toBuffer();
  await writeFile(path.join(uploads, 'products', 'foto-1.webp'), photo);
  app = await createApp(shop.orm, testConfig({ uploadsDir: uploads }));
});

afterAll(async () => {
  await app.stop();
  await rm(uploads, { recursive: true, force: true });
});

describe('product photo variants for srcset', () => {
  test('rule photo variants: ?w=320 and ?w=480 answer the photo resized to that width', async () => {
    for (const width of [320, 480]) {
      const res = await binary(request(app.app).get(`/uploads/products/foto-1.webp?w=${width}`));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=604800');
      expect(await dimensions(res.body as Buffer)).toEqual({
        format: 'webp',
        width,
        height: width,
      });
    }
  });

  test('rule photo variants: a variant is made once and kept on disk, outside what is served', async () => {
    await request(app.app).get('/uploads/products/foto-1.webp?w=320');
    const kept = path.join(uploads, '.variants', 'w320', 'products', 'foto-1.webp');
    expect(existsSync(kept)).toBe(true);
    const direct = await request(app.app).get('/uploads/.variants/w320/products/foto-1.webp');
    expect(direct.status).toBe(404);
  });

  test('rule photo variants: concurrent first requests all get the variant', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        binary(request(app.app).get('/uploads/products/foto-1.webp?w=480')),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect((await dimensions(res.body as Buffer)).width).toBe(480);
    }
  });

  test('rule photo variants: without w the stored 800-pixel photo is sent', async () => {
    const res = await binary(request(app.app).get('/uploads/products/foto-1.webp'));
    expect(res.status).toBe(200);
    expect((await dimensions(res.body as Buffer)).width).toBe(800);
  });

  test('rule photo variants: other widths, missing photos and odd paths answer 404, never 500', async () => {
    for (const p of [
      '/uploads/products/foto-1.webp?w=321',
      '/uploads/products/foto-1.webp?w=5000',
      '/uploads/products/foto-1.webp?w=320&w=480',
      '/uploads/products/foto-1.webp?w=abc',
      '/uploads/products/missing.webp?w=320',
      '/uploads/products/..%2F..%2Fetc%2Fpasswd?w=320',
      '/uploads/products/%2e%2e/foto-1.webp?w=320',
      '/uploads/missing.webp?w=320',
      '/uploads/.variants/w320/products/foto-1.webp',
      '/uploads/products/foto-1.webp?og=1200x631',
      '/uploads/products/foto-1.webp?og=',
      '/uploads/products/foto-1.webp?og=1200x630&og=1200x630',
      '/uploads/products/foto-1.webp?og=1200x630&w=320',
      '/uploads/products/missing.webp?og=1200x630',
      '/uploads/products/..%2F..%2Fetc%2Fpasswd?og=1200x630',
      '/uploads/.variants/og1200x630/products/foto-1.webp.jpg',
    ]) {
      const res = await request(app.app).get(p);
      expect([p, res.status]).toEqual([p, 404]);
    }
  });

  test('rule photo variants: the bare name /uploads/{name} (the REST imagenes) answers the same photo and its variants', async () => {
    const full = await binary(request(app.app).get('/uploads/foto-1.webp'));
    expect(full.status).toBe(200);
    expect((await dimensions(full.body as Buffer)).width).toBe(800);
    const narrow = await binary(request(app.app).get('/uploads/foto-1.webp?w=320'));
    expect(narrow.status).toBe(200);
    expect((await dimensions(narrow.body as Buffer)).width).toBe(320);
  });

  test('rule share image: ?og=1200x630 (shareImagePath) answers a 1200×630 JPEG of the whole photo on white', async () => {
    const res = await binary(request(app.app).get(shareImagePath('/uploads/products/foto-1.webp')));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    const body = res.body as Buffer;
    expect(await dimensions(body)).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    // The square photo is whole (630×630 from x = 285) and centred: white at the sides, the photo's
    // colour in the middle.
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    const near = (actual: number[], expected: number[]) =>
      actual.every((v, i) => Math.abs(v - expected[i]!) <= 12);
    expect(near(pixel(10, 315), [255, 255, 255])).toBe(true);
    expect(near(pixel(1189, 315), [255, 255, 255])).toBe(true);
    expect(near(pixel(600, 5), [0xc2, 0x41, 0x0c])).toBe(true);
    expect(near(pixel(600, 624), [0xc2, 0x41, 0x0c])).toBe(true);
    expect(near(pixel(270, 315), [255, 255, 255])).toBe(true);
    expect(near(pixel(300, 315), [0xc2, 0x41, 0x0c])).toBe(true);
  });

  test('rule share image: made once and kept on disk; concurrent first requests share it', async () => {
    await writeFile(
      path.join(uploads, 'products', 'foto-2.webp'),
      await sharp({ create: { width: 800, height: 800, channels: 4, background: '#0000' } })
        .webp()
        .toBuffer(),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        binary(request(app.app).get('/uploads/products/foto-2.webp?og=1200x630')),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await dimensions(res.body as Buffer)).toEqual({
        format: 'jpeg',
        width: 1200,
        height: 630,
      });
    }
    const kept = path.join(uploads, '.variants', 'og1200x630', 'products', 'foto-2.webp.jpg');
    expect(existsSync(kept)).toBe(true);
    // A transparent photo comes out white, not black.
    const { data } = await sharp(kept).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data.subarray(0, 300))).toBeGreaterThan(240);
  });

  test('rule share image: the bare name /uploads/{name}?og=1200x630 works too', async () => {
    const res = await binary(request(app.app).get('/uploads/foto-1.webp?og=1200x630'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });
});
