import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { changeStock, lockStock } from '../catalog/stock.js';
import { placeholders } from '../shared/sql.js';
import { withTransaction } from '../shared/transaction.js';

/** Orders released per run at most (the next run takes the rest). */
const BATCH = 200;
/** pg_advisory_xact_lock key: one sweep at a time across every app instance. */
const SWEEP_LOCK = 7_261_001;

/**
 * Orders still 'En espera de pago' after `holdHours` become 'Cancelado por falta de pago' and
 * their units go back to stock, once. One transaction; a transaction-scoped advisory lock makes
 * a second instance's sweep at the same moment skip (it returns 0), and the orders are taken
 * `for update skip locked`. Stock rows are locked in one fixed order, as the checkout does.
 * Returns the number of orders released.
 */
export async function releaseUnpaidOrders(em: EntityManager, holdHours: number): Promise<number> {
  return withTransaction(em, async (tx) => {
    const [lock] = await tx.execute<{ locked: boolean }[]>(
      'select pg_try_advisory_xact_lock(?) as locked',
      [SWEEP_LOCK],
    );
    if (!lock?.locked) return 0;
    const orders = await tx.execute<{ id: number }[]>(
      `select id from shop_order
        where status = 'En espera de pago' and created_at < now() - make_interval(hours => ?)
        order by id limit ? for update skip locked`,
      [holdHours, BATCH],
    );
    if (orders.length === 0) return 0;
    const ids = orders.map((o) => o.id);
    const list = placeholders(ids.length);
    const units = await tx.execute<{ product_id: number; size: string; quantity: number }[]>(
      `select product_id, size, sum(quantity)::int as quantity from order_line
        where order_id in (${list}) and product_id is not null
        group by product_id, size order by product_id, size`,
      ids,
    );
    // Returned units go back under the same locks, in the same order, as the checkout takes them.
    const sizes = units.map((u) => ({ productId: u.product_id, size: u.size }));
    await lockStock(tx, sizes);
    await changeStock(
      tx,
      units.map((u) => ({ productId: u.product_id, size: u.size, delta: u.quantity })),
    );
    await tx.execute(
      `update shop_order set status = 'Cancelado por falta de pago', updated_at = now()
        where id in (${list})`,
      ids,
    );
    return ids.length;
  });
}

const EVERY_MS = 10 * 60 * 1000;

/** Runs the sweep every 10 minutes (and once at start). Returns the function that stops it. */
export function startUnpaidOrderSweep(
  orm: MikroORM,
  holdHours: number,
  log: (message: string, error?: unknown) => void,
): () => void {
  const run = async () => {
    try {
      const released = await releaseUnpaidOrders(orm.em.fork(), holdHours);
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
