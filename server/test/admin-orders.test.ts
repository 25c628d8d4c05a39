import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 7 item 9: the orders domain of the admin (list with the customer's name, search, paging,
 * status and tracking through the one status method, stock returned once on cancelling), and
 * the customer's paged orders.
 */
const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, stock: { M: 10, L: 10 } },
    { name: 'Pantalón Levis 2 Azul', price: 700, stock: { '30': 5 } },
  ],
  { rateLimits: false },
);

const PASSWORD = 'Clave12345';
const ids = { maria: 0, jose: 0, ana: 0, admin: 0 };
type OrderName =
  | 'maria1'
  | 'jose1'
  | 'ana1'
  | 'maria2'
  | 'ana2'
  | 'jose2'
  | 'maria3'
  | 'ana3'
  | 'ana4'
  | 'jose3'
  | 'ana5';
/** The fixture orders by name, in creation order (ids ascending). */
const orders = {} as Record<OrderName, number>;

const db = () => shop.orm.em.fork();

async function signIn(email: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

async function addressOf(userId: number): Promise<number> {
  const [row] = await db().execute<{ id: number }[]>(
    `insert into address (user_id, first_name, last_name, street, number, neighborhood,
        postal_code, city, state, "references", phone)
      values (?, 'Ana', 'López', 'Reforma', '10', 'Centro', '06000', 'CDMX', 'CDMX', 'Portón', '5512345678')
      returning id`,
    [userId],
  );
  return row!.id;
}

/** An order written straight into the tables (two lines), for the list and search tests. */
async function insertOrder(userId: number, status: string, addressId: number): Promise<number> {
  const [row] = await db().execute<{ id: number }[]>(
    `insert into shop_order (user_id, address_id, subtotal_cents, shipping_cents, discount_cents,
        total_cents, status) values (?, ?, 95000, 22000, 0, 117000, ?) returning id`,
    [userId, addressId, status],
  );
  await db().execute(
    `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
        on_promotion)
      values (?, 1, 'Playera Nike 1 Negro', 'M', 1, 25000, false),
             (?, 2, 'Pantalón Levis 2 Azul', '30', 1, 70000, false)`,
    [row!.id, row!.id],
  );
  return row!.id;
}

const stockOf = async (productId: number, size: string) =>
  (
    await db().execute<{ quantity: number }[]>(
      'select quantity from product_stock where product_id = ? and size = ?',
      [productId, size],
    )
  )[0]!.quantity;
const setStock = (productId: number, size: string, quantity: number) =>
  db().execute('update product_stock set quantity = ? where product_id = ? and size = ?', [
    quantity,
    productId,
    size,
  ]);
const orderRow = async (id: number) =>
  (
    await db().execute<
      { status: string; tracking: string | null; user_id: number; total_cents: number }[]
    >('select status, tracking, user_id, total_cents from shop_order where id = ?', [id])
  )[0]!;

const ORDERS = `query O($search: String, $offset: Int!, $limit: Int!) {
  orders(search: $search, offset: $offset, limit: $limit) {
    total items { id userName status totalCents } } }`;
const UPDATE = `mutation U($id: Int!, $input: UpdateOrderInput!) {
  updateOrder(id: $id, input: $input) { id status tracking paid } }`;

interface Page {
  total: number;
  items: { id: number; userName: string; status: string; totalCents: number }[];
}

let admin: HttpClient;

beforeAll(async () => {
  [ids.maria, ids.jose, ids.ana, ids.admin] = (await createUsers(db(), [
    { name: 'María José Núñez', email: 'maria@example.com', password: PASSWORD },
    { name: 'José Pérez', email: 'jose@example.com', password: PASSWORD },
    { name: 'Ana López', email: 'ana@example.com', password: PASSWORD },
    { name: 'Admin Tienda', email: 'admin@example.com', password: PASSWORD, role: 'admin' },
  ])) as [number, number, number, number];
  const address = {
    maria: await addressOf(ids.maria),
    jose: await addressOf(ids.jose),
    ana: await addressOf(ids.ana),
  };
  const plan: [OrderName, keyof typeof address, string][] = [
    ['maria1', 'maria', 'En espera de pago'],
    ['jose1', 'jose', 'Pagado'],
    ['ana1', 'ana', 'Enviado'],
    ['maria2', 'maria', 'Pagado por mercadopago'],
    ['ana2', 'ana', 'Cancelado por falta de pago'],
    ['jose2', 'jose', 'En espera de pago'],
    ['maria3', 'maria', 'Enviado'],
    ['ana3', 'ana', 'En espera de pago'],
    ['ana4', 'ana', 'Pagado'],
    ['jose3', 'jose', 'Entregado'],
    ['ana5', 'ana', 'En espera de pago'],
  ];
  for (const [name, who, status] of plan) {
    orders[name] = await insertOrder(ids[who], status, address[who]);
  }
  admin = await signIn('admin@example.com');
});

const search = async (text: string | null, offset = 0, limit = 100) => {
  const res = await admin.gql<{ orders: Page }>(ORDERS, { search: text, offset, limit });
  expect(res.errors).toBeUndefined();
  return res.data!.orders;
};
const idsOf = (...names: OrderName[]) => names.map((n) => orders[n]);

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

describe('order status and tracking', () => {
  const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
    addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
  const CHECKOUT = `mutation C($a: Int!, $k: String!) {
    checkout(addressId: $a, idempotencyKey: $k) { id } }`;
  let n = 0;

  /** A real checkout of `quantity` Playera M by a new customer: the stock is taken. */
  async function boughtOrder(quantity: number): Promise<{ id: number; client: HttpClient }> {
    n += 1;
    const email = `comprador${n}@example.com`;
    const [userId] = await createUsers(db(), [
      { name: `Comprador ${n}`, email, password: PASSWORD },
    ]);
    const client = await signIn(email);
    const added = await client.gql(ADD, { p: 1, s: 'M', q: quantity });
    expect(added.errors).toBeUndefined();
    const res = await client.gql<{ checkout: { id: number } }>(CHECKOUT, {
      a: await addressOf(userId!),
      k: `clave-estado-${n}-${Date.now()}`,
    });
    expect(res.errors).toBeUndefined();
    return { id: res.data!.checkout.id, client };
  }

  const update = (id: number, input: Record<string, unknown>) =>
    admin.gql<{ updateOrder: { id: number; status: string; tracking: string | null } }>(UPDATE, {
      id,
      input,
    });

  test("the new status and tracking are what the customer sees in 'order' and 'myOrders'", async () => {
    await setStock(1, 'M', 10);
    const { id, client } = await boughtOrder(1);
    const res = await update(id, { status: 'SHIPPED', tracking: '  EST-123456  ' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateOrder).toEqual({
      id,
      status: 'SHIPPED',
      tracking: 'EST-123456',
      paid: false,
    });
    const one = await client.gql<{
      order: { status: string; tracking: string; paymentSettled: boolean };
    }>(`query O($id: Int!) { order(id: $id) { status tracking paymentSettled } }`, { id });
    // Shipped: nothing left to pay (no payment offered), though the status has no 'pagado'.
    expect(one.data!.order).toEqual({
      status: 'SHIPPED',
      tracking: 'EST-123456',
      paymentSettled: true,
    });
    const mine = await client.gql<{
      myOrders: { items: { id: number; status: string; tracking: string }[] };
    }>('{ myOrders { items { id status tracking } } }');
    expect(mine.data!.myOrders.items).toEqual([{ id, status: 'SHIPPED', tracking: 'EST-123456' }]);
    // Omitted tracking stays; empty clears it.
    await update(id, { status: 'PAID' });
    expect(await orderRow(id)).toMatchObject({ status: 'Pagado', tracking: 'EST-123456' });
    await update(id, { status: 'PAID', tracking: '' });
    expect((await orderRow(id)).tracking).toBeNull();
  });

  test('cancelling returns the units to stock once; repeating the update changes nothing', async () => {
    await setStock(1, 'M', 10);
    const { id } = await boughtOrder(3);
    expect(await stockOf(1, 'M')).toBe(7);
    const first = await update(id, { status: 'CANCELLED_UNPAID' });
    expect(first.errors).toBeUndefined();
    expect(await stockOf(1, 'M')).toBe(10);
    const again = await update(id, { status: 'CANCELLED_UNPAID' });
    expect(again.errors).toBeUndefined();
    expect(await stockOf(1, 'M')).toBe(10);
    expect((await orderRow(id)).status).toBe('Cancelado por falta de pago');
  });

  test('two cancellations at the same moment return the units once', async () => {
    await setStock(1, 'M', 10);
    const { id } = await boughtOrder(2);
    expect(await stockOf(1, 'M')).toBe(8);
    const other = await signIn('admin@example.com');
    const [a, b] = await Promise.all([
      update(id, { status: 'CANCELLED_UNPAID' }),
      other.gql(UPDATE, { id, input: { status: 'CANCELLED_UNPAID' } }),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(await stockOf(1, 'M')).toBe(10);
  });

  test('reactivating a cancelled order takes its units again, once', async () => {
    await setStock(1, 'M', 10);
    const { id } = await boughtOrder(2);
    await update(id, { status: 'CANCELLED_UNPAID' });
    expect(await stockOf(1, 'M')).toBe(10);
    const res = await update(id, { status: 'PAID' });
    expect(res.errors).toBeUndefined();
    expect(await stockOf(1, 'M')).toBe(8);
    await update(id, { status: 'SHIPPED' });
    expect(await stockOf(1, 'M')).toBe(8);
  });

  test('reactivating without enough stock is refused naming the product, and nothing changes', async () => {
    await setStock(1, 'M', 10);
    const { id } = await boughtOrder(2);
    await update(id, { status: 'CANCELLED_UNPAID', tracking: 'GUIA-1' });
    await setStock(1, 'M', 1);
    const res = await update(id, { status: 'PAID', tracking: 'GUIA-2' });
    expect(res.errors?.[0]).toMatchObject({
      message:
        'No se puede reactivar el pedido: no hay existencias suficientes de Playera Nike 1 Negro (talla M); se necesitan 2 y queda 1',
      extensions: { code: 'CONFLICT' },
    });
    expect(await orderRow(id)).toMatchObject({
      status: 'Cancelado por falta de pago',
      tracking: 'GUIA-1',
    });
    expect(await stockOf(1, 'M')).toBe(1);
  });

  test("a status outside the admin's four is refused (400, field status) unless it is the order's current one", async () => {
    // GraphQL takes only the OrderStatus enum's names; the REST facade takes the Spanish words.
    const unknown = await update(orders.jose2, { status: 'Regalado' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const bad = await admin.put(`/api/pedidos/${orders.jose2}`, { status: 'Regalado' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error:
        'El estado debe ser uno de: En espera de pago, Pagado, Enviado, Cancelado por falta de pago',
      reason: 'INVALID_STATUS',
    });
    const delivered = await update(orders.jose2, { status: 'DELIVERED' });
    expect(delivered.errors?.[0]).toMatchObject({
      message: bad.body.error,
      extensions: { code: 'BAD_USER_INPUT', field: 'status', reason: 'INVALID_STATUS' },
    });
    expect((await orderRow(orders.jose2)).status).toBe('En espera de pago');
    const rest = await admin.put(`/api/pedidos/${orders.jose2}`, { status: 'pagado' });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toBe(bad.body.error);

    // A 'Pagado por mercadopago' order keeps its status and gets a tracking number.
    const mp = await update(orders.maria2, {
      status: 'PAID_MERCADOPAGO',
      tracking: 'MP-GUIA',
    });
    expect(mp.errors).toBeUndefined();
    expect(await orderRow(orders.maria2)).toMatchObject({
      status: 'Pagado por mercadopago',
      tracking: 'MP-GUIA',
    });
    const missing = await update(999_999, { status: 'PAID' });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  test('tracking: at most 100 characters, one line, no control characters', async () => {
    const long = await update(orders.jose2, {
      status: 'AWAITING_PAYMENT',
      tracking: 'G'.repeat(101),
    });
    expect(long.errors?.[0]).toMatchObject({
      message: 'El número de guía no puede tener más de 100 caracteres',
      extensions: { field: 'tracking' },
    });
    const twoLines = await update(orders.jose2, {
      status: 'AWAITING_PAYMENT',
      tracking: 'GUIA\nOTRA',
    });
    expect(twoLines.errors?.[0]).toMatchObject({
      message: 'El número de guía no puede contener caracteres de control ni saltos de línea',
      extensions: { field: 'tracking' },
    });
    const control = await admin.put(`/api/pedidos/${orders.jose2}`, {
      status: 'En espera de pago',
      estafeta: 'GUIA\u0007',
    });
    expect(control.status).toBe(400);
    expect((await orderRow(orders.jose2)).tracking).toBeNull();
    const exact = await update(orders.jose2, {
      status: 'AWAITING_PAYMENT',
      tracking: 'G'.repeat(100),
    });
    expect(exact.errors).toBeUndefined();
  });

  test('REST PUT /api/pedidos/:id applies only status and estafeta: a forged total or idUsuario is ignored', async () => {
    const before = await orderRow(orders.ana3);
    const res = await admin.put(`/api/pedidos/${orders.ana3}`, {
      id: orders.ana3,
      idUsuario: ids.jose,
      idDireccion: 1,
      idProductos: '1,2,3',
      total: 1,
      status: 'Enviado',
      estafeta: 'EST-999',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: orders.ana3,
      idUsuario: ids.ana,
      total: 1170,
      status: 'Enviado',
      estafeta: 'EST-999',
    });
    expect(await orderRow(orders.ana3)).toEqual({
      ...before,
      status: 'Enviado',
      tracking: 'EST-999',
    });
    const noStatus = await admin.put(`/api/pedidos/${orders.ana3}`, { estafeta: 'X' });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.error).toBe('El campo status es obligatorio');
  });
});
