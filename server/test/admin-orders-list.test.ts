import { ids, orders, db, signIn, addressOf, insertOrder } from './support/admin-orders.js';
import { orderRow, ORDERS, UPDATE, admin, search, idsOf } from './support/admin-orders.js';
import { type Page } from './support/admin-orders.js';

/** The admin's order list and search, and the customer's own orders (support/admin-orders.ts). */

describe('admin orders list and search', () => {
  test('the list holds every order newest first, with the customer name and the total', async () => {
    const page = await search(null);
    const [{ n = 0 } = {}] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from shop_order',
    );
    expect(page.total).toBe(n);
    expect(page.items.map((o) => o.id)).toEqual(
      idsOf(
        'ana5',
        'jose3',
        'ana4',
        'ana3',
        'maria3',
        'jose2',
        'ana2',
        'maria2',
        'ana1',
        'jose1',
        'maria1',
      ),
    );
    expect(page.items.find((o) => o.id === orders.maria2)).toEqual({
      id: orders.maria2,
      userName: 'María José Núñez',
      status: 'PAID_MERCADOPAGO',
      totalCents: 117000,
    });
  });

  test('search by name words: every word must be in the name, accents and case ignored', async () => {
    expect((await search('jose nunez')).items.map((o) => o.id)).toEqual(
      idsOf('maria3', 'maria2', 'maria1'),
    );
    expect((await search('JOSÉ')).items.map((o) => o.id)).toEqual(
      idsOf('jose3', 'maria3', 'jose2', 'maria2', 'jose1', 'maria1'),
    );
    expect((await search('  núñez   maría ')).total).toBe(3);
    expect((await search('jose lopez')).items).toEqual([]);
  });

  test('search by order id: a numeric word equal to the id', async () => {
    const page = await search(String(orders.ana2));
    expect(page.items.map((o) => o.id)).toEqual([orders.ana2]);
    expect(page.total).toBe(1);
    expect((await search('99999999999')).items).toEqual([]);
  });

  test('search by status: contained in the status, case-insensitive', async () => {
    const oracle = async (pattern: string) =>
      (
        await db().execute<{ id: number }[]>(
          'select id from shop_order where lower(status) like ? order by id desc',
          [pattern],
        )
      ).map((r) => r.id);
    const pagado = await search('PAGADO');
    expect(pagado.items.map((o) => o.id)).toEqual(await oracle('%pagado%'));
    expect(pagado.items.map((o) => o.id)).toEqual(idsOf('ana4', 'maria2', 'jose1'));
    expect((await search('espera')).items.map((o) => o.id)).toEqual(await oracle('%espera%'));
    expect((await search('cancelado')).items.map((o) => o.id)).toEqual([orders.ana2]);
  });

  test('mixed words: each word may match a different field, and all must match', async () => {
    expect((await search('lopez enviado')).items.map((o) => o.id)).toEqual([orders.ana1]);
    expect((await search(`${orders.jose1} jose`)).items.map((o) => o.id)).toEqual([orders.jose1]);
    expect((await search(`${orders.jose1} ana`)).items).toEqual([]);
    expect((await search('espera maría')).items.map((o) => o.id)).toEqual([orders.maria1]);
  });

  test('LIKE wildcards in a word are taken literally', async () => {
    expect((await search('%')).items).toEqual([]);
    expect((await search('_')).items).toEqual([]);
  });

  test('paging: the total counts every match, pages follow each other, at most 100 per page', async () => {
    const all = (await search('ana')).items.map((o) => o.id);
    expect(all).toEqual(idsOf('ana5', 'ana4', 'ana3', 'ana2', 'ana1'));
    const first = await search('ana', 0, 2);
    const second = await search('ana', 2, 2);
    const third = await search('ana', 4, 2);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([...first.items, ...second.items, ...third.items].map((o) => o.id)).toEqual(all);
    expect((await search('ana', 10, 2)).items).toEqual([]);

    const tooMany = await admin.gql(ORDERS, { search: null, offset: 0, limit: 101 });
    expect(tooMany.errors?.[0]).toMatchObject({
      message: 'Máximo 100 pedidos por página',
      extensions: { code: 'BAD_USER_INPUT', field: 'limit' },
    });
    const negative = await admin.gql(ORDERS, { search: null, offset: -1, limit: 10 });
    expect(negative.errors?.[0]?.extensions?.field).toBe('offset');
  });

  test('a search too long, or with too many words, is refused', async () => {
    const long = await admin.gql(ORDERS, { search: 'a'.repeat(201), offset: 0, limit: 10 });
    expect(long.errors?.[0]).toMatchObject({
      message: 'La búsqueda no puede tener más de 200 caracteres',
      extensions: { code: 'BAD_USER_INPUT', field: 'search' },
    });
    const words = await admin.gql(ORDERS, {
      search: 'a b c d e f g h i j k',
      offset: 0,
      limit: 10,
    });
    expect(words.errors?.[0]?.message).toBe('La búsqueda admite hasta 10 palabras');
  });

  test('REST GET /api/pedidos: the spec order plus nombre_usuario, by id descending, busqueda and paging with X-Total-Count', async () => {
    const res = await admin.get('/api/pedidos?busqueda=jose%20nunez&desde=1&limite=1');
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.body).toEqual([
      {
        id: orders.maria2,
        idUsuario: ids.maria,
        idDireccion: expect.any(Number),
        idProductos: ',',
        total: 1170,
        subtotal: 950,
        envio: 220,
        descuento: 0,
        descuentos: [],
        cupon: null,
        status: 'Pagado por mercadopago',
        estafeta: null,
        createdAt: expect.any(String),
        productos: [
          { idProducto: 1, nombre: 'Playera Nike 1 Negro', talla: 'M', cantidad: 1, precio: 250 },
          { idProducto: 2, nombre: 'Pantalón Levis 2 Azul', talla: '30', cantidad: 1, precio: 700 },
        ],
        nombre_usuario: 'María José Núñez',
      },
    ]);
    const all = await admin.get('/api/pedidos');
    expect(all.body.map((o: { id: number }) => o.id)).toEqual(
      [...Object.values(orders)].sort((a, b) => b - a),
    );
    expect((await admin.get('/api/pedidos?limite=101')).status).toBe(400);
  });

  test('customers are refused the admin list and edit (403), through GraphQL and REST', async () => {
    const customer = await signIn('ana@example.com');
    const list = await customer.gql(ORDERS, { search: null, offset: 0, limit: 10 });
    expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const update = await customer.gql(UPDATE, {
      id: orders.ana1,
      input: { status: 'PAID' },
    });
    expect(update.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await customer.get('/api/pedidos')).status).toBe(403);
    expect((await customer.put(`/api/pedidos/${orders.ana1}`, { status: 'Pagado' })).status).toBe(
      403,
    );
    expect((await orderRow(orders.ana1)).status).toBe('Enviado');
  });

  test('order fields: the address (even deleted), paid, the card charge and the products as they are now', async () => {
    await db().execute(
      'update address set deleted_at = now() where id = (select address_id from shop_order where id = ?)',
      [orders.maria2],
    );
    const res = await admin.gql<{
      order: {
        address: { street: string } | null;
        paid: boolean;
        cardChargeCents: number;
        lines: { product: { name: string } | null }[];
      };
    }>(
      `query O($id: Int!) { order(id: $id) { address { street } paid cardChargeCents
        lines { product { name } } } }`,
      { id: orders.maria2 },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.order).toEqual({
      address: { street: 'Reforma' },
      paid: true,
      // floor(1170 + 1170 × 0.0349 + 4) = floor(1214.833) = 1214
      cardChargeCents: 1214_00,
      lines: [
        { product: { name: 'Playera Nike 1 Negro' } },
        { product: { name: 'Pantalón Levis 2 Azul' } },
      ],
    });
    const waiting = await admin.gql<{ order: { paid: boolean } }>(
      `query O($id: Int!) { order(id: $id) { paid } }`,
      { id: orders.maria1 },
    );
    expect(waiting.data!.order.paid).toBe(false);
  });

  test('a page of 10 orders with every field costs the same SQL statements as a page of 1', async () => {
    const PAGE = `query P($limit: Int!) { orders(limit: $limit) { total items {
      id userName paid cardChargeCents status tracking
      address { id street }
      lines { productName quantity product { id name sizes { size stock } } } } } }`;
    const one = await admin.gql<{ orders: Page }>(PAGE, { limit: 1 });
    const ten = await admin.gql<{ orders: Page }>(PAGE, { limit: 10 });
    expect(one.errors).toBeUndefined();
    expect(ten.errors).toBeUndefined();
    expect(one.data!.orders.items).toHaveLength(1);
    expect(ten.data!.orders.items).toHaveLength(10);
    expect(ten.queries).toBe(one.queries);
    // The session, the page, its total, then one each: lines, names, addresses, products.
    expect(one.queries).toBe(7);
  });
});

