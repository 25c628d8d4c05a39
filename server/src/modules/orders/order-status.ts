import type { EntityManager } from '@mikro-orm/postgresql';
import { changeStock, lockStock, stockKey } from '../catalog/stock.js';
import { conflict } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';
import type { OrderStatus } from '@tienda/rules';
import { PAYMENT_METHODS, type PaymentMethodCode } from '../payments/payment-methods.js';
import { recordApprovedPayments } from '../payments/payment-records.js';
import type { OrderEvents } from './order-events.js';
import { stateOf, transition } from './order-machine.js';

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
  totalCents: number;
}

export interface LockedOrderRow {
  id: number;
  status: OrderStatus;
  tracking: string | null;
  total_cents: number;
}

export const LOCKED_ORDER_COLUMNS = 'id, status, tracking, total_cents';

export const toLockedOrder = (r: LockedOrderRow): LockedOrder => ({
  id: r.id,
  status: r.status,
  tracking: r.tracking,
  totalCents: r.total_cents,
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
  /**
   * The payment that makes the order PAID (Mercado Pago's webhook); default, when an admin marks
   * it paid: an approved transfer of the order's total.
   */
  payment?: { method: PaymentMethodCode; providerRef: string | null };
  /** The admin's written reason to make a change the machine allows only so (ship unpaid). */
  overrideReason?: string | null;
  /** Who makes the change (recorded on its events); null: the shopper's payment, the sweep. */
  actorId?: number | null;
}

/**
 * The one place an order's status is written (the admin's edit, the unpaid-order sweep and the
 * Mercado Pago webhook all come here), inside the caller's transaction with the order rows
 * already locked (`lockOrders` or `for update skip locked`). Each order's change is checked
 * against the state machine (order-machine.ts: a refused pair throws and nothing changes), then:
 *
 * - stock moves as the transition says: into CANCELLED the units go back; out of it they are
 *   taken again, after checking every size under its row lock (a CONFLICT names the product);
 * - into PAID, the payment is recorded (payment-records.ts) and the label is its method's
 *   ('Pagado', 'Pagado por mercadopago');
 * - the transition's events are recorded (order-events.ts) in this transaction, with their
 *   deliveries and the order e-mails, so a change that rolls back sends and records nothing;
 * - the same state again moves no stock and emits nothing, so repeating a change changes
 *   nothing twice.
 *
 * Stock rows are locked in the checkout's (product, size) order. Returns the orders whose row
 * changed.
 */
export async function applyStatusChange(
  tx: EntityManager,
  events: OrderEvents,
  orders: readonly LockedOrder[],
  to: OrderStatus,
  extras: StatusExtras = {},
): Promise<LockedOrder[]> {
  const target = stateOf(to);
  const plans = orders.map((o) => {
    const from = stateOf(o.status);
    const tracking = extras.tracking !== undefined ? extras.tracking : o.tracking;
    const step = transition(from, target, {
      tracking,
      overrideReason: extras.overrideReason,
    });
    const method = extras.payment?.method ?? 'transfer';
    const label =
      step === null ? o.status : target === 'PAID' ? PAYMENT_METHODS[method].paidLabel : to;
    return { order: o, from, step, tracking, label, method };
  });

  const returning = plans.filter((p) => p.step?.stock === 1).map((p) => p.order);
  const taking = plans.filter((p) => p.step?.stock === -1).map((p) => p.order);
  if (returning.length > 0) await moveUnits(tx, returning, 1);
  if (taking.length > 0) await moveUnits(tx, taking, -1);

  const changed = plans.filter((p) => p.step !== null || p.tracking !== p.order.tracking);
  if (changed.length === 0) return [];
  await tx.execute(
    `update shop_order o set status = v.status, tracking = v.tracking, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as v(id integer, status text, tracking text)
      where o.id = v.id`,
    [
      JSON.stringify(
        changed.map((p) => ({ id: p.order.id, status: p.label, tracking: p.tracking })),
      ),
    ],
  );
  const paying = changed.filter((p) => p.step?.events.includes('order.paid'));
  await recordApprovedPayments(
    tx,
    paying.map((p) => ({
      orderId: p.order.id,
      method: p.method,
      amountCents: PAYMENT_METHODS[p.method].chargeCents(p.order.totalCents),
      providerRef: extras.payment?.providerRef ?? null,
    })),
  );
  await events.emit(
    tx,
    changed.flatMap((p) =>
      (p.step?.events ?? []).map((type) => ({
        orderId: p.order.id,
        type,
        actorId: extras.actorId ?? null,
        payload: {
          from: p.order.status,
          to: p.label,
          ...(type === 'order.paid' ? { method: p.method } : {}),
          ...(type === 'order.shipped' ? { tracking: p.tracking } : {}),
          ...(p.step?.needsOverride ? { overrideReason: extras.overrideReason?.trim() } : {}),
        },
      })),
    ),
  );
  return changed.map((p) => p.order);
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
