import { describe, expect, it } from 'vitest';
import {
  ADMIN_STATUS_NAMES,
  ADMIN_STATUSES,
  CANCELLED_STATUS,
  ORDER_STATUS_NAMES,
  ORDER_STATUSES,
  isPaidStatus,
  isPaymentSettled,
  orderStatusLabel,
  orderStatusName,
} from '../src/orders.js';

describe('order statuses (spec §4)', () => {
  it('has the six statuses of the spec, each with its API name', () => {
    expect(ORDER_STATUSES).toEqual([
      'En espera de pago',
      'Pagado',
      'Enviado',
      'Entregado',
      'Cancelado por falta de pago',
      'Pagado por mercadopago',
    ]);
    expect(ORDER_STATUS_NAMES).toEqual([
      'AWAITING_PAYMENT',
      'PAID',
      'SHIPPED',
      'DELIVERED',
      'CANCELLED_UNPAID',
      'PAID_MERCADOPAGO',
    ]);
    for (const name of ORDER_STATUS_NAMES) {
      expect(orderStatusName(orderStatusLabel(name))).toBe(name);
    }
    expect(orderStatusName('Regalado')).toBeUndefined();
    expect(CANCELLED_STATUS).toBe('Cancelado por falta de pago');
  });

  it('lets the admin choose four of them', () => {
    expect(ADMIN_STATUSES).toEqual([
      'En espera de pago',
      'Pagado',
      'Enviado',
      'Cancelado por falta de pago',
    ]);
    expect(ADMIN_STATUS_NAMES.map(orderStatusLabel)).toEqual(ADMIN_STATUSES);
  });

  it("counts as paid any status containing 'pagado', case-insensitively", () => {
    expect(ORDER_STATUSES.filter(isPaidStatus)).toEqual(['Pagado', 'Pagado por mercadopago']);
    expect(isPaidStatus('PAGADO por transferencia')).toBe(true);
    expect(isPaidStatus('Cancelado por falta de pago')).toBe(false);
  });

  it('counts as settled a paid, shipped or delivered order', () => {
    expect(ORDER_STATUSES.filter(isPaymentSettled)).toEqual([
      'Pagado',
      'Enviado',
      'Entregado',
      'Pagado por mercadopago',
    ]);
  });
});
