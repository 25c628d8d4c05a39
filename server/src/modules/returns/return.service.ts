import type { EntityManager } from '@mikro-orm/postgresql';
import type { MercadoPagoConfig } from 'mercadopago';
import {
  canReturn,
  clabeProblem,
  ORDER_STATUS,
  pesosAmount,
  type RefundMethod,
  RETURN_MESSAGES,
  returnDeadline,
  returnRequestProblems,
  type ReturnLineDraft,
  type ReturnStatus,
} from '@tienda/rules';
import { type Actor, assertSelfOrAdmin, checkAccess, requireUser } from '../accounts/access.js';
import { changeStock, lockStock, stockKey } from '../catalog/stock.js';
import { AuditTrail } from '../audit/audit-trail.js';
import type { ReturnMailProps } from '../mail/messages.js';
import type { MailQueue } from '../mail/outbox.js';
import type { OrderEvents } from '../orders/order-events.js';
import { placeExchangeOrder } from '../orders/exchange-orders.js';
import { paymentsOf } from '../payments/payment-records.js';
import { badInput, conflict, DomainError, notFound, refusal } from '../shared/errors.js';
import { checkPage, type Page } from '../shared/paging.js';
import { withTransaction } from '../shared/transaction.js';
import { refundMercadoPagoPayment } from './mercadopago-refunds.js';

export const MAX_RETURNS_PAGE_SIZE = 100;

export const RETURN_SERVICE_MESSAGES = {
  notFound: 'Devolución no encontrada',
  orderNotFound: 'Pedido no encontrado',
  outOfStock: (name: string, size: string) =>
    `No hay existencias de ${name} en talla ${size} para el cambio; elige otra talla o pide la devolución.`,
  notReceived: 'Primero marca la devolución como recibida; después se reembolsa.',
  notRequested: 'Solo se puede rechazar una devolución que aún no se recibió.',
  rejected: 'Esta devolución fue rechazada.',
  badStatus: 'El estado debe ser recibida, reembolsada o rechazada.',
  refundFailed:
    'Mercado Pago no hizo el reembolso. Intenta de nuevo en unos minutos; no se cobrará dos veces.',
} as const;

export interface ReturnLineView {
  orderLineId: number;
  productId: number | null;
  productName: string;
  size: string;
  quantity: number;
  reason: string;
  /** The size wanted instead (an exchange), or null (a refund). */
  newSize: string | null;
  /** What this line gives back, in centavos: its paid share (0 for an exchange). */
  refundCents: number;
}

export interface ReturnView {
  id: number;
  orderId: number;
  userId: number;
  status: ReturnStatus;
  /** The lines' refunds plus the shipping's, when it is refunded. */
  refundCents: number;
  shippingRefundCents: number;
  shopFault: boolean;
  refundMethod: RefundMethod | null;
  clabe: string | null;
  providerRefundId: string | null;
  exchangeOrderId: number | null;
  requestedAt: Date;
  receivedAt: Date | null;
  receivedBy: number | null;
  refundedAt: Date | null;
  refundedBy: number | null;
  rejectedAt: Date | null;
  rejectedBy: number | null;
  lines: ReturnLineView[];
}

/** An order's returns and whether another may be asked for (with the reason when not). */
export interface OrderReturnsView {
  orderId: number;
  deliveredAt: Date | null;
  /** The end of the window, once delivered. */
  deadline: Date | null;
  canReturn: boolean;
  /** Why not, in Spanish (not delivered, the window closed), or null. */
  closedReason: string | null;
  returns: ReturnView[];
}

/** The admin's change of a return. */
export interface ReturnUpdate {
  status: 'RECEIVED' | 'REFUNDED' | 'REJECTED';
  /** For a transfer refund (an order not paid by Mercado Pago): the customer's CLABE. */
  clabe?: string | null;
  /** The shop's fault (wrong or damaged item): the shipping is refunded with a whole return. */
  shopFault?: boolean;
}

export interface ReturnPage {
  items: ReturnView[];
  total: number;
}

