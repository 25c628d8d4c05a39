import { ORDER_STATUS, type OrderStatus } from '@tienda/rules';
import { cardChargeCents } from '../pricing/pricing.js';

/**
 * How an order can be paid. A payment method is a handler behind this one interface, registered
 * in `PAYMENT_METHODS` below (and allowed by the `payment.method` check of its migration): a new
 * method is one more entry here, its own module for talking to the provider (as
 * `mercadopago.service.ts`), and a call to `OrderService.changeStatus` with `payment` when the
 * provider confirms, which records the payment and makes the order PAID.
 */
export interface PaymentMethod {
  /** Stored in `payment.method`. */
  readonly code: string;
  /** What a paid order whose approved payment is of this method shows (the spec's words). */
  readonly paidLabel: OrderStatus;
  /** What this method charges for an order total (centavos), e.g. the card fee. */
  chargeCents(totalCents: number): number;
}

export const PAYMENT_METHODS = {
  /** A bank transfer the admin confirms by hand (spec: 'Pagado'). */
  transfer: {
    code: 'transfer',
    paidLabel: ORDER_STATUS.PAID,
    chargeCents: (totalCents: number) => totalCents,
  },
  /** A Mercado Pago card payment its webhook confirms (spec: 'Pagado por mercadopago'). */
  mercadopago: {
    code: 'mercadopago',
    paidLabel: ORDER_STATUS.PAID_MERCADOPAGO,
    chargeCents: cardChargeCents,
  },
} as const satisfies Record<string, PaymentMethod>;

export type PaymentMethodCode = keyof typeof PAYMENT_METHODS;

/** The method whose paid label this is ('Pagado por mercadopago' → mercadopago), if any. */
export function methodOfPaidLabel(label: string): PaymentMethodCode | undefined {
  return (Object.keys(PAYMENT_METHODS) as PaymentMethodCode[]).find(
    (code) => PAYMENT_METHODS[code].paidLabel === label,
  );
}
