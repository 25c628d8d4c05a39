import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeCouponCode } from '@tienda/rules';
import type { InlineOrderSubscriber, OrderEvent } from '../orders/order-events.js';
import { conflict } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';
import {
  COUPON_COLUMNS,
  type CouponRow,
  type CouponView,
  HELD_USES,
  toCouponView,
} from './coupon-records.js';
import { couponRefusal, couponRefusalError, impossibleCode } from './coupon-refusals.js';

/**
 * A coupon's uses (the `coupon_use` rows; a coupon's uses are those held now), owned here: read
 * for the order summary, taken inside the checkout's transaction, given back when the order is
 * cancelled and taken again when it is reactivated (`CouponUseKeeper`, an inline order-event
 * subscriber). A use is taken only under the lock its limits need (`takeCouponUse`), so a limit
 * is exact across any number of app instances.
 */

export const COUPON_USE_MESSAGES = {
  reactivateUsedUp: (code: string) =>
    `No se puede reactivar el pedido: el cupón ${code} ya se agotó`,
  changed: (code: string) =>
    `El cupón ${code} cambió mientras comprabas; revisa el resumen de tu pedido`,
  reactivateAlreadyUsed: (code: string) =>
    `No se puede reactivar el pedido: el cliente ya usó el cupón ${code} en otro pedido`,
} as const;

/** A coupon as read for one shopper's order: the row, the database's clock, their uses. */
export interface CouponRead {
  coupon: CouponView | null;
  /** The (coupon, customer) advisory lock was taken by this read (`readCoupon`'s `lockCustomer`). */
  customerLocked?: boolean;
  now: Date;
  /** The customer's uses held now (only counted when the coupon limits them). */
  customerUses?: number;
}

type ReadRow = CouponRow & {
  now: Date | string;
  customer_uses: number | null;
  customer_locked?: boolean | null;
};

/**
 * The coupon of `code`, the database's clock and the customer's uses, in one statement: the order
 * summary's read (locking nothing), and the checkout's, which passes `lockCustomer`: then a coupon
 * limited per customer only also takes, in the same statement, the (coupon, customer) advisory
 * lock its use needs (`takeCouponUse`, later in the transaction, relies on it). The count read
 * here may predate that lock; the use's guarded insert counts again under it, so the limits stay
 * exact.
 */
export async function readCoupon(
  em: EntityManager,
  code: string,
  userId: number,
  lockCustomer = false,
): Promise<CouponRead> {
  // No coupon can have it: unknown, whatever the time.
  if (impossibleCode(code)) return { coupon: null, now: new Date() };
  const rows = await em.execute<ReadRow[]>(
    `select ${COUPON_COLUMNS}, now() as now,
            case when c.max_uses_per_customer is null then null else
              (select count(*)::int from coupon_use u
                where u.coupon_id = c.id and u.user_id = ? and u.released_at is null) end
              as customer_uses
            ${
              lockCustomer
                ? `, case when c.max_uses is null and c.max_uses_per_customer is not null
                     then pg_advisory_xact_lock(c.id, ?::integer)::text = '' end as customer_locked`
                : ''
            }
       from (select 1) one left join coupon c on upper(c.code) = ?`,
    lockCustomer
      ? [userId, userId, normalizeCouponCode(code)]
      : [userId, normalizeCouponCode(code)],
  );
  return toRead(rows[0]!);
}

/**
 * The checkout's last step, in its transaction, once the order is written: takes one use of the
 * coupon read (`readCoupon`, earlier in the same transaction) for the new order, deciding its
 * limits again under a lock held until the checkout commits:
 *
 * - a coupon with a global limit: its row, `select … for update` (still active, with the kind,
 *   value, eligibility, minimum and limits the order was priced with);
 * - else one with a per-customer limit: a transaction advisory lock on (coupon, customer), so only
 *   that customer's checkouts wait on each other (already held when the checkout's `readCoupon`
 *   took it: `customerLocked`);
 * - else none: nothing to count.
 *
 * Then one `coupon_use` insert guarded by the counts (the held uses, the customer's), a statement
 * of its own run with the lock held, so it sees every use committed before: exact on any number
 * of instances. At most two round trips, one without limits. When the use cannot be taken it
 * throws the refusal (the caller's transaction rolls back: nothing changes).
 */