interface ReturnRow {
  id: number;
  order_id: number;
  user_id: number;
  status: ReturnStatus;
  refund_cents: number;
  shipping_refund_cents: number;
  shop_fault: boolean;
  refund_method: RefundMethod | null;
  clabe: string | null;
  provider_refund_id: string | null;
  exchange_order_id: number | null;
  requested_at: Date | string;
  received_at: Date | string | null;
  received_by: number | null;
  refunded_at: Date | string | null;
  refunded_by: number | null;
  rejected_at: Date | string | null;
  rejected_by: number | null;
  lines: ReturnLineView[] | string;
}

const RETURN_COLUMNS = `r.id, r.order_id, r.user_id, r.status, r.refund_cents, r.shipping_refund_cents,
  r.shop_fault, r.refund_method, r.clabe, r.provider_refund_id, r.exchange_order_id, r.requested_at,
  r.received_at, r.received_by, r.refunded_at, r.refunded_by, r.rejected_at, r.rejected_by,
  coalesce((select jsonb_agg(jsonb_build_object('orderLineId', rl.order_line_id,
      'productId', rl.product_id, 'productName', rl.product_name, 'size', rl.size,
      'quantity', rl.quantity, 'reason', rl.reason, 'newSize', rl.new_size,
      'refundCents', rl.refund_cents) order by rl.id)
    from order_return_line rl where rl.return_id = r.id), '[]'::jsonb) as lines`;

const date = (v: Date | string | null) => (v === null ? null : new Date(v));

const toView = (r: ReturnRow): ReturnView => ({
  id: r.id,
  orderId: r.order_id,
  userId: r.user_id,
  status: r.status,
  refundCents: r.refund_cents + r.shipping_refund_cents,
  shippingRefundCents: r.shipping_refund_cents,
  shopFault: r.shop_fault,
  refundMethod: r.refund_method,
  clabe: r.clabe,
  providerRefundId: r.provider_refund_id,
  exchangeOrderId: r.exchange_order_id,
  requestedAt: new Date(r.requested_at),
  receivedAt: date(r.received_at),
  receivedBy: r.received_by,
  refundedAt: date(r.refunded_at),
  refundedBy: r.refunded_by,
  rejectedAt: date(r.rejected_at),
  rejectedBy: r.rejected_by,
  lines: typeof r.lines === 'string' ? (JSON.parse(r.lines) as ReturnLineView[]) : r.lines,
});

/** An order line as a return request sees it. */
interface ReturnableRow {
  id: number;
  product_id: number | null;
  product_name: string;
  size: string;
  quantity: number;
  unit_price_cents: number;
  /** Its shares of the order's adjustments (bulk discount, coupon): what was taken off it. */
  discount_cents: number;
  /** Units already asked back (returns not rejected), refunds and exchanges. */
  returned: number;
  /** Units already asked back for a refund (not rejected). */
  refunded: number;
  sizes: string[];
}

/**
 * What `units` more of a line give back after `before` were refunded: the line's paid amount
 * (its units at the price bought, less its prorated shares of the order's adjustments) spread
 * over its units so that every return of it adds up to exactly what was paid, to the centavo.
 */
export function lineRefundCents(
  line: { quantity: number; unitPriceCents: number; discountCents: number },
  before: number,
  units: number,
): number {
  const paid = line.quantity * line.unitPriceCents - line.discountCents;
  const upTo = (k: number) => (k >= line.quantity ? paid : Math.floor((paid * k) / line.quantity));
  return upTo(before + units) - upTo(before);
}

/**
 * Returns and size exchanges (issue 25 item 6), owner of `order_return` and `order_return_line`:
 * the customer's request on a delivered order within five business days, the admin's receipt
 * (restock once), refund (Mercado Pago's refunds API or a transfer to a CLABE) or rejection. A
 * refund is recorded as the order event 'order.return_refunded' in its transaction, for the
 * invoicing module's credit note.
 */
