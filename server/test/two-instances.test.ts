import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { S3PhotoStorage } from '../src/modules/storage/s3-photo-storage.js';
import { openTestOrm, resetDatabase, testConfig } from './support/db.js';
import { createProducts, createUsers } from './support/fixtures.js';
import { startTestS3, type TestS3 } from './support/s3.js';

/**
 * Issue 16 'More than one server': two app instances (each its own config, catalogue index and
 * local directory) on one PostgreSQL and one S3-compatible object store (s3rver), as behind a
 * load balancer that sends each request wherever it likes.
 */
let orm: MikroORM;
let s3: TestS3;
let bucket: S3PhotoStorage;
const instances: { app: App; config: Config; dataDir: string }[] = [];
let a: App['app'];
let b: App['app'];

beforeAll(async () => {
  orm = await openTestOrm();
  await resetDatabase(orm);
  await createProducts(orm.em.fork(), [
    {
      name: 'Playera Nike 1 Negro',
      price: 250,
      type: 'Playera',
      brand: 'Nike',
      color: 'Negro',
      stock: { M: 5 },
    },
  ]);
  await createUsers(orm.em.fork(), [
    { email: 'ana@example.com', password: 'Compra1234' },
    { email: 'jefa@example.com', password: 'Admin12345', role: 'admin' },
  ]);
  s3 = await startTestS3();
  bucket = new S3PhotoStorage(s3.settings);
  for (const name of ['a', 'b']) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `tienda-instancia-${name}-`));
    const config = testConfig({
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env }),
      sessionSecret: 'secreto-de-sesion-compartido-por-las-instancias-0123',
      rateLimits: false,
    });
    instances.push({ app: await createApp(orm, config), config, dataDir });
  }
  a = instances[0]!.app.app;
  b = instances[1]!.app.app;
});

afterAll(async () => {
  for (const instance of instances) {
    await instance.app.stop();
    await rm(instance.dataDir, { recursive: true, force: true });
  }
  bucket.client.destroy();
  await s3.close();
  await orm.close();
});

/** The session cookie an instance set, to be presented to the other. */
function cookieOf(res: request.Response): string {
  const setCookie = res.headers['set-cookie'] as unknown as string[] | undefined;
  expect(setCookie?.length).toBeGreaterThan(0);
  return setCookie!.map((c) => c.split(';')[0]).join('; ');
}

