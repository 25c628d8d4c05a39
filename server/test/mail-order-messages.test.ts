import { remindUnpaidOrders, releaseUnpaidOrders } from '../src/modules/orders/unpaid-orders.js';
import { shop, CLABE, smtp, admin, worker, placeOrder } from './support/mail-outbox.js';

/**
 * The messages an order's life sends (support/mail-outbox.ts): paid, shipped, the reminder and
 * the release of an unpaid order; and the admin's view of an order's e-mails, sending one again.
 */

const HOLD_HOURS = 72;
const UPDATE = `mutation U($id: Int!, $s: OrderStatus!, $t: String) {
  updateOrder(id: $id, input: { status: $s, tracking: $t }) { id status } }`;

describe('the delivery address in the e-mails (issue 28 item 4)', () => {
  test("shows the interior number and 'S/N' on the street line, to the shopper and the shop", async () => {
    const inner = await placeOrder(1, 'M', 1, 'number: "10", interiorNumber: "4B"');
    const sn = await placeOrder(
      1,
      'M',
      1,
      'number: "", withoutNumber: true, interiorNumber: "Depto. 2"',
    );
    await worker().drain();
    const mailTo = (email: string) => smtp.received.find((m) => m.to === email)!;
    const line = 'Reforma 10 Int. 4B, Centro, CDMX, CDMX, C.P. 06000';
    expect(mailTo(inner.email).html).toContain(line);
    expect(mailTo(inner.email).text).toContain(line);
    expect(mailTo(sn.email).html).toContain('Reforma S/N Depto. 2, Centro, CDMX, CDMX, C.P. 06000');
    const shopMail = smtp.received.find(
      (m) => m.to === 'admin@example.com' && m.subject.includes(`#${inner.order.id}`),
    )!;
    expect(shopMail.html).toContain(line);
  });
});

describe('order status messages', () => {
  test('paid, shipped with tracking, and cancelled for lack of payment each send their message once, in the order the steps happened', async () => {
    const paid = await placeOrder();
    const shipped = await placeOrder();
    await worker().drain();
    smtp.received.length = 0;

    expect((await admin.gql(UPDATE, { id: paid.order.id, s: 'PAID' })).errors).toBeUndefined();
    // The same status again: no second message.
    expect((await admin.gql(UPDATE, { id: paid.order.id, s: 'PAID' })).errors).toBeUndefined();
    // Issue 24: only a paid order ships (the machine refuses 'Enviado' before 'Pagado'), so the
    // shopper hears of the payment before the parcel.
    const early = await admin.gql(UPDATE, { id: shipped.order.id, s: 'SHIPPED', t: 'GUIA 123' });
    expect(early.errors?.[0]?.extensions?.reason).toBe('UNPAID_SHIPMENT');
    expect((await admin.gql(UPDATE, { id: shipped.order.id, s: 'PAID' })).errors).toBeUndefined();
    expect(
      (await admin.gql(UPDATE, { id: shipped.order.id, s: 'SHIPPED', t: 'GUIA 123' })).errors,
    ).toBeUndefined();
    await worker().drain();

    const subjects = smtp.received.map((m) => `${m.to} ${m.subject}`).sort();
    expect(subjects).toEqual(
      [
        `${paid.email} Confirmamos el pago de tu pedido #${paid.order.id}`,
        `admin@example.com Pedido #${paid.order.id} pagado: $720`,
        `${shipped.email} Confirmamos el pago de tu pedido #${shipped.order.id}`,
        `admin@example.com Pedido #${shipped.order.id} pagado: $720`,
        `${shipped.email} Tu pedido #${shipped.order.id} va en camino`,
      ].sort(),
    );
    expect(smtp.received.filter((m) => m.to === shipped.email).map((m) => m.subject)).toEqual([
      `Confirmamos el pago de tu pedido #${shipped.order.id}`,
      `Tu pedido #${shipped.order.id} va en camino`,
    ]);
    const shippedMail = smtp.received.find(
      (m) => m.to === shipped.email && m.subject.includes('va en camino'),
    )!;
    expect(shippedMail.html).toContain('GUIA 123');
    expect(shippedMail.html).toContain(
      'https://www.estafeta.com/Herramientas/Rastreo?wayBillType=1&amp;wayBill=GUIA%20123',
    );
    expect(shippedMail.text).toContain('wayBill=GUIA%20123');
  });

  test("a reminder about a day before the release, once; then 'Pedido cancelado por falta de pago'", async () => {
    const { email, order } = await placeOrder();
    await worker().drain();
    smtp.received.length = 0;
    const em = shop.orm.em.fork();
    // 50 hours old: past the reminder (48 h into a 72 h hold), before the release.
    await em.execute(
      `update shop_order set created_at = now() - interval '50 hours' where id = ?`,
      [order.id],
    );
    expect(await remindUnpaidOrders(shop.orm.em.fork(), shop.app.announcer)).toBe(1);
    expect(await remindUnpaidOrders(shop.orm.em.fork(), shop.app.announcer)).toBe(0);
    await worker().drain();
    expect(smtp.received.map((m) => m.subject)).toEqual([`Tu pedido #${order.id} espera tu pago`]);
    expect(smtp.received[0]!.text).toContain(CLABE);

    await em.execute(
      `update shop_order set created_at = now() - interval '73 hours' where id = ?`,
      [order.id],
    );
    expect(await releaseUnpaidOrders(shop.orm.em.fork(), HOLD_HOURS, shop.app.events)).toBe(1);
    await worker().drain();
    expect(smtp.received.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
      `Tu pedido #${order.id} espera tu pago`,
      `Cancelamos tu pedido #${order.id} por falta de pago`,
    ]);
  });
});

