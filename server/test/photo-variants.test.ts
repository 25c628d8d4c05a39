import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
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
});
