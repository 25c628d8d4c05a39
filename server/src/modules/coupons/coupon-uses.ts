import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeCouponCode } from '@tienda/rules';
import type { InlineOrderSubscriber, OrderEvent } from '../orders/order-events.js';
import { conflict } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';
import { COUPON_COLUMNS, type CouponRow, type CouponView, toCouponView } from './coupon-records.js';
import { impossibleCode } from './coupon-refusals.js';

/**
 * A coupon's uses (the `coupon_use` rows and the coupon's `uses` count), owned here: read for the
 * order summary, taken inside the checkout's transaction, given back when the order is cancelled
 * and taken again when it is reactivated (`CouponUseKeeper`, an inline order-event subscriber).
 * Every change of `uses` happens under the coupon row's lock, so a limit is exact across any
 * number of app instances.
 */

export const COUPON_USE_MESSAGES = {
  reactivateUsedUp: (code: string) =>
    `No se puede reactivar el pedido: el cupón ${code} ya se agotó`,
  reactivateAlreadyUsed: (code: string) =>
    `No se puede reactivar el pedido: el cliente ya usó el cupón ${code} en otro pedido`,
} as const;

/** A coupon as read for one shopper's order: the row, the database's clock, their uses. */
export interface CouponRead {
  coupon: CouponView | null;
  now: Date;
  /** The customer's uses held now (only counted when the coupon limits them). */
  customerUses?: number;
}

type ReadRow = CouponRow & { now: Date | string; customer_uses: number | null };

/**
 * The order summary's read: the coupon of `code`, the database's clock and the customer's uses,
 * in one statement, locking nothing (the checkout decides again under the lock).
 */
export async function readCoupon(
  em: EntityManager,
  code: string,
  userId: number,
): Promise<CouponRead> {
  // No coupon can have it: unknown, whatever the time.
  if (impossibleCode(code)) return { coupon: null, now: new Date() };
  const rows = await em.execute<ReadRow[]>(
    `select ${COUPON_COLUMNS}, now() as now,
            case when c.max_uses_per_customer is null then null else
              (select count(*)::int from coupon_use u
                where u.coupon_id = c.id and u.user_id = ? and u.released_at is null) end
              as customer_uses
       from (select 1) one left join coupon c on upper(c.code) = ?`,
    [userId, normalizeCouponCode(code)],
  );
  return toRead(rows[0]!);
}

/**
 * The checkout's read, in its transaction: locks the coupon's row (`for update`: every other
 * checkout with this coupon waits here until this one commits or rolls back), then, when the
 * coupon limits each customer, counts this customer's uses in a statement of its own (run after
 * the lock is held, so it sees every use committed before). At most two round trips.
 */
export async function lockCoupon(
  tx: EntityManager,
  code: string,
  userId: number,
): Promise<CouponRead> {
  if (impossibleCode(code)) return { coupon: null, now: new Date() };
  const rows = await tx.execute<ReadRow[]>(
    `select ${COUPON_COLUMNS}, now() as now, null as customer_uses
       from coupon c where upper(c.code) = ? for update`,
    [normalizeCouponCode(code)],
  );
  // Unknown: refused before the clock matters.
  if (!rows[0]) return { coupon: null, now: new Date() };
  const read = toRead(rows[0]);
  if (read.coupon!.maxUsesPerCustomer !== null) {
    const [count] = await tx.execute<{ n: number }[]>(
      `select count(*)::int as n from coupon_use
        where coupon_id = ? and user_id = ? and released_at is null`,
      [read.coupon!.id, userId],
    );
    read.customerUses = count?.n ?? 0;
  }
  return read;
}

/**
 * Takes one use of the coupon (locked by `lockCoupon` in this transaction) for the new order:
 * one statement.
 */
export async function takeCouponUse(
  tx: EntityManager,
  use: { couponId: number; orderId: number; userId: number },
): Promise<void> {
  await tx.execute(
    `with c as (update coupon set uses = uses + 1 where id = ? returning id)
     insert into coupon_use (coupon_id, order_id, user_id) select id, ?, ? from c`,
    [use.couponId, use.orderId, use.userId],
  );
}

