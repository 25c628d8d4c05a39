import type { EntityManager } from '@mikro-orm/postgresql';
import { MailWorker } from '../src/modules/mail/worker.js';
import { brandOf } from '../src/modules/mail/brand.js';
import { smtpTransport } from '../src/modules/mail/transport.js';
import {
  type DeferredOrderSubscriber,
  type OrderEvent,
  OrderEventWorker,
} from '../src/modules/orders/order-events.js';
import { applyStatusChange, lockOrders } from '../src/modules/orders/order-status.js';
import { releaseUnpaidOrders } from '../src/modules/orders/unpaid-orders.js';
import { withTransaction } from '../src/modules/shared/transaction.js';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';

/**
 * Issue 24 item 3: an order's domain events (`order_event`), written in the change's transaction,
 * and their subscribers: the order e-mails (inline: the outbox is their delivery) and deferred
 * ones registered in order-subscribers.ts (here two test subscribers), each with its own
 * `event_delivery` row, retried on its own by the event worker.
 */

/** Remembers every event it handled (its writes commit with the delivery: a table of its own). */
const seen: OrderEvent[] = [];
const recorder: DeferredOrderSubscriber = {
  name: 'test-recorder',
  async handle(tx: EntityManager, event: OrderEvent) {
    await tx.execute('insert into test_event_seen (event_id) values (?)', [event.id]);
    seen.push(event);
  },
};
/** Fails while `failing` is true (a coupon service that is down). */
let failing = false;
let flakyCalls = 0;
const flaky: DeferredOrderSubscriber = {
  name: 'test-flaky',
  async handle() {
    flakyCalls += 1;
    if (failing) throw new Error('servicio caído');
  },
};

// Before shopWith's hooks, so it runs while the database is still open (hooks run in order).
afterAll(async () => {
  await smtp.close();
  await db().execute('drop table if exists test_event_seen');
});

const shop = shopWith(
  [{ name: 'Playera Nike 1 Negro', price: 250, stock: { M: 10 } }],
  { rateLimits: false },
  [recorder, flaky],
);
let smtp: TestSmtp;
let userId: number;
const db = () => shop.orm.em.fork();

beforeAll(async () => {
  await db().execute('create table if not exists test_event_seen (event_id bigint unique)');
  [userId] = (await createUsers(db(), [{ email: 'eventos@example.com', name: 'Eva' }])) as [number];
  smtp = await startTestSmtp();
});

