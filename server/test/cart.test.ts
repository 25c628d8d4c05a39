import { MAX_CART_LINES } from '../src/modules/cart/cart.service.js';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/** Spec §5 'Cart and checkout' and issue 7 item 1, enforced by the server. */
const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, stock: { S: 0, M: 3, L: 5 } },
    { name: 'Pantalón Levis 2 Azul', price: 700, promo: 499, stock: { '30': 2 } },
    // One more than a full cart needs: a test deletes a filler.
    ...Array.from({ length: MAX_CART_LINES + 2 }, (_, i) => ({
      name: `Relleno ${i + 1}`,
      price: 100,
      stock: { U: 1 },
      images: 0,
    })),
  ],
  { rateLimits: false },
);

const CART = `{ cart { itemCount notices { message }
  lines { id size quantity stock lineTotalCents product { id name unitPriceCents } } } }`;
const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) { itemCount lines { id size quantity } } }`;
const SET = `mutation S($id: Int!, $q: Int!) {
  setCartLineQuantity(lineId: $id, quantity: $q) { lines { id quantity } } }`;
const REMOVE = `mutation R($id: Int!) { removeCartLine(lineId: $id) { itemCount lines { id } } }`;

interface Cart {
  itemCount: number;
  notices: { message: string }[];
  lines: {
    id: number;
    size: string;
    quantity: number;
    stock: number;
    lineTotalCents: number;
    product: { id: number; name: string; unitPriceCents: number };
  }[];
}

const ADD_TOLD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) {
    addition { lineId added quantity stock message } lines { size quantity } } }`;
const DELETE_PRODUCT = 'mutation D($id: Int!) { deleteProduct(id: $id) }';

interface Addition {
  lineId: number;
  added: number;
  quantity: number;
  stock: number;
  message: string | null;
}

let n = 0;
/** A new signed-in customer with an empty cart (or an admin). */
async function customer(role: 'user' | 'admin' = 'user'): Promise<HttpClient> {
  n += 1;
  await createUsers(shop.orm.em.fork(), [
    { email: `carrito${n}@example.com`, password: 'Carrito123', role },
  ]);
  const client = shop.app.client();
  await client.post('/api/auth/login', {
    email: `carrito${n}@example.com`,
    password: 'Carrito123',
  });
  return client;
}

const cartOf = async (client: HttpClient) => (await client.gql<{ cart: Cart }>(CART)).data!.cart;
const setStock = (productId: number, size: string, quantity: number) =>
  shop.orm.em
    .fork()
    .execute('update product_stock set quantity = ? where product_id = ? and size = ?', [
      quantity,
      productId,
      size,
    ]);