export class ReturnService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly deps: {
      events: OrderEvents;
      /** The return's e-mails, written in each step's transaction. */
      mail?: MailQueue;
      mercadoPago: MercadoPagoConfig | null;
      log?: (message: string) => void;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** An order's returns, for its owner or an admin, with whether another may be asked for. */
  async ofOrder(orderId: number): Promise<OrderReturnsView> {
    const [order] = await this.em.execute<
      { user_id: number; status: string; delivered_at: Date | string | null }[]
    >('select user_id, status, delivered_at from shop_order where id = ?', [orderId]);
    if (!order) throw notFound(RETURN_SERVICE_MESSAGES.orderNotFound);
    assertSelfOrAdmin(this.actor.user, order.user_id);
    const rows = await this.em.execute<ReturnRow[]>(
      `select ${RETURN_COLUMNS} from order_return r where r.order_id = ? order by r.id`,
      [orderId],
    );
    const deliveredAt = order.status === ORDER_STATUS.DELIVERED ? date(order.delivered_at) : null;
    const open = canReturn(this.now(), deliveredAt);
    const deadline = deliveredAt ? returnDeadline(deliveredAt) : null;
    return {
      orderId,
      deliveredAt,
      deadline,
      canReturn: open,
      closedReason: open
        ? null
        : deadline
          ? RETURN_MESSAGES.windowClosed(deadline)
          : RETURN_MESSAGES.notDelivered,
      returns: rows.map(toView),
    };
  }

  /**
   * The customer asks to return (or exchange) lines of their own delivered order, within the
   * window. In one transaction with the order's row locked (two requests at once count each
   * other's units): the rules of `returnRequestProblems`, each refund line's paid share, and for
   * an exchange the new size's units taken from stock under its row lock (never oversold).
   */
  async request(orderId: number, lines: readonly ReturnLineDraft[]): Promise<ReturnView> {
    const user = requireUser(this.actor.user);
    const id = await withTransaction(this.em, async (tx) => {
      const [order] = await tx.execute<
        { user_id: number; status: string; delivered_at: Date | string | null }[]
      >('select user_id, status, delivered_at from shop_order where id = ? for update', [orderId]);
      if (!order) throw notFound(RETURN_SERVICE_MESSAGES.orderNotFound);
      // Another customer's order is never theirs to return (an admin may act for the customer).
      assertSelfOrAdmin(user, order.user_id);
      if (order.status !== ORDER_STATUS.DELIVERED || order.delivered_at === null) {
        throw conflict(RETURN_MESSAGES.notDelivered, undefined, 'ORDER_NOT_DELIVERED');
      }
      const deliveredAt = new Date(order.delivered_at);
      if (!canReturn(this.now(), deliveredAt)) {
        throw conflict(
          RETURN_MESSAGES.windowClosed(returnDeadline(deliveredAt)),
          undefined,
          'RETURN_WINDOW_CLOSED',
        );
      }
      const bought = await returnableLines(tx, orderId);
      const byKey = new Map<string, ReturnableRow>();
      for (const l of bought) {
        if (l.product_id === null) continue;
        const key = stockKey({ productId: l.product_id, size: l.size });
        if (!byKey.has(key)) byKey.set(key, l);
      }
      const [first] = returnRequestProblems(
        lines,
        [...byKey.values()].map((l) => ({
          productId: l.product_id!,
          size: l.size,
          bought: l.quantity,
          alreadyReturned: l.returned,
          productSizes: l.sizes,
        })),
      );
      if (first) throw refusal(first);

      const planned = lines.map((draft) => {
        const line = byKey.get(stockKey(draft))!;
        const newSize = draft.newSize?.trim() || null;
        return {
          line,
          draft,
          newSize,
          refundCents:
            newSize === null
              ? lineRefundCents(
                  {
                    quantity: line.quantity,
                    unitPriceCents: line.unit_price_cents,
                    discountCents: line.discount_cents,
                  },
                  line.refunded,
                  draft.quantity,
                )
              : 0,
        };
      });

      // An exchange holds the new size's units now, under the stock rows' locks.
      const exchanges = planned.filter((p) => p.newSize !== null);
      if (exchanges.length > 0) {
        const sizes = exchanges.map((p) => ({ productId: p.line.product_id!, size: p.newSize! }));
        const stock = await lockStock(tx, sizes);
        for (const p of exchanges) {
          const left = stock.get(stockKey({ productId: p.line.product_id!, size: p.newSize! }));
          if ((left ?? 0) < p.draft.quantity) {
            throw conflict(
              RETURN_SERVICE_MESSAGES.outOfStock(p.line.product_name, p.newSize!),
              'newSize',
              'OUT_OF_STOCK',
            );
          }
        }
        await changeStock(
          tx,
          exchanges.map((p) => ({
            productId: p.line.product_id!,
            size: p.newSize!,
            delta: -p.draft.quantity,
          })),
        );
      }

      const [created] = await tx.execute<{ id: number }[]>(
        `insert into order_return (order_id, user_id, refund_cents) values (?, ?, ?) returning id`,
        [orderId, order.user_id, planned.reduce((sum, p) => sum + p.refundCents, 0)],
      );
      await tx.execute(
        `insert into order_return_line (return_id, order_line_id, product_id, product_name, size,
            quantity, reason, new_size, exchange_reserved, refund_cents)
         select ?, v.order_line_id, v.product_id, v.product_name, v.size, v.quantity, v.reason,
                v.new_size, v.new_size is not null, v.refund_cents
           from jsonb_to_recordset(?::jsonb) as v(order_line_id integer, product_id integer,
                product_name text, size text, quantity integer, reason text, new_size text,
                refund_cents integer)`,
        [
          created!.id,
          JSON.stringify(
            planned.map((p) => ({
              order_line_id: p.line.id,
              product_id: p.line.product_id,
              product_name: p.line.product_name,
              size: p.line.size,
              quantity: p.draft.quantity,
              reason: p.draft.reason.trim(),
              new_size: p.newSize,
              refund_cents: p.refundCents,
            })),
          ),
        ],
      );
      await this.announce(tx, created!.id, 'requested');
      return created!.id;
    });
    return this.get(id);
  }

