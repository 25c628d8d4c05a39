import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CalculatorLine,
  type CouponInput,
  BULK_DISCOUNT_PER_UNIT_CENTS,
  bulkDiscountNote,
  calculateOrder,
  CARD_FEE_LABEL,
  cardChargeCents,
  prorate,
  SHIPPING_CENTS,
} from '../src/order-calculator.js';

const regular = (pesos: number, quantity: number): CalculatorLine => ({
  product: { priceCents: pesos * 100, promotion: false, promotionPriceCents: null },
  quantity,
});
const promo = (pesos: number, promoPesos: number, quantity: number): CalculatorLine => ({
  product: { priceCents: pesos * 100, promotion: true, promotionPriceCents: promoPesos * 100 },
  quantity,
});
const coupon = (c: Partial<CouponInput> & Pick<CouponInput, 'kind'>): CouponInput => ({
  value: 0,
  eligibility: 'ALL',
  minimumCents: null,
  ...c,
});

describe('the spec examples (unchanged arithmetic)', () => {
  it('shipping is a flat $220 added to every order', () => {
    const o = calculateOrder({ lines: [regular(300, 1)] });
    expect(o.shippingCents).toBe(SHIPPING_CENTS);
    expect(o.adjustments).toEqual([]);
    expect(o.totalCents).toBe(300_00 + 220_00);
  });

  it('5 non-promotional units get no bulk discount', () => {
    const o = calculateOrder({ lines: [regular(200, 5)] });
    expect(o.discountCents).toBe(0);
    expect(o.totalCents).toBe(1000_00 + 220_00);
  });

  it("6 non-promotional units take $50 off per unit: BULK_DISCOUNT 'Descuento por mayoreo', $50 per unit on each line", () => {
    const o = calculateOrder({ lines: [regular(200, 4), regular(100, 2)] });
    expect(o.bulkUnits).toBe(6);
    expect(o.adjustments).toEqual([
      {
        code: 'BULK_DISCOUNT',
        label: 'Descuento por mayoreo',
        amountCents: 300_00,
        lines: [
          { line: 0, amountCents: 200_00 },
          { line: 1, amountCents: 100_00 },
        ],
      },
    ]);
    expect(o.totalCents).toBe(800_00 + 200_00 + 220_00 - 300_00);
  });

  it('promotional units neither count towards nor receive the bulk discount', () => {
    const five = calculateOrder({ lines: [regular(200, 5), promo(400, 300, 3)] });
    expect(five.bulkUnits).toBe(5);
    expect(five.discountCents).toBe(0);
    const six = calculateOrder({ lines: [regular(200, 6), promo(400, 300, 3)] });
    expect(six.adjustments[0]!.lines).toEqual([{ line: 0, amountCents: 300_00 }]);
  });

  it('the card charge is floor(total × 1.0349 + 4) pesos: $818.50 → $851', () => {
    expect(cardChargeCents(818_50)).toBe(851_00);
    expect(calculateOrder({ lines: [regular(300, 1)] }).cardChargeCents).toBe(
      cardChargeCents(520_00),
    );
    expect(CARD_FEE_LABEL).toBe('3.49% + $4');
  });

  it('a quantity below 1 is refused', () => {
    expect(() => calculateOrder({ lines: [regular(100, 0)] })).toThrow(RangeError);
  });
});

