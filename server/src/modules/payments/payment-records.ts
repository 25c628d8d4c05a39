import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentMethodCode } from './payment-methods.js';

/** A payment to record with the order's change into PAID. */
export interface PaymentInput {
  method: PaymentMethodCode;
  amountCents: number;
  /** The provider's reference (Mercado Pago's payment id); null for a transfer. */
  providerRef: string | null;
}

export interface PaymentRecord extends PaymentInput {
  id: string;
  orderId: number;
  state: 'pending' | 'approved' | 'rejected' | 'refunded';
  createdAt: Date;
}

/**
 * The `payment` table's one owner. Records approved payments in the caller's transaction (the
 * order's status change); a provider reference already recorded for that method adds nothing.
 */
export async function recordApprovedPayments(
  tx: EntityManager,
  payments: readonly (PaymentInput & { orderId: number })[],
): Promise<void> {
  if (payments.length === 0) return;
  await tx.execute(
    `insert into payment (order_id, method, amount_cents, provider_ref, state, approved_at)
     select order_id, method, amount_cents, provider_ref, 'approved', now()
       from jsonb_to_recordset(?::jsonb)
         as p(order_id integer, method text, amount_cents integer, provider_ref text)
     on conflict (method, provider_ref) where provider_ref is not null do nothing`,
    [
      JSON.stringify(
        payments.map((p) => ({
          order_id: p.orderId,
          method: p.method,
          amount_cents: p.amountCents,
          provider_ref: p.providerRef,
        })),
      ),
    ],
  );
}

/** Whether a payment with this provider reference is already recorded (a replayed webhook). */
export async function paymentRecorded(
  em: EntityManager,
  method: PaymentMethodCode,
  providerRef: string,
): Promise<boolean> {
  const rows = await em.execute(
    'select 1 from payment where method = ? and provider_ref = ? limit 1',
    [method, providerRef],
  );
  return rows.length > 0;
}

/** An order's payments, oldest first. */
export async function paymentsOf(em: EntityManager, orderId: number): Promise<PaymentRecord[]> {
  const rows = await em.execute<
    {
      id: string;
      order_id: number;
      method: PaymentMethodCode;
      amount_cents: number;
      provider_ref: string | null;
      state: PaymentRecord['state'];
      created_at: Date | string;
    }[]
  >(
    `select id, order_id, method, amount_cents, provider_ref, state, created_at
       from payment where order_id = ? order by id`,
    [orderId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    orderId: r.order_id,
    method: r.method,
    amountCents: r.amount_cents,
    providerRef: r.provider_ref,
    state: r.state,
    createdAt: new Date(r.created_at),
  }));
}

/** Records an approved payment as refunded whole (a cancellation with refund). */
export async function markPaymentRefunded(tx: EntityManager, paymentId: string): Promise<void> {
  await tx.execute(`update payment set state = 'refunded' where id = ? and state = 'approved'`, [
    paymentId,
  ]);
}
