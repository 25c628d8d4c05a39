import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 9 items 1-2: the admin's products with photos (spec §2, §3, §5 'Product create and
 * update', §8, §9), through GraphQL (multipart uploads, graphql-upload) and the REST facade
 * (multipart forms, multer): every rule and its Spanish message, nothing changed on a refusal,
 * photos checked by content, re-encoded, stored under generated names and removed with their
 * product; a deleted product that orders name hidden from shoppers while its orders keep it;
 * the catalogue's totals and facets current at once; admins only.
 */
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'tienda-admin-products-'));
const photosDir = path.join(uploadsDir, 'products');

const shop = shopWith(
  [
    {
      name: 'Playera Nike 1 Negro',
      price: 250,
      type: 'Playera',
      brand: 'Nike',
      color: 'Negro',
      stock: { S: 2, M: 3 },
    },
    {
      name: 'Pantalón Levis 2 Azul',
      price: 700,
      type: 'Pantalón',
      brand: 'Levis',
      color: 'Azul',
      stock: { '28': 1, '30': 4 },
    },
  ],
  { rateLimits: false, uploadsDir },
);

afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const PASSWORD = 'Clave12345';
let admin: HttpClient;
let customer: HttpClient;
let customerId = 0;
const ids = { playera: 0, blusa: 0, camisa: 0, nike: 0, nikeDama: 0, negro: 0, azulRey: 0 };

const db = () => shop.orm.em.fork();

// The spec's texts (§5, §8), written here as literals: the oracle.
const M = {
  promotionZero:
    'El precio de promoción no puede ser 0, se ha quitado la promoción automáticamente',
  promotionNotLower: 'El precio de promoción no puede ser mayor o igual al precio normal',
  special: 'Por favor, llena todos los campos especiales',
  nameAndDescription: 'Por favor, llena todos los campos nombre y descripción',
  all: 'Por favor, llena todos los campos',
  threePhotos: 'Solo puedes subir hasta 3 fotos',
  duplicate: 'Ya existe un producto con el mismo nombre',
  badPhoto: 'La foto debe ser una imagen JPEG, PNG o WebP de hasta 5 MB',
  notFound: 'Producto no encontrado',
} as const;

interface File {
  name: string;
  data: Buffer;
  type: string;
}

let jpeg: File;
let png: File;
let webp: File;
const notImage: File = {
  name: 'foto.jpg',
  data: Buffer.from('esto no es una imagen, aunque se llame foto.jpg'),
  type: 'image/jpeg',
};
let tooBig: File;

async function signIn(email: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

async function lookupId(table: string, name: string): Promise<number> {
  const [row] = await db().execute<{ id: number }[]>(`select id from ${table} where name = ?`, [
    name,
  ]);
  if (row) return row.id;
  const [created] = await db().execute<{ id: number }[]>(
    `insert into ${table} (name) values (?) returning id`,
    [name],
  );
  return created!.id;
}

beforeAll(async () => {
  const [created] = await createUsers(db(), [
    { email: 'cliente@example.com', password: PASSWORD },
    { email: 'admin@example.com', password: PASSWORD, role: 'admin' },
  ]);
  customerId = created!;
  admin = await signIn('admin@example.com');
  customer = await signIn('cliente@example.com');
  ids.playera = await lookupId('product_type', 'Playera');
  ids.blusa = await lookupId('product_type', 'Blusa');
  ids.camisa = await lookupId('product_type', 'Camisa');
  ids.nike = await lookupId('brand', 'Nike');
  ids.nikeDama = await lookupId('brand', 'Nike Dama');
  ids.negro = await lookupId('color', 'Negro');
  ids.azulRey = await lookupId('color', 'Azul Rey');
  await lookupId('color', 'Azul');
  const picture = (format: 'jpeg' | 'png' | 'webp', width: number, height: number) =>
    sharp({
      create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } },
    })
      .toFormat(format)
      .toBuffer();
  jpeg = { name: 'frente.jpg', data: await picture('jpeg', 2400, 1600), type: 'image/jpeg' };
  png = { name: 'espalda.png', data: await picture('png', 640, 480), type: 'image/png' };
  webp = { name: 'detalle.webp', data: await picture('webp', 300, 300), type: 'image/webp' };
  // A real JPEG followed by padding: over 5 MB in all.
  tooBig = {
    name: 'grande.jpg',
    data: Buffer.concat([jpeg.data, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.data.length + 10)]),
    type: 'image/jpeg',
  };
});

/** The photo files on disk (the oracle for what is stored and removed). */
const filesOnDisk = () => (existsSync(photosDir) ? readdirSync(photosDir).sort() : []);

async function productRows() {
  return db().execute<{ id: number; name: string; hidden: boolean }[]>(
    'select id, name, hidden_at is not null as hidden from product order by id',
  );
}

