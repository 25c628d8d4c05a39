import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { releaseUnpaidOrders } from '../src/modules/orders/unpaid-orders.js';
import { cardChargeCents } from '../src/modules/pricing/pricing.js';
import { shopWith, testApp, type HttpClient, type TestApp } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 7 item 6. Mercado Pago cannot be reached from here: a local server speaks its REST API
 * (POST /checkout/preferences, GET /v1/payments/{id}) and the SDK is pointed at it (MP_API_BASE).
 */
const SECRET = 'secreto-del-webhook-de-prueba';
const shop = shopWith([{ name: 'Playera Nike 1 Negro', price: 250, stock: { M: 50 } }], {
  rateLimits: false,
});

let stub: Server;
let mp: TestApp;
const preferences: Record<string, unknown>[] = [];
const payments = new Map<string, Record<string, unknown>>();
let seenAuth: string | undefined;

beforeAll(async () => {
  stub = createServer((req, res) => {
    seenAuth = req.headers.authorization;
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      // The SDK writes the collection path with a trailing slash, as the real API accepts.
      if (req.method === 'POST' && /^\/checkout\/preferences\/?$/.test(req.url ?? '')) {
        const pref = JSON.parse(body) as Record<string, unknown>;
        preferences.push(pref);
        const id = `pref-${preferences.length}`;
        res.end(
          JSON.stringify({
            ...pref,
            id,
            init_point: `https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}`,
          }),
        );
        return;
      }
      const match = /^\/v1\/payments\/(\w+)\/?$/.exec(req.url ?? '');
      const payment = match ? payments.get(match[1]!) : undefined;
      if (req.method === 'GET' && payment) {
        res.end(JSON.stringify(payment));
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
      webhookSecret: SECRET,
      apiBase: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
    },
  });
});

afterAll(async () => {
  await mp?.stop();
  await new Promise((resolve) => stub.close(resolve));
});

let n = 0;
/** A signed-in customer with an order of 2 × $250 waiting for payment. */
async function customerWithOrder(app: TestApp = mp, couponCode: string | null = null) {
  n += 1;
  const email = `tarjeta${n}@example.com`;
  const [userId] = await createUsers(shop.orm.em.fork(), [{ email, password: 'Tarjeta123' }]);
  const client = app.client();
  await client.post('/api/auth/login', { email, password: 'Tarjeta123' });
  const address = await client.gql<{ addAddress: { id: number } }>(`mutation { addAddress(input: {
    firstName: "Ana", lastName: "López", street: "Reforma", number: "10", neighborhood: "Centro",
    postalCode: "06000", city: "CDMX", state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`);
  await client.gql('mutation { addToCart(productId: 1, size: "M", quantity: 2) { itemCount } }');
  const order = await client.gql<{
    checkout: { id: number; totalCents: number; createdAt: string };
  }>(
    `mutation C($a: Int!, $c: String) { checkout(addressId: $a, idempotencyKey: "tarjeta-${n}-clave", couponCode: $c) { id totalCents createdAt } }`,
    { a: address.data!.addAddress.id, c: couponCode },
  );
  return { client, userId: userId!, order: order.data!.checkout };
}

const CREATE = `mutation P($o: Int!) { createCardPayment(orderId: $o) { id initPoint } }`;

