import { describe, expect, it } from 'vitest';
import { unitPriceCents } from '../src/pricing.js';

describe('unitPriceCents (spec §7)', () => {
  it('is the promotion price on promotion, else the price', () => {
    expect(
      unitPriceCents({ priceCents: 450_00, promotion: true, promotionPriceCents: 399_00 }),
    ).toBe(399_00);
    expect(
      unitPriceCents({ priceCents: 450_00, promotion: false, promotionPriceCents: 399_00 }),
    ).toBe(450_00);
  });

  it('falls back to the price when a promotion has no promotion price', () => {
    expect(unitPriceCents({ priceCents: 450_00, promotion: true, promotionPriceCents: null })).toBe(
      450_00,
    );
  });

  it('takes a promotion price of 0 as it is (the product rules refuse it before)', () => {
    expect(unitPriceCents({ priceCents: 450_00, promotion: true, promotionPriceCents: 0 })).toBe(0);
  });
});
