import { calculateOrder } from '@tienda/rules';
import { Migration20261127060000OrderAdjustments } from '../src/db/migrations/Migration20261127060000OrderAdjustments.js';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 24 item 1: the order keeps the calculator's named adjustments as rows, and every door
 * answers them (GraphQL `adjustments`, REST `descuentos`); the migration backfills old orders.
 */
const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, stock: { M: 20 } },
    { name: 'Gorra Puma 2 Azul', price: 333.33, stock: { U: 20 } },
    { name: 'Pantalón Levis 3 Azul', price: 700, promo: 499, stock: { '30': 5 } },
  ],
  { rateLimits: false },
);

const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
const ADDRESS = `mutation { addAddress(input: { firstName: "Ana", lastName: "López",
  street: "Reforma", number: "10", neighborhood: "Centro", postalCode: "06000", city: "CDMX",
  state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`;
const SUMMARY = `query S($a: Int!) { orderSummary(addressId: $a) {
  discountCents totalCents cardChargeCents adjustments { code label amountCents } } }`;
const CHECKOUT = `mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) {
  id discountCents totalCents adjustments { code label amountCents } } }`;
const ORDER = `query O($id: Int!) { order(id: $id) { id adjustments { code label amountCents } } }`;

const db = () => shop.orm.em.fork();
let n = 0;
async function shopper(): Promise<{ client: HttpClient; addressId: number }> {
  n += 1;
  const email = `ajuste${n}@example.com`;
  await createUsers(db(), [{ email, password: 'Compra1234' }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  const res = await client.gql<{ addAddress: { id: number } }>(ADDRESS);
  return { client, addressId: res.data!.addAddress.id };
}

interface AdjustmentRow {
  code: string;
  label: string;
  amount_cents: number;
  line_shares: { orderLineId: number; amountCents: number }[];
}
const rowsOf = (orderId: number) =>
  db().execute<AdjustmentRow[]>(
    `select code, label, amount_cents, line_shares from order_adjustment
      where order_id = ? order by id`,
    [orderId],
  );

const BULK = { code: 'BULK_DISCOUNT', label: 'Descuento por mayoreo' };

describe('an order keeps its adjustments', () => {
  let orderId = 0;
  let client: HttpClient;

  beforeAll(async () => {
    const s = await shopper();
    client = s.client;
    await client.gql(ADD, { p: 1, s: 'M', q: 4 });
    await client.gql(ADD, { p: 2, s: 'U', q: 3 });
    await client.gql(ADD, { p: 3, s: '30', q: 1 });
    const summary = await client.gql<{ orderSummary: Record<string, unknown> }>(SUMMARY, {
      a: s.addressId,
    });
    // The summary answers the same adjustments the order will keep.
    expect(summary.data!.orderSummary).toMatchObject({
      discountCents: 350_00,
      adjustments: [{ ...BULK, amountCents: 350_00 }],
    });
    const res = await client.gql<{ checkout: { id: number } }>(CHECKOUT, {
      a: s.addressId,
      k: 'ajustes-orden-1',
    });
    expect(res.errors).toBeUndefined();
    orderId = res.data!.checkout.id;
  });

  test("rule 'adjustments rows equal the calculator's': code, label, amount and per-line shares", async () => {
    const lines = await db().execute<
      { id: number; quantity: number; unit_price_cents: number; on_promotion: boolean }[]
    >(
      'select id, quantity, unit_price_cents, on_promotion from order_line where order_id = ? order by id',
      [orderId],
    );
    const expected = calculateOrder({
      lines: lines.map((l) => ({
        product: {
          priceCents: l.unit_price_cents,
          promotion: l.on_promotion,
          promotionPriceCents: null,
        },
        quantity: l.quantity,
      })),
    });
    const rows = await rowsOf(orderId);
    expect(rows).toEqual(
      expected.adjustments.map((a) => ({
        code: a.code,
        label: a.label,
        amount_cents: a.amountCents,
        line_shares: a.lines.map((s) => ({
          orderLineId: lines[s.line]!.id,
          amountCents: s.amountCents,
        })),
      })),
    );
    // $50 on each of the 7 units not on promotion, none on the promotional line.
    expect(rows[0]!.line_shares.map((s) => s.amountCents)).toEqual([200_00, 150_00]);
    const [order] = await db().execute<{ discount_cents: number; total_cents: number }[]>(
      'select discount_cents, total_cents from shop_order where id = ?',
      [orderId],
    );
    expect(order).toEqual({
      discount_cents: expected.discountCents,
      total_cents: expected.totalCents,
    });
  });

  test("GraphQL: Order.adjustments is [{ code, label, amountCents }] ('Descuento por mayoreo')", async () => {
    const res = await client.gql<{ order: { adjustments: unknown[] } }>(ORDER, { id: orderId });
    expect(res.data!.order.adjustments).toEqual([{ ...BULK, amountCents: 350_00 }]);
  });

  test("REST: the order answers descuentos: [{ concepto, monto }] in pesos beside 'descuento'", async () => {
    const res = await client.get(`/api/pedidos/${orderId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      descuento: 350,
      descuentos: [{ concepto: 'Descuento por mayoreo', monto: 350 }],
    });
  });

  test('an order without adjustments answers an empty list', async () => {
    const s = await shopper();
    await s.client.gql(ADD, { p: 1, s: 'M', q: 1 });
    const res = await s.client.gql<{ checkout: { id: number; adjustments: unknown[] } }>(CHECKOUT, {
      a: s.addressId,
      k: 'ajustes-orden-2',
    });
    expect(res.data!.checkout.adjustments).toEqual([]);
    expect(await rowsOf(res.data!.checkout.id)).toEqual([]);
    const rest = await s.client.get(`/api/pedidos/${res.data!.checkout.id}`);
    expect(rest.body).toMatchObject({ descuento: 0, descuentos: [] });
  });
});

describe('Migration20261127060000OrderAdjustments', () => {
  test("rule 'backfill': an existing order's discount_cents becomes a BULK_DISCOUNT prorated over its non-promotional lines", async () => {
    const [user] = await createUsers(db(), [
      { email: 'antiguo@example.com', password: 'Compra1234' },
    ]);
    const em = db();
    const [order] = await em.execute<{ id: number }[]>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents,
          total_cents) values (?, 250000, 22000, 35000, 237000) returning id`,
      [user],
    );
    const lines = await em.execute<{ id: number }[]>(
      `insert into order_line (order_id, product_name, size, quantity, unit_price_cents, on_promotion)
        values (?, 'Playera', 'M', 4, 25000, false), (?, 'Gorra', 'U', 3, 33333, false),
               (?, 'Pantalón', '30', 1, 49900, true)
        returning id`,
      [order!.id, order!.id, order!.id],
    );
    // An order of before the table: no adjustment rows. The migration runs again in a
    // transaction that is rolled back, so the shared test database is left as it was.
    const migration = new Migration20261127060000OrderAdjustments(em.getDriver(), shop.orm.config);
    await migration.up();
    const queries = migration.getQueries().map(String);
    const conn = em.getConnection();
    const trx = await conn.begin();
    try {
      await conn.execute('drop table order_adjustment', [], 'run', trx);
      for (const sql of queries) await conn.execute(sql, [], 'run', trx);
      const rows = await conn.execute<AdjustmentRow[]>(
        'select code, label, amount_cents, line_shares from order_adjustment where order_id = ?',
        [order!.id],
        'all',
        trx,
      );
      expect(rows).toEqual([
        {
          ...BULK,
          amount_cents: 350_00,
          line_shares: [
            { orderLineId: lines[0]!.id, amountCents: 200_00 },
            { orderLineId: lines[1]!.id, amountCents: 150_00 },
          ],
        },
      ]);
    } finally {
      await conn.rollback(trx);
    }
  });

  test('the backfill prorates an odd amount to the centavo (largest remainder)', async () => {
    const [user] = await createUsers(db(), [
      { email: 'impar@example.com', password: 'Compra1234' },
    ]);
    const em = db();
    const [order] = await em.execute<{ id: number }[]>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents,
          total_cents) values (?, 300000, 22000, 100, 321900) returning id`,
      [user],
    );
    await em.execute(
      `insert into order_line (order_id, product_name, size, quantity, unit_price_cents, on_promotion)
        values (?, 'A', 'M', 1, 100000, false), (?, 'B', 'M', 1, 100000, false),
               (?, 'C', 'M', 1, 100000, false)`,
      [order!.id, order!.id, order!.id],
    );
    const migration = new Migration20261127060000OrderAdjustments(em.getDriver(), shop.orm.config);
    await migration.up();
    const conn = em.getConnection();
    const trx = await conn.begin();
    try {
      await conn.execute('drop table order_adjustment', [], 'run', trx);
      for (const sql of migration.getQueries().map(String)) await conn.execute(sql, [], 'run', trx);
      const [row] = await conn.execute<AdjustmentRow[]>(
        'select code, label, amount_cents, line_shares from order_adjustment where order_id = ?',
        [order!.id],
        'all',
        trx,
      );
      expect(row!.line_shares.map((s) => s.amountCents)).toEqual([34, 33, 33]);
    } finally {
      await conn.rollback(trx);
    }
  });
});
