import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RETURN_MESSAGES, returnDeadline } from '@tienda/rules';
import { lineRefundCents } from '../src/modules/returns/return.service.js';
import { OrderEventWorker } from '../src/modules/orders/order-events.js';
import { shopWith, testApp, type HttpClient, type TestApp } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 25 item 6: returns and exchanges against PostgreSQL, and Mercado Pago's refunds API
 * spoken by a local server (POST /v1/payments/{id}/refunds, deduplicated by X-Idempotency-Key as
 * the real API does).
 */
const shop = shopWith(
  [
    { name: 'Tenis Nike 1 Negro', price: 250, stock: { '26': 10, '27': 1 } },
    { name: 'Playera Adidas 2 Blanco', price: 400, stock: { M: 10, G: 5 } },
  ],
  { rateLimits: false },
);

let stub: Server;
let mp: TestApp;
/** Refunds the stub made, by payment; keys it has seen (a key seen again answers the same). */
const refunds: { paymentId: string; amount: number; key: string }[] = [];
const byKey = new Map<string, Record<string, unknown>>();
/** Fail the next refund request after recording it (a lost answer: the client must retry). */
let loseNextAnswer = false;

beforeAll(async () => {
  stub = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      const match = /^\/v1\/payments\/(\w+)\/refunds\/?$/.exec(req.url ?? '');
      const key = req.headers['x-idempotency-key'];
      if (req.method === 'POST' && match && typeof key === 'string') {
        let refund = byKey.get(key);
        if (!refund) {
          const amount = (JSON.parse(body || '{}') as { amount?: number }).amount ?? 0;
          refunds.push({ paymentId: match[1]!, amount, key });
          refund = {
            id: 9000 + refunds.length,
            payment_id: Number(match[1]),
            amount,
            status: 'approved',
          };
          byKey.set(key, refund);
        }
        if (loseNextAnswer) {
          loseNextAnswer = false;
          res.statusCode = 500;
          res.end(JSON.stringify({ message: 'internal_error', status: 500 }));
          return;
        }
        res.statusCode = 201;
        res.end(JSON.stringify(refund));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: 'not_found', status: 404 }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  mp = await testApp(shop.orm, {
    rateLimits: false,
    mercadoPago: {
      accessToken: 'TEST-token-de-prueba',
      webhookSecret: 'secreto',
      apiBase: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
    },
  });
  await createUsers(shop.orm.em.fork(), [
    { email: 'jefa-dev@example.com', password: 'Secreta123', role: 'admin' },
  ]);
  admin = mp.client();
  await admin.post('/api/auth/login', { email: 'jefa-dev@example.com', password: 'Secreta123' });
});

afterAll(async () => {
  await mp?.stop();
  await new Promise((resolve) => stub.close(resolve));
});

let admin: HttpClient;
let n = 0;

async function customer() {
  n += 1;
  const email = `devuelve${n}@example.com`;
  const [userId] = await createUsers(shop.orm.em.fork(), [{ email, password: 'Devuelve123' }]);
  const client = mp.client();
  await client.post('/api/auth/login', { email, password: 'Devuelve123' });
  return { userId: userId!, client };
}

const sql = <T>(query: string, params: unknown[] = []) =>
  shop.orm.em.fork().execute<T[]>(query, params);

/**
 * A delivered order of 2 Tenis 26 ($250) and 1 Playera M ($400) with a 10 % coupon (9,000
 * centavos: 5,000 on the tenis, 4,000 on the playera) and $220 shipping: total $1,030.
 */
