import type { EntityManager } from '@mikro-orm/postgresql';
import type { FiscalValues } from '@tienda/rules';
import type { MailQueue } from '../mail/outbox.js';
import type { DeferredOrderSubscriber, OrderEvent } from '../orders/order-events.js';
import { buildCreditNote, type CreditNoteRefund } from './cfdi.js';
import { CANCEL_MOTIVE, cancelInvoice } from './invoice-canceller.js';
import { invoiceOrderOf, recordStamp } from './invoice.service.js';
import { PacError, type Pac } from './pac.js';

export const CREDIT_NOTE_MESSAGES = {
  inGlobalInvoice: (from: string, to: string) =>
    `El pedido está en la factura global del periodo ${from} al ${to} (a público en general), no en una factura a nombre del cliente: no se emite nota de crédito; la contabilidad de la tienda registra la devolución contra esa factura global.`,
  pacRefused: (message: string) =>
    `El servicio de facturación rechazó la nota de crédito: ${message.replace(/[.\s]+$/, '')}.`,
} as const;

/** The PAC idempotency key of a return's credit note: one egreso per refund, however retried. */
export const creditNoteKey = (returnId: number) => `devolucion-${returnId}-nota-credito`;

/** The refund as the event's payload carries it (written by the returns module). */
function refundOf(payload: Record<string, unknown>): CreditNoteRefund {
  const lines = Array.isArray(payload.lines) ? (payload.lines as Record<string, unknown>[]) : [];
  return {
    returnId: Number(payload.returnId),
    amountCents: Number(payload.amountCents ?? 0),
    shippingCents: Number(payload.shippingCents ?? 0),
    lines: lines
      .map((l) => ({
        orderLineId: Number(l.orderLineId),
        quantity: Number(l.quantity),
        amountCents: Number(l.amountCents),
      }))
      .filter((l) => l.quantity > 0),
  };
}

interface IngresoRow {
  id: number;
  status: string;
  uuid: string | null;
  pac_id: string | null;
  receiver: FiscalValues | string;
  payment_form: string | null;
}

/**
 * Issue 25 items 4 and 6: a refunded return of an invoiced order gets its CFDI *egreso* (credit
 * note), related to the order's ingreso with relationship 01, for exactly the refunded lines,
 * units and amounts (`buildCreditNote`), e-mailed to the customer with its PDF and XML. A
 * deferred subscriber of 'order.return_refunded', registered only while invoicing is on; safe to
 * repeat: one `invoice` row of kind 'egreso' per return (a unique index) and the PAC idempotency
 * key derived from the return (`creditNoteKey`), so a retry or a second instance stamps once, and
 * only the run that records the stamp writes the e-mail.
 *
 * - The whole order refunded at once (the refund equals the order's total, no credit note
 *   before): the ingreso is cancelled with motive 02 instead, as a cancellation does.
 * - An order in a global invoice: no credit note (a 'skipped' row says why, for the admin).
 * - No ingreso, or one cancelled: nothing. One still being stamped: retried later.
 * - The PAC's refusal: a 'skipped' row with its reason; an outage: thrown, so retried.
 */
export class CreditNoteIssuer implements DeferredOrderSubscriber {
  readonly name = 'invoicing.credit-note';

  constructor(
    private readonly pac: Pac,
    private readonly mail: MailQueue,
  ) {}

