import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { shopWith, type HttpClient } from './app.js';
import { createUsers } from './fixtures.js';

/**
 * Issue 9 items 1-2: the admin's products with photos (spec §2, §3, §5 'Product create and
 * update', §8, §9), through GraphQL (multipart uploads, graphql-upload) and the REST facade
 * (multipart forms, multer): every rule and its Spanish message, nothing changed on a refusal,
 * photos checked by content, re-encoded, stored under generated names and removed with their
 * product; a deleted product that orders name hidden from shoppers while its orders keep it;
 * the catalogue's totals and facets current at once; admins only.
 *
 * The shared ground of the admin-products-*.test.ts files. Importing this module registers, in
 * the importing test file, the hooks that give it its own database with two products, its own
 * uploads folder, an admin and a customer signed in, the lookups' ids and the test photos; the
 * `let` bindings below are set once those hooks have run (read them inside tests).
 */
export const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'tienda-admin-products-'));
export const photosDir = path.join(uploadsDir, 'products');

export const shop = shopWith(
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
export let admin: HttpClient;
export let customer: HttpClient;
export let customerId = 0;
export const ids = { playera: 0, blusa: 0, camisa: 0, nike: 0, nikeDama: 0, negro: 0, azulRey: 0 };

export const db = () => shop.orm.em.fork();

// The spec's texts (§5, §8), written here as literals: the oracle.
export const M = {
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

export interface File {
  name: string;
  data: Buffer;
  type: string;
}

export let jpeg: File;
export let png: File;
export let webp: File;
export const notImage: File = {
  name: 'foto.jpg',
  data: Buffer.from('esto no es una imagen, aunque se llame foto.jpg'),
  type: 'image/jpeg',
};
export let tooBig: File;

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
export const filesOnDisk = () => (existsSync(photosDir) ? readdirSync(photosDir).sort() : []);

export async function productRows() {
  return db().execute<{ id: number; name: string; hidden: boolean }[]>(
    'select id, name, hidden_at is not null as hidden from product order by id',
  );
}

/** Everything a refused write must leave as it was. */
export async function snapshot() {
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

export const CREATE = `mutation Create($input: ProductInput!, $photos: [Upload!]!) {
  createProduct(input: $input, photos: $photos) { ${PRODUCT_FIELDS} } }`;
export const UPDATE = `mutation Update($id: Int!, $input: ProductInput!, $photos: [Upload!], $remove: [Int!]) {
  updateProduct(id: $id, input: $input, photos: $photos, removeImageIds: $remove) { ${PRODUCT_FIELDS} } }`;
export const DELETE = 'mutation Delete($id: Int!) { deleteProduct(id: $id) }';
export const ADMIN_LIST = `query List($search: String, $offset: Int! = 0, $limit: Int! = 10) {
  adminProducts(search: $search, offset: $offset, limit: $limit) {
    total offset limit items { id name sizes { size stock } } } }`;

export interface ProductOut {
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
export async function gqlUpload<T>(
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
export function input(overrides: Record<string, unknown> = {}) {
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
export async function storefront() {
  const res = await shop.app.gql<{
    products: { total: number; facets: { brands: { value: string; count: number }[] } };
  }>('{ products(limit: 100) { total facets { brands { value count } sizes { value count } } } }');
  expect(res.errors).toBeUndefined();
  return res.data!.products;
}
export const brandCount = (p: Awaited<ReturnType<typeof storefront>>, brand: string) =>
  p.facets.brands.find((b) => b.value === brand)?.count ?? 0;
