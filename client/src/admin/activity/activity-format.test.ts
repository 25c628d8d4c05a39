import { describe, expect, it } from 'vitest';
import { fieldLabel } from './activity-format';

describe('fieldLabel', () => {
  it("an order shipped unpaid shows the admin's reason as 'Motivo (envío sin pago)'", () => {
    expect(fieldLabel('overrideReason')).toBe('Motivo (envío sin pago)');
    expect(fieldLabel('tracking')).toBe('Guía');
  });
});
