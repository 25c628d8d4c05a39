import type { EntityManager } from '@mikro-orm/postgresql';
import { changeStock, lockStock, stockKey } from '../catalog/stock.js';
import { conflict } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';
import { CANCELLED_STATUS, type OrderStatus } from '@tienda/rules';
import type { OrderAnnouncer } from './order-announcements.js';

export const STATUS_MESSAGES = {
  notEnoughToReactivate: (name: string, size: string, needed: number, left: number) =>
    `No se puede reactivar el pedido: no hay existencias suficientes de ${name} (talla ${size}); ` +
    `se necesitan ${needed} y ${left === 1 ? 'queda 1' : `quedan ${left}`}`,
} as const;

/** An order row as its status change sees it, locked `for update` by the caller's transaction. */
export interface LockedOrder {
  id: number;
  status: OrderStatus;
  tracking: string | null;
  paymentId: string | null;
}

export interface LockedOrderRow {
  id: number;
  status: OrderStatus;
  tracking: string | null;
  payment_id: string | null;
}

export const LOCKED_ORDER_COLUMNS = 'id, status, tracking, payment_id';

export const toLockedOrder = (r: LockedOrderRow): LockedOrder => ({
  id: r.id,
  status: r.status,
  tracking: r.tracking,
  paymentId: r.payment_id,
});

/** Locks these orders' rows (id order) in the caller's transaction; missing ids are absent. */
export async function lockOrders(
  tx: EntityManager,
  ids: readonly number[],
): Promise<LockedOrder[]> {
  if (ids.length === 0) return [];
  const rows = await tx.execute<LockedOrderRow[]>(
    `select ${LOCKED_ORDER_COLUMNS} from shop_order
      where id in (${placeholders(ids.length)}) order by id for update`,
    [...ids],
  );
  return rows.map(toLockedOrder);
}

/** What else changes with the status: `undefined` keeps the current value. */
export interface StatusExtras {
  /** Carrier tracking (already checked); null clears it. */
  tracking?: string | null;
  /** The Mercado Pago payment that settled the order. */
  paymentId?: string;
}

/**
 * The one place an order's status is written (the admin's edit, the unpaid-order sweep and the
 * Mercado Pago webhook all come here), inside the caller's transaction with the order rows
 * already locked (`lockOrders` or `for update skip locked`):
 *
 * - into 'Cancelado por falta de pago' from any other status: the orders' units go back to stock;
 * - out of it into another status: the units are taken again, after checking every size under
 *   its row lock; when one is short, a CONFLICT names the product and nothing changes;
 * - the same status again moves no stock, so repeating a change changes nothing twice.
 *
 * Stock rows are locked in the checkout's (product, size) order. Every change is announced here,
 * in the same transaction (the customer's and the shop's e-mails, through the outbox), so a
 * change that rolls back sends nothing. Returns the orders whose row changed.
 */
export async function applyStatusChange(
  tx: EntityManager,
  announcer: OrderAnnouncer,
  orders: readonly LockedOrder[],
  to: OrderStatus,
  extras: StatusExtras = {},
): Promise<LockedOrder[]> {
  const cancelling = to === CANCELLED_STATUS;
  const moving = orders.filter((o) => (o.status === CANCELLED_STATUS) !== cancelling);
  if (moving.length > 0) await moveUnits(tx, moving, cancelling ? 1 : -1);

  const changed = orders.filter(
    (o) =>
      o.status !== to ||
      (extras.tracking !== undefined && extras.tracking !== o.tracking) ||
      (extras.paymentId !== undefined && extras.paymentId !== o.paymentId),
  );
  if (changed.length === 0) return [];
  await tx.execute(
    `update shop_order set status = ?,
        tracking = case when ? then ? else tracking end,
        payment_id = coalesce(?, payment_id),
        updated_at = now()
      where id in (${placeholders(changed.length)})`,
    [
      to,
      extras.tracking !== undefined,
      extras.tracking ?? null,
      extras.paymentId ?? null,
      ...changed.map((o) => o.id),
    ],
  );
  await announcer.statusChanged(
    tx,
    changed.map((o) => ({ orderId: o.id, from: o.status, to })),
  );
  return changed;
}

/** Returns (`sign` 1) or takes again (`sign` -1) every unit of these orders' lines. */
async function moveUnits(tx: EntityManager, orders: readonly LockedOrder[], sign: 1 | -1) {
  const ids = orders.map((o) => o.id);
  // Lines of a deleted product have nothing to return or take.
  const units = await tx.execute<
    { product_id: number; size: string; quantity: number; name: string }[]
  >(
    `select product_id, size, sum(quantity)::int as quantity, min(product_name) as name
       from order_line
      where order_id in (${placeholders(ids.length)}) and product_id is not null
      group by product_id, size order by product_id, size`,
    ids,
  );
  const stock = await lockStock(
    tx,
    units.map((u) => ({ productId: u.product_id, size: u.size })),
  );
  if (sign < 0) {
    for (const u of units) {
      const left = stock.get(stockKey({ productId: u.product_id, size: u.size })) ?? 0;
      if (left < u.quantity) {
        throw conflict(
          STATUS_MESSAGES.notEnoughToReactivate(u.name, u.size, u.quantity, left),
          undefined,
          'OUT_OF_STOCK',
        );
      }
    }
  }
  await changeStock(
    tx,
    units.map((u) => ({ productId: u.product_id, size: u.size, delta: sign * u.quantity })),
  );
}