async function deliveredOrder(
  userId: number,
  options: { deliveredAt?: string; card?: string; status?: string } = {},
) {
  const [order] = await sql<{ id: number }>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents,
        status, tracking, coupon_code) values (?, 90000, 22000, 9000, 103000, ?, 'GUIA-1', 'DIEZ')
     returning id`,
    [userId, options.status ?? 'Enviado'],
  );
  const lines = await sql<{ id: number }>(
    `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
        on_promotion) values (?, 1, 'Tenis Nike 1 Negro', '26', 2, 25000, false),
        (?, 2, 'Playera Adidas 2 Blanco', 'M', 1, 40000, false) returning id`,
    [order!.id, order!.id],
  );
  await sql(
    `insert into order_adjustment (order_id, code, label, amount_cents, line_shares)
     values (?, 'COUPON', 'Cupón DIEZ', 9000, ?::jsonb)`,
    [
      order!.id,
      JSON.stringify([
        { orderLineId: lines[0]!.id, amountCents: 5000 },
        { orderLineId: lines[1]!.id, amountCents: 4000 },
      ]),
    ],
  );
  if (options.card) {
    await sql(
      `insert into payment (order_id, method, amount_cents, provider_ref, state, approved_at)
       values (?, 'mercadopago', 106972, ?, 'approved', now())`,
      [order!.id, options.card],
    );
  }
  if (!options.status) {
    await sql(`update shop_order set status = 'Entregado' where id = ?`, [order!.id]);
    if (options.deliveredAt) {
      await sql('update shop_order set delivered_at = ? where id = ?', [
        options.deliveredAt,
        order!.id,
      ]);
    }
  }
  return order!.id;
}

const stockOf = async (productId: number, size: string) =>
  (
    await sql<{ quantity: number }>(
      'select quantity from product_stock where product_id = ? and size = ?',
      [productId, size],
    )
  )[0]!.quantity;

const oneTenis = { idProducto: 1, talla: '26', cantidad: 1, motivo: 'Me quedó chico' };

describe('a customer asks to return or exchange', () => {
  test('a line of their own delivered order, refunding what was paid for it with the coupon', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    const res = await client.post(`/api/pedidos/${orderId}/devoluciones`, { lineas: [oneTenis] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      idPedido: orderId,
      estado: 'solicitada',
      // (2 × $250 − $50 of the coupon) / 2 units = $225.
      reembolso: 225,
      lineas: [
        { idProducto: 1, talla: '26', cantidad: 1, motivo: 'Me quedó chico', reembolso: 225 },
      ],
    });
  });

  test('the refunds of a line add up to what was paid for it, to the centavo', () => {
    const line = { quantity: 3, unitPriceCents: 33333, discountCents: 1000 };
    const paid = 3 * 33333 - 1000;
    const parts = [
      lineRefundCents(line, 0, 1),
      lineRefundCents(line, 1, 1),
      lineRefundCents(line, 2, 1),
    ];
    expect(parts.reduce((a, b) => a + b, 0)).toBe(paid);
    expect(lineRefundCents(line, 0, 3)).toBe(paid);
  });

  test("a customer can never return another customer's order (403, nothing written)", async () => {
    const owner = await customer();
    const other = await customer();
    const orderId = await deliveredOrder(owner.userId);
    const rest = await other.client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [oneTenis],
    });
    expect(rest.status).toBe(403);
    const gql = await other.client.gql(
      `mutation R($id: Int!) { requestReturn(orderId: $id, lines: [{ productId: 1, size: "26", quantity: 1, reason: "x" }]) { id } }`,
      { id: orderId },
    );
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const read = await other.client.gql(
      `query R($id: Int!) { orderReturns(orderId: $id) { canReturn } }`,
      { id: orderId },
    );
    expect(read.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(await sql('select 1 from order_return where order_id = ?', [orderId])).toEqual([]);
  });

  test('after the fifth business day the option is gone and the answer says why', async () => {
    const { userId, client } = await customer();
    const deliveredAt = '2026-01-05T17:00:00Z';
    const orderId = await deliveredOrder(userId, { deliveredAt });
    const res = await client.post(`/api/pedidos/${orderId}/devoluciones`, { lineas: [oneTenis] });
    expect(res.status).toBe(409);
    const message = RETURN_MESSAGES.windowClosed(returnDeadline(new Date(deliveredAt)));
    expect(res.body).toEqual({ error: message, reason: 'RETURN_WINDOW_CLOSED' });
    const read = await client.gql<{
      orderReturns: { canReturn: boolean; closedReason: string | null };
    }>(`query R($id: Int!) { orderReturns(orderId: $id) { canReturn closedReason } }`, {
      id: orderId,
    });
    expect(read.data?.orderReturns).toEqual({ canReturn: false, closedReason: message });
  });

  test('an order not delivered cannot be returned', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId, { status: 'Enviado' });
    const res = await client.post(`/api/pedidos/${orderId}/devoluciones`, { lineas: [oneTenis] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: RETURN_MESSAGES.notDelivered,
      reason: 'ORDER_NOT_DELIVERED',
    });
  });

  test('quantity cannot pass what was bought minus what was already returned; reason required', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    const first = await client.post(`/api/pedidos/${orderId}/devoluciones`, { lineas: [oneTenis] });
    expect(first.status).toBe(201);
    const tooMany = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [{ ...oneTenis, cantidad: 2 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      error: 'La cantidad debe ser un número entero entre 1 y 1.',
      reason: 'RETURN_QUANTITY',
    });
    const noReason = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [{ ...oneTenis, motivo: '  ' }],
    });
    expect(noReason.body).toEqual({ error: RETURN_MESSAGES.reasonRequired, reason: 'REQUIRED' });
  });

  test('an exchange reserves the new size at request time and never oversells it', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    expect(await stockOf(1, '27')).toBe(1);
    const tooMany = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [{ ...oneTenis, cantidad: 2, tallaNueva: '27' }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ reason: 'OUT_OF_STOCK' });
    const missing = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [{ ...oneTenis, tallaNueva: '30' }],
    });
    expect(missing.body).toEqual({
      error: 'Este producto no tiene la talla 30.',
      reason: 'INVALID_SIZE',
    });
    // Two exchanges at once for the last unit: one gets it.
    const [a, b] = await Promise.all([
      client.post(`/api/pedidos/${orderId}/devoluciones`, {
        lineas: [{ ...oneTenis, tallaNueva: '27' }],
      }),
      client.post(`/api/pedidos/${orderId}/devoluciones`, {
        lineas: [{ ...oneTenis, tallaNueva: '27' }],
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await stockOf(1, '27')).toBe(0);
    const exchange = a.status === 201 ? a.body : b.body;
    expect(exchange).toMatchObject({ reembolso: 0, lineas: [{ tallaNueva: '27' }] });

    // Received: the returned unit is back once, and the new size ships as an order at no charge.
    const stock26 = await stockOf(1, '26');
    const received = await admin.put(`/api/devoluciones/${exchange.id}`, { estado: 'recibida' });
    expect(received.status).toBe(200);
    expect(await stockOf(1, '26')).toBe(stock26 + 1);
    expect(await stockOf(1, '27')).toBe(0);
    const [shipped] = await sql<{ total_cents: number; status: string; user_id: number }>(
      'select total_cents, status, user_id from shop_order where id = ?',
      [received.body.idPedidoCambio],
    );
    expect(shipped).toEqual({ total_cents: 0, status: 'Pagado', user_id: userId });
    const shippedMail = await sql<{ n: number }>(
      `select count(*)::int as n from mail_outbox where event_key = ?`,
      [`return:${exchange.id}:exchange-shipped`],
    );
    expect(shippedMail[0]!.n).toBe(1);
  });

  test('a rejected exchange gives its held units back', async () => {
    await sql(`update product_stock set quantity = 3 where product_id = 2 and size = 'G'`);
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    const res = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [{ idProducto: 2, talla: 'M', cantidad: 1, motivo: 'Queda grande', tallaNueva: 'G' }],
    });
    expect(res.status).toBe(201);
    expect(await stockOf(2, 'G')).toBe(2);
    const rejected = await admin.put(`/api/devoluciones/${res.body.id}`, { estado: 'rechazada' });
    expect(rejected.body).toMatchObject({ estado: 'rechazada' });
    expect(await stockOf(2, 'G')).toBe(3);
    // Rejecting again changes nothing.
    await admin.put(`/api/devoluciones/${res.body.id}`, { estado: 'rechazada' });
    expect(await stockOf(2, 'G')).toBe(3);
  });
});

describe('the admin receives and refunds', () => {
  test('marking received restocks exactly once, even from parallel requests', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    const req = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [{ ...oneTenis, cantidad: 2 }],
    });
    const before = await stockOf(1, '26');
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => admin.put(`/api/devoluciones/${req.body.id}`, { estado: 'recibida' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await stockOf(1, '26')).toBe(before + 2);
    expect(answers[0]!.body).toMatchObject({ estado: 'recibida' });
    expect(typeof answers[0]!.body.recibidaPor).toBe('number');
  });

  test('a transfer refund needs a CLABE with a good check digit, and records who and when', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    const req = await client.post(`/api/pedidos/${orderId}/devoluciones`, { lineas: [oneTenis] });
    const early = await admin.put(`/api/devoluciones/${req.body.id}`, {
      estado: 'reembolsada',
      clabe: '002010077777777771',
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ reason: 'RETURN_NOT_RECEIVED' });
    await admin.put(`/api/devoluciones/${req.body.id}`, { estado: 'recibida' });
    const bad = await admin.put(`/api/devoluciones/${req.body.id}`, {
      estado: 'reembolsada',
      clabe: '002010077777777772',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: RETURN_MESSAGES.invalidClabe, reason: 'INVALID_CLABE' });
    const ok = await admin.put(`/api/devoluciones/${req.body.id}`, {
      estado: 'reembolsada',
      clabe: '002010077777777771',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      estado: 'reembolsada',
      metodoReembolso: 'transferencia',
      clabe: '002010077777777771',
      reembolso: 225,
    });
    expect(ok.body.reembolsada).not.toBeNull();
    expect(typeof ok.body.reembolsadaPor).toBe('number');
    // The refund is an order event the invoicing module's credit note reacts to.
    const events = await sql<{ payload: Record<string, unknown> }>(
      `select payload from order_event where order_id = ? and type = 'order.return_refunded'`,
      [orderId],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ returnId: req.body.id, amountCents: 22500 });
    // The customer's e-mails: requested, received, refunded (once each).
    const mails = await sql<{ event_key: string; props: { refundWay: string | null } }>(
      `select event_key, props from mail_outbox where kind = 'return-update' and event_key like ?
        order by id`,
      [`return:${req.body.id}:%`],
    );
    expect(mails.map((m) => m.event_key)).toEqual([
      `return:${req.body.id}:requested`,
      `return:${req.body.id}:received`,
      `return:${req.body.id}:refunded`,
    ]);
    expect(mails[2]!.props.refundWay).toBe('transferencia a la CLABE terminada en 7771');
    // Each of the admin's steps is in the audit trail.
    const audit = await sql<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from admin_audit where object_kind = 'return' and object_id = ?
        order by id`,
      [String(req.body.id)],
    );
    expect(audit).toEqual([
      { action: 'return.update', before: { status: 'REQUESTED' }, after: { status: 'RECEIVED' } },
      {
        action: 'return.update',
        before: { status: 'RECEIVED' },
        after: { status: 'REFUNDED', amountCents: 22500, method: 'TRANSFER' },
      },
    ]);
  });

  test('Mercado Pago: a partial refund of the prorated line; a retried refund is one refund at the provider', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId, { card: '555001' });
    const req = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [{ idProducto: 2, talla: 'M', cantidad: 1, motivo: 'No me gustó' }],
    });
    await admin.put(`/api/devoluciones/${req.body.id}`, { estado: 'recibida' });
    // The provider records the refund but its answer is lost: the client asks again with the
    // same X-Idempotency-Key, and the provider answers the refund it made.
    loseNextAnswer = true;
    const first = await admin.put(`/api/devoluciones/${req.body.id}`, { estado: 'reembolsada' });
    expect(first.status).toBe(200);
    // Repeated by the admin (twice at once): the return is refunded already, nothing is asked.
    const [a, b] = await Promise.all([
      admin.put(`/api/devoluciones/${req.body.id}`, { estado: 'reembolsada' }),
      admin.put(`/api/devoluciones/${req.body.id}`, { estado: 'reembolsada' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // One refund at the provider, of the line as paid: $400 − $40 of the coupon.
    const mine = refunds.filter((r) => r.paymentId === '555001');
    expect(mine).toEqual([
      { paymentId: '555001', amount: 360, key: `tienda-devolucion-${req.body.id}` },
    ]);
    expect(a.body).toMatchObject({
      estado: 'reembolsada',
      metodoReembolso: 'mercadopago',
      reembolso: 360,
    });
    expect(first.body).toEqual(a.body);
  });

  test("shipping is refunded only with the whole order returned for the shop's fault", async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    const req = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
      lineas: [
        { ...oneTenis, cantidad: 2 },
        { idProducto: 2, talla: 'M', cantidad: 1, motivo: 'Llegó dañada' },
      ],
    });
    expect(req.body.reembolso).toBe(810);
    await admin.put(`/api/devoluciones/${req.body.id}`, { estado: 'recibida' });
    const ok = await admin.put(`/api/devoluciones/${req.body.id}`, {
      estado: 'reembolsada',
      clabe: '002010077777777771',
      fallaTienda: true,
    });
    // $810 of goods as paid + $220 of shipping = the order's $1,030.
    expect(ok.body).toMatchObject({ reembolso: 1030, envioReembolsado: 220, fallaTienda: true });

    const partial = await customer();
    const other = await deliveredOrder(partial.userId);
    const r2 = await partial.client.post(`/api/pedidos/${other}/devoluciones`, {
      lineas: [oneTenis],
    });
    await admin.put(`/api/devoluciones/${r2.body.id}`, { estado: 'recibida' });
    const noShipping = await admin.put(`/api/devoluciones/${r2.body.id}`, {
      estado: 'reembolsada',
      clabe: '002010077777777771',
      fallaTienda: true,
    });
    expect(noShipping.body).toMatchObject({ reembolso: 225, envioReembolsado: 0 });
  });

  test('the admin lists returns; a customer cannot', async () => {
    const list = await admin.get('/api/devoluciones?estado=reembolsada');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((r: { estado: string }) => r.estado === 'reembolsada')).toBe(true);
    const { client } = await customer();
    expect((await client.get('/api/devoluciones')).status).toBe(403);
    expect((await client.put('/api/devoluciones/1', { estado: 'recibida' })).status).toBe(403);
  });
});

