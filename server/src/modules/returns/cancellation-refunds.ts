import type { EntityManager } from '@mikro-orm/postgresql';
import type { MercadoPagoConfig } from 'mercadopago';
import { pesosAmount } from '@tienda/rules';
import type { DeferredOrderSubscriber, OrderEvent } from '../orders/order-events.js';
import { markPaymentRefunded, paymentsOf } from '../payments/payment-records.js';
import { refundMercadoPagoPayment } from './mercadopago-refunds.js';

/**
 * 'Cancelado con reembolso' of an order paid by card: on 'order.refunded', the whole Mercado
 * Pago payment goes back through the refunds API (idempotency key per order, so a retried
 * delivery is one refund at the provider) and the payment is recorded 'refunded'. A deferred
 * subscriber: the provider is called after the cancellation commits, retried by the event
 * worker when it fails. An order paid by transfer is refunded by hand (nothing to call).
 */
export class CancellationRefunder implements DeferredOrderSubscriber {
  readonly name = 'mercadopago-cancellation-refund';

  constructor(private readonly client: MercadoPagoConfig) {}

  async handle(tx: EntityManager, event: OrderEvent): Promise<void> {
    if (event.type !== 'order.refunded') return;
    const payments = await paymentsOf(tx, event.orderId);
    for (const p of payments) {
      if (p.method !== 'mercadopago' || p.state !== 'approved' || p.providerRef === null) continue;
      await refundMercadoPagoPayment(this.client, {
        paymentId: p.providerRef,
        amount: pesosAmount(p.amountCents),
        idempotencyKey: `tienda-cancelacion-${event.orderId}-${p.id}`,
      });
      await markPaymentRefunded(tx, p.id);
    }
  }
}
