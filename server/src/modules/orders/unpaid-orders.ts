import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { withTransaction } from '../shared/transaction.js';
import { CANCELLED_STATUS } from '@tienda/rules';
import {
  applyStatusChange,
  LOCKED_ORDER_COLUMNS,
  type LockedOrderRow,
  toLockedOrder,
} from './order-status.js';
import type { OrderAnnouncer } from './order-announcements.js';
import type { OrderEvents } from './order-events.js';

/** Orders released per run at most (the next run takes the rest). */
const BATCH = 200;
/** pg_advisory_xact_lock key: one sweep at a time across every app instance. */
const SWEEP_LOCK = 7_261_001;

/**
 * Runs `work` in a transaction holding the sweep's advisory lock, or returns 0 at once when
 * another instance holds it.
 */
function underSweepLock(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<number>,
): Promise<number> {
  return withTransaction(em, async (tx) => {
    const [lock] = await tx.execute<{ locked: boolean }[]>(
      'select pg_try_advisory_xact_lock(?) as locked',
      [SWEEP_LOCK],
    );
    return lock?.locked ? work(tx) : 0;
  });
}

/**
 * Until when an order placed at `createdAt` is held unpaid: the sweep below releases it once this
 * instant has passed (`created_at < now() - holdHours`). The payment page, 'Mis pedidos' and the
 * card payment's expiry show or use this one instant.
 */
export function holdDeadline(createdAt: Date, holdHours: number): Date {
  return new Date(createdAt.getTime() + holdHours * 3_600_000);
}

/**
 * Orders still 'En espera de pago' after `holdHours` become 'Cancelado por falta de pago' and
 * their units go back to stock, once. One transaction; a transaction-scoped advisory lock makes
 * a second instance's sweep at the same moment skip (it returns 0), and the orders are taken
 * `for update skip locked` (an admin editing one keeps it). The status change itself is the
 * order service's one helper (`applyStatusChange`), for the whole batch at once.
 * Returns the number of orders released.
 */
export async function releaseUnpaidOrders(
  em: EntityManager,
  holdHours: number,
  events: OrderEvents,
): Promise<number> {
  return underSweepLock(em, async (tx) => {
    const orders = await tx.execute<LockedOrderRow[]>(
      `select ${LOCKED_ORDER_COLUMNS} from shop_order
        where status = 'En espera de pago' and created_at < now() - make_interval(hours => ?)
        order by id limit ? for update skip locked`,
      [holdHours, BATCH],
    );
    const released = await applyStatusChange(
      tx,
      events,
      orders.map(toLockedOrder),
      CANCELLED_STATUS,
    );
    return released.length;
  });
}

/**
 * 'Recordatorio de pago' to the customers of unpaid orders about a day before their release,
 * once each (the outbox's event key). Under the sweep's advisory lock, so two instances do not
 * read the same orders at once. Returns the number of orders reminded.
 */
export async function remindUnpaidOrders(
  em: EntityManager,
  announcer: OrderAnnouncer,
): Promise<number> {
  return underSweepLock(em, (tx) => announcer.remindUnpaid(tx, BATCH));
}

const EVERY_MS = 10 * 60 * 1000;

/**
 * Runs the sweep every 10 minutes (and once at start): the reminders first, then the releases.
 * Returns the function that stops it.
 */
export function startUnpaidOrderSweep(
  orm: MikroORM,
  holdHours: number,
  announcer: OrderAnnouncer,
  events: OrderEvents,
  log: (message: string, error?: unknown) => void,
): () => void {
  const run = async () => {
    try {
      const reminded = await remindUnpaidOrders(orm.em.fork(), announcer);
      if (reminded > 0) log(`Recordatorios de pago en la bandeja de salida: ${reminded}`);
      const released = await releaseUnpaidOrders(orm.em.fork(), holdHours, events);
      if (released > 0) log(`Pedidos sin pago cancelados y su stock devuelto: ${released}`);
    } catch (error) {
      log('No se pudieron liberar los pedidos sin pago', error);
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