export async function takeCouponUse(
  tx: EntityManager,
  use: { coupon: CouponView; orderId: number; userId: number; customerLocked?: boolean },
): Promise<void> {
  const c = use.coupon;
  const same = `c.id = ? and c.active and c.kind = ? and c.value = ? and c.non_promotional_only = ?
    and c.minimum_cents is not distinct from ?::integer and c.max_uses is not distinct from ?::integer
    and c.max_uses_per_customer is not distinct from ?::integer`;
  const sameParams = [
    c.id,
    c.kind,
    c.value,
    c.nonPromotionalOnly,
    c.minimumCents,
    c.maxUses,
    c.maxUsesPerCustomer,
  ];
  if (c.maxUses !== null) {
    const [locked] = await tx.execute(`select c.id from coupon c where ${same} for update`, [
      ...sameParams,
    ]);
    if (!locked) throw await refusalNow(tx, c, use.userId);
  } else if (c.maxUsesPerCustomer !== null && !use.customerLocked) {
    await lockCustomer(tx, c.id, use.userId);
  }
  const [inserted] = await tx.execute<{ id: number }[]>(
    `insert into coupon_use (coupon_id, order_id, user_id)
     select c.id, ?, ? from coupon c
      where ${same}
        and (c.max_uses is null or ${HELD_USES} < c.max_uses)
        and (c.max_uses_per_customer is null or (select count(*) from coupon_use m
              where m.coupon_id = c.id and m.user_id = ? and m.released_at is null)
            < c.max_uses_per_customer)
     returning id`,
    [use.orderId, use.userId, ...sameParams, use.userId],
  );
  if (!inserted) throw await refusalNow(tx, c, use.userId);
}

/**
 * The lock of one customer's uses of a coupon without a global limit: a transaction advisory lock
 * on the two keys (coupon id, user id). The one two-key advisory lock of the shop (the one-key
 * ones, start-up and the sweep, are another key space).
 */
async function lockCustomer(tx: EntityManager, couponId: number, userId: number) {
  await tx.execute('select pg_advisory_xact_lock(?::integer, ?::integer)', [couponId, userId]);
}

/** Why a use could not be taken, read again (a rare path). */
async function refusalNow(tx: EntityManager, was: CouponView, userId: number) {
  const rows = await tx.execute<ReadRow[]>(
    `select ${COUPON_COLUMNS}, now() as now,
            (select count(*)::int from coupon_use u
              where u.coupon_id = c.id and u.user_id = ? and u.released_at is null) as customer_uses
       from coupon c where c.id = ?`,
    [userId, was.id],
  );
  const now = rows[0] ? toRead(rows[0]) : { coupon: null, now: new Date() };
  const refused = couponRefusal({ code: was.code, ...now, outcome: null });
  return couponRefusalError(
    refused ?? {
      reason: 'COUPON_CHANGED',
      message: COUPON_USE_MESSAGES.changed(was.code),
    },
  );
}

/**
 * Gives back the uses of these orders (cancelled): each at most once (`released_at is null`).
 * Returns how many were given back.
 */
export async function releaseCouponUses(
  tx: EntityManager,
  orderIds: readonly number[],
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await tx.execute<{ id: number }[]>(
    `update coupon_use set released_at = now()
      where order_id in (${placeholders(orderIds.length)}) and released_at is null
      returning id`,
    [...orderIds],
  );
  return rows.length;
}

/**
 * Takes again the uses these orders gave back (reactivated), each under its coupon's lock (as
 * `takeCouponUse`); refused (CONFLICT, nothing changes) when a coupon is used up by then or its
 * customer reached their limit with other orders.
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
      max_uses: number | null;
      max_uses_per_customer: number | null;
    }[]
  >(
    `select u.id as use_id, u.user_id, c.id as coupon_id, c.code, c.max_uses,
            c.max_uses_per_customer
       from coupon_use u join coupon c on c.id = u.coupon_id
      where u.order_id in (${placeholders(orderIds.length)}) and u.released_at is not null
      order by c.id, u.id`,
    [...orderIds],
  );
  for (const use of uses) {
    if (use.max_uses !== null) {
      await tx.execute('select id from coupon where id = ? for update', [use.coupon_id]);
    } else if (use.max_uses_per_customer !== null) {
      await lockCustomer(tx, use.coupon_id, use.user_id);
    } else {
      await tx.execute('update coupon_use set released_at = null where id = ?', [use.use_id]);
      continue;
    }
    const [held] = await tx.execute<{ total: number; mine: number }[]>(
      `select count(*)::int as total, count(*) filter (where user_id = ?)::int as mine
         from coupon_use where coupon_id = ? and released_at is null`,
      [use.user_id, use.coupon_id],
    );
    if (use.max_uses !== null && held!.total >= use.max_uses) {
      throw conflict(COUPON_USE_MESSAGES.reactivateUsedUp(use.code), 'status', 'COUPON_USED_UP');
    }
    if (use.max_uses_per_customer !== null && held!.mine >= use.max_uses_per_customer) {
      throw conflict(
        COUPON_USE_MESSAGES.reactivateAlreadyUsed(use.code),
        'status',
        'COUPON_ALREADY_USED',
      );
    }
    await tx.execute('update coupon_use set released_at = null where id = ?', [use.use_id]);
  }
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
    ...(row.customer_locked ? { customerLocked: true } : {}),
  };
}
