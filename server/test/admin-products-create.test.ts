import path from 'node:path';
import sharp from 'sharp';
import { photosDir, shop, admin, customer, ids, M, jpeg, png } from './support/admin-products.js';
import { webp, notImage, tooBig, filesOnDisk, snapshot, CREATE } from './support/admin-products.js';
import { gqlUpload, input, storefront, brandCount } from './support/admin-products.js';
import { type ProductOut } from './support/admin-products.js';

/**
 * The admin's products (support/admin-products.ts): creating one through GraphQL, with its
 * photos and every refusal.
 */

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
