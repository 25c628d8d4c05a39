import type { EntityManager } from '@mikro-orm/postgresql';
import { clabeProblem, ORDER_REFUND_MESSAGES, type OrderRefundStatus } from '@tienda/rules';
import { type Actor, assertSelfOrAdmin, checkAccess, requireUser } from '../accounts/access.js';
import { AuditTrail } from '../audit/audit-trail.js';
import type { MailQueue } from '../mail/outbox.js';
import type { InlineOrderSubscriber, OrderEvent } from '../orders/order-events.js';
import { markPaymentRefunded, paymentsOf } from '../payments/payment-records.js';
import { notFound, refusal } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';
import { withTransaction } from '../shared/transaction.js';

/** The transfer refund of an order 'Cancelado con reembolso', as the admin and its owner see it. */
export interface OrderRefundView {
  orderId: number;
  status: OrderRefundStatus;
  amountCents: number;
  /** The CLABE it was sent to, once refunded. */
  clabe: string | null;
  createdAt: Date;
  refundedAt: Date | null;
  /** The admin who marked it refunded (id and e-mail). */
  refundedBy: number | null;
  refundedByEmail: string | null;
}

interface RefundRow {
  order_id: number;
  status: OrderRefundStatus;
  amount_cents: number;
  clabe: string | null;
  created_at: Date | string;
  refunded_at: Date | string | null;
  refunded_by: number | null;
  refunded_by_email: string | null;
}

const COLUMNS = `r.order_id, r.status, r.amount_cents, r.clabe, r.created_at, r.refunded_at,
  r.refunded_by, (select u.email from app_user u where u.id = r.refunded_by) as refunded_by_email`;

const toView = (r: RefundRow): OrderRefundView => ({
  orderId: r.order_id,
  status: r.status,
  amountCents: r.amount_cents,
  clabe: r.clabe,
  createdAt: new Date(r.created_at),
  refundedAt: r.refunded_at === null ? null : new Date(r.refunded_at),
  refundedBy: r.refunded_by,
  refundedByEmail: r.refunded_by_email,
});

/** The refunds of these orders, by order id (one statement). */
async function orderRefundsOf(
  em: EntityManager,
  orderIds: readonly number[],
  /** Only this customer's orders; null: any (an admin). */
  ownerId: number | null = null,
): Promise<Map<number, OrderRefundView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await em.execute<RefundRow[]>(
    `select ${COLUMNS} from order_refund r join shop_order o on o.id = r.order_id
      where r.order_id in (${placeholders(orderIds.length)})
        ${ownerId === null ? '' : 'and o.user_id = ?'}`,
    ownerId === null ? [...orderIds] : [...orderIds, ownerId],
  );
  return new Map(rows.map((r) => [r.order_id, toView(r)]));
}

/**
 * On 'order.refunded' (a paid order 'Cancelado con reembolso'), in the cancellation's
 * transaction: an order paid by transfer gets its refund recorded 'PENDING' (the amount of its
 * approved payments), and the customer is told it is coming. A card payment is not this one's:
 * `CancellationRefunder` sends it back through Mercado Pago. `order_id` is unique, so the row and
 * its e-mail are written once however the cancellation is repeated.
 */
export class TransferRefundKeeper implements InlineOrderSubscriber {
  readonly name = 'transfer-refund';
  readonly inline = true;

  constructor(private readonly mail: MailQueue | null) {}

  async handle(tx: EntityManager, events: readonly OrderEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type !== 'order.refunded') continue;
      const payments = (await paymentsOf(tx, event.orderId)).filter((p) => p.state === 'approved');
      if (payments.length === 0 || payments.some((p) => p.method === 'mercadopago')) continue;
      const amountCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
      const [inserted] = await tx.execute<{ id: number }[]>(
        `insert into order_refund (order_id, amount_cents, created_by) values (?, ?, ?)
         on conflict (order_id) do nothing returning id`,
        [event.orderId, amountCents, event.actorId],
      );
      if (inserted) await announce(tx, this.mail, event.orderId, 'pending');
    }
  }
}

