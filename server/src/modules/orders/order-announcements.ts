import type { EntityManager } from '@mikro-orm/postgresql';
import type { BankTransferSettings } from '../../config.js';
import type { MailOrder } from '../mail/messages.js';
import { activeAdminEmailsColumn, joinUser } from '../accounts/users.js';
import {
  type AddressLineParts,
  addressLineColumn,
  addressLineOf,
  joinAddress,
} from '../addresses/address.service.js';
import { type MailQueue, type OutgoingMail, outboxHasEvent } from '../mail/outbox.js';
import { placeholders } from '../shared/sql.js';
import { ORDER_STATUS } from '@tienda/rules';
import type { InlineOrderSubscriber, OrderEvent } from './order-events.js';
import { adjustmentsColumn, parseAdjustments } from './order-adjustments.js';

/** What the order messages need from the settings. */
export interface OrderMailSettings {
  bank: BankTransferSettings;
  /** ORDER_PAYMENT_HOLD_HOURS: an unpaid order is released after it. */
  holdHours: number;
  /** The settings' notification addresses (SHOP_ORDERS_EMAIL by default); empty: every active admin. */
  shopOrdersEmails: readonly string[];
}

/** The reminder goes this many hours before an unpaid order is released (or at half the hold). */
export const REMINDER_LEAD_HOURS = 24;

export function reminderAfterHours(holdHours: number): number {
  return holdHours > REMINDER_LEAD_HOURS * 2 ? holdHours - REMINDER_LEAD_HOURS : holdHours / 2;
}

interface OrderMailRow {
  id: number;
  created_at: Date | string;
  status: string;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  adjustments: { label: string; amountCents: number }[] | string;
  total_cents: number;
  tracking: string | null;
  user_id: number;
  name: string;
  email: string;
  address: AddressLineParts | string | null;
  lines: MailOrder['lines'] | string;
  /** Only when asked for (`withAdmins`). */
  admin_emails?: string[];
}

/**
 * The orders' e-mails: the inline subscriber of the order events (order-subscribers.ts), written
 * to the outbox in the transaction of the change that causes them (ROADMAP 2), in the order the
 * events happened: 'order.placed' sends 'Pedido recibido' (and 'Nuevo pedido' to the shop),
 * 'order.paid' 'Pago confirmado' (and 'Pedido pagado'), 'order.shipped' 'Pedido enviado',
 * 'order.cancelled' 'Pedido cancelado por falta de pago'. The sweep asks for its reminders. Each
 * message's event key is unique per order and event, so announcing twice sends once.
 */
export class OrderAnnouncer implements InlineOrderSubscriber {
  readonly name = 'order-emails';
  readonly inline = true;

  constructor(
    private readonly queue: MailQueue,
    /** Read at each use: the shop's settings change while the app runs (modules/settings). */
    private readonly settings: () => OrderMailSettings,
  ) {}

  /** The messages of these events, in their order, in the events' transaction. */
  async handle(tx: EntityManager, events: readonly OrderEvent[]): Promise<void> {
    // 'Pedido cancelado por falta de pago' is not what a refunded cancellation says.
    const relevant = events.filter(
      (e) =>
        MAIL_OF_EVENT[e.type] !== undefined &&
        !(e.type === 'order.cancelled' && e.payload.to === ORDER_STATUS.CANCELLED_REFUNDED),
    );
    if (relevant.length === 0) return;
    const toShop = relevant.some((e) => e.type === 'order.placed' || e.type === 'order.paid');
    const read = await this.snapshots(tx, [...new Set(relevant.map((e) => e.orderId))], toShop);
    const orders = new Map(read.orders.map((o) => [o.mail.id, o]));
    const shop = toShop ? this.shopRecipients(read.adminEmails) : [];
    const mails: OutgoingMail[] = [];
    for (const event of relevant) {
      const order = orders.get(event.orderId);
      const kind = MAIL_OF_EVENT[event.type];
      if (!order || !kind) continue;
      if (kind === 'order-received') {
        mails.push(
          this.toCustomer(order, kind, {
            order: order.mail,
            bank: this.settings().bank,
            holdHours: this.settings().holdHours,
          }),
          ...this.toShop(order, shop, 'created'),
        );
      } else {
        mails.push(this.toCustomer(order, kind, { order: order.mail }));
        if (kind === 'payment-confirmed') mails.push(...this.toShop(order, shop, 'paid'));
      }
    }
    await this.queue.enqueue(tx, mails);
  }