async function order(hoursAgo = 0): Promise<number> {
  const [row] = await db().execute<{ id: number }[]>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents,
        created_at) values (?, 50000, 22000, 0, 72000, now() - make_interval(hours => ?))
      returning id`,
    [userId, hoursAgo],
  );
  await db().execute(
    `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
        on_promotion) values (?, 1, 'Playera Nike 1 Negro', 'M', 2, 25000, false)`,
    [row!.id],
  );
  await db().execute(`update product_stock set quantity = quantity - 2 where product_id = 1`);
  return row!.id;
}

const pay = (id: number) =>
  withTransaction(db(), async (tx) =>
    applyStatusChange(tx, shop.app.events, await lockOrders(tx, [id]), 'Pagado'),
  );

const eventsOf = async (id: number) =>
  (
    await db().execute<{ type: string }[]>(
      'select type from order_event where order_id = ? order by id',
      [id],
    )
  ).map((e) => e.type);

const deliveriesOf = (id: number) =>
  db().execute<{ subscriber: string; status: string; attempts: number }[]>(
    `select d.subscriber, d.status, d.attempts from event_delivery d
       join order_event e on e.id = d.event_id where e.order_id = ? order by d.subscriber`,
    [id],
  );

const eventWorker = () => new OrderEventWorker(shop.orm, shop.app.events, () => undefined);
const mailWorker = () =>
  new MailWorker(shop.orm, {
    transport: smtpTransport(smtp.url),
    queue: shop.app.mail,
    brand: brandOf(shop.app.config),
    from: shop.app.config.mail.from,
    log: () => undefined,
  });

describe('order events', () => {
  test('placing an order through the checkout records order.placed with one delivery per deferred subscriber', async () => {
    const client = shop.app.client();
    await createUsers(db(), [{ email: 'compra@example.com', password: 'Compra1234' }]);
    await client.post('/api/auth/login', { email: 'compra@example.com', password: 'Compra1234' });
    const address = await client.gql<{ addAddress: { id: number } }>(`mutation {
      addAddress(input: { firstName: "Ana", lastName: "López", street: "Reforma", number: "10",
        neighborhood: "Centro", postalCode: "06000", city: "CDMX", state: "CDMX",
        references: "Portón", phone: "5512345678" }) { id } }`);
    await client.gql(`mutation { addToCart(productId: 1, size: "M", quantity: 1) { itemCount } }`);
    const res = await client.gql<{ checkout: { id: number } }>(
      `mutation C($a: Int!) { checkout(addressId: $a, idempotencyKey: "clave-eventos-1") { id } }`,
      { a: address.data!.addAddress.id },
    );
    expect(res.errors).toBeUndefined();
    const id = res.data!.checkout.id;
    const [placed] = await db().execute<{ type: string; actor_id: number | null }[]>(
      'select type, actor_id from order_event where order_id = ?',
      [id],
    );
    expect(placed!.type).toBe('order.placed');
    expect(placed!.actor_id).not.toBeNull();
    expect(await deliveriesOf(id)).toEqual([
      { subscriber: 'test-flaky', status: 'pending', attempts: 0 },
      { subscriber: 'test-recorder', status: 'pending', attempts: 0 },
    ]);
    await eventWorker().drain();
    expect(await deliveriesOf(id)).toEqual([
      { subscriber: 'test-flaky', status: 'done', attempts: 1 },
      { subscriber: 'test-recorder', status: 'done', attempts: 1 },
    ]);
    expect(seen.some((e) => e.orderId === id && e.type === 'order.placed')).toBe(true);
  });

  test('a change that rolls back leaves no event, no delivery and no e-mail', async () => {
    const id = await order();
    const outboxBefore = await db().execute('select id from mail_outbox');
    await expect(
      withTransaction(db(), async (tx) => {
        await applyStatusChange(tx, shop.app.events, await lockOrders(tx, [id]), 'Pagado');
        throw new Error('algo falló después');
      }),
    ).rejects.toThrow('algo falló después');
    expect(await eventsOf(id)).toEqual([]);
    expect(await deliveriesOf(id)).toEqual([]);
    expect(await db().execute('select id from mail_outbox')).toEqual(outboxBefore);
    expect((await db().execute('select id from payment where order_id = ?', [id])).length).toBe(0);
  });

  test('a failing subscriber is retried on its own: the other runs once and the e-mail goes once', async () => {
    await eventWorker().drain();
    const id = await order();
    failing = true;
    flakyCalls = 0;
    const seenBefore = seen.length;
    await pay(id);
    expect(await eventsOf(id)).toEqual(['order.paid']);

    expect(await eventWorker().drain()).toBe(2);
    expect(await deliveriesOf(id)).toEqual([
      { subscriber: 'test-flaky', status: 'pending', attempts: 1 },
      { subscriber: 'test-recorder', status: 'done', attempts: 1 },
    ]);
    const [flakyRow] = await db().execute<{ last_error: string }[]>(
      `select last_error from event_delivery where subscriber = 'test-flaky' and status = 'pending'`,
    );
    expect(flakyRow!.last_error).toBe('servicio caído');
    await mailWorker().drain();
    const paidMails = () =>
      smtp.received.filter((m) => m.subject === `Confirmamos el pago de tu pedido #${id}`);
    expect(paidMails()).toHaveLength(1);

    // Not due yet: nothing runs. Once due (and the service back), only the failed one runs.
    expect(await eventWorker().drain()).toBe(0);
    failing = false;
    await db().execute(
      `update event_delivery set next_attempt_at = now() where subscriber = 'test-flaky'`,
    );
    expect(await eventWorker().drain()).toBe(1);
    expect(await deliveriesOf(id)).toEqual([
      { subscriber: 'test-flaky', status: 'done', attempts: 2 },
      { subscriber: 'test-recorder', status: 'done', attempts: 1 },
    ]);
    expect(flakyCalls).toBe(2);
    expect(seen.length - seenBefore).toBe(1);
    await mailWorker().drain();
    expect(paidMails()).toHaveLength(1);
  });

  test('two sweeps at the same moment cancel and restock once, with one order.cancelled and one delivery each', async () => {
    await db().execute(`update product_stock set quantity = 10 where product_id = 1`);
    const id = await order(100);
    expect(
      (
        await db().execute<{ q: number }[]>(
          'select quantity as q from product_stock where product_id = 1',
        )
      )[0]!.q,
    ).toBe(8);
    const [a, b] = await Promise.all([
      releaseUnpaidOrders(db(), 72, shop.app.events),
      releaseUnpaidOrders(db(), 72, shop.app.events),
    ]);
    expect(a + b).toBe(1);
    expect(await eventsOf(id)).toEqual(['order.cancelled']);
    expect((await deliveriesOf(id)).map((d) => d.subscriber)).toEqual([
      'test-flaky',
      'test-recorder',
    ]);
    expect(
      (
        await db().execute<{ q: number }[]>(
          'select quantity as q from product_stock where product_id = 1',
        )
      )[0]!.q,
    ).toBe(10);
    const cancelledMails = await db().execute(`select id from mail_outbox where event_key = ?`, [
      `order:${id}:order-cancelled`,
    ]);
    expect(cancelledMails).toHaveLength(1);
  });
});
