import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeferredOrderSubscriber, OrderEvent } from '../orders/order-events.js';
import { PacError, type Pac } from './pac.js';

/** Motive 02: 'Comprobante emitido con errores sin relación' (no substitute CFDI). */
export const CANCEL_MOTIVE = '02';
/** Motive 01: 'Comprobante emitido con errores con relación' (its substitute named). */
export const SUBSTITUTION_MOTIVE = '01';

/**
 * Asks the PAC to cancel one CFDI (the caller holds its row locked) and records the answer:
 * 'cancelled', or 'cancelling' while the SAT waits for the receiver's acceptance. A refusal of the
 * PAC is kept on the row (`cancel_error`) for the admin to see; an outage is thrown, so the caller
 * retries. Motive 01 names the substitute (its PAC id), as Facturapi's cancel takes it.
 */
export async function cancelInvoice(
  tx: EntityManager,
  pac: Pac,
  invoice: { id: number; pac_id: string },
  motive: typeof CANCEL_MOTIVE | typeof SUBSTITUTION_MOTIVE,
  substitution?: string,
): Promise<void> {
  try {
    const answer = await pac.cancel(invoice.pac_id, motive, substitution);
    const cancelled = answer.status === 'canceled';
    await tx.execute(
      `update invoice set status = ?, cancel_motive = ?, cancel_error = null,
          cancelled_at = case when ? then now() else cancelled_at end
        where id = ?`,
      [cancelled ? 'cancelled' : 'cancelling', motive, cancelled, invoice.id],
    );
  } catch (error) {
    if (!(error instanceof PacError && error.refused)) throw error;
    await tx.execute(`update invoice set cancel_error = ? where id = ?`, [
      error.message.slice(0, 500),
      invoice.id,
    ]);
  }
}

/**
 * Issue 25 item 4: when an invoiced order is cancelled (also 'Cancelado con reembolso', which
 * emits 'order.cancelled' before 'order.refunded'), its CFDI is cancelled at the PAC with motive
 * 02. A deferred order subscriber (registered only while invoicing is on): the event worker runs
 * it in its own transaction and retries it, and it is safe to repeat: only a 'valid' or
 * 'cancelling' live ingreso is asked for, the row locked, and the PAC's answer recorded.
 */
export class InvoiceCanceller implements DeferredOrderSubscriber {
  readonly name = 'invoicing.cancel';

  constructor(private readonly pac: Pac) {}

  async handle(tx: EntityManager, event: OrderEvent): Promise<void> {
    if (event.type !== 'order.cancelled') return;
    const [invoice] = await tx.execute<{ id: number; pac_id: string }[]>(
      `select id, pac_id from invoice
        where order_id = ? and kind = 'ingreso' and status in ('valid', 'cancelling')
          and substituted_by_id is null
        for update`,
      [event.orderId],
    );
    if (!invoice) return;
    await cancelInvoice(tx, this.pac, invoice, CANCEL_MOTIVE);
  }
}