  /**
   * 'Recordatorio de pago', once, to the customers of orders still unpaid about a day before they
   * are released (at most `limit` a run). Returns how many orders were reminded.
   */
  async remindUnpaid(tx: EntityManager, limit = 200): Promise<number> {
    const hold = this.settings().holdHours;
    const [due] = await tx.execute<{ ids: number[] | null }[]>(
      `select array_agg(id) as ids from (
         select o.id from shop_order o
          where o.status = 'En espera de pago'
            and o.created_at < now() - make_interval(secs => ?)
            and o.created_at > now() - make_interval(hours => ?)
            and not ${outboxHasEvent(`'order:' || o.id || ':payment-reminder'`)}
          order by o.id limit ?) due`,
      [reminderAfterHours(hold) * 3600, hold, limit],
    );
    const ids = due?.ids ?? [];
    if (ids.length === 0) return 0;
    const { orders } = await this.snapshots(tx, ids);
    await this.queue.enqueue(
      tx,
      orders.map((o) =>
        this.toCustomer(o, 'payment-reminder', {
          order: o.mail,
          bank: this.settings().bank,
          releaseAt: new Date(Date.parse(o.mail.createdAt) + hold * 3_600_000).toISOString(),
        }),
      ),
    );
    return orders.length;
  }

  private toCustomer<K extends CustomerKind>(
    order: Snapshot,
    kind: K,
    props: OutgoingMail<K>['message']['props'],
  ): OutgoingMail {
    return {
      eventKey: `order:${order.mail.id}:${kind}`,
      recipient: order.mail.customerEmail,
      orderId: order.mail.id,
      userId: order.userId,
      message: { kind, props } as OutgoingMail['message'],
    };
  }

  private toShop(order: Snapshot, to: readonly string[], event: 'created' | 'paid') {
    return to.map((recipient): OutgoingMail<'shop-new-order'> => ({
      eventKey: `order:${order.mail.id}:shop-${event}:${recipient.toLowerCase()}`,
      recipient,
      orderId: order.mail.id,
      message: { kind: 'shop-new-order', props: { order: order.mail, event } },
    }));
  }

  /** The settings' notification addresses, or else the active admins' (read with the orders). */
  private shopRecipients(adminEmails: readonly string[]): string[] {
    if (this.settings().shopOrdersEmails.length > 0) return [...this.settings().shopOrdersEmails];
    return [...adminEmails];
  }

  /**
   * The orders as the messages show them, in one statement for any number of orders (the
   * customer and the address joined in through their modules' fragments, the lines and the
   * adjustments as jsonb columns: this runs inside checkout, where every round trip counts), and,
   * when `withAdmins`, the active admins' addresses (the shop's recipients when the settings name
   * none).
   */
  private async snapshots(
    tx: EntityManager,
    ids: readonly number[],
    withAdmins = false,
  ): Promise<{ orders: Snapshot[]; adminEmails: string[] }> {
    if (ids.length === 0) return { orders: [], adminEmails: [] };
    const rows = await tx.execute<OrderMailRow[]>(
      `select o.id, o.created_at, o.status, o.subtotal_cents, o.shipping_cents,
              o.discount_cents, o.total_cents, o.tracking, u.id as user_id, u.name, u.email,
              ${addressLineColumn('a')} as address, ${adjustmentsColumn('o')},
              coalesce((select jsonb_agg(jsonb_build_object('productName', l.product_name,
                  'size', l.size, 'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
                  'onPromotion', l.on_promotion) order by l.id)
                from order_line l where l.order_id = o.id), '[]'::jsonb) as lines
              ${withAdmins ? `, ${activeAdminEmailsColumn(20)}` : ''}
         from shop_order o ${joinUser('u', 'o.user_id')} ${joinAddress('a', 'o.address_id')}
        where o.id in (${placeholders(ids.length)}) order by o.id`,
      [...ids],
    );
    const orders = rows.map((o) => ({
      userId: o.user_id,
      mail: {
        id: o.id,
        createdAt: new Date(o.created_at).toISOString(),
        status: o.status,
        customerName: o.name,
        customerEmail: o.email,
        lines: typeof o.lines === 'string' ? (JSON.parse(o.lines) as MailOrder['lines']) : o.lines,
        subtotalCents: o.subtotal_cents,
        shippingCents: o.shipping_cents,
        discountCents: o.discount_cents,
        adjustments: parseAdjustments(o.adjustments),
        totalCents: o.total_cents,
        tracking: o.tracking,
        address: addressLineOf(o.address),
      },
    }));
    // Without orders (none of these ids exists) the admins are not read: nothing is sent.
    return { orders, adminEmails: rows[0]?.admin_emails ?? [] };
  }
}

type CustomerKind =
  'order-received' | 'payment-confirmed' | 'order-shipped' | 'payment-reminder' | 'order-cancelled';

interface Snapshot {
  userId: number;
  mail: MailOrder;
}

/** The customer message each order event sends (none for a delivery or a reactivation). */
const MAIL_OF_EVENT: Partial<
  Record<
    OrderEvent['type'],
    'order-received' | 'payment-confirmed' | 'order-shipped' | 'order-cancelled'
  >
> = {
  'order.placed': 'order-received',
  'order.paid': 'payment-confirmed',
  'order.shipped': 'order-shipped',
  'order.cancelled': 'order-cancelled',
};
