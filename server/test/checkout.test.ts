import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/** Issue 7 items 3 and 4: the order summary and the checkout, with the server as authority. */
const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, stock: { M: 10, L: 10 } },
    { name: 'Pantalón Levis 2 Azul', price: 700, promo: 499, stock: { '30': 5 } },
    { name: 'Chamarra Única 3 Rojo', price: 1000, stock: { U: 1 } },
  ],
  { rateLimits: false },
);

const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
const ADDRESS = `mutation { addAddress(input: { firstName: "Ana", lastName: "López",
  street: "Reforma", number: "10", neighborhood: "Centro", postalCode: "06000", city: "CDMX",
  state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`;
const SUMMARY = `query S($a: Int!) { orderSummary(addressId: $a) {
  subtotalCents shippingCents bulkUnits discountCents totalCents cardChargeCents
  lines { quantity product { name } } address { id street } } }`;
const CHECKOUT = `mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) {
  id status totalCents subtotalCents discountCents shippingCents
  lines { productName size quantity unitPriceCents onPromotion cartLineId } } }`;

interface Order {
  id: number;
  status: string;
  totalCents: number;
  lines: { productName: string; size: string; quantity: number; unitPriceCents: number }[];
}

let n = 0;
/** A new signed-in customer with one address. */
async function shopper(): Promise<{ client: HttpClient; addressId: number; userId: number }> {
  n += 1;
  const email = `compra${n}@example.com`;
  const [userId] = await createUsers(shop.orm.em.fork(), [{ email, password: 'Compra1234' }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  const res = await client.gql<{ addAddress: { id: number } }>(ADDRESS);
  return { client, addressId: res.data!.addAddress.id, userId: userId! };
}

const stockOf = async (productId: number, size: string) =>
  (
    await shop.orm.em
      .fork()
      .execute<{ quantity: number }[]>(
        'select quantity from product_stock where product_id = ? and size = ?',
        [productId, size],
      )
  )[0]!.quantity;
const setStock = (productId: number, size: string, quantity: number) =>
  shop.orm.em
    .fork()
    .execute('update product_stock set quantity = ? where product_id = ? and size = ?', [
      quantity,
      productId,
      size,
    ]);
const orderCount = async () =>
  Number(
    (
      await shop.orm.em.fork().execute<{ n: number }[]>('select count(*)::int as n from shop_order')
    )[0]!.n,
  );
const key = () => `clave-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe('order summary', () => {
  test('5 non-promotion units: no discount; shipping $220; card charge with the fee', async () => {
    const { client, addressId } = await shopper();
    await client.gql(ADD, { p: 1, s: 'M', q: 5 });
    const res = await client.gql<{ orderSummary: Record<string, unknown> }>(SUMMARY, {
      a: addressId,
    });
    expect(res.data!.orderSummary).toMatchObject({
      subtotalCents: 1250_00,
      shippingCents: 220_00,
      bulkUnits: 5,
      discountCents: 0,
      totalCents: 1470_00,
      // floor(1470 + 1470 × 0.0349 + 4) = floor(1525.303) = 1525
      cardChargeCents: 1525_00,
    });
  });

  test('6 non-promotion units: $50 off each; promotion units never count', async () => {
    const { client, addressId } = await shopper();
    await client.gql(ADD, { p: 1, s: 'M', q: 6 });
    await client.gql(ADD, { p: 2, s: '30', q: 2 });
    const res = await client.gql<{ orderSummary: Record<string, unknown> }>(SUMMARY, {
      a: addressId,
    });
    expect(res.data!.orderSummary).toMatchObject({
      subtotalCents: 6 * 250_00 + 2 * 499_00,
      bulkUnits: 6,
      discountCents: 300_00,
      totalCents: 6 * 250_00 + 2 * 499_00 + 220_00 - 300_00,
    });
  });

  test("an empty cart, or another shopper's address, is refused", async () => {
    const { client, addressId } = await shopper();
    const empty = await client.gql(SUMMARY, { a: addressId });
    expect(empty.errors?.[0]?.message).toBe('No hay productos en el carrito');
    expect(empty.errors?.[0]?.extensions?.reason).toBe('EMPTY_CART');
    const other = await shopper();
    await other.client.gql(ADD, { p: 1, s: 'M', q: 1 });
    const foreign = await other.client.gql(SUMMARY, { a: addressId });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const missing = await client.gql(SUMMARY, { a: 999_999 });
    expect(missing.errors?.[0]?.message).toBe('Debes seleccionar una dirección');
  });
});

describe('checkout', () => {
  test('creates the order "En espera de pago" with the server total, takes the stock, empties the cart', async () => {
    const { client, addressId } = await shopper();
    await setStock(1, 'L', 10);
    await client.gql(ADD, { p: 1, s: 'L', q: 2 });
    await client.gql(ADD, { p: 2, s: '30', q: 1 });
    const before = { l: await stockOf(1, 'L'), p: await stockOf(2, '30') };
    const res = await client.gql<{ checkout: Order }>(CHECKOUT, { a: addressId, k: key() });
    expect(res.errors).toBeUndefined();
    const order = res.data!.checkout;
    expect(order).toMatchObject({
      status: 'AWAITING_PAYMENT',
      totalCents: 2 * 250_00 + 499_00 + 220_00,
      lines: [
        { productName: 'Playera Nike 1 Negro', size: 'L', quantity: 2, unitPriceCents: 250_00 },
        { productName: 'Pantalón Levis 2 Azul', size: '30', quantity: 1, unitPriceCents: 499_00 },
      ],
    });
    expect(await stockOf(1, 'L')).toBe(before.l - 2);
    expect(await stockOf(2, '30')).toBe(before.p - 1);
    const cart = await client.gql<{ cart: { itemCount: number } }>('{ cart { itemCount } }');
    expect(cart.data!.cart.itemCount).toBe(0);

    // What was bought stays as it was bought.
    await shop.orm.em.fork().execute('update product set price_cents = 99900 where id = 1');
    try {
      const mine = await client.gql<{ myOrders: { items: Order[]; total: number } }>(
        '{ myOrders { total items { id totalCents lines { unitPriceCents } } } }',
      );
      expect(mine.data!.myOrders.total).toBe(1);
      expect(mine.data!.myOrders.items[0]).toMatchObject({
        id: order.id,
        totalCents: order.totalCents,
        lines: [{ unitPriceCents: 250_00 }, { unitPriceCents: 499_00 }],
      });
    } finally {
      await shop.orm.em.fork().execute('update product set price_cents = 25000 where id = 1');
    }
  });

  test('a double submit (same key, even at the same moment) makes one order and takes stock once', async () => {
    const { client, addressId } = await shopper();
    await setStock(1, 'M', 10);
    await client.gql(ADD, { p: 1, s: 'M', q: 3 });
    const k = key();
    const [a, b] = await Promise.all([
      client.gql<{ checkout: Order }>(CHECKOUT, { a: addressId, k }),
      client.gql<{ checkout: Order }>(CHECKOUT, { a: addressId, k }),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(b.data!.checkout.id).toBe(a.data!.checkout.id);
    const again = await client.gql<{ checkout: Order }>(CHECKOUT, { a: addressId, k });
    expect(again.data!.checkout.id).toBe(a.data!.checkout.id);
    expect(await stockOf(1, 'M')).toBe(7);
  });

  test('when stock ran out meanwhile nothing changes, and the message names the product', async () => {
    const { client, addressId } = await shopper();
    await setStock(1, 'M', 10);
    await client.gql(ADD, { p: 1, s: 'M', q: 2 });
    await client.gql(ADD, { p: 2, s: '30', q: 1 });
    await setStock(1, 'M', 1);
    const orders = await orderCount();
    const res = await client.gql(CHECKOUT, { a: addressId, k: key() });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Ya no hay existencias suficientes de Playera Nike 1 Negro (talla M): queda 1',
      extensions: { code: 'CONFLICT', reason: 'OUT_OF_STOCK' },
    });
    expect(await orderCount()).toBe(orders);
    expect(await stockOf(1, 'M')).toBe(1);
    const cart = await client.gql<{ cart: { itemCount: number } }>('{ cart { itemCount } }');
    expect(cart.data!.cart.itemCount).toBe(2); // the line lowered to the 1 left, plus the pants
  });

  test('20 customers buy the last unit at once: one order, stock 0, the others keep their carts', async () => {
    await setStock(3, 'U', 1);
    const shoppers = [];
    for (let i = 0; i < 20; i += 1) {
      const s = await shopper();
      // Put the line straight in: the cart caps additions at the stock, which is 1 for everyone.
      await shop.orm.em
        .fork()
        .execute(
          `insert into cart_line (user_id, product_id, size, quantity) values (?, 3, 'U', 1)`,
          [s.userId],
        );
      shoppers.push(s);
    }
    const orders = await orderCount();
    const results = await Promise.all(
      shoppers.map((s) =>
        s.client.gql<{ checkout: Order }>(CHECKOUT, { a: s.addressId, k: key() }),
      ),
    );
    const won = results.filter((r) => !r.errors);
    const lost = results.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expect(r.errors![0]!.message).toBe(
        'Ya no hay existencias suficientes de Chamarra Única 3 Rojo (talla U): se agotó',
      );
    }
    expect(await orderCount()).toBe(orders + 1);
    expect(await stockOf(3, 'U')).toBe(0);
    const [{ open = 0 } = {}] = await shop.orm.em
      .fork()
      .execute<{ open: number }[]>(
        `select count(*)::int as open from cart_line where product_id = 3 and not purchased`,
      );
    expect(open).toBe(19);
  });

  test('REST POST /api/pedidos: the server computes the total, whatever the client sends', async () => {
    const { client, addressId, userId } = await shopper();
    await setStock(1, 'M', 10);
    await client.gql(ADD, { p: 1, s: 'M', q: 1 });
    const res = await client.post('/api/pedidos', {
      idUsuario: userId,
      idDireccion: addressId,
      total: 1,
      status: 'Pagado',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      idUsuario: userId,
      idDireccion: addressId,
      total: 470,
      status: 'En espera de pago',
      estafeta: null,
      productos: [{ nombre: 'Playera Nike 1 Negro', talla: 'M', cantidad: 1, precio: 250 }],
    });
    expect(res.body.idProductos).toMatch(/^\d+$/);
    const mine = await client.get(`/api/pedidos/usuario/${userId}`);
    expect(mine.body.map((o: { id: number }) => o.id)).toEqual([res.body.id]);
  });

  test('an address that is not the buyer’s, or a deleted one, is refused before anything changes', async () => {
    const a = await shopper();
    const b = await shopper();
    await b.client.gql(ADD, { p: 1, s: 'M', q: 1 });
    const foreign = await b.client.gql(CHECKOUT, { a: a.addressId, k: key() });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await b.client.gql(`mutation { deleteAddress(id: ${b.addressId}) }`);
    const deleted = await b.client.gql(CHECKOUT, { a: b.addressId, k: key() });
    expect(deleted.errors?.[0]?.message).toBe('Debes seleccionar una dirección');
    const empty = await a.client.gql(CHECKOUT, { a: a.addressId, k: key() });
    expect(empty.errors?.[0]?.message).toBe('No hay productos en el carrito');
    expect(empty.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', reason: 'EMPTY_CART' },
    });
    const rest = await a.client.post('/api/pedidos', {
      idUsuario: a.userId,
      idDireccion: a.addressId,
    });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ error: 'No hay productos en el carrito', reason: 'EMPTY_CART' });
  });
});
