/**
 * An order's statuses (spec §4): the stable name each has in the API (the GraphQL enum
 * `OrderStatus`) and the Spanish words stored, shown and sent by the REST facade.
 */
export const ORDER_STATUS = {
  AWAITING_PAYMENT: 'En espera de pago',
  PAID: 'Pagado',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregado',
  CANCELLED_UNPAID: 'Cancelado por falta de pago',
  PAID_MERCADOPAGO: 'Pagado por mercadopago',
} as const;

/** The API's name of a status: 'AWAITING_PAYMENT', 'PAID'… */
export type OrderStatusName = keyof typeof ORDER_STATUS;
/** A status as stored and read: 'En espera de pago', 'Pagado'… */
export type OrderStatus = (typeof ORDER_STATUS)[OrderStatusName];

export const ORDER_STATUS_NAMES = Object.keys(ORDER_STATUS) as OrderStatusName[];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[];

/** The status a new order has, waiting for the shopper's payment. */
export const AWAITING_PAYMENT_STATUS = ORDER_STATUS.AWAITING_PAYMENT;
/** Set by the unpaid-order sweep or an admin; the order's units are back in stock. */
export const CANCELLED_STATUS = ORDER_STATUS.CANCELLED_UNPAID;

/** The statuses an admin may choose (spec §4); an order's current status may also stay. */
export const ADMIN_STATUS_NAMES = [
  'AWAITING_PAYMENT',
  'PAID',
  'SHIPPED',
  'CANCELLED_UNPAID',
] as const satisfies readonly OrderStatusName[];
export const ADMIN_STATUSES = ADMIN_STATUS_NAMES.map((name) => ORDER_STATUS[name]);

/** The Spanish words of a status name: 'PAID' → 'Pagado'. */
export function orderStatusLabel(name: OrderStatusName): OrderStatus {
  return ORDER_STATUS[name];
}

/** The name of a status in Spanish words ('Pagado' → 'PAID'), or undefined for other text. */
export function orderStatusName(status: string): OrderStatusName | undefined {
  return ORDER_STATUS_NAMES.find((name) => ORDER_STATUS[name] === status);
}

/** Any status containing 'pagado' (case-insensitive) counts as paid. */
export function isPaidStatus(status: string): boolean {
  return status.toLowerCase().includes('pagado');
}

/** Past payment: paid (spec's rule), or shipped or delivered, which only a paid order is. */
export function isPaymentSettled(status: string): boolean {
  return (
    isPaidStatus(status) || status === ORDER_STATUS.SHIPPED || status === ORDER_STATUS.DELIVERED
  );
}

/** Spec §2: what the cart, the order summary and the server's refusal say when there is nothing to buy. */
export const EMPTY_CART_MESSAGE = 'No hay productos en el carrito';
