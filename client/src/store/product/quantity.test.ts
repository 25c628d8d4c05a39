import { describe, expect, it } from 'vitest';
import {
  canDecrease,
  canIncrease,
  clampQuantity,
  defaultSize,
  initialQuantity,
  stockOf,
} from './quantity';

describe('product quantity rules', () => {
  it('starts at 1, or 0 when the size is sold out', () => {
    expect(initialQuantity(5)).toBe(1);
    expect(initialQuantity(1)).toBe(1);
    expect(initialQuantity(0)).toBe(0);
  });

  it('stays between 1 and the stock of the size', () => {
    expect(clampQuantity(0, 3)).toBe(1);
    expect(clampQuantity(4, 3)).toBe(3);
    expect(clampQuantity(2, 3)).toBe(2);
    expect(clampQuantity(7, 0)).toBe(0);
  });

  it('allows + and - only inside the bounds', () => {
    expect(canIncrease(2, 3)).toBe(true);
    expect(canIncrease(3, 3)).toBe(false);
    expect(canDecrease(2, 3)).toBe(true);
    expect(canDecrease(1, 3)).toBe(false);
    expect(canIncrease(0, 0)).toBe(false);
    expect(canDecrease(0, 0)).toBe(false);
  });

  it('opens on the first size in stock', () => {
    const sizes = [
      { size: 'S', stock: 0 },
      { size: 'M', stock: 2 },
      { size: 'L', stock: 4 },
    ];
    expect(defaultSize(sizes)).toBe('M');
    expect(defaultSize([{ size: 'S', stock: 0 }])).toBe('S');
    expect(defaultSize([])).toBeUndefined();
    expect(stockOf(sizes, 'L')).toBe(4);
    expect(stockOf(sizes, 'XL')).toBe(0);
  });
});
