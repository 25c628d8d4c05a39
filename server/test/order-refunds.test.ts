import { ORDER_REFUND_MESSAGES, RETURN_MESSAGES } from '@tienda/rules';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import { ADD, ADDRESS, CHECKOUT, UPDATE } from './support/order-documents.js';

/**
 * Issue 25 item 6: a transfer-paid order 'Cancelado con reembolso' (modules/returns/
 * transfer-refunds.ts). The cancellation records the refund 'PENDING' (one record however often
 * it is repeated) and tells the customer; the admin marks it sent to the customer's CLABE (check
 * digit verified), who and when recorded and audited, the payment 'refunded', the 'refunded'
 * e-mail written once; the customer reads its state in 'Mis pedidos'. Each refusal, both doors.
 */
const shop = shopWith([{ name: 'Playera Nike 1 Negro', price: 250, stock: { M: 100 } }], {
  rateLimits: false,
});
const db = () => shop.orm.em.fork();

const CLABE = '012180001234567899';
const REFUND_FIELDS =
  'refund { orderId status amountCents clabe refundedAt refundedBy refundedByEmail }';
const MARK = `mutation M($id: Int!, $clabe: String!) { markOrderRefunded(orderId: $id, clabe: $clabe) {
  orderId status amountCents clabe refundedAt refundedBy refundedByEmail } }`;
const MY_ORDERS = `{ myOrders(offset: 0, limit: 20) { items { id status ${REFUND_FIELDS} } } }`;

let admin: HttpClient;
let adminId: number;
let n = 0;
beforeAll(async () => {
  [adminId] = (await createUsers(db(), [
    { email: 'reembolsos.admin@example.com', password: 'Admin1234', role: 'admin' },
  ])) as [number];
  admin = shop.app.client();
  await admin.post('/api/auth/login', {
    email: 'reembolsos.admin@example.com',
    password: 'Admin1234',
  });
});