describe('coupon arithmetic', () => {
  it('a percentage applies to the eligible goods after the bulk discount', () => {
    // 6 × $200 = $1,200; bulk −$300 → $900; 10% → $90.
    const o = calculateOrder({
      lines: [regular(200, 6)],
      coupon: coupon({ kind: 'PERCENTAGE', value: 10, code: 'HOTSALE' }),
    });
    expect(o.adjustments.map((a) => [a.code, a.label, a.amountCents])).toEqual([
      ['BULK_DISCOUNT', 'Descuento por mayoreo', 300_00],
      ['COUPON', 'Cupón HOTSALE', 90_00],
    ]);
    expect(o.totalCents).toBe(1200_00 - 300_00 - 90_00 + 220_00);
  });

  it('a percentage is rounded down to the centavo and prorated by the largest remainder', () => {
    // $0.01 × 3 lines of $3.33: 10% of $9.99 = 99.9 centavos → 99.
    const o = calculateOrder({
      lines: [0, 1, 2].map(() => ({
        product: { priceCents: 333, promotion: true, promotionPriceCents: null },
        quantity: 1,
      })),
      coupon: coupon({ kind: 'PERCENTAGE', value: 10 }),
    });
    const c = o.adjustments.find((a) => a.code === 'COUPON')!;
    expect(c.amountCents).toBe(99);
    expect(c.lines).toEqual([
      { line: 0, amountCents: 33 },
      { line: 1, amountCents: 33 },
      { line: 2, amountCents: 33 },
    ]);
  });

  it('a fixed amount is capped at the eligible goods', () => {
    const o = calculateOrder({
      lines: [regular(100, 1)],
      coupon: coupon({ kind: 'FIXED', value: 500_00 }),
    });
    expect(o.adjustments).toEqual([
      {
        code: 'COUPON',
        label: 'Cupón',
        amountCents: 100_00,
        lines: [{ line: 0, amountCents: 100_00 }],
      },
    ]);
    expect(o.totalCents).toBe(SHIPPING_CENTS);
  });

  it("free shipping takes the shipping off as 'Envío gratis'", () => {
    const o = calculateOrder({
      lines: [regular(300, 1)],
      coupon: coupon({ kind: 'FREE_SHIPPING' }),
    });
    expect(o.adjustments).toEqual([
      { code: 'FREE_SHIPPING', label: 'Envío gratis', amountCents: 220_00, lines: [] },
    ]);
    expect(o.totalCents).toBe(300_00);
  });

  it('a minimum purchase not reached gives no adjustment (the goods after the bulk discount)', () => {
    // 6 × $100 = $600, after bulk $300 < $500 minimum.
    const o = calculateOrder({
      lines: [regular(100, 6)],
      coupon: coupon({ kind: 'FIXED', value: 50_00, minimumCents: 500_00 }),
    });
    expect(o.adjustments.map((a) => a.code)).toEqual(['BULK_DISCOUNT']);
    const reached = calculateOrder({
      lines: [regular(100, 6)],
      coupon: coupon({ kind: 'FIXED', value: 50_00, minimumCents: 300_00 }),
    });
    expect(reached.adjustments.map((a) => a.code)).toEqual(['BULK_DISCOUNT', 'COUPON']);
  });

  it('promotional lines are excluded when the eligibility is non-promotional', () => {
    const o = calculateOrder({
      lines: [regular(200, 1), promo(400, 300, 1)],
      coupon: coupon({ kind: 'PERCENTAGE', value: 50, eligibility: 'NON_PROMOTIONAL' }),
    });
    expect(o.adjustments).toEqual([
      {
        code: 'COUPON',
        label: 'Cupón',
        amountCents: 100_00,
        lines: [{ line: 0, amountCents: 100_00 }],
      },
    ]);
  });
});

describe('bulk discount note', () => {
  it('explains the applied discount and hints at the missing units', () => {
    expect(bulkDiscountNote({ applied: true, bulkUnits: 7 })?.text).toBe(
      '$50 menos por pieza al llevar 6 o más piezas sin promoción (llevas 7).',
    );
    expect(bulkDiscountNote({ applied: true })?.text).toBe(
      '$50 menos por pieza al llevar 6 o más piezas sin promoción.',
    );
    expect(bulkDiscountNote({ applied: false, bulkUnits: 4 })).toEqual({
      kind: 'hint',
      text: 'Con 2 piezas más sin promoción ahorras $50 por pieza.',
    });
    expect(bulkDiscountNote({ applied: false, bulkUnits: 5 })?.text).toBe(
      'Con 1 pieza más sin promoción ahorras $50 por pieza.',
    );
    expect(bulkDiscountNote({ applied: false, bulkUnits: 0 })).toBeNull();
  });
});

