import {
  cardChargeCents,
  orderTotals,
  priceRangeOf,
  SHIPPING_CENTS,
  unitPriceCents,
} from '../src/modules/pricing/pricing.js';

const regular = (pesos: number) => ({
  priceCents: pesos * 100,
  promotion: false,
  promotionPriceCents: null,
});
const promo = (pesos: number, promoPesos: number) => ({
  priceCents: pesos * 100,
  promotion: true,
  promotionPriceCents: promoPesos * 100,
});

describe('unit price', () => {
  test('is the promotion price when the product is on promotion', () => {
    expect(unitPriceCents(promo(500, 350))).toBe(35000);
  });
  test('is the normal price otherwise, even if a promotion price is stored', () => {
    expect(
      unitPriceCents({ priceCents: 50000, promotion: false, promotionPriceCents: 35000 }),
    ).toBe(50000);
  });
});

describe('order totals (spec §9: shipping $220, $50 per unit from 6 non-promotional units)', () => {
  test('shipping is a flat $220 added to every order', () => {
    const t = orderTotals([{ product: regular(300), quantity: 1 }]);
    expect(t.shippingCents).toBe(SHIPPING_CENTS);
    expect(t.totalCents).toBe(30000 + 22000);
  });

  test('5 non-promotional units get no bulk discount', () => {
    const t = orderTotals([{ product: regular(200), quantity: 5 }]);
    expect(t.discountCents).toBe(0);
    expect(t.totalCents).toBe(100000 + 22000);
  });

  test('6 non-promotional units take $50 off per unit', () => {
    const t = orderTotals([
      { product: regular(200), quantity: 4 },
      { product: regular(100), quantity: 2 },
    ]);
    expect(t.bulkUnits).toBe(6);
    expect(t.discountCents).toBe(6 * 5000);
    expect(t.totalCents).toBe(80000 + 20000 + 22000 - 30000);
  });

  test('promotional units neither count towards nor receive the bulk discount', () => {
    const t = orderTotals([
      { product: regular(200), quantity: 5 },
      { product: promo(400, 300), quantity: 3 },
    ]);
    expect(t.bulkUnits).toBe(5);
    expect(t.discountCents).toBe(0);
    expect(t.subtotalCents).toBe(100000 + 90000);
  });

  test('a quantity below 1 is refused', () => {
    expect(() => orderTotals([{ product: regular(100), quantity: 0 }])).toThrow(RangeError);
  });
});

describe('order totals, table-driven (lines → subtotal, discount, total; ARCHITECTURE §7)', () => {
  type Line = { product: ReturnType<typeof regular> | ReturnType<typeof promo>; quantity: number };
  // Expected figures are worked out by hand in pesos from the spec's rules, not from the code.
  test.each<[string, Line[], { subtotal: number; bulk: number; discount: number; total: number }]>([
    [
      'one regular unit',
      [{ product: regular(300), quantity: 1 }],
      { subtotal: 300, bulk: 1, discount: 0, total: 520 },
    ],
    [
      'promotion lines only, 8 units: no discount',
      [{ product: promo(400, 250), quantity: 8 }],
      { subtotal: 2000, bulk: 0, discount: 0, total: 2220 },
    ],
    [
      '5 regular units: no discount',
      [{ product: regular(249), quantity: 5 }],
      { subtotal: 1245, bulk: 5, discount: 0, total: 1465 },
    ],
    [
      '6 regular units: $50 × 6 off',
      [{ product: regular(249), quantity: 6 }],
      { subtotal: 1494, bulk: 6, discount: 300, total: 1414 },
    ],
    [
      '6 regular over two lines',
      [
        { product: regular(749), quantity: 4 },
        { product: regular(249), quantity: 2 },
      ],
      { subtotal: 3494, bulk: 6, discount: 300, total: 3414 },
    ],
    [
      'mixed: 5 regular + 3 promotion: promotion units do not reach 6',
      [
        { product: regular(200), quantity: 5 },
        { product: promo(400, 300), quantity: 3 },
      ],
      { subtotal: 1900, bulk: 5, discount: 0, total: 2120 },
    ],
    [
      'mixed: 7 regular + 2 promotion: only the 7 regular units are discounted',
      [
        { product: regular(100), quantity: 7 },
        { product: promo(500, 450), quantity: 2 },
      ],
      { subtotal: 1600, bulk: 7, discount: 350, total: 1470 },
    ],
    [
      'centavos are kept: 6 × $99.50',
      [{ product: { priceCents: 9950, promotion: false, promotionPriceCents: null }, quantity: 6 }],
      { subtotal: 597, bulk: 6, discount: 300, total: 517 },
    ],
  ])('%s', (_name, lines, expected) => {
    const t = orderTotals(lines);
    expect({
      subtotal: t.subtotalCents / 100,
      bulk: t.bulkUnits,
      discount: t.discountCents / 100,
      total: t.totalCents / 100,
    }).toEqual(expected);
    expect(t.shippingCents).toBe(22000);
  });
});

describe('card charge (3.49% plus $4, rounded down)', () => {
  test.each([
    [1000, 1038], // 1000 + 34.9 + 4 = 1038.9
    [520, 542], // 520 + 18.148 + 4 = 542.148
    [10000, 10353], // 10000 + 349 + 4 exactly: no float error may take a peso off
    [220, 231], // 220 + 7.678 + 4 = 231.678
  ])('total $%i is charged $%i', (total, charged) => {
    expect(cardChargeCents(total * 100)).toBe(charged * 100);
  });
});

describe('price ranges 0-300, 300-500, 500-1000, above 1000 (every price in exactly one)', () => {
  test.each([
    [0, '0-300'],
    [300, '0-300'],
    [301, '300-500'],
    [500, '300-500'],
    [501, '500-1000'],
    [1000, '500-1000'],
    [1000.01, '1000+'],
    [1001, '1000+'],
    [99999, '1000+'],
  ])('$%i falls in %s', (pesos, range) => {
    expect(priceRangeOf(Math.round(pesos * 100))).toBe(range);
  });
});