  /** One return, for its customer or an admin. */
  async get(id: number): Promise<ReturnView> {
    const [row] = await this.em.execute<ReturnRow[]>(
      `select ${RETURN_COLUMNS} from order_return r where r.id = ?`,
      [id],
    );
    if (!row) throw notFound(RETURN_SERVICE_MESSAGES.notFound);
    assertSelfOrAdmin(this.actor.user, row.user_id);
    return toView(row);
  }

  /** Admin: every return, newest first, a page at a time, optionally of one status. */
  async list(status: ReturnStatus | null, page: Page): Promise<ReturnPage> {
    checkAccess(this.actor.user, 'admin');
    checkPage(page, MAX_RETURNS_PAGE_SIZE, 'devoluciones');
    const where = status ? 'where r.status = ?' : '';
    const params = status ? [status] : [];
    const [rows, [count]] = await Promise.all([
      this.em.execute<ReturnRow[]>(
        `select ${RETURN_COLUMNS} from order_return r ${where} order by r.id desc offset ? limit ?`,
        [...params, page.offset, page.limit],
      ),
      this.em.execute<{ n: number }[]>(
        `select count(*)::int as n from order_return r ${where}`,
        params,
      ),
    ]);
    return { items: rows.map(toView), total: count?.n ?? 0 };
  }

  /**
   * Admin: receives, refunds or rejects a return. Each step is a conditional UPDATE from the
   * state before it, so two clicks or two instances move it once: receiving puts the units back
   * in stock exactly once (and ships an exchange's new size as a new order at no charge);
   * refunding asks Mercado Pago once (its idempotency key is the return) or records the
   * transfer to the CLABE given; rejecting gives an exchange's held units back. Repeating a step
   * already done answers the return as it is.
   */
  async update(id: number, update: ReturnUpdate): Promise<ReturnView> {
    const admin = requireUser(this.actor.user);
    checkAccess(admin, 'admin');
    switch (update.status) {
      case 'RECEIVED':
        await this.receive(id, admin.id);
        break;
      case 'REFUNDED':
        await this.refund(id, admin.id, update);
        break;
      case 'REJECTED':
        await this.reject(id, admin.id);
        break;
      default:
        throw badInput(RETURN_SERVICE_MESSAGES.badStatus, 'status', 'INVALID_STATUS');
    }
    return this.get(id);
  }

