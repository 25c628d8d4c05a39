import { mexicoCityDay, SPANISH_MONTHS } from './coupons.js';

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
  /** A paid order the shop could not fulfil: cancelled, its money given back, its units in stock. */
  CANCELLED_REFUNDED: 'Cancelado con reembolso',
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

/**
 * The statuses an admin may choose: the spec's four (§4), 'Entregado' (the returns' five business
 * days count from it) and 'Cancelado con reembolso'; an order's current status may also stay.
 */
export const ADMIN_STATUS_NAMES = [
  'AWAITING_PAYMENT',
  'PAID',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED_UNPAID',
  'CANCELLED_REFUNDED',
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

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MEXICO_CITY_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Mexico_City',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Until when an unpaid order is held, as the payment page and 'Mis pedidos' say it, in Mexico
 * City time: 'Tu pedido se aparta hasta el jueves 30 de noviembre a las 14:05' (with the year
 * when it is not the year of `now`). The deadline is the server's (`Order.holdUntil`, from the
 * setting the unpaid-order sweep uses).
 */
export function holdDeadlineText(deadline: Date, now: Date = new Date()): string {
  const day = mexicoCityDay(deadline);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const parts = Object.fromEntries(
    MEXICO_CITY_TIME.formatToParts(deadline).map((p) => [p.type, p.value]),
  );
  const year = mexicoCityDay(now).slice(0, 4) === String(y) ? '' : ` de ${y}`;
  return `Tu pedido se aparta hasta el ${weekday} ${d} de ${SPANISH_MONTHS[m - 1]}${year} a las ${parts.hour}:${parts.minute}`;
}