  async handle(tx: EntityManager, event: OrderEvent): Promise<void> {
    if (event.type !== 'order.return_refunded') return;
    const refund = refundOf(event.payload);
    if (!Number.isInteger(refund.returnId) || refund.amountCents <= 0) return;
    const [existing] = await tx.execute<{ id: number; status: string }[]>(
      `select id, status from invoice where kind = 'egreso' and return_id = ?`,
      [refund.returnId],
    );
    if (existing && existing.status !== 'stamping') return;

    // The order's row first, as 'Facturar mi compra' and the global invoice lock it: neither
    // claims the order while its credit note is decided.
    const [order] = await tx.execute<
      {
        id: number;
        user_id: number;
        total_cents: number;
        shipping_cents: number;
        email: string;
        name: string;
      }[]
    >(
      `select o.id, o.user_id, o.total_cents, o.shipping_cents, u.email, u.name
         from shop_order o join app_user u on u.id = o.user_id
        where o.id = ? for no key update of o`,
      [event.orderId],
    );
    if (!order) return;
    const [ingreso] = await tx.execute<IngresoRow[]>(
      `select id, status, uuid, pac_id, receiver, payment_form from invoice
        where order_id = ? and kind = 'ingreso' and status <> 'cancelled'
          and substituted_by_id is null
        for update`,
      [order.id],
    );
    if (!ingreso) {
      await this.skipIfInGlobal(tx, order.id, refund.returnId);
      return;
    }
    if (ingreso.status === 'stamping') {
      throw new Error(`La factura del pedido ${order.id} aún se timbra; la nota de crédito espera`);
    }
    if (ingreso.status !== 'valid') return; // Being cancelled: nothing left to credit.

    if (!existing && refund.amountCents === order.total_cents) {
      const [before] = await tx.execute<{ id: number }[]>(
        `select id from invoice where kind = 'egreso' and related_invoice_id = ?
            and status <> 'skipped' limit 1`,
        [ingreso.id],
      );
      if (!before) {
        // Refunded whole: the sale is undone, so its CFDI is cancelled (motive 02).
        await cancelInvoice(
          tx,
          this.pac,
          { id: ingreso.id, pac_id: ingreso.pac_id! },
          CANCEL_MOTIVE,
        );
        return;
      }
    }

    const receiver: FiscalValues =
      typeof ingreso.receiver === 'string'
        ? (JSON.parse(ingreso.receiver) as FiscalValues)
        : ingreso.receiver;
    const key = creditNoteKey(refund.returnId);
    let claimId = existing?.id;
    if (claimId === undefined) {
      const [claimed] = await tx.execute<{ id: number }[]>(
        `insert into invoice (kind, order_id, related_invoice_id, return_id, idempotency_key, receiver)
         values ('egreso', ?, ?, ?, ?, ?::jsonb)
         on conflict (return_id) where kind = 'egreso' do nothing
         returning id`,
        [order.id, ingreso.id, refund.returnId, key, JSON.stringify(receiver)],
      );
      if (!claimed) return; // Another run took it (and its transaction committed).
      claimId = claimed.id;
    }

    const draft = buildCreditNote(
      await invoiceOrderOf(tx, order),
      { uuid: ingreso.uuid!, receiver, paymentForm: ingreso.payment_form ?? '03' },
      refund,
      order.email,
    );
    let stamped;
    let pdf: Buffer;
    let xml: Buffer;
    try {
      stamped = await this.pac.createInvoice({ ...draft.body, idempotency_key: key });
      [pdf, xml] = await Promise.all([
        this.pac.downloadPdf(stamped.id),
        this.pac.downloadXml(stamped.id),
      ]);
    } catch (error) {
      if (!(error instanceof PacError && error.refused)) throw error;
      await tx.execute(
        `update invoice set status = 'skipped', skip_reason = ? where id = ? and status = 'stamping'`,
        [CREDIT_NOTE_MESSAGES.pacRefused(error.message).slice(0, 1000), claimId],
      );
      return;
    }
    if (!(await recordStamp(tx, claimId, stamped, draft, pdf, xml))) return;
    const file = `nota-credito-devolucion-${refund.returnId}`;
    await this.mail.enqueue(tx, [
      {
        eventKey: `invoice:${claimId}:issued`,
        recipient: order.email,
        orderId: order.id,
        userId: order.user_id,
        message: {
          kind: 'credit-note-issued',
          props: {
            orderId: order.id,
            returnId: refund.returnId,
            uuid: stamped.uuid,
            relatedUuid: ingreso.uuid!,
            rfc: receiver.rfc,
            legalName: receiver.legalName,
            totalCents: draft.totalCents,
            name: order.name,
          },
        },
        attachments: [
          { filename: `${file}.pdf`, contentType: 'application/pdf', content: pdf },
          { filename: `${file}.xml`, contentType: 'application/xml', content: xml },
        ],
      },
    ]);
  }

  /** An order in a global invoice gets no credit note: a 'skipped' egreso says why. */
  private async skipIfInGlobal(tx: EntityManager, orderId: number, returnId: number) {
    const [global] = await tx.execute<
      { id: number; receiver: unknown; from: string; to: string }[]
    >(
      `select i.id, i.receiver, to_char(i.period_from, 'DD/MM/YYYY') as "from",
              to_char(i.period_to, 'DD/MM/YYYY') as "to"
         from invoice_order io join invoice i on i.id = io.invoice_id
        where io.order_id = ? and i.status <> 'cancelled'`,
      [orderId],
    );
    if (!global) return;
    await tx.execute(
      `insert into invoice (kind, order_id, related_invoice_id, return_id, idempotency_key,
                            receiver, status, skip_reason)
       values ('egreso', ?, ?, ?, ?, ?::jsonb, 'skipped', ?)
       on conflict (return_id) where kind = 'egreso' do nothing`,
      [
        orderId,
        global.id,
        returnId,
        creditNoteKey(returnId),
        JSON.stringify(global.receiver),
        CREDIT_NOTE_MESSAGES.inGlobalInvoice(global.from, global.to),
      ],
    );
  }
}