  private async receive(id: number, adminId: number): Promise<void> {
    await withTransaction(this.em, async (tx) => {
      const [moved] = await tx.execute<{ id: number; order_id: number; user_id: number }[]>(
        `update order_return set status = 'RECEIVED', received_at = now(), received_by = ?,
                restocked_at = now()
          where id = ? and status = 'REQUESTED' returning id, order_id, user_id`,
        [adminId, id],
      );
      if (!moved) {
        const current = await this.statusOf(tx, id);
        if (current === 'REJECTED') {
          throw conflict(RETURN_SERVICE_MESSAGES.rejected, 'status', 'RETURN_REJECTED');
        }
        return; // Already received (or refunded): nothing moves twice.
      }
      const lines = await tx.execute<
        {
          product_id: number | null;
          product_name: string;
          size: string;
          quantity: number;
          new_size: string | null;
        }[]
      >(
        `select product_id, product_name, size, quantity, new_size from order_return_line
          where return_id = ? order by id`,
        [id],
      );
      const back = lines.filter((l) => l.product_id !== null);
      const sizes = [
        ...new Map(
          back.map((l) => [stockKey({ productId: l.product_id!, size: l.size }), l]),
        ).values(),
      ];
      await lockStock(
        tx,
        sizes.map((l) => ({ productId: l.product_id!, size: l.size })),
      );
      await changeStock(
        tx,
        back.map((l) => ({ productId: l.product_id!, size: l.size, delta: l.quantity })),
      );
      const exchanges = lines.filter((l) => l.new_size !== null && l.product_id !== null);
      if (exchanges.length > 0) {
        // The exchange ships as a new order at no charge (the orders module writes it); its
        // units were held at the request.
        const exchangeOrderId = await placeExchangeOrder(
          tx,
          moved.order_id,
          exchanges.map((l) => ({
            productId: l.product_id!,
            productName: l.product_name,
            size: l.new_size!,
            quantity: l.quantity,
          })),
        );
        await tx.execute('update order_return set exchange_order_id = ? where id = ?', [
          exchangeOrderId,
          id,
        ]);
        await tx.execute(
          'update order_return_line set exchange_reserved = false where return_id = ?',
          [id],
        );
      }
      await this.audit(tx, id, 'REQUESTED', 'RECEIVED');
      await this.announce(tx, id, 'received');
      if (exchanges.length > 0) await this.announce(tx, id, 'exchange-shipped');
    });
  }

