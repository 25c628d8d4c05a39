import { existsSync } from 'node:fs';
import path from 'node:path';
import { uploadsDir, photosDir, shop, admin, customer } from './support/admin-products.js';
import { customerId, ids, db, M, jpeg, png, webp, productRows } from './support/admin-products.js';
import { snapshot, CREATE, UPDATE, DELETE, ADMIN_LIST } from './support/admin-products.js';
import { gqlUpload, input, storefront, brandCount, type File } from './support/admin-products.js';
import { type ProductOut } from './support/admin-products.js';

/** The admin's products (support/admin-products.ts): changing and deleting them through GraphQL. */

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