async function customer() {
  n += 1;
  const email = `reembolso${n}@example.com`;
  const [id] = await createUsers(db(), [{ email, password: 'Compra1234', name: `Cliente ${n}` }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  return { client, id: id!, email };
}

/** An order of `client`'s (2 playeras), paid by transfer (the admin's 'Pagado'). */
async function paidOrder(client: HttpClient): Promise<number> {
  await client.gql(ADD, { p: 1, s: 'M', q: 2 });
  const address = await client.gql<{ addAddress: { id: number } }>(ADDRESS);
  const placed = await client.gql<{ checkout: { id: number } }>(CHECKOUT, {
    a: address.data!.addAddress.id,
    k: `reembolso-${n}-${Date.now()}`,
  });
  const id = placed.data!.checkout.id;
  expect((await admin.gql(UPDATE, { id, input: { status: 'PAID' } })).errors).toBeUndefined();
  return id;
}

const cancelWithRefund = (id: number) =>
  admin.gql<{ updateOrder: { status: string } }>(UPDATE, {
    id,
    input: { status: 'CANCELLED_REFUNDED' },
  });

const refundRows = (orderId: number) =>
  db().execute<{ status: string; amount_cents: number; clabe: string | null }[]>(
    'select status, amount_cents, clabe from order_refund where order_id = ?',
    [orderId],
  );
const refundMails = (orderId: number) =>
  db().execute<{ event_key: string; recipient: string; props: Record<string, unknown> }[]>(
    `select event_key, recipient, props from mail_outbox where order_id = ? and kind = 'order-refund'
      order by id`,
    [orderId],
  );

describe("a transfer-paid order 'Cancelado con reembolso'", () => {
  test('records one pending refund of what was paid, tells the customer, and shows it in Mis pedidos', async () => {
    const { client, email } = await customer();
    const orderId = await paidOrder(client);
    const [order] = await db().execute<{ total_cents: number }[]>(
      'select total_cents from shop_order where id = ?',
      [orderId],
    );
    const res = await cancelWithRefund(orderId);
    expect(res.errors).toBeUndefined();
    // The same change again (a second click, another instance) adds nothing.
    await cancelWithRefund(orderId);
    expect(await refundRows(orderId)).toEqual([
      { status: 'PENDING', amount_cents: order!.total_cents, clabe: null },
    ]);
    const mails = await refundMails(orderId);
    expect(mails).toEqual([
      {
        event_key: `order:${orderId}:refund-pending`,
        recipient: email,
        props: expect.objectContaining({ step: 'pending', amountCents: order!.total_cents }),
      },
    ]);

    const mine = await client.gql<{
      myOrders: { items: { id: number; status: string; refund: Record<string, unknown> }[] };
    }>(MY_ORDERS);
    expect(mine.data!.myOrders.items.find((o) => o.id === orderId)).toEqual({
      id: orderId,
      status: 'CANCELLED_REFUNDED',
      refund: {
        orderId,
        status: 'PENDING',
        amountCents: order!.total_cents,
        clabe: null,
        refundedAt: null,
        refundedBy: null,
        refundedByEmail: null,
      },
    });
    const rest = await client.get(`/api/pedidos/${orderId}/reembolso`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      idPedido: orderId,
      estado: 'pendiente',
      monto: order!.total_cents / 100,
      clabe: null,
      reembolsado: null,
    });
  });

  test('the admin marks it sent to a checked CLABE: who and when, audited, payment refunded, one e-mail; a repeat changes nothing', async () => {
    const { client, email } = await customer();
    const orderId = await paidOrder(client);
    await cancelWithRefund(orderId);

    // Each refusal first, on both doors: nothing moves.
    const none = await admin.put(`/api/pedidos/${orderId}/reembolso`, {});
    expect([none.status, none.body.error, none.body.reason]).toEqual([
      400,
      RETURN_MESSAGES.clabeRequired,
      'REQUIRED',
    ]);
    const bad = await admin.put(`/api/pedidos/${orderId}/reembolso`, {
      clabe: '012180001234567891',
    });
    expect([bad.status, bad.body.error, bad.body.reason]).toEqual([
      400,
      RETURN_MESSAGES.invalidClabe,
      'INVALID_CLABE',
    ]);
    const badGql = await admin.gql(MARK, { id: orderId, clabe: '12345' });
    expect(badGql.errors?.[0]?.message).toBe(RETURN_MESSAGES.invalidClabe);
    const byCustomer = await client.put(`/api/pedidos/${orderId}/reembolso`, { clabe: CLABE });
    expect(byCustomer.status).toBe(403);
    const byCustomerGql = await client.gql(MARK, { id: orderId, clabe: CLABE });
    expect(byCustomerGql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ status: 'PENDING', clabe: null }),
    ]);

    // Two clicks at once (spaces in the CLABE as people write it), then a third later.
    const spaced = '012 180 00123456789 9';
    const [a, b] = await Promise.all([
      admin.put(`/api/pedidos/${orderId}/reembolso`, { clabe: spaced }),
      admin.gql<{ markOrderRefunded: Record<string, unknown> }>(MARK, {
        id: orderId,
        clabe: spaced,
      }),
    ]);
    expect(a.status).toBe(200);
    expect(b.errors).toBeUndefined();
    expect(a.body).toMatchObject({
      estado: 'reembolsado',
      clabe: CLABE,
      reembolsadoPor: adminId,
    });
    expect(b.data!.markOrderRefunded).toMatchObject({
      status: 'REFUNDED',
      clabe: CLABE,
      refundedBy: adminId,
      refundedByEmail: 'reembolsos.admin@example.com',
    });
    const again = await admin.gql<{ markOrderRefunded: { refundedAt: string } }>(MARK, {
      id: orderId,
      clabe: '002180700000000002',
    });
    expect(again.errors).toBeUndefined();
    expect(again.data!.markOrderRefunded.refundedAt).toBe(a.body.reembolsado);

    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ status: 'REFUNDED', clabe: CLABE }),
    ]);
    const payments = await db().execute<{ method: string; state: string }[]>(
      'select method, state from payment where order_id = ?',
      [orderId],
    );
    expect(payments).toEqual([{ method: 'transfer', state: 'refunded' }]);
    const audit = await db().execute<{ user_id: number; after: Record<string, unknown> }[]>(
      `select user_id, "after" from admin_audit where action = 'order.refund' and object_id = ?`,
      [String(orderId)],
    );
    expect(audit).toEqual([
      { user_id: adminId, after: expect.objectContaining({ refund: 'REFUNDED', clabe: CLABE }) },
    ]);
    expect((await refundMails(orderId)).map((m) => [m.event_key, m.recipient, m.props])).toEqual([
      [`order:${orderId}:refund-pending`, email, expect.anything()],
      [
        `order:${orderId}:refund-refunded`,
        email,
        expect.objectContaining({ step: 'refunded', clabeEnd: '7899' }),
      ],
    ]);

    // The customer reads it in 'Mis pedidos' (their own CLABE, not who did it).
    const mine = await client.gql<{
      myOrders: { items: { id: number; refund: Record<string, unknown> }[] };
    }>(MY_ORDERS);
    expect(mine.data!.myOrders.items.find((o) => o.id === orderId)!.refund).toMatchObject({
      status: 'REFUNDED',
      clabe: CLABE,
      refundedAt: a.body.reembolsado,
      refundedBy: null,
      refundedByEmail: null,
    });
  });

  test("another customer's order, an order without a transfer refund and a card-paid one are refused or skipped", async () => {
    const owner = await customer();
    const other = await customer();
    const orderId = await paidOrder(owner.client);
    await cancelWithRefund(orderId);

    // Another customer can read nothing of it.
    const peek = await other.client.get(`/api/pedidos/${orderId}/reembolso`);
    expect(peek.status).toBe(403);
    const mine = await other.client.gql<{ myOrders: { items: { id: number }[] } }>(MY_ORDERS);
    expect(mine.data!.myOrders.items.some((o) => o.id === orderId)).toBe(false);

    // A paid order that was not cancelled has no refund to mark or read.
    const live = await paidOrder(owner.client);
    const noRefund = await admin.put(`/api/pedidos/${live}/reembolso`, { clabe: CLABE });
    expect([noRefund.status, noRefund.body.error, noRefund.body.reason]).toEqual([
      404,
      ORDER_REFUND_MESSAGES.notFound,
      'NO_REFUND',
    ]);
    expect((await owner.client.get(`/api/pedidos/${live}/reembolso`)).status).toBe(404);
    expect((await admin.put('/api/pedidos/999999/reembolso', { clabe: CLABE })).status).toBe(404);

    // Paid by card: Mercado Pago's refund is CancellationRefunder's, so no transfer refund here.
    const card = await paidOrder(owner.client);
    await db().execute(
      `update payment set method = 'mercadopago', provider_ref = ? where order_id = ?`,
      [`mp-${card}`, card],
    );
    expect((await cancelWithRefund(card)).errors).toBeUndefined();
    expect(await refundRows(card)).toEqual([]);
    expect(await refundMails(card)).toEqual([]);
    const cardOrders = await owner.client.gql<{
      myOrders: { items: { id: number; refund: unknown }[] };
    }>(MY_ORDERS);
    expect(cardOrders.data!.myOrders.items.find((o) => o.id === card)!.refund).toBeNull();
  });
});