/** Everything a refused write must leave as it was. */
async function snapshot() {
  const [products, stock, images] = await Promise.all([
    db().execute('select * from product order by id'),
    db().execute('select * from product_stock order by product_id, size'),
    db().execute('select * from product_image order by id'),
  ]);
  return { products, stock, images, files: filesOnDisk() };
}

// ---------------------------------------------------------------------------------------------
// GraphQL multipart (https://github.com/jaydenseric/graphql-multipart-request-spec)

const PRODUCT_FIELDS = `id name description priceCents onPromotion promotionPriceCents special gender
  type { id name } brand { id name } color { id name } sizes { size stock } totalStock
  images { id fileName url }`;

const CREATE = `mutation Create($input: ProductInput!, $photos: [Upload!]!) {
  createProduct(input: $input, photos: $photos) { ${PRODUCT_FIELDS} } }`;
const UPDATE = `mutation Update($id: Int!, $input: ProductInput!, $photos: [Upload!], $remove: [Int!]) {
  updateProduct(id: $id, input: $input, photos: $photos, removeImageIds: $remove) { ${PRODUCT_FIELDS} } }`;
const DELETE = 'mutation Delete($id: Int!) { deleteProduct(id: $id) }';
const ADMIN_LIST = `query List($search: String, $offset: Int! = 0, $limit: Int! = 10) {
  adminProducts(search: $search, offset: $offset, limit: $limit) {
    total offset limit items { id name sizes { size stock } } } }`;

interface ProductOut {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  onPromotion: boolean;
  promotionPriceCents: number | null;
  special: boolean;
  gender: string;
  type: { id: number; name: string } | null;
  brand: { id: number; name: string } | null;
  color: { id: number; name: string } | null;
  sizes: { size: string; stock: number }[];
  totalStock: number;
  images: { id: number; fileName: string; url: string }[];
}

interface GqlError {
  message: string;
  extensions?: { code?: string };
}
interface Gql<T> {
  status: number;
  data?: T;
  errors?: GqlError[];
}

/** A GraphQL multipart request: `files` go to the variable `photosVar` (a list). */
async function gqlUpload<T>(
  client: HttpClient,
  query: string,
  variables: Record<string, unknown>,
  files: File[],
  { photosVar = 'photos', preflight = true } = {},
): Promise<Gql<T>> {
  const operations = {
    query,
    variables: { ...variables, [photosVar]: files.map(() => null) },
  };
  const map = Object.fromEntries(
    files.map((_f, i) => [String(i), [`variables.${photosVar}.${i}`]]),
  );
  let req = client.agent.post('/graphql');
  if (preflight) req = req.set('Apollo-Require-Preflight', 'true');
  req = req.field('operations', JSON.stringify(operations)).field('map', JSON.stringify(map));
  files.forEach((f, i) => {
    req = req.attach(String(i), f.data, { filename: f.name, contentType: f.type });
  });
  const res: Response = await req;
  const body = res.body as { data?: T; errors?: GqlError[] };
  return { status: res.status, data: body.data ?? undefined, errors: body.errors };
}

/** A non-special product's input; a test changes what it checks. */
function input(overrides: Record<string, unknown> = {}) {
  return {
    special: false,
    name: 'Blusa Nike Dama 7 Azul Rey',
    description: 'Blusa Nike Dama en color Azul Rey, tallas S, M, L y XL.',
    priceCents: 45_000,
    promotion: false,
    promotionPriceCents: null,
    sizes: ['S', 'M', 'L', 'XL'],
    quantities: [1, 2, 0, 5],
    typeId: ids.blusa,
    brandId: null,
    colorId: null,
    ...overrides,
  };
}

/** What the storefront shows: the total and the brand facet, through the public query. */
async function storefront() {
  const res = await shop.app.gql<{
    products: { total: number; facets: { brands: { value: string; count: number }[] } };
  }>('{ products(limit: 100) { total facets { brands { value count } sizes { value count } } } }');
  expect(res.errors).toBeUndefined();
  return res.data!.products;
}
const brandCount = (p: Awaited<ReturnType<typeof storefront>>, brand: string) =>
  p.facets.brands.find((b) => b.value === brand)?.count ?? 0;