describe('prorate (largest remainder)', () => {
  it('gives the leftover centavo to the largest remainder, the earliest on a tie', () => {
    expect(prorate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(prorate(10, [1, 2])).toEqual([3, 7]);
    expect(prorate(0, [5, 5])).toEqual([0, 0]);
  });
});

// ——— properties ———
const lineArb = fc.record({
  product: fc.record({
    priceCents: fc.integer({ min: 1, max: 5_000_00 }),
    promotion: fc.boolean(),
    promotionPriceCents: fc.option(fc.integer({ min: 1, max: 5_000_00 }), { nil: null }),
  }),
  quantity: fc.integer({ min: 1, max: 12 }),
});
const couponArb = fc
  .option(
    fc.record({
      kind: fc.constantFrom('PERCENTAGE' as const, 'FIXED' as const, 'FREE_SHIPPING' as const),
      value: fc.integer({ min: 0, max: 100_000 }),
      eligibility: fc.constantFrom('ALL' as const, 'NON_PROMOTIONAL' as const),
      minimumCents: fc.option(fc.integer({ min: 0, max: 20_000_00 }), { nil: null }),
    }),
    { nil: null },
  )
  .map((c) => (c && c.kind === 'PERCENTAGE' ? { ...c, value: c.value % 101 } : c));
const orderArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
  coupon: couponArb,
  bulkDiscount: fc.option(
    fc.record({
      minUnits: fc.integer({ min: 1, max: 10 }),
      perUnitCents: fc.integer({ min: 0, max: 1_000_00 }),
    }),
    { nil: undefined },
  ),
});
const RUNS = { numRuns: 3000 };

describe('properties (fast-check, thousands of orders)', () => {
  it('every amount is whole centavos, and the total is subtotal + shipping − adjustments', () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const o = calculateOrder(input);
        const amounts = [
          o.subtotalCents,
          o.shippingCents,
          o.discountCents,
          o.totalCents,
          o.cardChargeCents,
          ...o.adjustments.flatMap((a) => [a.amountCents, ...a.lines.map((l) => l.amountCents)]),
        ];
        expect(amounts.every((a) => Number.isSafeInteger(a) && a >= 0)).toBe(true);
        expect(o.cardChargeCents % 100).toBe(0);
        expect(o.totalCents).toBe(o.subtotalCents + o.shippingCents - o.discountCents);
      }),
      RUNS,
    );
  });

  it('the total is never below the shipping charged', () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const o = calculateOrder(input);
        const freeShipping = o.adjustments
          .filter((a) => a.code === 'FREE_SHIPPING')
          .reduce((s, a) => s + a.amountCents, 0);
        expect(o.totalCents).toBeGreaterThanOrEqual(o.shippingCents - freeShipping);
      }),
      RUNS,
    );
  });

  it('no adjustment exceeds its base, on the whole and on each line', () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const o = calculateOrder(input);
        const left = input.lines.map((l) => {
          const unit =
            l.product.promotion && l.product.promotionPriceCents != null
              ? l.product.promotionPriceCents
              : l.product.priceCents;
          return unit * l.quantity;
        });
        for (const a of o.adjustments) {
          expect(a.amountCents).toBeGreaterThan(0);
          if (a.code === 'FREE_SHIPPING') {
            expect(a.amountCents).toBeLessThanOrEqual(o.shippingCents);
            continue;
          }
          for (const share of a.lines) {
            expect(share.amountCents).toBeLessThanOrEqual(left[share.line]!);
            left[share.line]! -= share.amountCents;
          }
        }
      }),
      RUNS,
    );
  });

  it('the per-line prorations add up to the adjustment exactly', () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        for (const a of calculateOrder(input).adjustments) {
          if (a.code === 'FREE_SHIPPING') expect(a.lines).toEqual([]);
          else expect(a.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(a.amountCents);
        }
      }),
      RUNS,
    );
  });

  it('with the shop rules and no coupon, the spec arithmetic: $50 per unit not on promotion from 6', () => {
    fc.assert(
      fc.property(
        fc.array(
          lineArb.map((l) => ({
            ...l,
            product: { ...l.product, priceCents: l.product.priceCents + 50_00 },
          })),
          { minLength: 1, maxLength: 8 },
        ),
        (lines) => {
          const o = calculateOrder({ lines });
          const units = lines
            .filter((l) => !l.product.promotion)
            .reduce((s, l) => s + l.quantity, 0);
          expect(o.bulkUnits).toBe(units);
          expect(o.discountCents).toBe(units >= 6 ? units * BULK_DISCOUNT_PER_UNIT_CENTS : 0);
        },
      ),
      RUNS,
    );
  });

  it('prorate: shares add up, none exceeds its weight, each within a centavo of its exact share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, f) => {
          const total = weights.reduce((s, w) => s + w, 0);
          const amount = Math.floor(total * f);
          const shares = prorate(amount, weights);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(total === 0 ? 0 : amount);
          shares.forEach((s, i) => {
            expect(s).toBeLessThanOrEqual(weights[i]!);
            if (total > 0) expect(Math.abs(s - (amount * weights[i]!) / total)).toBeLessThan(1);
          });
        },
      ),
      RUNS,
    );
  });
});