  private async refund(id: number, adminId: number, update: ReturnUpdate): Promise<void> {
    await withTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<
        {
          id: number;
          order_id: number;
          status: ReturnStatus;
          refund_cents: number;
        }[]
      >('select id, order_id, status, refund_cents from order_return where id = ? for update', [
        id,
      ]);
      if (!row) throw notFound(RETURN_SERVICE_MESSAGES.notFound);
      if (row.status === 'REFUNDED') return;
      if (row.status !== 'RECEIVED') {
        throw conflict(RETURN_SERVICE_MESSAGES.notReceived, 'status', 'RETURN_NOT_RECEIVED');
      }
      const payments = await paymentsOf(tx, row.order_id);
      const card = payments.find(
        (p) => p.method === 'mercadopago' && p.state === 'approved' && p.providerRef !== null,
      );
      const method: RefundMethod = card ? 'MERCADOPAGO' : 'TRANSFER';
      let clabe: string | null = null;
      if (method === 'TRANSFER') {
        const problem = clabeProblem(update.clabe);
        if (problem) throw refusal(problem);
        clabe = update.clabe!.replace(/\s+/g, '');
      }
      const shopFault = update.shopFault === true;
      const shippingCents = shopFault ? await wholeOrderShipping(tx, row.order_id) : 0;
      const amountCents = row.refund_cents + shippingCents;

      let providerRefundId: string | null = null;
      if (card && amountCents > 0) {
        if (!this.deps.mercadoPago) {
          throw conflict(RETURN_SERVICE_MESSAGES.refundFailed, undefined, 'REFUND_FAILED');
        }
        try {
          providerRefundId = await refundMercadoPagoPayment(this.deps.mercadoPago, {
            paymentId: card.providerRef!,
            amount: pesosAmount(amountCents),
            idempotencyKey: `tienda-devolucion-${id}`,
          });
        } catch (error) {
          this.deps.log?.(`Mercado Pago no reembolsó la devolución ${id}: ${String(error)}`);
          throw new DomainError(
            'CONFLICT',
            RETURN_SERVICE_MESSAGES.refundFailed,
            {},
            'REFUND_FAILED',
          );
        }
      }
      await tx.execute(
        `update order_return set status = 'REFUNDED', refunded_at = now(), refunded_by = ?,
                refund_method = ?, clabe = ?, provider_refund_id = ?, shop_fault = ?,
                shipping_refund_cents = ?
          where id = ?`,
        [adminId, method, clabe, providerRefundId, shopFault, shippingCents, id],
      );
      const lines = await tx.execute<
        { order_line_id: number; quantity: number; refund_cents: number }[]
      >(
        `select order_line_id, quantity, refund_cents from order_return_line
          where return_id = ? and new_size is null order by id`,
        [id],
      );
      // For the invoicing module's credit note (a deferred subscriber of this event).
      await this.deps.events.emit(tx, [
        {
          orderId: row.order_id,
          type: 'order.return_refunded',
          actorId: adminId,
          payload: {
            returnId: id,
            amountCents,
            shippingCents,
            method,
            lines: lines.map((l) => ({
              orderLineId: l.order_line_id,
              quantity: l.quantity,
              amountCents: l.refund_cents,
            })),
          },
        },
      ]);
      await this.audit(tx, id, 'RECEIVED', 'REFUNDED', { amountCents, method });
      await this.announce(tx, id, 'refunded');
    });
  }

  private async reject(id: number, adminId: number): Promise<void> {
    await withTransaction(this.em, async (tx) => {
      const [moved] = await tx.execute<{ id: number }[]>(
        `update order_return set status = 'REJECTED', rejected_at = now(), rejected_by = ?
          where id = ? and status = 'REQUESTED' returning id`,
        [adminId, id],
      );
      if (!moved) {
        const current = await this.statusOf(tx, id);
        if (current === 'REJECTED') return;
        throw conflict(RETURN_SERVICE_MESSAGES.notRequested, 'status', 'RETURN_ALREADY_RECEIVED');
      }
      await this.audit(tx, id, 'REQUESTED', 'REJECTED');
      // An exchange's held units go back to stock.
      const held = await tx.execute<{ product_id: number; new_size: string; quantity: number }[]>(
        `update order_return_line set exchange_reserved = false
          where return_id = ? and exchange_reserved and product_id is not null
          returning product_id, new_size, quantity`,
        [id],
      );
      if (held.length > 0) {
        await lockStock(
          tx,
          held.map((h) => ({ productId: h.product_id, size: h.new_size })),
        );
        await changeStock(
          tx,
          held.map((h) => ({ productId: h.product_id, size: h.new_size, delta: h.quantity })),
        );
      }
    });
  }

  /** The admin's step in the audit trail, in its transaction. */
  private async audit(
    tx: EntityManager,
    id: number,
    from: ReturnStatus,
    to: ReturnStatus,
    extra: Record<string, string | number> = {},
  ): Promise<void> {
    await AuditTrail.record(tx, this.actor, {
      action: 'return.update',
      object: { kind: 'return', id, label: `Devolución #${id}` },
      before: { status: from },
      after: { status: to, ...extra },
    });
  }

  /** The customer's e-mail of a step, in its transaction (once per return and step). */
  private async announce(
    tx: EntityManager,
    id: number,
    step: ReturnMailProps['step'],
  ): Promise<void> {
    if (!this.deps.mail) return;
    const [row] = await tx.execute<(ReturnRow & { email: string; name: string })[]>(
      `select ${RETURN_COLUMNS}, u.email, u.name
         from order_return r join app_user u on u.id = r.user_id where r.id = ?`,
      [id],
    );
    if (!row) return;
    const view = toView(row);
    const refundWay =
      view.refundMethod === 'MERCADOPAGO'
        ? 'Mercado Pago, a la tarjeta con que pagaste'
        : view.refundMethod === 'TRANSFER' && view.clabe
          ? `transferencia a la CLABE terminada en ${view.clabe.slice(-4)}`
          : null;
    await this.deps.mail.enqueue(tx, [
      {
        eventKey: `return:${id}:${step}`,
        recipient: row.email,
        orderId: view.orderId,
        userId: view.userId,
        message: {
          kind: 'return-update',
          props: {
            step,
            returnId: id,
            orderId: view.orderId,
            name: row.name,
            lines: view.lines.map((l) => ({
              productName: l.productName,
              size: l.size,
              quantity: l.quantity,
              newSize: l.newSize,
            })),
            refundCents: view.refundCents,
            refundWay,
            exchangeOrderId: view.exchangeOrderId,
          },
        },
      },
    ]);
  }

  private async statusOf(tx: EntityManager, id: number): Promise<ReturnStatus> {
    const [row] = await tx.execute<{ status: ReturnStatus }[]>(
      'select status from order_return where id = ?',
      [id],
    );
    if (!row) throw notFound(RETURN_SERVICE_MESSAGES.notFound);
    return row.status;
  }
}