/**
 * The admin's and the owner's doors to an order's transfer refund: reading it, and the admin's
 * 'Marcar reembolsado' with the customer's CLABE (its check digit verified by `clabeProblem`,
 * the returns' rule), which records who and when, audits it, marks the transfer payment
 * refunded and e-mails the customer. Repeating it answers the refund as it is (one record,
 * one e-mail).
 */
export class TransferRefundService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly mail: MailQueue | null,
  ) {}

  /** The refunds of these orders (the `Order.refund` loader): an admin's any, else the user's. */
  async forOrders(orderIds: readonly number[]): Promise<(OrderRefundView | null)[]> {
    const user = this.actor.user;
    if (!user || orderIds.length === 0) return orderIds.map(() => null);
    const byOrder = await orderRefundsOf(this.em, orderIds, user.role === 'admin' ? null : user.id);
    return orderIds.map((id) => byOrder.get(id) ?? null);
  }

  /** The order's refund (its owner or an admin); 404 when the order has none. */
  async ofOrder(orderId: number): Promise<OrderRefundView> {
    const user = requireUser(this.actor.user);
    const [order] = await this.em.execute<{ user_id: number }[]>(
      'select user_id from shop_order where id = ?',
      [orderId],
    );
    if (!order) throw notFound(ORDER_REFUND_MESSAGES.notFound, 'NO_REFUND');
    assertSelfOrAdmin(user, order.user_id);
    const view = (await orderRefundsOf(this.em, [orderId])).get(orderId);
    if (!view) throw notFound(ORDER_REFUND_MESSAGES.notFound, 'NO_REFUND');
    return view;
  }

  /** Admin: the transfer was sent to `clabe`. */
  async markRefunded(orderId: number, clabe: string | null | undefined): Promise<OrderRefundView> {
    const admin = requireUser(this.actor.user);
    checkAccess(admin, 'admin');
    await withTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<{ status: OrderRefundStatus; amount_cents: number }[]>(
        'select status, amount_cents from order_refund where order_id = ? for update',
        [orderId],
      );
      if (!row) throw notFound(ORDER_REFUND_MESSAGES.notFound, 'NO_REFUND');
      if (row.status === 'REFUNDED') return;
      const problem = clabeProblem(clabe);
      if (problem) throw refusal(problem);
      const digits = clabe!.replace(/\s+/g, '');
      await tx.execute(
        `update order_refund set status = 'REFUNDED', clabe = ?, refunded_at = now(),
                refunded_by = ?
          where order_id = ? and status = 'PENDING'`,
        [digits, admin.id, orderId],
      );
      for (const p of await paymentsOf(tx, orderId)) {
        if (p.method === 'transfer' && p.state === 'approved') await markPaymentRefunded(tx, p.id);
      }
      await AuditTrail.record(tx, this.actor, {
        action: 'order.refund',
        object: { kind: 'order', id: orderId, label: `Pedido #${orderId}` },
        before: { refund: 'PENDING' },
        after: { refund: 'REFUNDED', amountCents: row.amount_cents, clabe: digits },
      });
      await announce(tx, this.mail, orderId, 'refunded');
    });
    return this.ofOrder(orderId);
  }
}

/** The customer's e-mail of the refund's step, in its transaction (once per order and step). */
async function announce(
  tx: EntityManager,
  mail: MailQueue | null,
  orderId: number,
  step: 'pending' | 'refunded',
): Promise<void> {
  if (!mail) return;
  const [row] = await tx.execute<
    { user_id: number; email: string; name: string; amount_cents: number; clabe: string | null }[]
  >(
    `select o.user_id, u.email, u.name, r.amount_cents, r.clabe
       from order_refund r join shop_order o on o.id = r.order_id
       join app_user u on u.id = o.user_id
      where r.order_id = ?`,
    [orderId],
  );
  if (!row) return;
  await mail.enqueue(tx, [
    {
      eventKey: `order:${orderId}:refund-${step}`,
      recipient: row.email,
      orderId,
      userId: row.user_id,
      message: {
        kind: 'order-refund',
        props: {
          step,
          orderId,
          name: row.name,
          amountCents: row.amount_cents,
          clabeEnd: row.clabe ? row.clabe.slice(-4) : null,
        },
      },
    },
  ]);
}