describe("'Cancelado con reembolso'", () => {
  test('a card order the shop cannot fulfil: stock back, the whole payment refunded once by Mercado Pago', async () => {
    const { userId } = await customer();
    const [order] = await sql<{ id: number }>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents,
          total_cents, status) values (?, 25000, 22000, 0, 47000, 'Pagado por mercadopago')
       returning id`,
      [userId],
    );
    const orderId = order!.id;
    await sql(
      `insert into order_line (order_id, product_id, product_name, size, quantity,
          unit_price_cents, on_promotion) values (?, 1, 'Tenis Nike 1 Negro', '26', 1, 25000, false)`,
      [orderId],
    );
    await sql(
      `insert into payment (order_id, method, amount_cents, provider_ref, state, approved_at)
       values (?, 'mercadopago', 48643, '777001', 'approved', now())`,
      [orderId],
    );
    const stock = await stockOf(1, '26');
    const res = await admin.put(`/api/pedidos/${orderId}`, { status: 'Cancelado con reembolso' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Cancelado con reembolso');
    expect(await stockOf(1, '26')).toBe(stock + 1);

    // The event worker calls the provider after the change committed; again, nothing new.
    const worker = () => new OrderEventWorker(shop.orm, mp.events, () => undefined);
    await worker().drain();
    await worker().drain();
    const mine = refunds.filter((r) => r.paymentId === '777001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 486.43 });
    expect(mine[0]!.key).toMatch(new RegExp(`^tienda-cancelacion-${orderId}-`));
    const [payment] = await sql<{ state: string }>('select state from payment where order_id = ?', [
      orderId,
    ]);
    expect(payment!.state).toBe('refunded');
  });
});