/** The order's lines with their prorated discounts, units already asked back and sizes. */
async function returnableLines(tx: EntityManager, orderId: number): Promise<ReturnableRow[]> {
  return tx.execute<ReturnableRow[]>(
    `select l.id, l.product_id, l.product_name, l.size, l.quantity, l.unit_price_cents,
            coalesce((select sum((s->>'amountCents')::int) from order_adjustment a,
                        jsonb_array_elements(a.line_shares) s
                       where a.order_id = l.order_id and (s->>'orderLineId')::int = l.id), 0)::int
              as discount_cents,
            coalesce((select sum(rl.quantity) from order_return_line rl
                        join order_return r on r.id = rl.return_id
                       where rl.order_line_id = l.id and r.status <> 'REJECTED'), 0)::int
              as returned,
            coalesce((select sum(rl.quantity) from order_return_line rl
                        join order_return r on r.id = rl.return_id
                       where rl.order_line_id = l.id and r.status <> 'REJECTED'
                         and rl.new_size is null), 0)::int as refunded,
            coalesce((select array_agg(ps.size order by ps.size) from product_stock ps
                       where ps.product_id = l.product_id), '{}') as sizes
       from order_line l where l.order_id = ? order by l.id`,
    [orderId],
  );
}

/**
 * The shipping paid for an order (its shipping less a free-shipping adjustment), when every unit
 * of it is asked back for a refund (returns not rejected) and no other return refunded the
 * shipping already; else 0.
 */
async function wholeOrderShipping(tx: EntityManager, orderId: number): Promise<number> {
  const [row] = await tx.execute<{ whole: boolean; shipping: number; refunded: number }[]>(
    `select (select coalesce(sum(quantity), 0) from order_line where order_id = o.id) =
            (select coalesce(sum(rl.quantity), 0) from order_return_line rl
               join order_return r on r.id = rl.return_id
              where r.order_id = o.id and r.status <> 'REJECTED' and rl.new_size is null) as whole,
            o.shipping_cents - coalesce((select sum(amount_cents) from order_adjustment
               where order_id = o.id and code = 'FREE_SHIPPING'), 0)::int as shipping,
            (select coalesce(sum(shipping_refund_cents), 0) from order_return
              where order_id = o.id)::int as refunded
       from shop_order o where o.id = ?`,
    [orderId],
  );
  if (!row || !row.whole || row.refunded > 0) return 0;
  return Math.max(0, row.shipping);
}