describe('my orders', () => {
  const MINE = `query M($offset: Int!, $limit: Int!) { myOrders(offset: $offset, limit: $limit) {
    total items { id userName lines { productName } } } }`;

  test("a customer's own orders only, newest first, paged, at most 50 per page", async () => {
    const ana = await signIn('ana@example.com');
    const page = await ana.gql<{ myOrders: Page }>(MINE, { offset: 1, limit: 2 });
    expect(page.errors).toBeUndefined();
    expect(page.data!.myOrders.total).toBe(5);
    expect(page.data!.myOrders.items.map((o) => o.id)).toEqual(idsOf('ana4', 'ana3'));
    expect(page.data!.myOrders.items[0]!.userName).toBe('Ana López');
    const defaults = await ana.gql<{ myOrders: Page }>('{ myOrders { items { id } } }');
    expect(defaults.data!.myOrders.items).toHaveLength(5);
    const tooMany = await ana.gql(MINE, { offset: 0, limit: 51 });
    expect(tooMany.errors?.[0]?.message).toBe('Máximo 50 pedidos por página');
  });

  test('a page of 10 of my orders costs the same statements as a page of 1', async () => {
    const maria = await signIn('maria@example.com');
    for (let i = 0; i < 8; i += 1) {
      await insertOrder(ids.maria, 'Pagado', await addressOf(ids.maria));
    }
    const PAGE = `query M($limit: Int!) { myOrders(limit: $limit) { total items {
      id userName paid cardChargeCents address { street } lines { product { name } } } } }`;
    const one = await maria.gql<{ myOrders: Page }>(PAGE, { limit: 1 });
    const ten = await maria.gql<{ myOrders: Page }>(PAGE, { limit: 10 });
    expect(ten.data!.myOrders.items).toHaveLength(10);
    expect(ten.queries).toBe(one.queries);
  });
});
