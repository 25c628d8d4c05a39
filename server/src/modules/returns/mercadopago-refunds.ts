import { MercadoPagoConfig, PaymentRefund } from 'mercadopago';

/**
 * A refund of (part of) a Mercado Pago payment through its refunds API,
 * `POST /v1/payments/{id}/refunds` with `{ amount }` in pesos and an `X-Idempotency-Key`: the
 * same key (one per return) makes a retried refund one refund at the provider. Answers the
 * refund's id.
 */
export async function refundMercadoPagoPayment(
  client: MercadoPagoConfig,
  refund: { paymentId: string; amount: number; idempotencyKey: string },
): Promise<string> {
  // The SDK merges `requestOptions` into the client's own options for good: a client of its own
  // keeps this refund's key away from the app's other calls (a preference sent with it).
  const own = new MercadoPagoConfig({
    accessToken: client.accessToken,
    options: { ...client.options },
  });
  const created = await new PaymentRefund(own).create({
    payment_id: refund.paymentId,
    body: { amount: refund.amount },
    requestOptions: { idempotencyKey: refund.idempotencyKey },
  });
  if (created.id === undefined || created.id === null) {
    throw new Error('Mercado Pago answered a refund without an id');
  }
  return String(created.id);
}
