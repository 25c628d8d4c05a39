import { describe, expect, it } from 'vitest';
import { canDecreaseLine, canIncreaseLine, cartSubtotalCents } from './cart-quantity';

describe('cart stepper limits', () => {
  it('increases only below the stock of the size', () => {
    expect(canIncreaseLine(1, 3)).toBe(true);
    expect(canIncreaseLine(2, 3)).toBe(true);
    expect(canIncreaseLine(3, 3)).toBe(false);
    expect(canIncreaseLine(4, 3)).toBe(false);
    expect(canIncreaseLine(1, 0)).toBe(false);
  });

  it('decreases only above 1', () => {
    expect(canDecreaseLine(1)).toBe(false);
    expect(canDecreaseLine(2)).toBe(true);
    expect(canDecreaseLine(0)).toBe(false);
  });

  it('adds up the server line totals', () => {
    expect(cartSubtotalCents([])).toBe(0);
    expect(cartSubtotalCents([{ lineTotalCents: 39900 }, { lineTotalCents: 120000 }])).toBe(159900);
  });
});
