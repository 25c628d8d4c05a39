import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  groupDigits,
  parseIdParam,
  paymentConcept,
  proofOfPaymentUrl,
} from './payment-info';

describe('payment details', () => {
  it('uses the order number as the concept', () => {
    expect(paymentConcept(42)).toBe('Pedido 42');
  });

  it('formats a 10-digit phone and leaves other values alone', () => {
    expect(formatPhone('5512345678')).toBe('55 1234 5678');
    expect(formatPhone('12345')).toBe('12345');
  });

  it('groups card and CLABE digits by four', () => {
    expect(groupDigits('4152313312345678')).toBe('4152 3133 1234 5678');
    expect(groupDigits('012180001234567897')).toBe('0121 8000 1234 5678 97');
  });

  it('opens WhatsApp with the Mexican number and the order named in the message', () => {
    const url = new URL(proofOfPaymentUrl('55 1234 5678', 42));
    expect(url.origin + url.pathname).toBe('https://wa.me/525512345678');
    expect(url.searchParams.get('text')).toBe(
      'Hola, les envío el comprobante de pago del pedido #42.',
    );
  });

  it.each([
    ['7', 7],
    [' 12 ', 12],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    ['9999999999', null],
    [null, null],
  ])('reads the id %j as %j', (value, expected) => {
    expect(parseIdParam(value)).toBe(expected);
  });
});
