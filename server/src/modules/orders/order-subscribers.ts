import type { MercadoPagoConfig } from 'mercadopago';
import { CouponUseKeeper } from '../coupons/coupon-uses.js';
import { CancellationRefunder } from '../returns/cancellation-refunds.js';
import { CreditNoteIssuer } from '../invoicing/credit-notes.js';
import { TransferRefundKeeper } from '../returns/transfer-refunds.js';
import { InvoiceCanceller } from '../invoicing/invoice-canceller.js';
import type { Pac } from '../invoicing/pac.js';
import type { MailQueue } from '../mail/outbox.js';
import type { OrderAnnouncer } from './order-announcements.js';
import { OrderEvents, type OrderSubscriber } from './order-events.js';

/**
 * Every reaction to an order event, registered in this one place. A new reaction (an invoice on
 * 'order.paid', a restock on a return) is a `DeferredOrderSubscriber` (order-events.ts) in its
 * own module, added to this list: it gets its own delivery row per event, run and retried by the
 * event worker apart from the others. A reaction that must hold with the change itself (a
 * coupon's use, which a limit counts) is an inline one, in the change's transaction.
 * `extra`: more subscribers (tests). `pac`: the PAC while invoicing is on, whose CFDI an order's
 * cancellation cancels (deferred: a PAC call, retried on its own).
 */
export function orderEvents(
  announcer: OrderAnnouncer,
  extra: readonly OrderSubscriber[] = [],
  /** With card payments on: a card order 'Cancelado con reembolso' is refunded by Mercado Pago. */
  mercadoPago: MercadoPagoConfig | null = null,
  /**
   * While invoicing is on: the PAC, whose CFDI an order's cancellation cancels and which stamps a
   * refunded return's credit note (e-mailed through `mail`).
   */
  invoicing: { pac: Pac; mail: MailQueue } | null = null,
  /** The outbox, for the transfer refund's e-mail. */
  mail: MailQueue | null = null,
): OrderEvents {
  return new OrderEvents([
    // The order e-mails, in the change's transaction (their outbox rows are their deliveries).
    announcer,
    // A coupon's use given back on 'order.cancelled' and taken again on 'order.reactivated',
    // inline: in the change's transaction, so a limit is exact and a refusal stops the change.
    new CouponUseKeeper(),
    // A transfer-paid order 'Cancelado con reembolso': its refund recorded 'PENDING' with the
    // cancellation (inline: the order shows it at once), sent by hand and marked by the admin.
    new TransferRefundKeeper(mail),
    // Deferred: the provider is called after the cancellation commits, retried on failure.
    ...(mercadoPago ? [new CancellationRefunder(mercadoPago)] : []),
    // Deferred: the PAC cancels an invoiced order's CFDI after the cancellation commits.
    ...(invoicing ? [new InvoiceCanceller(invoicing.pac)] : []),
    // Deferred: a refunded return of an invoiced order gets its credit note (CFDI egreso).
    ...(invoicing ? [new CreditNoteIssuer(invoicing.pac, invoicing.mail)] : []),
    ...extra,
  ]);
}
