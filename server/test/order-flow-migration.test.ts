import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../src/db/orm-config.js';
import { cardChargeCents } from '../src/modules/pricing/pricing.js';
import { TEST_ACQUIRE_TIMEOUT_MS, testDatabaseUrl } from './support/db.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 24 item 2: Migration20261127050000OrderFlow backfills the `payment` records from the
 * orders as they were (their `payment_id` and paid statuses), on a database of its own migrated
 * up to the migration before it.
 */
const NAME = `orderflow_migration_${process.pid}`;
let admin: MikroORM;
let orm: MikroORM;

beforeAll(async () => {
  admin = await MikroORM.init(
    ormConfig(testDatabaseUrl(), { poolMax: 1, acquireTimeoutMs: TEST_ACQUIRE_TIMEOUT_MS }),
  );
  await admin.em.fork().execute(`drop database if exists ${NAME}`);
  await admin.em.fork().execute(`create database ${NAME}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${NAME}`;
  orm = await MikroORM.init(
    ormConfig(url.toString(), { poolMax: 2, acquireTimeoutMs: TEST_ACQUIRE_TIMEOUT_MS }),
  );
});
afterAll(async () => {
  await orm.close();
  await admin.em.fork().execute(`drop database if exists ${NAME}`);
  await admin.close();
});

test('the backfill: a payment_id or "Pagado por mercadopago" is an approved Mercado Pago payment of the card charge; other paid, shipped or delivered orders an approved transfer of the total', async () => {
  await orm.getMigrator().up({ to: 'Migration20261127040000AdminAudit' });
  const em = orm.em.fork();
  const [userId] = await createUsers(em, [{ email: 'antes@example.com' }]);
  const orderOf = async (status: string, paymentId: string | null) => {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents,
          total_cents, status, payment_id) values (?, 81850, 0, 0, 81850, ?, ?) returning id`,
      [userId, status, paymentId],
    );
    return row!.id;
  };
  const waiting = await orderOf('En espera de pago', null);
  const transfer = await orderOf('Pagado', null);
  const card = await orderOf('Pagado por mercadopago', 'mp-1');
  const cardShipped = await orderOf('Enviado', 'mp-2');
  const shipped = await orderOf('Enviado', null);
  const delivered = await orderOf('Entregado', null);
  const cancelled = await orderOf('Cancelado por falta de pago', null);

  await orm.getMigrator().up();

  const payments = await orm.em.fork().execute<
    {
      order_id: number;
      method: string;
      amount_cents: number;
      provider_ref: string | null;
      state: string;
    }[]
  >('select order_id, method, amount_cents, provider_ref, state from payment order by order_id');
  const card$ = cardChargeCents(81850);
  expect(card$).toBe(85100);
  expect(payments).toEqual([
    {
      order_id: transfer,
      method: 'transfer',
      amount_cents: 81850,
      provider_ref: null,
      state: 'approved',
    },
    {
      order_id: card,
      method: 'mercadopago',
      amount_cents: card$,
      provider_ref: 'mp-1',
      state: 'approved',
    },
    {
      order_id: cardShipped,
      method: 'mercadopago',
      amount_cents: card$,
      provider_ref: 'mp-2',
      state: 'approved',
    },
    {
      order_id: shipped,
      method: 'transfer',
      amount_cents: 81850,
      provider_ref: null,
      state: 'approved',
    },
    {
      order_id: delivered,
      method: 'transfer',
      amount_cents: 81850,
      provider_ref: null,
      state: 'approved',
    },
  ]);
  expect([waiting, cancelled].some((id) => payments.some((p) => p.order_id === id))).toBe(false);
  // The order no longer carries the payment: the record does.
  const columns = await orm.em.fork().execute<{ column_name: string }[]>(
    `select column_name from information_schema.columns
        where table_name = 'shop_order' and column_name = 'payment_id'`,
  );
  expect(columns).toEqual([]);
});