/**
 * Gives back the uses of these orders (cancelled): each at most once (`released_at is null`),
 * the coupons' rows locked in id order. Returns how many were given back.
 */
export async function releaseCouponUses(
  tx: EntityManager,
  orderIds: readonly number[],
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const [row] = await tx.execute<{ n: number }[]>(
    `with u as (
       update coupon_use set released_at = now()
        where order_id in (${placeholders(orderIds.length)}) and released_at is null
        returning coupon_id),
     n as (select coupon_id, count(*)::int as n from u group by coupon_id),
     l as (select c.id from coupon c where c.id in (select coupon_id from n) order by c.id for update),
     d as (update coupon c set uses = c.uses - n.n from n, l
            where c.id = n.coupon_id and l.id = c.id returning n.n)
     select coalesce(sum(n), 0)::int as n from d`,
    [...orderIds],
  );
  return row?.n ?? 0;
}

/**
 * Takes again the uses these orders gave back (reactivated), under the coupons' locks; refused
 * (CONFLICT, nothing changes) when a coupon is used up by then or its customer reached their
 * limit with other orders.
 */
export async function retakeCouponUses(
  tx: EntityManager,
  orderIds: readonly number[],
): Promise<void> {
  if (orderIds.length === 0) return;
  const uses = await tx.execute<
    {
      use_id: number;
      user_id: number;
      coupon_id: number;
      code: string;
      uses: number;
      max_uses: number | null;
      max_uses_per_customer: number | null;
    }[]
  >(
    `select u.id as use_id, u.user_id, c.id as coupon_id, c.code, c.uses, c.max_uses,
            c.max_uses_per_customer
       from coupon_use u join coupon c on c.id = u.coupon_id
      where u.order_id in (${placeholders(orderIds.length)}) and u.released_at is not null
      order by c.id, u.id for update of c, u`,
    [...orderIds],
  );
  if (uses.length === 0) return;
  const taken = new Map<number, number>();
  for (const use of uses) {
    const already = taken.get(use.coupon_id) ?? 0;
    if (use.max_uses !== null && use.uses + already >= use.max_uses) {
      throw conflict(COUPON_USE_MESSAGES.reactivateUsedUp(use.code), 'status', 'COUPON_USED_UP');
    }
    if (use.max_uses_per_customer !== null) {
      const [mine] = await tx.execute<{ n: number }[]>(
        `select count(*)::int as n from coupon_use
          where coupon_id = ? and user_id = ? and released_at is null`,
        [use.coupon_id, use.user_id],
      );
      if ((mine?.n ?? 0) >= use.max_uses_per_customer) {
        throw conflict(
          COUPON_USE_MESSAGES.reactivateAlreadyUsed(use.code),
          'status',
          'COUPON_ALREADY_USED',
        );
      }
    }
    taken.set(use.coupon_id, already + 1);
  }
  await tx.execute(
    `update coupon_use set released_at = null where id in (${placeholders(uses.length)})`,
    uses.map((u) => u.use_id),
  );
  await tx.execute(
    `update coupon c set uses = c.uses + v.n
       from jsonb_to_recordset(?::jsonb) as v(id integer, n integer) where c.id = v.id`,
    [JSON.stringify([...taken].map(([id, n]) => ({ id, n })))],
  );
}

/**
 * The coupons' reaction to order events, inline (in the change's transaction, so a use is given
 * back with the cancellation or not at all): 'order.cancelled' gives the order's use back,
 * exactly once; 'order.reactivated' takes it again or refuses the reactivation.
 */
export class CouponUseKeeper implements InlineOrderSubscriber {
  readonly name = 'coupon-uses';
  readonly inline = true;

  async handle(tx: EntityManager, events: readonly OrderEvent[]): Promise<void> {
    const of = (type: OrderEvent['type']) =>
      events.filter((e) => e.type === type).map((e) => e.orderId);
    await releaseCouponUses(tx, of('order.cancelled'));
    await retakeCouponUses(tx, of('order.reactivated'));
  }
}

function toRead(row: ReadRow): CouponRead {
  return {
    coupon: row.id == null ? null : toCouponView(row),
    now: new Date(row.now),
    ...(row.customer_uses == null ? {} : { customerUses: row.customer_uses }),
  };
}
