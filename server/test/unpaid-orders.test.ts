import { releaseUnpaidOrders } from '../src/modules/orders/unpaid-orders.js';
import { loadConfig } from '../src/config.js';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/** Issue 7 item 8: unpaid orders give their stock back after ORDER_PAYMENT_HOLD_HOURS. */
const shop = shopWith([{ name: 'Playera Nike 1 Negro', price: 250, stock: { M: 10 } }], {
  rateLimits: false,
});

const HOLD_HOURS = 72;

async function order(hoursAgo: number, status = 'En espera de pago'): Promise<number> {
  const em = shop.orm.em.fork();
  const [userId] = await createUsers(em, [{ email: `sinpago${Math.random()}@example.com` }]);
  const [row] = await em.execute<{ id: number }[]>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents,
        status, created_at)
      values (?, 50000, 22000, 0, 72000, ?, now() - make_interval(hours => ?)) returning id`,
    [userId, status, hoursAgo],
  );
  await em.execute(
    `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
        on_promotion) values (?, 1, 'Playera Nike 1 Negro', 'M', 2, 25000, false)`,
    [row!.id],
  );
  // The checkout took these units from stock.
  await em.execute(`update product_stock set quantity = quantity - 2 where product_id = 1`);
  return row!.id;
}

const statusOf = async (id: number) =>
  (
    await shop.orm.em
      .fork()
      .execute<{ status: string }[]>('select status from shop_order where id = ?', [id])
  )[0]!.status;
const stock = async () =>
  (
    await shop.orm.em
      .fork()
      .execute<{ q: number }[]>(`select quantity as q from product_stock where product_id = 1`)
  )[0]!.q;

describe('unpaid orders release their stock', () => {
  test('ORDER_PAYMENT_HOLD_HOURS defaults to 72 and is validated', () => {
    expect(loadConfig({}).orderPaymentHoldHours).toBe(72);
    expect(loadConfig({ ORDER_PAYMENT_HOLD_HOURS: '24' }).orderPaymentHoldHours).toBe(24);
    expect(() => loadConfig({ ORDER_PAYMENT_HOLD_HOURS: '0' })).toThrow(/ORDER_PAYMENT_HOLD_HOURS/);
  });

  test('an expired unpaid order is cancelled once and its units return once, with two sweeps at the same moment', async () => {
    const expired = await order(HOLD_HOURS + 1);
    const fresh = await order(HOLD_HOURS - 1);
    const paid = await order(HOLD_HOURS + 5, 'Pagado');
    expect(await stock()).toBe(4);

    const [a, b] = await Promise.all([
      releaseUnpaidOrders(shop.orm.em.fork(), HOLD_HOURS, shop.app.events),
      releaseUnpaidOrders(shop.orm.em.fork(), HOLD_HOURS, shop.app.events),
    ]);
    expect(a + b).toBe(1);
    expect(await statusOf(expired)).toBe('Cancelado por falta de pago');
    expect(await statusOf(fresh)).toBe('En espera de pago');
    expect(await statusOf(paid)).toBe('Pagado');
    expect(await stock()).toBe(6);

    // Later sweeps find nothing more to do.
    expect(await releaseUnpaidOrders(shop.orm.em.fork(), HOLD_HOURS, shop.app.events)).toBe(0);
    expect(await stock()).toBe(6);
  });
});

describe("the deadline on screen (issue 28 item 3): Order.holdUntil is the sweep's own", () => {
  test('an unpaid order is held until created + ORDER_PAYMENT_HOLD_HOURS, the instant after which the sweep releases it; a paid one has none', async () => {
    await createUsers(shop.orm.em.fork(), [
      { email: 'plazo@example.com', password: 'Admin12345', role: 'admin' },
    ]);
    const admin = shop.app.client();
    await admin.post('/api/auth/login', { email: 'plazo@example.com', password: 'Admin12345' });
    const holdUntilOf = async (id: number) => {
      const res = await admin.gql<{ order: { createdAt: string; holdUntil: string | null } }>(
        'query O($id: Int!) { order(id: $id) { createdAt holdUntil } }',
        { id },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.order;
    };
    expect(shop.app.config.orderPaymentHoldHours).toBe(HOLD_HOURS);
    const soon = await order(HOLD_HOURS - 1);
    const fresh = await holdUntilOf(soon);
    expect(Date.parse(fresh.holdUntil!) - Date.parse(fresh.createdAt)).toBe(HOLD_HOURS * 3_600_000);
    // An hour left: the sweep keeps it; past the deadline it releases it.
    expect(Date.parse(fresh.holdUntil!)).toBeGreaterThan(Date.now());
    await releaseUnpaidOrders(shop.orm.em.fork(), HOLD_HOURS, shop.app.events);
    expect(await statusOf(soon)).toBe('En espera de pago');
    const late = await order(HOLD_HOURS + 1);
    expect(Date.parse((await holdUntilOf(late)).holdUntil!)).toBeLessThan(Date.now());
    await releaseUnpaidOrders(shop.orm.em.fork(), HOLD_HOURS, shop.app.events);
    expect(await statusOf(late)).toBe('Cancelado por falta de pago');
    // Released, or paid: no deadline.
    expect((await holdUntilOf(late)).holdUntil).toBeNull();
    expect((await holdUntilOf(await order(1, 'Pagado'))).holdUntil).toBeNull();
  });
});
