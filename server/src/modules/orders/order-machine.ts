import { ORDER_STATUS, type OrderStatus } from '@tienda/rules';
import { badInput, conflict, type DomainError } from '../shared/errors.js';

/**
 * An order's state machine: its states (English codes), the transitions it allows (the one table,
 * `TRANSITIONS`), what each moves (stock) and announces (events). The spec's Spanish words are
 * only at the edges (`shop_order.status` keeps the label the REST facade and the admin show);
 * 'Pagado por mercadopago' is the label of PAID when the payment is a Mercado Pago one
 * (payment-methods.ts), not a state of its own.
 */
export const ORDER_STATES = [
  'AWAITING_PAYMENT',
  'PAID',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'CANCELLED_REFUNDED',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The order events a transition emits (order-events.ts). */
export type TransitionEvent =
  | 'order.paid'
  | 'order.shipped'
  | 'order.delivered'
  | 'order.cancelled'
  | 'order.reactivated'
  | 'order.refunded';

export interface Transition {
  /** Emitted in this order, in the change's transaction. */
  events: readonly TransitionEvent[];
  /** 1: the order's units go back to stock; -1: they are taken again (checked). */
  stock?: 1 | -1;
  /** Allowed only with an admin's written reason (recorded in the event and the audit). */
  needsOverride?: boolean;
}

/** Every allowed (from, to) pair; a pair not here is refused. Staying in a state is no transition. */
export const TRANSITIONS: Readonly<Record<OrderState, Partial<Record<OrderState, Transition>>>> = {
  AWAITING_PAYMENT: {
    PAID: { events: ['order.paid'] },
    SHIPPED: { events: ['order.shipped'], needsOverride: true },
    CANCELLED: { events: ['order.cancelled'], stock: 1 },
  },
  PAID: {
    SHIPPED: { events: ['order.shipped'] },
    CANCELLED: { events: ['order.cancelled'], stock: 1 },
    // The shop cannot fulfil a paid order: cancelled with its money given back (the refund's
    // subscriber, e.g. the invoice's cancellation, reacts to 'order.refunded').
    CANCELLED_REFUNDED: { events: ['order.cancelled', 'order.refunded'], stock: 1 },
  },
  SHIPPED: {
    DELIVERED: { events: ['order.delivered'] },
  },
  DELIVERED: {},
  CANCELLED: {
    AWAITING_PAYMENT: { events: ['order.reactivated'], stock: -1 },
    PAID: { events: ['order.reactivated', 'order.paid'], stock: -1 },
  },
  // The money is gone back: nothing follows.
  CANCELLED_REFUNDED: {},
};

/** The label each state shows (PAID's depends on the payment: see payment-methods.ts). */
export const STATE_LABELS: Readonly<Record<OrderState, OrderStatus>> = {
  AWAITING_PAYMENT: ORDER_STATUS.AWAITING_PAYMENT,
  PAID: ORDER_STATUS.PAID,
  SHIPPED: ORDER_STATUS.SHIPPED,
  DELIVERED: ORDER_STATUS.DELIVERED,
  CANCELLED: ORDER_STATUS.CANCELLED_UNPAID,
  CANCELLED_REFUNDED: ORDER_STATUS.CANCELLED_REFUNDED,
};

/** The state of a stored label: 'Pagado por mercadopago' → PAID. */
export function stateOf(label: OrderStatus): OrderState {
  switch (label) {
    case ORDER_STATUS.PAID:
    case ORDER_STATUS.PAID_MERCADOPAGO:
      return 'PAID';
    case ORDER_STATUS.SHIPPED:
      return 'SHIPPED';
    case ORDER_STATUS.DELIVERED:
      return 'DELIVERED';
    case ORDER_STATUS.CANCELLED_UNPAID:
      return 'CANCELLED';
    case ORDER_STATUS.CANCELLED_REFUNDED:
      return 'CANCELLED_REFUNDED';
    default:
      return 'AWAITING_PAYMENT';
  }
}

/** Whether an order in this state has been paid for (a shipped order was, or was let go unpaid). */
export const isPaidState = (state: OrderState) =>
  state === 'PAID' || state === 'SHIPPED' || state === 'DELIVERED';

export const MACHINE_MESSAGES = {
  notAllowed: (from: OrderState, to: OrderState) =>
    `No se puede cambiar un pedido de «${STATE_LABELS[from]}» a «${STATE_LABELS[to]}»`,
  unpaidShipment:
    'El pedido no está pagado: para enviarlo de todos modos escribe el motivo en la confirmación',
  trackingRequired: 'Para marcar el pedido como enviado escribe el número de guía',
} as const;

/** What the change is checked against, besides the two states. */
export interface TransitionContext {
  /** The order's tracking once the change applies. */
  tracking: string | null;
  /** The admin's written reason to override a refusal that allows one. */
  overrideReason?: string | null;
}

/**
 * The transition from `from` to `to`, or the refusal (a DomainError with a Spanish message and a
 * stable reason): `null` when the state stays (a tracking edit, a repeated change).
 */
export function transition(
  from: OrderState,
  to: OrderState,
  context: TransitionContext,
): Transition | null {
  const refusal = refusalOf(from, to, context);
  if (refusal) throw refusal;
  return from === to ? null : TRANSITIONS[from][to]!;
}

/** The refusal of a change, or undefined when it is allowed. */
export function refusalOf(
  from: OrderState,
  to: OrderState,
  context: TransitionContext,
): DomainError | undefined {
  if (to === 'SHIPPED' && !context.tracking) {
    return badInput(MACHINE_MESSAGES.trackingRequired, 'tracking', 'TRACKING_REQUIRED');
  }
  if (from === to) return undefined;
  const allowed = TRANSITIONS[from][to];
  if (!allowed) {
    return conflict(MACHINE_MESSAGES.notAllowed(from, to), 'status', 'TRANSITION_NOT_ALLOWED');
  }
  if (allowed.needsOverride && !context.overrideReason?.trim()) {
    return conflict(MACHINE_MESSAGES.unpaidShipment, 'overrideReason', 'UNPAID_SHIPMENT');
  }
  return undefined;
}