describe("the admin's view of an order's e-mails", () => {
  const EMAILS = `query E($id: Int!) { orderEmails(orderId: $id) {
    id kind title recipient status attempts lastError sentAt nextAttemptAt } }`;

  test('lists them with their state and sends one again', async () => {
    const { order } = await placeOrder();
    const before = await admin.gql<{
      orderEmails: { id: number; title: string; status: string }[];
    }>(EMAILS, { id: order.id });
    expect(before.data!.orderEmails.map((e) => [e.title, e.status])).toEqual([
      ['Pedido recibido', 'PENDING'],
      ['Nuevo pedido', 'PENDING'],
    ]);
    await worker().drain();
    const sent = await admin.gql<{
      orderEmails: { id: number; status: string; sentAt: string | null }[];
    }>(EMAILS, { id: order.id });
    expect(sent.data!.orderEmails.every((e) => e.status === 'SENT' && e.sentAt)).toBe(true);

    const first = sent.data!.orderEmails[0]!;
    const again = await admin.gql<{ resendOrderEmail: { status: string } }>(
      'mutation R($id: Int!) { resendOrderEmail(id: $id) { status } }',
      { id: first.id },
    );
    expect(again.data!.resendOrderEmail.status).toBe('PENDING');
    const count = smtp.received.length;
    expect(await worker().drain()).toBe(1);
    expect(smtp.received).toHaveLength(count + 1);
    // A new delivery: a new Message-ID, so mail clients do not drop it as a duplicate.
    const ids = smtp.received
      .filter((m) => m.subject.startsWith('Recibimos'))
      .map((m) => m.messageId);
    expect(new Set(ids).size).toBe(2);

    const rest = await admin.get(`/api/pedidos/${order.id}/correos`);
    expect(rest.status).toBe(200);
    expect(rest.body[0]).toMatchObject({
      titulo: 'Pedido recibido',
      estado: 'enviado',
      intentos: 1,
    });
    const missing = await admin.post('/api/correos/999999/reenviar');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Correo no encontrado', reason: 'NOT_FOUND' });
  });
});