describe('GraphQL: create', () => {
  test('an admin creates a product with two photos: stored re-encoded under new names, served, in the shop at once', async () => {
    const before = await storefront();
    const files = filesOnDisk();
    const res = await gqlUpload<{ createProduct: ProductOut }>(admin, CREATE, { input: input() }, [
      jpeg,
      png,
    ]);
    expect(res.errors).toBeUndefined();
    const p = res.data!.createProduct;
    expect(p).toMatchObject({
      name: 'Blusa Nike Dama 7 Azul Rey',
      priceCents: 45_000,
      onPromotion: false,
      special: false,
      // 'Dama' in the name: Mujer (spec §3).
      gender: 'MUJER',
      type: { id: ids.blusa, name: 'Blusa' },
      // Recovered from the name: the longest brand and colour names it contains.
      brand: { id: ids.nikeDama, name: 'Nike Dama' },
      color: { id: ids.azulRey, name: 'Azul Rey' },
      sizes: [
        { size: 'S', stock: 1 },
        { size: 'M', stock: 2 },
        { size: 'L', stock: 0 },
        { size: 'XL', stock: 5 },
      ],
      totalStock: 8,
    });
    expect(p.images).toHaveLength(2);
    const added = filesOnDisk().filter((f) => !files.includes(f));
    expect(added.sort()).toEqual(p.images.map((i) => i.fileName).sort());
    for (const image of p.images) {
      expect(image.fileName).toMatch(/^[0-9a-f-]{36}\.webp$/);
      expect(image.fileName).not.toContain('frente');
      expect(image.url).toBe(`/uploads/products/${image.fileName}`);
      const served = await shop.app.get(image.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    // Re-encoded to WebP, the 2400×1600 JPEG bounded to 1200 px.
    const first = await sharp(path.join(photosDir, p.images[0]!.fileName)).metadata();
    expect(first).toMatchObject({ format: 'webp', width: 1200, height: 800 });

    const after = await storefront();
    expect(after.total).toBe(before.total + 1);
    expect(brandCount(after, 'Nike Dama')).toBe(brandCount(before, 'Nike Dama') + 1);
    const shown = await customer.gql<{ product: { name: string } | null }>(
      'query P($id: Int!) { product(id: $id) { name } }',
      { id: p.id },
    );
    expect(shown.data!.product).toEqual({ name: 'Blusa Nike Dama 7 Azul Rey' });
  });

  test('a name without Dama is Hombre; given brand and colour ids are kept', async () => {
    const res = await gqlUpload<{ createProduct: ProductOut }>(
      admin,
      CREATE,
      {
        input: input({
          name: 'Camisa Nike 3 Negro',
          typeId: ids.camisa,
          brandId: ids.nike,
          colorId: ids.negro,
        }),
      },
      [webp],
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createProduct).toMatchObject({
      gender: 'HOMBRE',
      brand: { name: 'Nike' },
      color: { name: 'Negro' },
    });
  });

  test('a special product takes free text and needs no type; a promotion price below the price is kept', async () => {
    const res = await gqlUpload<{ createProduct: ProductOut }>(
      admin,
      CREATE,
      {
        input: input({
          special: true,
          name: 'Conjunto edición especial',
          description: 'Texto libre',
          typeId: null,
          promotion: true,
          promotionPriceCents: 39_900,
        }),
      },
      [png],
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.createProduct).toMatchObject({
      special: true,
      type: null,
      onPromotion: true,
      promotionPriceCents: 39_900,
    });
  });

  test('a promotion at 0 is refused with the reason the form switches it off by', async () => {
    const res = await gqlUpload(
      admin,
      CREATE,
      { input: input({ name: 'Blusa Única 2', promotion: true, promotionPriceCents: 0 }) },
      [jpeg],
    );
    expect(res.errors?.[0]).toMatchObject({
      message: M.promotionZero,
      extensions: {
        code: 'BAD_USER_INPUT',
        field: 'promotionPriceCents',
        reason: 'PROMOTION_PRICE_REQUIRED',
      },
    });
  });

  test.each([
    ['promotion with price 0', { promotion: true, promotionPriceCents: 0 }, M.promotionZero],
    ['promotion without price', { promotion: true, promotionPriceCents: null }, M.promotionZero],
    [
      'promotion price equal to the price',
      { promotion: true, promotionPriceCents: 45_000 },
      M.promotionNotLower,
    ],
    [
      'promotion price above the price',
      { promotion: true, promotionPriceCents: 50_000 },
      M.promotionNotLower,
    ],
    ['special without name', { special: true, name: '  ' }, M.special],
    ['special without description', { special: true, description: '' }, M.special],
    ['normal without name', { name: '' }, M.nameAndDescription],
    ['normal without description', { description: ' ' }, M.nameAndDescription],
    ['price 0', { priceCents: 0 }, M.all],
    ['no sizes', { sizes: [], quantities: [] }, M.all],
    ['an empty size', { sizes: ['S', ' '], quantities: [1, 1] }, M.all],
    ['quantities not aligned with sizes', { quantities: [1, 2] }, M.all],
    ['no type on a normal product', { typeId: null }, M.all],
    [
      'a duplicate size',
      { sizes: ['M', 'm'], quantities: [1, 1] },
      'Las tallas no pueden repetirse',
    ],
    [
      'a negative quantity',
      { quantities: [1, -1, 0, 0] },
      'Las cantidades deben ser números enteros entre 0 y 100000',
    ],
    ['a negative price', { priceCents: -5 }, 'El precio no es válido'],
    ['an unknown type', { typeId: 999_999 }, 'El tipo no existe'],
  ])('%s is refused with its message, nothing changes', async (_label, overrides, message) => {
    const before = await snapshot();
    const res = await gqlUpload(
      admin,
      CREATE,
      { input: input({ name: 'Blusa Única 1', ...overrides }) },
      [jpeg],
    );
    expect(res.errors?.[0]?.message).toBe(message);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await snapshot()).toEqual(before);
  });

  test('no photo on create: Por favor, llena todos los campos', async () => {
    const before = await snapshot();
    const res = await gqlUpload(admin, CREATE, { input: input({ name: 'Blusa Sin Foto 1' }) }, []);
    expect(res.errors?.[0]?.message).toBe(M.all);
    expect(await snapshot()).toEqual(before);
  });

  test.each([4, 6])('%i photos: Solo puedes subir hasta 3 fotos, nothing stored', async (n) => {
    const before = await snapshot();
    const res = await gqlUpload(
      admin,
      CREATE,
      { input: input({ name: `Blusa Muchas Fotos ${n}` }) },
      Array.from({ length: n }, () => webp),
    );
    expect(res.status).toBe(200);
    expect(res.errors?.[0]?.message).toBe(M.threePhotos);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    ['a file that is not an image (named .jpg)', () => notImage],
    ['a file over 5 MB', () => tooBig],
  ])('%s is refused with a clear message, nothing stored', async (_label, file) => {
    const before = await snapshot();
    const res = await gqlUpload(admin, CREATE, { input: input({ name: 'Blusa Foto Mala 1' }) }, [
      jpeg,
      file(),
    ]);
    expect(res.errors?.[0]?.message).toBe(M.badPhoto);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await snapshot()).toEqual(before);
  });

  test('a name another product has, in any case: Ya existe un producto con el mismo nombre', async () => {
    const before = await snapshot();
    const res = await gqlUpload(admin, CREATE, { input: input({ name: 'PLAYERA nike 1 negro' }) }, [
      jpeg,
    ]);
    expect(res.errors?.[0]?.message).toBe(M.duplicate);
    expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await snapshot()).toEqual(before);
  });

  test('a multipart request without the CSRF preflight header is refused, nothing stored', async () => {
    const before = await snapshot();
    const res = await gqlUpload(
      admin,
      CREATE,
      { input: input({ name: 'Blusa Sin Cabecera 1' }) },
      [jpeg],
      {
        preflight: false,
      },
    );
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });
});

