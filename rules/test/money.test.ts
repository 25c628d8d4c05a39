import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/money.js';

describe('formatMoney', () => {
  it('formats whole pesos as es-MX currency without cents', () => {
    expect(formatMoney(125000)).toBe('$1,250');
    expect(formatMoney(30000)).toBe('$300');
  });

  it('uses a thousands separator', () => {
    expect(formatMoney(123456700)).toBe('$1,234,567');
    expect(formatMoney(100000)).toBe('$1,000');
  });

  it('drops the cents instead of showing them', () => {
    expect(formatMoney(29999)).toBe('$299');
    expect(formatMoney(125050)).toBe('$1,250');
    expect(formatMoney(99)).toBe('$0');
  });

  it('formats zero and negative amounts', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(-5000)).toBe('-$50');
    expect(formatMoney(-50)).toBe('$0');
  });
});
