import { describe, expect, it } from 'vitest';
import {
  holdDeadlineText,
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
  it("has the six statuses of the spec and issue 25's 'Cancelado con reembolso', each with its API name", () => {
    expect(ORDER_STATUSES).toEqual([
      'En espera de pago',
      'Pagado',
      'Enviado',
      'Entregado',
      'Cancelado por falta de pago',
      'Pagado por mercadopago',
      'Cancelado con reembolso',
    ]);
    expect(ORDER_STATUS_NAMES).toEqual([
      'AWAITING_PAYMENT',
      'PAID',
      'SHIPPED',
      'DELIVERED',
      'CANCELLED_UNPAID',
      'PAID_MERCADOPAGO',
      'CANCELLED_REFUNDED',
    ]);
    for (const name of ORDER_STATUS_NAMES) {
      expect(orderStatusName(orderStatusLabel(name))).toBe(name);
    }
    expect(orderStatusName('Regalado')).toBeUndefined();
    expect(CANCELLED_STATUS).toBe('Cancelado por falta de pago');
  });

  it("lets the admin choose the spec's four, and 'Entregado' and 'Cancelado con reembolso' (issue 25: returns count from the delivery)", () => {
    expect(ADMIN_STATUSES).toEqual([
      'En espera de pago',
      'Pagado',
      'Enviado',
      'Entregado',
      'Cancelado por falta de pago',
      'Cancelado con reembolso',
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

describe('holdDeadlineText (issue 28 item 3: the deadline on screen)', () => {
  const now = new Date('2026-11-27T20:05:00Z');
  it("says until when the order is held, in Mexico City time: 'Tu pedido se aparta hasta el jueves 30 de noviembre a las 14:05'", () => {
    // 20:05 UTC is 14:05 in Mexico City (UTC-6, no daylight saving since 2022).
    expect(holdDeadlineText(new Date('2026-11-30T20:05:00Z'), now)).toBe(
      'Tu pedido se aparta hasta el lunes 30 de noviembre a las 14:05',
    );
    expect(holdDeadlineText(new Date('2026-12-03T20:05:00Z'), now)).toBe(
      'Tu pedido se aparta hasta el jueves 3 de diciembre a las 14:05',
    );
  });
  it('takes the Mexico City day, not the UTC one, around midnight, in 24-hour time', () => {
    // 05:30 UTC on 1 December is 23:30 on 30 November there.
    expect(holdDeadlineText(new Date('2026-12-01T05:30:00Z'), now)).toBe(
      'Tu pedido se aparta hasta el lunes 30 de noviembre a las 23:30',
    );
    expect(holdDeadlineText(new Date('2026-12-01T06:07:00Z'), now)).toBe(
      'Tu pedido se aparta hasta el martes 1 de diciembre a las 00:07',
    );
  });
  it('names the year when the deadline falls in another one', () => {
    expect(
      holdDeadlineText(new Date('2027-01-02T18:00:00Z'), new Date('2026-12-30T18:00:00Z')),
    ).toBe('Tu pedido se aparta hasta el sábado 2 de enero de 2027 a las 12:00');
  });
});
