import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProductoRest } from '../src/api/rest/products.js';
import type { HttpClient } from './support/app.js';
import { photosDir, shop, admin, M, jpeg, png, webp, notImage } from './support/admin-products.js';
import { tooBig, snapshot, storefront, type File } from './support/admin-products.js';

/**
 * The admin's products (support/admin-products.ts): the REST facade's multipart forms and the
 * /uploads/{name} photos.
 */

// ---------------------------------------------------------------------------------------------
// REST facade: the spec's multipart form (§7 Products)

/** The facade's product, as its REST clients read it. */
type Producto = ProductoRest;

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
