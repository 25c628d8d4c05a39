import { describe, expect, it } from 'vitest';
import { decimalPesos, formatMoney, pesosAmount } from '../src/money.js';

describe('formatMoney', () => {
  it('formats whole pesos as es-MX currency without cents: $1,250', () => {
    expect(formatMoney(125000)).toBe('$1,250');
    expect(formatMoney(30000)).toBe('$300');
  });

  it('uses a thousands separator', () => {
    expect(formatMoney(123456700)).toBe('$1,234,567');
    expect(formatMoney(100000)).toBe('$1,000');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
  });

  it('shows an amount with centavos exactly, with two decimals: $818.50, $199.50', () => {
    expect(formatMoney(81850)).toBe('$818.50');
    expect(formatMoney(19950)).toBe('$199.50');
    expect(formatMoney(125005)).toBe('$1,250.05');
    expect(formatMoney(29999)).toBe('$299.99');
    expect(formatMoney(84705)).toBe('$847.05');
  });

  it('never rounds centavos away: $0.05, $0.99', () => {
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(99)).toBe('$0.99');
    expect(formatMoney(1)).toBe('$0.01');
  });

  it('formats zero and negative amounts sanely: $0, -$50, -$0.50, -0 as $0', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(-0)).toBe('$0');
    expect(formatMoney(-5000)).toBe('-$50');
    expect(formatMoney(-50)).toBe('-$0.50');
    expect(formatMoney(-81850)).toBe('-$818.50');
  });
});

describe('pesosAmount', () => {
  it('gives pesos exact to the centavo for provider APIs: 818.5, 847.05', () => {
    expect(pesosAmount(81850)).toBe(818.5);
    expect(pesosAmount(84705)).toBe(847.05);
    expect(JSON.stringify({ unit_price: pesosAmount(84705) })).toBe('{"unit_price":847.05}');
    expect(pesosAmount(125000)).toBe(1250);
    expect(pesosAmount(1)).toBe(0.01);
  });

  it('never gives -0', () => {
    expect(Object.is(pesosAmount(-0), 0)).toBe(true);
    expect(pesosAmount(-5000)).toBe(-50);
  });
});

describe('decimalPesos', () => {
  it('writes a plain two-digit decimal: 1250.00, 818.50, 0.05', () => {
    expect(decimalPesos(125000)).toBe('1250.00');
    expect(decimalPesos(81850)).toBe('818.50');
    expect(decimalPesos(5)).toBe('0.05');
    expect(decimalPesos(0)).toBe('0.00');
  });

  it('keeps the sign of a negative amount below a peso: -0.50', () => {
    expect(decimalPesos(-50)).toBe('-0.50');
    expect(decimalPesos(-125005)).toBe('-1250.05');
    expect(decimalPesos(-0)).toBe('0.00');
  });
});
