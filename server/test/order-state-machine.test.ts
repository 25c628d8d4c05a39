import { lockOrders, applyStatusChange } from '../src/modules/orders/order-status.js';
import { MACHINE_MESSAGES, type OrderState } from '../src/modules/orders/order-machine.js';
import { withTransaction } from '../src/modules/shared/transaction.js';
import { DomainError } from '../src/modules/shared/errors.js';
import { ORDER_STATUS, type OrderStatus } from '@tienda/rules';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 24 item 2: the order state machine (modules/orders/order-machine.ts), every (from, to)
 * pair through the one status-change function, against PostgreSQL: allowed pairs move stock,
 * record the payment and emit their events; refused ones say why (Spanish message, stable
 * reason) and change nothing.
 */
const shop = shopWith([{ name: 'Playera Nike 1 Negro', price: 250, stock: { M: 200 } }], {
  rateLimits: false,
});

const LABEL: Record<OrderState, OrderStatus> = {
  AWAITING_PAYMENT: ORDER_STATUS.AWAITING_PAYMENT,
  PAID: ORDER_STATUS.PAID,
  SHIPPED: ORDER_STATUS.SHIPPED,
  DELIVERED: ORDER_STATUS.DELIVERED,
  CANCELLED: ORDER_STATUS.CANCELLED_UNPAID,
  CANCELLED_REFUNDED: ORDER_STATUS.CANCELLED_REFUNDED,
};
const STATES = Object.keys(LABEL) as OrderState[];

type Outcome =
  { events: string[]; stock: number } | 'same' | 'TRANSITION_NOT_ALLOWED' | 'UNPAID_SHIPMENT';

/** What the issue asks of every pair, written out here independently of the machine's table. */
const EXPECTED: Record<OrderState, Record<OrderState, Outcome>> = {
  AWAITING_PAYMENT: {
    AWAITING_PAYMENT: 'same',
    PAID: { events: ['order.paid'], stock: 0 },
    SHIPPED: 'UNPAID_SHIPMENT',
    DELIVERED: 'TRANSITION_NOT_ALLOWED',
    CANCELLED: { events: ['order.cancelled'], stock: 2 },
    CANCELLED_REFUNDED: 'TRANSITION_NOT_ALLOWED',
  },
  PAID: {
    AWAITING_PAYMENT: 'TRANSITION_NOT_ALLOWED',
    PAID: 'same',
    SHIPPED: { events: ['order.shipped'], stock: 0 },
    DELIVERED: 'TRANSITION_NOT_ALLOWED',
    CANCELLED: { events: ['order.cancelled'], stock: 2 },
    CANCELLED_REFUNDED: { events: ['order.cancelled', 'order.refunded'], stock: 2 },
  },
  SHIPPED: {
    AWAITING_PAYMENT: 'TRANSITION_NOT_ALLOWED',
    PAID: 'TRANSITION_NOT_ALLOWED',
    SHIPPED: 'same',
    DELIVERED: { events: ['order.delivered'], stock: 0 },
    CANCELLED: 'TRANSITION_NOT_ALLOWED',
    CANCELLED_REFUNDED: 'TRANSITION_NOT_ALLOWED',
  },
  DELIVERED: {
    AWAITING_PAYMENT: 'TRANSITION_NOT_ALLOWED',
    PAID: 'TRANSITION_NOT_ALLOWED',
    SHIPPED: 'TRANSITION_NOT_ALLOWED',
    DELIVERED: 'same',
    CANCELLED: 'TRANSITION_NOT_ALLOWED',
    CANCELLED_REFUNDED: 'TRANSITION_NOT_ALLOWED',
  },
  CANCELLED: {
    AWAITING_PAYMENT: { events: ['order.reactivated'], stock: -2 },
    PAID: { events: ['order.reactivated', 'order.paid'], stock: -2 },
    SHIPPED: 'TRANSITION_NOT_ALLOWED',
    DELIVERED: 'TRANSITION_NOT_ALLOWED',
    CANCELLED: 'same',
    CANCELLED_REFUNDED: 'TRANSITION_NOT_ALLOWED',
  },
  CANCELLED_REFUNDED: {
    AWAITING_PAYMENT: 'TRANSITION_NOT_ALLOWED',
    PAID: 'TRANSITION_NOT_ALLOWED',
    SHIPPED: 'TRANSITION_NOT_ALLOWED',
    DELIVERED: 'TRANSITION_NOT_ALLOWED',
    CANCELLED: 'TRANSITION_NOT_ALLOWED',
    CANCELLED_REFUNDED: 'same',
  },
};

let userId: number;
beforeAll(async () => {
  [userId] = (await createUsers(shop.orm.em.fork(), [{ email: 'maquina@example.com' }])) as [
    number,
  ];
});