async function gql<T>(app: App['app'], cookie: string | null, query: string, variables = {}) {
  let req = request(app).post('/graphql').set('Content-Type', 'application/json');
  if (cookie) req = req.set('Cookie', cookie);
  const res = await req.send({ query, variables });
  expect(res.body.errors).toBeUndefined();
  return res.body.data as T;
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function signIn(app: App['app'], email: string, password: string): Promise<string> {
  const res = await request(app).post('/api/auth/login').send({ email, password });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

const CATALOG = '{ products(limit: 100) { total facets { brands { value count } } } }';
type Catalog = {
  products: { total: number; facets: { brands: { value: string; count: number }[] } };
};

describe('two app instances on one PostgreSQL and one object store', () => {
  test('a shopper signs in through A and checks out through B', async () => {
    const cookie = await signIn(a, 'ana@example.com', 'Compra1234');
    const me = await gql<{ me: { email: string } | null }>(b, cookie, '{ me { email } }');
    expect(me.me?.email).toBe('ana@example.com');
    const { addAddress } = await gql<{ addAddress: { id: number } }>(
      b,
      cookie,
      `mutation { addAddress(input: { firstName: "Ana", lastName: "López", street: "Reforma",
        number: "10", neighborhood: "Centro", postalCode: "06000", city: "CDMX", state: "CDMX",
        references: "Portón", phone: "5512345678" }) { id } }`,
    );
    await gql(
      a,
      cookie,
      'mutation { addToCart(productId: 1, size: "M", quantity: 2) { itemCount } }',
    );
    const { checkout } = await gql<{ checkout: { id: number; lines: { quantity: number }[] } }>(
      b,
      cookie,
      `mutation C($a: Int!) { checkout(addressId: $a, idempotencyKey: "dos-instancias-1") {
        id lines { quantity } } }`,
      { a: addAddress.id },
    );
    expect(checkout.lines).toEqual([{ quantity: 2 }]);
    const [stock] = await orm.em
      .fork()
      .execute<{ quantity: number }[]>("select quantity from product_stock where size = 'M'");
    expect(stock!.quantity).toBe(3);
    // And A sees the order B took.
    const orders = await gql<{ myOrders: { items: { id: number }[] } }>(
      a,
      cookie,
      '{ myOrders { items { id } } }',
    );
    expect(orders.myOrders.items.map((o) => o.id)).toContain(checkout.id);
  });

  test('an admin uploads a photo through A; B serves it and its 320/480 and share variants, kept in the store', async () => {
    const cookie = await signIn(a, 'jefa@example.com', 'Admin12345');
    const jpeg = await sharp({
      create: { width: 1000, height: 1000, channels: 3, background: '#0f766e' },
    })
      .jpeg()
      .toBuffer();
    let req = request(a).post('/api/productos').set('Cookie', cookie);
    const fields = {
      nombre: 'Playera Adidas 2 Verde',
      descripcion: 'Playera Adidas verde.',
      precio: '320',
      promocion: 'false',
      precioPromocion: '0',
      tallas: 'M',
      cantidad: '4',
      tipo: 'Playera',
      genero: 'Hombre',
      especial: 'false',
    };
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    const created = await req.attach('imagenes', jpeg, {
      filename: 'frente.jpg',
      contentType: 'image/jpeg',
    });
    expect(created.status).toBe(201);
    const name = (created.body as { imagenes: string }).imagenes;
    expect(name).toMatch(/^[0-9a-f-]+\.webp$/);

    // Stored in the bucket, on neither instance's disk.
    expect(await bucket.exists(`products/${name}`)).toBe(true);
    for (const { dataDir } of instances) {
      await expect(readdir(path.join(dataDir, 'uploads', 'products'))).rejects.toThrow();
    }

    const original = await binary(request(b).get(`/uploads/products/${name}`));
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    expect(original.headers['cache-control']).toBe('public, max-age=604800');
    expect(original.headers.etag).toBeTruthy();
    expect((await sharp(original.body as Buffer).metadata()).width).toBe(1000);
    // The compatibility path the REST clients build.
    expect((await request(b).get(`/uploads/${name}`)).status).toBe(200);
    // A revalidation with the ETag is a 304.
    const again = await request(b)
      .get(`/uploads/products/${name}`)
      .set('If-None-Match', original.headers.etag as string);
    expect(again.status).toBe(304);

    for (const width of [320, 480]) {
      const variant = await binary(request(b).get(`/uploads/${name}?w=${width}`));
      expect(variant.status).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect((await sharp(variant.body as Buffer).metadata()).width).toBe(width);
      // Made once by B and kept in the store, so A answers it without making it.
      expect(await bucket.exists(`.variants/w${width}/products/${name}`)).toBe(true);
      const fromA = await binary(request(a).get(`/uploads/products/${name}?w=${width}`));
      expect((fromA.body as Buffer).equals(variant.body as Buffer)).toBe(true);
    }
    const share = await binary(request(b).get(`/uploads/products/${name}?og=1200x630`));
    expect(share.status).toBe(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(share.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);

    // Hidden keys are not served directly; a missing photo is a 404 on both.
    expect((await request(a).get(`/uploads/.variants/w320/products/${name}`)).status).toBe(404);
    expect((await request(b).get('/uploads/products/no-existe.webp')).status).toBe(404);
    expect((await request(b).get('/uploads/products/no-existe.webp?w=320')).status).toBe(404);
  });

  test("the catalogue's counts agree on both instances after a change through one", async () => {
    const [fromA, fromB] = await Promise.all([
      gql<Catalog>(a, null, CATALOG),
      gql<Catalog>(b, null, CATALOG),
    ]);
    expect(fromA.products.total).toBe(2);
    expect(fromB.products).toEqual(fromA.products);
    // A product hidden through B disappears from A's counts too.
    const cookie = await signIn(b, 'jefa@example.com', 'Admin12345');
    const del = await request(b).delete('/api/productos/1').set('Cookie', cookie);
    expect(del.status).toBeLessThan(300);
    const [afterA, afterB] = await Promise.all([
      gql<Catalog>(a, null, CATALOG),
      gql<Catalog>(b, null, CATALOG),
    ]);
    expect(afterA.products.total).toBe(1);
    expect(afterB.products).toEqual(afterA.products);
  });

  test('with PHOTOS_PUBLIC_URL, /uploads redirects to the store or CDN, variants made first', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tienda-instancia-cdn-'));
    const config = testConfig({
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        ...s3.env,
        PHOTOS_PUBLIC_URL: 'https://fotos.tienda.example.mx/',
      }),
      sessionSecret: 'secreto-de-sesion-compartido-por-las-instancias-0123',
    });
    const cdn = await createApp(orm, config);
    instances.push({ app: cdn, config, dataDir });
    const photo = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#fff' },
    })
      .webp()
      .toBuffer();
    await bucket.put('products/cdn.webp', photo, 'image/webp');
    const original = await request(cdn.app).get('/uploads/cdn.webp');
    expect(original.status).toBe(302);
    expect(original.headers.location).toBe('https://fotos.tienda.example.mx/products/cdn.webp');
    const variant = await request(cdn.app).get('/uploads/products/cdn.webp?w=320');
    expect(variant.status).toBe(302);
    expect(variant.headers.location).toBe(
      'https://fotos.tienda.example.mx/.variants/w320/products/cdn.webp',
    );
    expect(await bucket.exists('.variants/w320/products/cdn.webp')).toBe(true);
    expect((await request(cdn.app).get('/uploads/products/nada.webp?w=320')).status).toBe(404);
  });
});
