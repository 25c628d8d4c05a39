/** An order's statuses (the spec's `estado`), which the admin may choose, and which count as paid. */
export const ORDER_STATUSES = [
  'En espera de pago',
  'Pagado',
  'Enviado',
  'Entregado',
  'Cancelado por falta de pago',
  'Pagado por mercadopago',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Set by the unpaid-order sweep or an admin; the order's units are back in stock. */
export const CANCELLED_STATUS = 'Cancelado por falta de pago' satisfies OrderStatus;

/** The statuses an admin may choose (spec §4); an order's current status may also stay. */
export const ADMIN_STATUSES = [
  'En espera de pago',
  'Pagado',
  'Enviado',
  'Cancelado por falta de pago',
] as const satisfies readonly OrderStatus[];

/** Any status containing 'pagado' (case-insensitive) counts as paid. */
export function isPaidStatus(status: string): boolean {
  return status.toLowerCase().includes('pagado');
}

/** Past payment: paid (spec's rule), or shipped or delivered, which only a paid order is. */
export function isPaymentSettled(status: string): boolean {
  return isPaidStatus(status) || status === 'Enviado' || status === 'Entregado';
}