/** An order of 2 Playera M in `state` (its units taken from stock, unless cancelled). */
async function orderIn(state: OrderState): Promise<number> {
  const em = shop.orm.em.fork();
  const tracking = state === 'SHIPPED' || state === 'DELIVERED' ? 'GUIA-0' : null;
  const [row] = await em.execute<{ id: number }[]>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents,
        status, tracking) values (?, 50000, 22000, 0, 72000, ?, ?) returning id`,
    [userId, LABEL[state], tracking],
  );
  await em.execute(
    `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
        on_promotion) values (?, 1, 'Playera Nike 1 Negro', 'M', 2, 25000, false)`,
    [row!.id],
  );
  if (state !== 'CANCELLED' && state !== 'CANCELLED_REFUNDED') {
    await em.execute(`update product_stock set quantity = quantity - 2 where product_id = 1`);
  }
  return row!.id;
}

const stock = async () =>
  (
    await shop.orm.em
      .fork()
      .execute<{ q: number }[]>(`select quantity as q from product_stock where product_id = 1`)
  )[0]!.q;

const row = async (id: number) =>
  (
    await shop.orm.em
      .fork()
      .execute<{ status: string; tracking: string | null }[]>(
        'select status, tracking from shop_order where id = ?',
        [id],
      )
  )[0]!;

const eventsOf = async (id: number) =>
  (
    await shop.orm.em
      .fork()
      .execute<{ type: string; payload: Record<string, unknown> }[]>(
        'select type, payload from order_event where order_id = ? order by id',
        [id],
      )
  ).map((e) => e.type);

const paymentsOf = (id: number) =>
  shop.orm.em
    .fork()
    .execute<{ method: string; amount_cents: number; state: string }[]>(
      'select method, amount_cents, state from payment where order_id = ?',
      [id],
    );

/** The change through the one status function, as the admin's edit makes it. */
const change = (id: number, to: OrderState, extras: { overrideReason?: string } = {}) =>
  withTransaction(shop.orm.em.fork(), async (tx) =>
    applyStatusChange(tx, shop.app.events, await lockOrders(tx, [id]), LABEL[to], {
      tracking: to === 'SHIPPED' ? 'GUIA-1' : undefined,
      ...extras,
    }),
  );

describe('the order state machine: every (from, to) pair', () => {
  for (const from of STATES) {
    for (const to of STATES) {
      const expected = EXPECTED[from][to];
      const name =
        typeof expected === 'string' ? expected : `allowed (${expected.events.join(', ')})`;
      test(`${from} → ${to}: ${name}`, async () => {
        const id = await orderIn(from);
        const before = await row(id);
        const stockBefore = await stock();
        if (expected === 'same') {
          const changed = await change(id, to);
          // Staying is no transition: no event, no stock (a new tracking may be written).
          expect(changed.length).toBe(to === 'SHIPPED' ? 1 : 0);
          expect((await row(id)).status).toBe(before.status);
          expect(await eventsOf(id)).toEqual([]);
          expect(await stock()).toBe(stockBefore);
          return;
        }
        if (typeof expected === 'string') {
          const error = await change(id, to).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(DomainError);
          expect(error).toMatchObject({
            code: 'CONFLICT',
            reason: expected,
            message:
              expected === 'UNPAID_SHIPMENT'
                ? MACHINE_MESSAGES.unpaidShipment
                : `No se puede cambiar un pedido de «${LABEL[from]}» a «${LABEL[to]}»`,
          });
          expect(await row(id)).toEqual(before);
          expect(await eventsOf(id)).toEqual([]);
          expect(await stock()).toBe(stockBefore);
          return;
        }
        expect((await change(id, to)).map((o) => o.id)).toEqual([id]);
        expect((await row(id)).status).toBe(LABEL[to]);
        expect(await eventsOf(id)).toEqual(expected.events);
        expect(await stock()).toBe(stockBefore + expected.stock);
        // Paying records an approved transfer of the total (the admin's confirmation).
        expect(await paymentsOf(id)).toEqual(
          expected.events.includes('order.paid')
            ? [{ method: 'transfer', amount_cents: 72000, state: 'approved' }]
            : [],
        );
      });
    }
  }
});

describe('the state machine at the edges', () => {
  test('the spec\'s Spanish words are labels of five states; "Pagado por mercadopago" is PAID', () => {
    expect(Object.values(LABEL).sort()).toEqual(
      Object.values(ORDER_STATUS)
        .filter((s) => s !== ORDER_STATUS.PAID_MERCADOPAGO)
        .sort(),
    );
  });

  test("'Enviado' needs a tracking number: 'Para marcar el pedido como enviado escribe el número de guía'", async () => {
    const id = await orderIn('PAID');
    const error = await withTransaction(shop.orm.em.fork(), async (tx) =>
      applyStatusChange(tx, shop.app.events, await lockOrders(tx, [id]), ORDER_STATUS.SHIPPED),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'TRACKING_REQUIRED',
      message: 'Para marcar el pedido como enviado escribe el número de guía',
    });
    expect((await row(id)).status).toBe('Pagado');
  });

  test("an unpaid order ships with the admin's written reason, recorded on its event", async () => {
    const id = await orderIn('AWAITING_PAYMENT');
    const blank = await change(id, 'SHIPPED', { overrideReason: '   ' }).catch((e: unknown) => e);
    expect(blank).toMatchObject({ reason: 'UNPAID_SHIPMENT' });
    await change(id, 'SHIPPED', { overrideReason: 'Pagó en efectivo en la tienda' });
    expect(await row(id)).toEqual({ status: 'Enviado', tracking: 'GUIA-1' });
    const [event] = await shop.orm.em
      .fork()
      .execute<{ type: string; payload: Record<string, unknown> }[]>(
        'select type, payload from order_event where order_id = ?',
        [id],
      );
    expect(event).toEqual({
      type: 'order.shipped',
      payload: {
        from: 'En espera de pago',
        to: 'Enviado',
        tracking: 'GUIA-1',
        overrideReason: 'Pagó en efectivo en la tienda',
      },
    });
    // Not paid: no payment is recorded.
    expect(await paymentsOf(id)).toEqual([]);
  });

  test('through GraphQL and REST a refused pair is a 409 with its reason, and the order stays', async () => {
    const [adminId] = await createUsers(shop.orm.em.fork(), [
      { email: 'jefa@example.com', password: 'Secreta123', role: 'admin' },
    ]);
    expect(adminId).toBeDefined();
    const admin = shop.app.client();
    expect(
      (await admin.post('/api/auth/login', { email: 'jefa@example.com', password: 'Secreta123' }))
        .status,
    ).toBe(200);
    const id = await orderIn('SHIPPED');
    const gql = await admin.gql(
      `mutation U($id: Int!) { updateOrder(id: $id, input: { status: CANCELLED_UNPAID }) { id } }`,
      { id },
    );
    expect(gql.errors?.[0]).toMatchObject({
      message: 'No se puede cambiar un pedido de «Enviado» a «Cancelado por falta de pago»',
      extensions: { code: 'CONFLICT', reason: 'TRANSITION_NOT_ALLOWED' },
    });
    const rest = await admin.put(`/api/pedidos/${id}`, { status: 'Cancelado por falta de pago' });
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({
      error: 'No se puede cambiar un pedido de «Enviado» a «Cancelado por falta de pago»',
      reason: 'TRANSITION_NOT_ALLOWED',
    });
    expect((await row(id)).status).toBe('Enviado');
  });

  test("'Entregado' records when: delivered_at is set by the change into it, and kept", async () => {
    const id = await orderIn('SHIPPED');
    const deliveredAt = async () =>
      (
        await shop.orm.em
          .fork()
          .execute<{ delivered_at: Date | null }[]>(
            'select delivered_at from shop_order where id = ?',
            [id],
          )
      )[0]!.delivered_at;
    expect(await deliveredAt()).toBeNull();
    const before = Date.now();
    await change(id, 'DELIVERED');
    const at = await deliveredAt();
    expect(at).not.toBeNull();
    expect(new Date(at!).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    // A tracking edit later keeps the date.
    await withTransaction(shop.orm.em.fork(), async (tx) =>
      applyStatusChange(tx, shop.app.events, await lockOrders(tx, [id]), ORDER_STATUS.DELIVERED, {
        tracking: 'GUIA-2',
      }),
    );
    expect(await deliveredAt()).toEqual(at);
  });

  test("the admin's edit offers 'Entregado' and 'Cancelado con reembolso' (REST), stock back", async () => {
    await createUsers(shop.orm.em.fork(), [
      { email: 'jefe2@example.com', password: 'Secreta123', role: 'admin' },
    ]);
    const admin = shop.app.client();
    await admin.post('/api/auth/login', { email: 'jefe2@example.com', password: 'Secreta123' });
    const shipped = await orderIn('SHIPPED');
    const delivered = await admin.put(`/api/pedidos/${shipped}`, { status: 'Entregado' });
    expect(delivered.status).toBe(200);
    expect((await row(shipped)).status).toBe('Entregado');

    const paid = await orderIn('PAID');
    const stockBefore = await stock();
    const gql = await admin.gql(
      `mutation U($id: Int!) { updateOrder(id: $id, input: { status: CANCELLED_REFUNDED }) { id status } }`,
      { id: paid },
    );
    expect(gql.errors).toBeUndefined();
    expect((await row(paid)).status).toBe('Cancelado con reembolso');
    expect(await stock()).toBe(stockBefore + 2);
    expect(await eventsOf(paid)).toEqual(['order.cancelled', 'order.refunded']);
  });
});