/** A notification signed as Mercado Pago signs it. */
function notify(
  client: HttpClient,
  dataId: string,
  options: { secret?: string; ts?: number } = {},
) {
  const ts = options.ts ?? Math.floor(Date.now() / 1000);
  const requestId = `req-${Math.random().toString(36).slice(2)}`;
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  const v1 = createHmac('sha256', options.secret ?? SECRET)
    .update(manifest)
    .digest('hex');
  return client.send(
    'post',
    `/api/mercadopago/webhook?data.id=${dataId}&type=payment`,
    { action: 'payment.updated', type: 'payment', data: { id: dataId } },
    { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
  );
}

const statusOf = async (orderId: number) =>
  (
    await shop.orm.em
      .fork()
      .execute<{ status: string }[]>('select status from shop_order where id = ?', [orderId])
  )[0]!.status;

describe('Mercado Pago', () => {
  test('without MP_ACCESS_TOKEN card payments are off, and the shop says so', async () => {
    const { client, order } = await customerWithOrder(shop.app);
    const settings = await client.gql<{ shopSettings: { cardPaymentsEnabled: boolean } }>(
      '{ shopSettings { cardPaymentsEnabled } }',
    );
    expect(settings.data!.shopSettings.cardPaymentsEnabled).toBe(false);
    const res = await client.gql(CREATE, { o: order.id });
    expect(res.errors?.[0]?.message).toBe('Los pagos con tarjeta no están disponibles por ahora');
  });

  test('the payment page reads the bank-transfer details from the settings', async () => {
    const res = await shop.app.gql<{ shopSettings: { bankTransfer: Record<string, string> } }>(
      '{ shopSettings { bankTransfer { bank holder account clabe card proofPhone } } }',
    );
    expect(res.data!.shopSettings.bankTransfer).toEqual(shop.app.config.bankTransfer);
  });

  test('the preference is built on the server from the order: one item, the card charge, back and notification URLs', async () => {
    const { client, order } = await customerWithOrder();
    const res = await client.gql<{ createCardPayment: { id: string; initPoint: string } }>(CREATE, {
      o: order.id,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createCardPayment.initPoint).toMatch(/^https:\/\/www\.mercadopago\.com\.mx\//);
    expect(seenAuth).toBe('Bearer TEST-token-de-prueba');
    const sent = preferences.at(-1) as {
      items: { unit_price: number; quantity: number; currency_id: string }[];
      external_reference: string;
      back_urls: { success: string };
      notification_url: string;
      expires: boolean;
      expiration_date_to: string;
    };
    expect(sent.items).toEqual([
      expect.objectContaining({
        quantity: 1,
        currency_id: 'MXN',
        unit_price: cardChargeCents(order.totalCents) / 100,
      }),
    ]);
    // 2 × $250 + $220 = $720 → floor(720 + 720 × 0.0349 + 4) = $749
    expect(sent.items[0]!.unit_price).toBe(749);
    expect(sent.external_reference).toBe(String(order.id));
    expect(sent.back_urls.success).toMatch(/#\/mis-pedidos$/);
    expect(sent.notification_url).toMatch(/\/api\/mercadopago\/webhook$/);
    // The checkout closes when the unpaid order would be released (72 h after it was made).
    const made = new Date(order.createdAt).getTime();
    expect(sent.expires).toBe(true);
    expect(new Date(sent.expiration_date_to).getTime() - made).toBe(72 * 3_600_000);

    // The spec's REST path: prices the client sends are ignored.
    const rest = await client.post('/api/mercadopago/crear-preferencia', {
      idPedido: order.id,
      items: [{ title: 'x', unit_price: 1, quantity: 1 }],
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({
      id: expect.stringMatching(/^pref-/),
      init_point: expect.any(String),
    });
    expect((preferences.at(-1) as { items: { unit_price: number }[] }).items[0]!.unit_price).toBe(
      749,
    );
  });

  test('a card charge is recomputed with the coupon: the preference charges the discounted total plus the fee', async () => {
    await shop.orm.em
      .fork()
      .execute(`insert into coupon (code, kind, value) values ('TARJETA100', 'FIXED', 10000)`);
    const { client, order } = await customerWithOrder(mp, 'tarjeta100');
    // 2 × $250 + $220 − $100 = $620 → floor(620 × 1.0349 + 4) = $645
    expect(order.totalCents).toBe(620_00);
    const res = await client.gql(CREATE, { o: order.id });
    expect(res.errors).toBeUndefined();
    const sent = preferences.at(-1) as { items: { unit_price: number }[] };
    expect(sent.items[0]!.unit_price).toBe(645);
    expect(cardChargeCents(order.totalCents)).toBe(645_00);
  });

  test("another customer's order is refused", async () => {
    const a = await customerWithOrder();
    const b = await customerWithOrder();
    const res = await b.client.gql(CREATE, { o: a.order.id });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  test('a forged notification changes nothing; a valid one marks the order paid once; a replay changes nothing', async () => {
    const { order, client } = await customerWithOrder();
    const paymentId = `${9000 + n}`;
    payments.set(paymentId, {
      id: Number(paymentId),
      status: 'approved',
      external_reference: String(order.id),
      transaction_amount: cardChargeCents(order.totalCents) / 100,
    });
    const caller = mp.client();

    const forged = await notify(caller, paymentId, { secret: 'otro-secreto' });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'Firma no válida', reason: 'INVALID_SIGNATURE' });
    const stale = await notify(caller, paymentId, { ts: Math.floor(Date.now() / 1000) - 60 * 60 });
    expect(stale.status).toBe(401);
    const unsigned = await caller.post(
      `/api/mercadopago/webhook?data.id=${paymentId}&type=payment`,
      {},
    );
    expect(unsigned.status).toBe(401);
    expect(await statusOf(order.id)).toBe('En espera de pago');

    const valid = await notify(caller, paymentId);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ ok: true, outcome: 'paid' });
    expect(await statusOf(order.id)).toBe('Pagado por mercadopago');
    // Shown as such through both doors (PAID with a Mercado Pago payment record, issue 24); no
    // payment is offered any more.
    const mine = await client.gql<{ order: { status: string; paymentSettled: boolean } }>(
      'query O($id: Int!) { order(id: $id) { status paymentSettled } }',
      { id: order.id },
    );
    expect(mine.data!.order).toEqual({ status: 'PAID_MERCADOPAGO', paymentSettled: true });
    const rest = await client.get(`/api/pedidos/${order.id}`);
    expect(rest.body.status).toBe('Pagado por mercadopago');
    const [event] = await shop.orm.em
      .fork()
      .execute<{ type: string; payload: { method: string } }[]>(
        'select type, payload from order_event where order_id = ? and type = ?',
        [order.id, 'order.paid'],
      );
    expect(event!.payload.method).toBe('mercadopago');

    const replay = await notify(caller, paymentId);
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe('ignored');
    // The payment is a record of its own (one, however often it is notified), of the card charge.
    const rows = await shop.orm.em
      .fork()
      .execute<{ method: string; provider_ref: string; amount_cents: number; state: string }[]>(
        'select method, provider_ref, amount_cents, state from payment where order_id = ?',
        [order.id],
      );
    expect(rows).toEqual([
      {
        method: 'mercadopago',
        provider_ref: paymentId,
        amount_cents: cardChargeCents(order.totalCents),
        state: 'approved',
      },
    ]);
  });

  test('a payment that is not approved, or whose amount is not the card charge, does not pay the order', async () => {
    const { order } = await customerWithOrder();
    payments.set('7001', {
      id: 7001,
      status: 'pending',
      external_reference: String(order.id),
      transaction_amount: cardChargeCents(order.totalCents) / 100,
    });
    payments.set('7002', {
      id: 7002,
      status: 'approved',
      external_reference: String(order.id),
      transaction_amount: 1,
    });
    expect((await notify(mp.client(), '7001')).body.outcome).toBe('ignored');
    expect((await notify(mp.client(), '7002')).body.outcome).toBe('ignored');
    expect(await statusOf(order.id)).toBe('En espera de pago');
  });

  test('a card payment that arrives after the sweep cancelled the order pays it and takes its units again, or changes nothing when they are gone', async () => {
    const stockOf = async () =>
      (
        await shop.orm.em
          .fork()
          .execute<{ stock: number }[]>(
            "select quantity as stock from product_stock where product_id = 1 and size = 'M'",
          )
      )[0]!.stock;
    const cancel = (orderId: number) =>
      shop.orm.em
        .fork()
        .execute("update shop_order set created_at = now() - interval '1000 hours' where id = ?", [
          orderId,
        ])
        .then(() => releaseUnpaidOrders(shop.orm.em.fork(), 72, shop.app.events));

    // Late, with stock: the 2 units returned by the sweep are taken again.
    const late = await customerWithOrder();
    await cancel(late.order.id);
    expect(await statusOf(late.order.id)).toBe('Cancelado por falta de pago');
    const before = await stockOf();
    payments.set('8101', {
      id: 8101,
      status: 'approved',
      external_reference: String(late.order.id),
      transaction_amount: cardChargeCents(late.order.totalCents) / 100,
    });
    expect((await notify(mp.client(), '8101')).body.outcome).toBe('paid');
    expect(await statusOf(late.order.id)).toBe('Pagado por mercadopago');
    expect(await stockOf()).toBe(before - 2);

    // Late, with the size sold out meanwhile: the order stays cancelled and no stock moves.
    const gone = await customerWithOrder();
    await cancel(gone.order.id);
    const saved = await stockOf();
    await shop.orm.em
      .fork()
      .execute("update product_stock set quantity = 1 where product_id = 1 and size = 'M'");
    payments.set('8102', {
      id: 8102,
      status: 'approved',
      external_reference: String(gone.order.id),
      transaction_amount: cardChargeCents(gone.order.totalCents) / 100,
    });
    expect((await notify(mp.client(), '8102')).body.outcome).toBe('ignored');
    expect(await statusOf(gone.order.id)).toBe('Cancelado por falta de pago');
    expect(await stockOf()).toBe(1);
    await shop.orm.em
      .fork()
      .execute("update product_stock set quantity = ? where product_id = 1 and size = 'M'", [
        saved,
      ]);
  });
});