describe('cart', () => {
  test("adding needs a signed-in user: 'Debes iniciar sesión para agregar productos al carrito'", async () => {
    const res = await shop.app.gql(ADD, { p: 1, s: 'M', q: 1 });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Debes iniciar sesión para agregar productos al carrito',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const rest = await shop.app.post('/api/carritos', {
      idUsuario: 1,
      idProducto: 1,
      cantidad: 1,
      talla: 'M',
    });
    expect(rest.status).toBe(401);
  });

  test('the same product and size merge into one line, capped at that size’s stock', async () => {
    const client = await customer();
    await client.gql(ADD, { p: 1, s: 'M', q: 2 });
    const merged = await client.gql<{ addToCart: Cart }>(ADD, { p: 1, s: 'M', q: 2 });
    expect(merged.data!.addToCart.lines).toEqual([
      { id: expect.any(Number), size: 'M', quantity: 3 },
    ]);
    const other = await client.gql<{ addToCart: Cart }>(ADD, { p: 1, s: 'L', q: 1 });
    expect(other.data!.addToCart.lines.map((l) => [l.size, l.quantity])).toEqual([
      ['M', 3],
      ['L', 1],
    ]);
    expect(other.data!.addToCart.itemCount).toBe(4);
  });

  test("a merge capped by the stock says so: 'Solo hay 5 en talla L; tu carrito ya tiene 5'", async () => {
    const client = await customer();
    const first = await client.gql<{ addToCart: { addition: Addition } }>(ADD_TOLD, {
      p: 1,
      s: 'L',
      q: 3,
    });
    expect(first.data!.addToCart.addition).toEqual({
      lineId: expect.any(Number),
      added: 3,
      quantity: 3,
      stock: 5,
      message: null,
    });
    // 3 more with 3 in the cart and 5 in stock: 2 added, and the shopper is told.
    const capped = await client.gql<{ addToCart: { addition: Addition } }>(ADD_TOLD, {
      p: 1,
      s: 'L',
      q: 3,
    });
    expect(capped.data!.addToCart.addition).toMatchObject({
      added: 2,
      quantity: 5,
      stock: 5,
      message: 'Solo hay 5 en talla L; tu carrito ya tiene 5',
    });
    // Full already: nothing added, the same words.
    const full = await client.gql<{ addToCart: { addition: Addition } }>(ADD_TOLD, {
      p: 1,
      s: 'L',
      q: 1,
    });
    expect(full.data!.addToCart.addition).toMatchObject({
      added: 0,
      quantity: 5,
      message: 'Solo hay 5 en talla L; tu carrito ya tiene 5',
    });
    // The cart query itself carries no addition.
    const cart = await client.gql<{ cart: { addition: Addition | null } }>(
      '{ cart { addition { added } } }',
    );
    expect(cart.data!.cart.addition).toBeNull();
  });

  test('a product the admin deletes leaves a notice naming it in the shopper’s next cart, once', async () => {
    const client = await customer();
    const admin = await customer('admin');
    const [{ id: goneId } = { id: 0 }] = await shop.orm.em
      .fork()
      .execute<{ id: number }[]>(
        `select id from product where name = 'Relleno ${MAX_CART_LINES + 2}'`,
      );
    await client.gql(ADD, { p: goneId, s: 'U', q: 1 });
    await client.gql(ADD, { p: 1, s: 'L', q: 1 });
    const deleted = await admin.gql(DELETE_PRODUCT, { id: goneId });
    expect(deleted.errors).toBeUndefined();
    // The order summary reads the cart on the shopper's behalf: the notice waits for the cart.
    const address = await client.gql<{ addAddress: { id: number } }>(
      'mutation ($input: AddressInput!) { addAddress(input: $input) { id } }',
      {
        input: {
          firstName: 'Lucía',
          lastName: 'Hernández',
          street: 'Calle Morelos',
          number: '45',
          neighborhood: 'Centro',
          postalCode: '44100',
          city: 'Guadalajara',
          state: 'Jalisco',
          references: 'Casa azul',
          phone: '3312345678',
        },
      },
    );
    const summary = await client.gql<{ orderSummary: { lines: unknown[] } }>(
      'query ($a: Int!) { orderSummary(addressId: $a) { lines { id } } }',
      { a: address.data!.addAddress.id },
    );
    expect(summary.data!.orderSummary.lines).toHaveLength(1);
    const cart = await cartOf(client);
    expect(cart.notices.map((x) => x.message)).toEqual([
      `Relleno ${MAX_CART_LINES + 2} (talla U) ya no está en la tienda y se quitó del carrito`,
    ]);
    expect(cart.lines.map((l) => [l.product.id, l.size])).toEqual([[1, 'L']]);
    expect((await cartOf(client)).notices).toEqual([]);
  });

  test('twenty simultaneous adds of the same size make one line, never above stock', async () => {
    const client = await customer();
    await Promise.all(Array.from({ length: 20 }, () => client.gql(ADD, { p: 1, s: 'L', q: 1 })));
    const cart = await cartOf(client);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]!.quantity).toBe(5);
  });

  test('a sold-out or unknown size, an unknown product and a bad quantity are refused', async () => {
    const client = await customer();
    for (const [vars, message] of [
      [{ p: 1, s: 'S', q: 1 }, 'Esta talla está agotada'],
      [{ p: 1, s: 'XXL', q: 1 }, 'Esta talla está agotada'],
      [{ p: 999, s: 'M', q: 1 }, 'Producto no encontrado'],
      [{ p: 1, s: 'M', q: 0 }, 'La cantidad debe ser un entero entre 1 y 999'],
      [{ p: 1, s: 'M', q: -2 }, 'La cantidad debe ser un entero entre 1 y 999'],
      [{ p: 1, s: 'M', q: 1000 }, 'La cantidad debe ser un entero entre 1 y 999'],
    ] as const) {
      const res = await client.gql(ADD, vars);
      expect([vars, res.errors?.[0]?.message]).toEqual([vars, message]);
    }
    expect((await cartOf(client)).lines).toEqual([]);
  });

  test('in the cart: increase up to stock, decrease down to 1, remove', async () => {
    const client = await customer();
    const added = await client.gql<{ addToCart: Cart }>(ADD, { p: 2, s: '30', q: 1 });
    const id = added.data!.addToCart.lines[0]!.id;
    expect((await client.gql(SET, { id, q: 2 })).errors).toBeUndefined();
    const above = await client.gql(SET, { id, q: 3 });
    expect(above.errors?.[0]?.message).toBe('Solo hay 2 unidades disponibles de esta talla');
    const zero = await client.gql(SET, { id, q: 0 });
    expect(zero.errors?.[0]?.message).toBe('La cantidad debe ser un entero entre 1 y 999');
    const cart = await cartOf(client);
    expect(cart.lines[0]).toMatchObject({ quantity: 2, stock: 2, lineTotalCents: 2 * 49_900 });
    const removed = await client.gql<{ removeCartLine: Cart }>(REMOVE, { id });
    expect(removed.data!.removeCartLine).toEqual({ itemCount: 0, lines: [] });
  });

  test('loading the cart drops gone products and sold-out sizes, lowers quantities to stock, and says so once', async () => {
    const client = await customer();
    await client.gql(ADD, { p: 1, s: 'L', q: 4 });
    await client.gql(ADD, { p: 1, s: 'M', q: 3 });
    await client.gql(ADD, { p: 10, s: 'U', q: 1 });
    await setStock(1, 'L', 2);
    await setStock(1, 'M', 0);
    await shop.orm.em.fork().execute('delete from product where id = 10');
    try {
      const cart = await cartOf(client);
      expect(cart.notices.map((x) => x.message)).toEqual([
        'Playera Nike 1 Negro (talla L): solo quedan 2, se ajustó la cantidad',
        'Playera Nike 1 Negro (talla M) se agotó y se quitó del carrito',
        'Un producto de tu carrito ya no existe y se quitó',
      ]);
      expect(cart.lines.map((l) => [l.size, l.quantity])).toEqual([['L', 2]]);
      expect(cart.itemCount).toBe(2);
      const again = await cartOf(client);
      expect(again.notices).toEqual([]);
      expect(again.lines).toHaveLength(1);
    } finally {
      await setStock(1, 'L', 5);
      await setStock(1, 'M', 3);
    }
  });

  test(`at most ${MAX_CART_LINES} different lines; merging into an existing one still works`, async () => {
    const client = await customer();
    const [{ first = 0 } = {}] = await shop.orm.em
      .fork()
      .execute<{ first: number }[]>(
        `select min(id) as first from product where name like 'Relleno %'`,
      );
    const fillers = await shop.orm.em
      .fork()
      .execute<{ id: number }[]>(`select id from product where name like 'Relleno %' order by id`);
    for (const { id } of fillers.slice(0, MAX_CART_LINES))
      await client.gql(ADD, { p: id, s: 'U', q: 1 });
    const tooMany = await client.gql(ADD, { p: 1, s: 'M', q: 1 });
    expect(tooMany.errors?.[0]?.message).toBe(
      `Tu carrito puede tener hasta ${MAX_CART_LINES} productos distintos`,
    );
    expect((await client.gql(ADD, { p: first, s: 'U', q: 1 })).errors).toBeUndefined();
  });

  test('reading the cart costs the same few statements for 1 line as for 10', async () => {
    const client = await customer();
    await client.gql(ADD, { p: 1, s: 'M', q: 1 });
    const one = await client.gql(CART);
    const fillers = await shop.orm.em
      .fork()
      .execute<{ id: number }[]>(
        `select id from product where name like 'Relleno %' order by id limit 9`,
      );
    for (const { id } of fillers) await client.gql(ADD, { p: id, s: 'U', q: 1 });
    const ten = await client.gql<{ cart: Cart }>(CART);
    expect(ten.data!.cart.lines).toHaveLength(10);
    expect(ten.queries).toBe(one.queries);
    // The session, the lines with their stock, the products.
    expect(ten.queries).toBeLessThanOrEqual(3);
  });

  test('REST: the spec’s /api/carritos paths and field names; a forged comprado is ignored', async () => {
    const client = await customer();
    const me = (await client.get('/api/auth/me')).body as { id: number };
    const created = await client.post('/api/carritos', {
      idUsuario: me.id,
      idProducto: '1',
      cantidad: 2,
      talla: 'M',
      comprado: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      idUsuario: me.id,
      idProducto: 1,
      cantidad: 2,
      talla: 'M',
      comprado: false,
    });
    const put = await client.put(`/api/carritos/${created.body.id}`, { cantidad: 3 });
    expect(put.body.cantidad).toBe(3);
    const list = await client.get(`/api/carritos/usuario/${me.id}`);
    expect(list.body).toEqual([put.body]);
    expect((await client.delete(`/api/carritos/${created.body.id}`)).status).toBe(204);
    expect((await client.get(`/api/carritos/${created.body.id}`)).status).toBe(404);
  });

  test('a bought line can no longer be changed or removed', async () => {
    const client = await customer();
    const added = await client.gql<{ addToCart: Cart }>(ADD, { p: 1, s: 'M', q: 1 });
    const id = added.data!.addToCart.lines[0]!.id;
    await shop.orm.em.fork().execute('update cart_line set purchased = true where id = ?', [id]);
    expect((await client.gql(SET, { id, q: 2 })).errors?.[0]?.message).toBe(
      'Este producto ya se compró',
    );
    expect((await client.gql(REMOVE, { id })).errors?.[0]?.message).toBe(
      'Este producto ya se compró',
    );
  });
});
