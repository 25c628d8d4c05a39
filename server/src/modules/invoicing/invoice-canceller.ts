import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeferredOrderSubscriber, OrderEvent } from '../orders/order-events.js';
import { PacError, type Pac } from './pac.js';

/** Motive 02: 'Comprobante emitido con errores sin relación' (no substitute CFDI). */
export const CANCEL_MOTIVE = '02';

/**
 * Issue 25 item 4: when an invoiced order is cancelled, its CFDI is cancelled at the PAC with
 * motive 02. A deferred order subscriber (registered only while invoicing is on): the event
 * worker runs it in its own transaction and retries it, and it is safe to repeat: only a 'valid'
 * or 'cancelling' ingreso is asked for, the row locked, and the PAC's answer recorded ('cancelled',
 * or 'cancelling' while the SAT waits for the receiver's acceptance). A refusal of the PAC is
 * kept on the row (`cancel_error`) for the admin to see; an outage is thrown, so it is retried.
 */
export class InvoiceCanceller implements DeferredOrderSubscriber {
  readonly name = 'invoicing.cancel';

  constructor(private readonly pac: Pac) {}

  async handle(tx: EntityManager, event: OrderEvent): Promise<void> {
    if (event.type !== 'order.cancelled') return;
    const [invoice] = await tx.execute<{ id: number; pac_id: string }[]>(
      `select id, pac_id from invoice
        where order_id = ? and kind = 'ingreso' and status in ('valid', 'cancelling')
        for update`,
      [event.orderId],
    );
    if (!invoice) return;
    try {
      const answer = await this.pac.cancel(invoice.pac_id, CANCEL_MOTIVE);
      const cancelled = answer.status === 'canceled';
      await tx.execute(
        `update invoice set status = ?, cancel_motive = ?, cancel_error = null,
            cancelled_at = case when ? then now() else cancelled_at end
          where id = ?`,
        [cancelled ? 'cancelled' : 'cancelling', CANCEL_MOTIVE, cancelled, invoice.id],
      );
    } catch (error) {
      if (!(error instanceof PacError && error.refused)) throw error;
      await tx.execute(`update invoice set cancel_error = ? where id = ?`, [
        error.message.slice(0, 500),
        invoice.id,
      ]);
    }
  }
}