describe('GraphQL: update', () => {
  let product: ProductOut;

  beforeAll(async () => {
    const res = await gqlUpload<{ createProduct: ProductOut }>(
      admin,
      CREATE,
      { input: input({ name: 'Playera Nike 9 Negro', typeId: ids.playera }) },
      [jpeg, png],
    );
    expect(res.errors).toBeUndefined();
    product = res.data!.createProduct;
  });

  test('removing one photo and adding one: the old file and its cached narrow copy leave the disk', async () => {
    const [gone, kept] = product.images;
    // A cached narrower copy of the photo that goes (photo-variants.ts).
    const served = await shop.app.get(`${gone!.url}?w=320`);
    expect(served.status).toBe(200);
    const variant = path.join(uploadsDir, '.variants', 'w320', 'products', gone!.fileName);
    expect(existsSync(variant)).toBe(true);

    const res = await gqlUpload<{ updateProduct: ProductOut }>(
      admin,
      UPDATE,
      {
        id: product.id,
        input: input({
          name: 'Playera Nike 9 Negro',
          typeId: ids.playera,
          priceCents: 30_000,
          sizes: ['M', 'XL', 'XXL'],
          quantities: [7, 0, 2],
        }),
        remove: [gone!.id],
      },
      [webp],
    );
    expect(res.errors).toBeUndefined();
    const updated = res.data!.updateProduct;
    expect(updated.priceCents).toBe(30_000);
    expect(updated.sizes).toEqual([
      { size: 'M', stock: 7 },
      { size: 'XL', stock: 0 },
      { size: 'XXL', stock: 2 },
    ]);
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toEqual(kept);
    expect(existsSync(path.join(photosDir, gone!.fileName))).toBe(false);
    expect(existsSync(variant)).toBe(false);
    expect(existsSync(path.join(photosDir, kept!.fileName))).toBe(true);
    expect(existsSync(path.join(photosDir, updated.images[1]!.fileName))).toBe(true);
    expect((await shop.app.get(gone!.url)).status).toBe(404);
    product = updated;
  });

  test('no new photos and none removed keeps the photos; keeping its own name is fine', async () => {
    const res = await gqlUpload<{ updateProduct: ProductOut }>(
      admin,
      UPDATE,
      {
        id: product.id,
        input: input({ name: 'playera nike 9 negro', typeId: ids.playera, priceCents: 31_000 }),
      },
      [],
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateProduct.images).toEqual(product.images);
    expect(res.data!.updateProduct.name).toBe('playera nike 9 negro');
    product = res.data!.updateProduct;
  });

  test.each([
    ['more than 3 photos in the end', () => ({ files: [jpeg, png] }), M.threePhotos],
    ['no photo left', () => ({ remove: product.images.map((i) => i.id), files: [] }), M.all],
    [
      "another product's name",
      () => ({ input: { name: 'Pantalón LEVIS 2 Azul' }, files: [] }),
      M.duplicate,
    ],
    [
      'promotion price 0',
      () => ({ input: { promotion: true, promotionPriceCents: 0 } }),
      M.promotionZero,
    ],
  ])('%s is refused with its message, nothing changes', async (_label, make, message) => {
    const {
      files = [],
      remove,
      input: changes = {},
    } = make() as {
      files?: File[];
      remove?: number[];
      input?: Record<string, unknown>;
    };
    const before = await snapshot();
    const res = await gqlUpload(
      admin,
      UPDATE,
      {
        id: product.id,
        input: input({ name: product.name, typeId: ids.playera, ...changes }),
        remove,
      },
      files,
    );
    expect(res.errors?.[0]?.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  test('an unknown product: Producto no encontrado', async () => {
    const res = await gqlUpload(admin, UPDATE, { id: 999_999, input: input() }, []);
    expect(res.errors?.[0]?.message).toBe(M.notFound);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  test('a stock change shows in the storefront size facet at once', async () => {
    const sizeCount = async (size: string) =>
      (
        await shop.app.gql<{ products: { facets: { sizes: { value: string; count: number }[] } } }>(
          '{ products { facets { sizes { value count } } } }',
        )
      ).data!.products.facets.sizes.find((s) => s.value === size)?.count ?? 0;
    const setXl = async (units: number) => {
      const res = await gqlUpload(
        admin,
        UPDATE,
        {
          id: product.id,
          input: input({
            name: product.name,
            typeId: ids.playera,
            sizes: ['M', 'XL', 'XXL'],
            quantities: [7, units, 2],
          }),
        },
        [],
      );
      expect(res.errors).toBeUndefined();
    };
    await setXl(0);
    const soldOut = await sizeCount('XL');
    await setXl(4);
    expect(await sizeCount('XL')).toBe(soldOut + 1);
    await setXl(0);
    expect(await sizeCount('XL')).toBe(soldOut);
  });
});

describe('GraphQL: delete', () => {
  async function create(name: string): Promise<ProductOut> {
    const res = await gqlUpload<{ createProduct: ProductOut }>(
      admin,
      CREATE,
      { input: input({ name, typeId: ids.playera }) },
      [jpeg, webp],
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createProduct;
  }

  test('a product no order names is deleted with its stock, photos and files; the shop follows at once', async () => {
    const p = await create('Playera Nike 21 Negro');
    const before = await storefront();
    const res = await admin.gql<{ deleteProduct: number }>(DELETE, { id: p.id });
    expect(res.errors).toBeUndefined();
    expect(res.data!.deleteProduct).toBe(p.id);
    expect((await productRows()).some((r) => r.id === p.id)).toBe(false);
    const [stock] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from product_stock where product_id = ?',
      [p.id],
    );
    expect(stock!.n).toBe(0);
    for (const image of p.images) {
      expect(existsSync(path.join(photosDir, image.fileName))).toBe(false);
    }
    const after = await storefront();
    expect(after.total).toBe(before.total - 1);
    expect(brandCount(after, 'Nike')).toBe(brandCount(before, 'Nike') - 1);
    const again = await admin.gql(DELETE, { id: p.id });
    expect(again.errors?.[0]?.message).toBe(M.notFound);
  });

  test('a product an order names is hidden: gone for shoppers, carts and the admin list, kept by its order', async () => {
    const p = await create('Playera Nike 22 Negro');
    // An order that bought it, and an open cart line of it.
    const [order] = await db().execute<{ id: number }[]>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents)
       values (?, 45000, 22000, 0, 67000) returning id`,
      [customerId],
    );
    await db().execute(
      `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents, on_promotion)
       values (?, ?, ?, 'M', 1, 45000, false)`,
      [order!.id, p.id, p.name],
    );
    await db().execute(
      `insert into cart_line (user_id, product_id, size, quantity) values (?, ?, 'XL', 1)`,
      [customerId, p.id],
    );
    const before = await storefront();

    const res = await admin.gql<{ deleteProduct: number }>(DELETE, { id: p.id });
    expect(res.errors).toBeUndefined();
    expect(res.data!.deleteProduct).toBe(p.id);
    expect((await productRows()).find((r) => r.id === p.id)).toMatchObject({ hidden: true });
    // Its photos stay: the order shows them.
    for (const image of p.images) {
      expect(existsSync(path.join(photosDir, image.fileName))).toBe(true);
    }

    const after = await storefront();
    expect(after.total).toBe(before.total - 1);
    expect(brandCount(after, 'Nike')).toBe(brandCount(before, 'Nike') - 1);
    const shown = await customer.gql<{ product: unknown }>(
      'query P($id: Int!) { product(id: $id) { id } }',
      { id: p.id },
    );
    expect(shown.data!.product).toBeNull();
    const rest = await customer.get(`/api/productos/${p.id}`);
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ error: M.notFound, reason: 'NOT_FOUND' });
    const search = await shop.app.get('/api/productos?busqueda=Playera%20Nike%2022');
    expect(search.body).toEqual([]);
    const list = await admin.gql<{ adminProducts: { items: { id: number }[]; total: number } }>(
      ADMIN_LIST,
      { search: 'Playera Nike 22' },
    );
    expect(list.data!.adminProducts).toMatchObject({ total: 0, items: [] });
    // Found through its sizes neither.
    const bySize = await admin.gql<{ adminProducts: { items: { id: number }[] } }>(ADMIN_LIST, {
      search: 'xl',
      limit: 100,
    });
    expect(bySize.data!.adminProducts.items.length).toBeGreaterThan(0);
    expect(bySize.data!.adminProducts.items.map((i) => i.id)).not.toContain(p.id);
    const cart = await db().execute(
      'select 1 from cart_line where product_id = ? and not purchased',
      [p.id],
    );
    expect(cart).toEqual([]);
    const add = await customer.post('/api/carritos', {
      idUsuario: customerId,
      idProducto: p.id,
      cantidad: 1,
      talla: 'M',
    });
    expect(add.status).toBe(404);

    // The order still shows its line with the product and its photos.
    const seen = await customer.gql<{
      order: {
        lines: { productName: string; product: { id: number; images: unknown[] } | null }[];
      };
    }>(
      'query O($id: Int!) { order(id: $id) { lines { productName product { id images { url } } } } }',
      { id: order!.id },
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.order.lines).toEqual([
      {
        productName: 'Playera Nike 22 Negro',
        product: { id: p.id, images: p.images.map((i) => ({ url: i.url })) },
      },
    ]);
    const restOrder = await customer.get(`/api/pedidos/${order!.id}`);
    expect(restOrder.body.productos).toEqual([
      expect.objectContaining({ idProducto: p.id, nombre: 'Playera Nike 22 Negro' }),
    ]);

    // Its name is free again, and it cannot be updated or deleted twice.
    const again = await admin.gql(DELETE, { id: p.id });
    expect(again.errors?.[0]?.message).toBe(M.notFound);
    const reuse = await create('Playera Nike 22 Negro');
    expect(reuse.id).not.toBe(p.id);
  });
});

describe('GraphQL: adminProducts', () => {
  beforeAll(async () => {
    // 12 more products for paging; sizes that only the size search finds.
    for (let i = 1; i <= 12; i += 1) {
      const res = await gqlUpload(
        admin,
        CREATE,
        {
          input: input({
            name: `Sudadera Lote ${i}`,
            typeId: ids.playera,
            sizes: i === 5 ? ['Unitalla'] : ['S'],
            quantities: [1],
          }),
        },
        [webp],
      );
      expect(res.errors).toBeUndefined();
    }
  });

  test('newest first, 10 per page by default, with the total; the next page', async () => {
    const visible = (await productRows()).filter((r) => !r.hidden).map((r) => r.id);
    const newestFirst = [...visible].sort((a, b) => b - a);
    const first = await admin.gql<{
      adminProducts: { total: number; offset: number; limit: number; items: { id: number }[] };
    }>(ADMIN_LIST);
    expect(first.errors).toBeUndefined();
    expect(first.data!.adminProducts.total).toBe(visible.length);
    expect(first.data!.adminProducts.limit).toBe(10);
    expect(first.data!.adminProducts.items.map((p) => p.id)).toEqual(newestFirst.slice(0, 10));
    const second = await admin.gql<{ adminProducts: { items: { id: number }[] } }>(ADMIN_LIST, {
      offset: 10,
    });
    expect(second.data!.adminProducts.items.map((p) => p.id)).toEqual(newestFirst.slice(10, 20));
  });

  test('every word must appear in the name or the sizes, case- and accent-insensitive', async () => {
    const names = async (search: string) =>
      (
        await admin.gql<{ adminProducts: { total: number; items: { name: string }[] } }>(
          ADMIN_LIST,
          { search, limit: 100 },
        )
      ).data!.adminProducts.items.map((p) => p.name);
    expect(await names('sudadera LOTE 1')).toEqual([
      'Sudadera Lote 12',
      'Sudadera Lote 11',
      'Sudadera Lote 10',
      'Sudadera Lote 1',
    ]);
    expect(await names('unitalla')).toEqual(['Sudadera Lote 5']);
    expect(await names('lote UNITALLA')).toEqual(['Sudadera Lote 5']);
    expect(await names('pantalon 30')).toEqual(['Pantalón Levis 2 Azul']);
    expect(await names('levis 31')).toEqual([]);
  });

  test.each([null, 'sudadera s'])(
    'the same number of SQL statements for a page of 10 as for 1 (search %s)',
    async (search) => {
      const one = await admin.gql(ADMIN_LIST, { limit: 1, search });
      const ten = await admin.gql(ADMIN_LIST, { limit: 10, search });
      expect(ten.errors).toBeUndefined();
      expect(ten.queries).toBe(one.queries);
    },
  );
});

describe('access', () => {
  test.each([
    ['adminProducts', ADMIN_LIST, {}],
    ['deleteProduct', DELETE, { id: 1 }],
    ['updateProduct (JSON)', UPDATE, { id: 1, input: input() }],
  ])('%s: a customer is refused (FORBIDDEN), an anonymous visitor too', async (_op, q, vars) => {
    const before = await snapshot();
    const asCustomer = await customer.gql(q, vars);
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asAnonymous = await shop.app.gql(q, vars);
    expect(asAnonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await snapshot()).toEqual(before);
  });

  test('multipart uploads: customer 403, anonymous 401, no file kept', async () => {
    const before = await snapshot();
    const asCustomer = await gqlUpload(customer, CREATE, { input: input({ name: 'Blusa X 1' }) }, [
      jpeg,
    ]);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asAnonymous = await gqlUpload(shop.app, CREATE, { input: input({ name: 'Blusa X 1' }) }, [
      jpeg,
    ]);
    expect(asAnonymous.status).toBe(401);
    expect(asAnonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    ['post', '/api/productos'],
    ['put', '/api/productos/1'],
    ['delete', '/api/productos/1'],
    ['get', '/api/admin/productos'],
  ] as const)('REST %s %s: customer 403, anonymous 401, nothing changes', async (method, url) => {
    const before = await snapshot();
    const send = (client: HttpClient) => {
      const req = client.agent[method](url);
      return method === 'post' || method === 'put'
        ? req.field('nombre', 'Blusa Y 1').attach('imagenes', jpeg.data, 'a.jpg')
        : req;
    };
    expect((await send(customer)).status).toBe(403);
    expect((await send(shop.app)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// REST facade: the spec's multipart form (§7 Products)

interface Producto {
  id: number;
  nombre: string;
  descripcion: string;
  precio: number;
  promocion: boolean;
  precioPromocion: number;
  imagenes: string;
  tallas: string;
  cantidad: string;
  tipo: string;
  genero: string;
  especial: boolean;
  marca: string | null;
  color: string | null;
}

const FORM = {
  nombre: 'Playera Nike 40 Negro',
  descripcion: 'Playera Nike en color Negro, tallas S, M y L.',
  precio: '299',
  promocion: 'false',
  precioPromocion: '0',
  tallas: 'S,M,L',
  cantidad: '1,2,3',
  tipo: 'Playera',
  genero: 'Hombre',
  especial: 'false',
};

function form(
  client: HttpClient,
  method: 'post' | 'put',
  url: string,
  fields: Record<string, string>,
  files: File[],
) {
  let req = client.agent[method](url);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const f of files)
    req = req.attach('imagenes', f.data, { filename: f.name, contentType: f.type });
  return req;
}

describe('REST /api/productos', () => {
  let created: Producto;

  test('POST creates with the spec fields: 201, the record, photos served at /uploads/{name}', async () => {
    const before = await storefront();
    const res = await form(admin, 'post', '/api/productos', FORM, [jpeg, png]);
    expect(res.status).toBe(201);
    created = res.body as Producto;
    expect(created).toMatchObject({
      nombre: 'Playera Nike 40 Negro',
      precio: 299,
      promocion: false,
      tallas: 'S,M,L',
      cantidad: '1,2,3',
      tipo: 'Playera',
      genero: 'Hombre',
      especial: false,
      marca: 'Nike',
      color: 'Negro',
    });
    const names = created.imagenes.split(',');
    expect(names).toHaveLength(2);
    for (const name of names) {
      // As the spec's clients build the URL.
      const served = await shop.app.get(`/uploads/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await shop.app.get(`/uploads/${name}?w=320`)).status).toBe(200);
    }
    expect((await storefront()).total).toBe(before.total + 1);
  });

  test.each([
    [
      'promocion with precioPromocion 0',
      { promocion: 'true', precioPromocion: '0' },
      400,
      M.promotionZero,
      'PROMOTION_PRICE_REQUIRED',
    ],
    [
      'precioPromocion above precio',
      { promocion: 'true', precioPromocion: '300' },
      400,
      M.promotionNotLower,
      'PROMOTION_PRICE_NOT_LOWER',
    ],
    ['especial without nombre', { especial: 'true', nombre: '' }, 400, M.special, 'REQUIRED'],
    ['normal without descripcion', { descripcion: '' }, 400, M.nameAndDescription, 'REQUIRED'],
    ['no precio', { precio: '' }, 400, M.all, 'REQUIRED'],
    ['no tallas', { tallas: '', cantidad: '' }, 400, M.all, 'REQUIRED'],
    ['cantidad not following tallas', { cantidad: '1,2' }, 400, M.all, 'REQUIRED'],
    ['no tipo', { tipo: '' }, 400, M.all, 'REQUIRED'],
    [
      'a name in use',
      { nombre: 'pantalón levis 2 azul' },
      409,
      M.duplicate,
      'DUPLICATE_PRODUCT_NAME',
    ],
    [
      'a price that is not a number',
      { precio: 'mucho' },
      400,
      'El precio no es válido',
      'INVALID_PRICE',
    ],
  ])(
    'POST %s: refused with its status and message, nothing changes',
    async (_label, fields, status, message, reason) => {
      const before = await snapshot();
      const res = await form(
        admin,
        'post',
        '/api/productos',
        { ...FORM, nombre: 'Playera Nike 41 Negro', ...fields },
        [jpeg],
      );
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: message, reason });
      expect(await snapshot()).toEqual(before);
    },
  );

  test.each([
    ['no imagenes', () => [] as File[], M.all, 'REQUIRED'],
    ['4 imagenes', () => [jpeg, png, webp, webp], M.threePhotos, 'TOO_MANY_PHOTOS'],
    ['5 imagenes', () => [jpeg, png, webp, webp, webp], M.threePhotos, 'TOO_MANY_PHOTOS'],
    ['a file that is not an image', () => [notImage], M.badPhoto, 'INVALID_PHOTO'],
    ['a file over 5 MB', () => [tooBig], M.badPhoto, 'INVALID_PHOTO'],
  ])(
    'POST with %s: 400 with its message, nothing stored',
    async (_label, files, message, reason) => {
      const before = await snapshot();
      const res = await form(
        admin,
        'post',
        '/api/productos',
        { ...FORM, nombre: 'Playera Nike 42 Negro' },
        files(),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, reason });
      expect(await snapshot()).toEqual(before);
    },
  );

  test('PUT without imagenes keeps the photos; PUT with imagenes replaces them and removes the old files', async () => {
    const kept = await form(
      admin,
      'put',
      `/api/productos/${created.id}`,
      { ...FORM, precio: '350', id: String(created.id) },
      [],
    );
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ precio: 350, imagenes: created.imagenes });

    const old = created.imagenes.split(',');
    const replaced = await form(
      admin,
      'put',
      `/api/productos/${created.id}`,
      { ...FORM, tallas: 'M,XL', cantidad: '0,9' },
      [webp],
    );
    expect(replaced.status).toBe(200);
    const body = replaced.body as Producto;
    expect(body).toMatchObject({ tallas: 'M,XL', cantidad: '0,9' });
    expect(body.imagenes.split(',')).toHaveLength(1);
    for (const name of old) {
      expect(existsSync(path.join(photosDir, name))).toBe(false);
      expect((await shop.app.get(`/uploads/${name}`)).status).toBe(404);
    }
    expect((await shop.app.get(`/uploads/${body.imagenes}`)).status).toBe(200);
    created = body;
  });

  test('PUT with 4 imagenes or a name in use is refused, nothing changes', async () => {
    const before = await snapshot();
    const many = await form(admin, 'put', `/api/productos/${created.id}`, FORM, [
      jpeg,
      png,
      webp,
      webp,
    ]);
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ error: M.threePhotos, reason: 'TOO_MANY_PHOTOS' });
    const taken = await form(
      admin,
      'put',
      `/api/productos/${created.id}`,
      { ...FORM, nombre: 'Playera Nike 1 Negro' },
      [],
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: M.duplicate, reason: 'DUPLICATE_PRODUCT_NAME' });
    expect(await snapshot()).toEqual(before);
  });

  test('GET /api/admin/productos: the admin list with X-Total-Count', async () => {
    const res = await admin.get('/api/admin/productos?busqueda=nike%2040');
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect((res.body as Producto[]).map((p) => p.nombre)).toEqual(['Playera Nike 40 Negro']);
  });

  test('DELETE: 204, the product and its files gone', async () => {
    const res = await admin.delete(`/api/productos/${created.id}`);
    expect(res.status).toBe(204);
    expect((await shop.app.get(`/api/productos/${created.id}`)).status).toBe(404);
    expect(existsSync(path.join(photosDir, created.imagenes))).toBe(false);
    const again = await admin.delete(`/api/productos/${created.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: M.notFound, reason: 'NOT_FOUND' });
  });
});

describe('/uploads/{name}', () => {
  test('serves a stored photo by its bare name; hidden files and paths stay out', async () => {
    mkdirSync(photosDir, { recursive: true });
    writeFileSync(path.join(photosDir, 'a-photo.webp'), webp.data);
    expect((await shop.app.get('/uploads/a-photo.webp')).status).toBe(200);
    expect((await shop.app.get('/uploads/products/a-photo.webp')).status).toBe(200);
    expect((await shop.app.get('/uploads/.variants')).status).toBe(404);
    expect((await shop.app.get('/uploads/nope.webp')).status).toBe(404);
  });
});
