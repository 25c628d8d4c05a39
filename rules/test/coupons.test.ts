import { describe, expect, it } from 'vitest';
import {
  COUPON_COMBINATION_RULE,
  COUPON_FORM_MESSAGES,
  COUPON_KIND_LABELS,
  COUPON_REFUSAL_MESSAGES,
  type CouponDraft,
  couponProblems,
  couponWindowState,
  isCalendarDay,
  mexicoCityDay,
  mexicoCityDayStart,
  nextDay,
  normalizeCoupon,
  normalizeCouponCode,
  spanishDay,
  validateCoupon,
} from '../src/coupons.js';
import { calculateOrder, type CalculatorLine } from '../src/order-calculator.js';

const draft = (change: Partial<CouponDraft> = {}): CouponDraft => ({
  code: 'HOTSALE',
  kind: 'PERCENTAGE',
  value: 15,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  minimumCents: null,
  nonPromotionalOnly: true,
  active: true,
  ...change,
});

describe('the admin form rules (couponProblems / validateCoupon)', () => {
  it('a good draft has no problem', () => {
    expect(couponProblems(draft())).toEqual([]);
    expect(validateCoupon(draft())).toEqual({});
  });

  it.each([
    ["codeRequired: 'El campo código es obligatorio'", { code: '  ' }, 'code', 'codeRequired'],
    ['codeFormat: spaces', { code: 'HOT SALE' }, 'code', 'codeFormat'],
    ['codeFormat: accents', { code: 'AÑO2026' }, 'code', 'codeFormat'],
    ['codeFormat: too short', { code: 'AB' }, 'code', 'codeFormat'],
    ['codeFormat: too long', { code: 'A'.repeat(31) }, 'code', 'codeFormat'],
    ['kind', { kind: 'REGALO' as never }, 'kind', 'kind'],
    ['percent: 0', { value: 0 }, 'value', 'percent'],
    ['percent: 101', { value: 101 }, 'value', 'percent'],
    ['percent: not whole', { value: 12.5 }, 'value', 'percent'],
    ['amount: 0', { kind: 'FIXED', value: 0 }, 'value', 'amount'],
    ['amount: above $1,000,000', { kind: 'FIXED', value: 1_000_000_01 }, 'value', 'amount'],
    ['amount: NaN', { kind: 'FIXED', value: Number.NaN }, 'value', 'amount'],
    ['date: 30 February', { validFrom: '2026-02-30' }, 'validFrom', 'date'],
    ['date: written otherwise', { validUntil: '31/12/2026' }, 'validUntil', 'date'],
    ['dateOrder', { validFrom: '2026-12-02', validUntil: '2026-12-01' }, 'validUntil', 'dateOrder'],
    ['limit: 0', { maxUses: 0 }, 'maxUses', 'limit'],
    ['limit: not whole', { maxUsesPerCustomer: 1.5 }, 'maxUsesPerCustomer', 'limit'],
    ['limitOrder', { maxUses: 1, maxUsesPerCustomer: 2 }, 'maxUsesPerCustomer', 'limitOrder'],
    ['minimum: 0', { minimumCents: 0 }, 'minimumCents', 'minimum'],
  ] as const)('%s', (_name, change, field, message) => {
    const problems = couponProblems(draft(change as Partial<CouponDraft>));
    expect(problems[0]).toMatchObject({ field, message: COUPON_FORM_MESSAGES[message] });
    expect(validateCoupon(draft(change as Partial<CouponDraft>))[field]).toBe(
      COUPON_FORM_MESSAGES[message],
    );
  });

  it('a free-shipping coupon needs no value; a one-day window (from = until) is fine', () => {
    expect(couponProblems(draft({ kind: 'FREE_SHIPPING', value: 0 }))).toEqual([]);
    expect(couponProblems(draft({ validFrom: '2026-05-31', validUntil: '2026-05-31' }))).toEqual(
      [],
    );
  });

  it('normalizeCoupon: the code trimmed and upper case, a free-shipping value 0', () => {
    expect(normalizeCouponCode('  hotsale ')).toBe('HOTSALE');
    expect(normalizeCoupon(draft({ code: ' envio ', kind: 'FREE_SHIPPING', value: 7 }))).toEqual(
      draft({ code: 'ENVIO', kind: 'FREE_SHIPPING', value: 0 }),
    );
  });

  it('the messages the admin reads name their limits in Spanish', () => {
    expect(COUPON_FORM_MESSAGES.amount).toBe(
      'El monto debe ser mayor que $0 y de hasta $1,000,000',
    );
    expect(COUPON_FORM_MESSAGES.limit).toBe(
      'Los usos deben ser un número entero entre 1 y 1,000,000',
    );
    expect(COUPON_FORM_MESSAGES.codeTaken).toBe('Ya existe un cupón con ese código');
    expect(COUPON_FORM_MESSAGES.usedKindOrValue).toMatch(/^Este cupón ya se usó/);
    expect(COUPON_KIND_LABELS).toEqual({
      PERCENTAGE: 'Porcentaje de descuento',
      FIXED: 'Monto fijo de descuento',
      FREE_SHIPPING: 'Envío gratis',
    });
  });

  it('isCalendarDay: real days only, years 2000–2999', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('1999-12-31')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });
});

describe('the shopper refusal messages (COUPON_REFUSAL_MESSAGES)', () => {
  it('each names the code, in Spanish', () => {
    const m = COUPON_REFUSAL_MESSAGES;
    expect(m.COUPON_UNKNOWN('HOLA')).toBe('No existe el cupón HOLA; revisa que esté bien escrito');
    expect(m.COUPON_INACTIVE('HOLA')).toBe('El cupón HOLA ya no está disponible');
    expect(m.COUPON_NOT_YET_VALID('HOLA', '2026-12-01')).toBe(
      'El cupón HOLA es válido a partir del 1 de diciembre de 2026',
    );
    expect(m.COUPON_EXPIRED('HOLA', '2026-05-31')).toBe(
      'El cupón HOLA venció el 31 de mayo de 2026',
    );
    expect(m.COUPON_USED_UP('HOLA')).toBe('El cupón HOLA ya se agotó');
    expect(m.COUPON_ALREADY_USED('HOLA')).toBe('Ya usaste el cupón HOLA');
    expect(m.COUPON_MINIMUM_NOT_REACHED('HOLA', 1500_50)).toBe(
      'El cupón HOLA es para compras desde $1,500.50 en productos que aplican',
    );
    expect(m.COUPON_NOT_APPLICABLE('HOLA')).toBe(
      'El cupón HOLA no aplica a productos en promoción, y tu carrito solo tiene productos en promoción',
    );
    expect(spanishDay('2026-01-09')).toBe('9 de enero de 2026');
  });
});

describe('Mexico City days', () => {
  it('a day starts at 00:00 in Mexico City: UTC−6 since 2022 (no daylight saving time)', () => {
    expect(mexicoCityDayStart('2026-06-15').toISOString()).toBe('2026-06-15T06:00:00.000Z');
    expect(mexicoCityDayStart('2026-12-31').toISOString()).toBe('2026-12-31T06:00:00.000Z');
  });

  it('DST-era dates: summer of 2022 was UTC−5, winter UTC−6, and the change days start right', () => {
    expect(mexicoCityDayStart('2022-06-15').toISOString()).toBe('2022-06-15T05:00:00.000Z');
    expect(mexicoCityDayStart('2022-01-15').toISOString()).toBe('2022-01-15T06:00:00.000Z');
    // 3 April 2022: clocks went forward at 02:00, so midnight was still UTC−6.
    expect(mexicoCityDayStart('2022-04-03').toISOString()).toBe('2022-04-03T06:00:00.000Z');
    expect(mexicoCityDayStart('2022-04-04').toISOString()).toBe('2022-04-04T05:00:00.000Z');
    // 30 October 2022: clocks went back at 02:00, so midnight was still UTC−5.
    expect(mexicoCityDayStart('2022-10-30').toISOString()).toBe('2022-10-30T05:00:00.000Z');
    expect(mexicoCityDayStart('2022-10-31').toISOString()).toBe('2022-10-31T06:00:00.000Z');
    expect(mexicoCityDay(new Date('2022-06-15T04:59:59Z'))).toBe('2022-06-14');
    expect(mexicoCityDay(new Date('2022-06-15T05:00:00Z'))).toBe('2022-06-15');
  });

  it('mexicoCityDay: the day there, not in UTC', () => {
    expect(mexicoCityDay(new Date('2026-06-01T05:59:59Z'))).toBe('2026-05-31');
    expect(mexicoCityDay(new Date('2026-06-01T06:00:00Z'))).toBe('2026-06-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('the window edges at 00:00 Mexico City: validFrom from its first instant, validUntil to its last', () => {
    const w = { validFrom: '2026-06-01', validUntil: '2026-06-30' };
    expect(couponWindowState(w, new Date('2026-06-01T05:59:59.999Z'))).toBe('NOT_YET_VALID');
    expect(couponWindowState(w, new Date('2026-06-01T06:00:00.000Z'))).toBe('OPEN');
    expect(couponWindowState(w, new Date('2026-07-01T05:59:59.999Z'))).toBe('OPEN');
    expect(couponWindowState(w, new Date('2026-07-01T06:00:00.000Z'))).toBe('EXPIRED');
    expect(couponWindowState({ validFrom: null, validUntil: null }, new Date(0))).toBe('OPEN');
  });

  it('the window edges in the DST era (UTC−5 in summer 2022)', () => {
    const w = { validFrom: '2022-07-01', validUntil: '2022-07-31' };
    expect(couponWindowState(w, new Date('2022-07-01T04:59:59Z'))).toBe('NOT_YET_VALID');
    expect(couponWindowState(w, new Date('2022-07-01T05:00:00Z'))).toBe('OPEN');
    expect(couponWindowState(w, new Date('2022-08-01T04:59:59Z'))).toBe('OPEN');
    expect(couponWindowState(w, new Date('2022-08-01T05:00:00Z'))).toBe('EXPIRED');
  });
});

describe('the combination rule the admin reads (COUPON_COMBINATION_RULE), held by the calculator', () => {
  const regular = (pesos: number, quantity: number): CalculatorLine => ({
    product: { priceCents: pesos * 100, promotion: false, promotionPriceCents: null },
    quantity,
  });
  const promo = (pesos: number, quantity: number): CalculatorLine => ({
    product: { priceCents: pesos * 200, promotion: true, promotionPriceCents: pesos * 100 },
    quantity,
  });

  it(`'${COUPON_COMBINATION_RULE[0]}'`, () => {
    // 6 × $200 = $1,200; bulk $300; 10% of $900 = $90.
    const o = calculateOrder({
      lines: [regular(200, 6)],
      coupon: { kind: 'PERCENTAGE', value: 10, eligibility: 'NON_PROMOTIONAL', minimumCents: null },
    });
    expect(o.adjustments.map((a) => [a.code, a.amountCents])).toEqual([
      ['BULK_DISCOUNT', 300_00],
      ['COUPON', 90_00],
    ]);
  });

  it(`'${COUPON_COMBINATION_RULE[1]}'`, () => {
    const o = calculateOrder({
      lines: [regular(200, 1), promo(500, 1)],
      coupon: { kind: 'FIXED', value: 1000_00, eligibility: 'NON_PROMOTIONAL', minimumCents: null },
    });
    expect(o.adjustments).toEqual([
      expect.objectContaining({ code: 'COUPON', amountCents: 200_00 }),
    ]);
  });

  it(`'${COUPON_COMBINATION_RULE[2]}' (the eligible goods after the bulk discount)`, () => {
    const lines = [regular(200, 1), promo(500, 1)];
    const coupon = (minimumCents: number) =>
      calculateOrder({
        lines,
        coupon: { kind: 'FIXED', value: 10_00, eligibility: 'NON_PROMOTIONAL', minimumCents },
      }).couponOutcome;
    // $700 of goods, but only $200 apply: the minimum counts those.
    expect(coupon(200_00)).toBe('APPLIED');
    expect(coupon(200_01)).toBe('MINIMUM_NOT_REACHED');
  });

  it('nothing eligible is NOT_APPLICABLE (free shipping included); no coupon is null', () => {
    const lines = [promo(500, 1)];
    for (const kind of ['PERCENTAGE', 'FIXED', 'FREE_SHIPPING'] as const) {
      const o = calculateOrder({
        lines,
        coupon: { kind, value: 10, eligibility: 'NON_PROMOTIONAL', minimumCents: null },
      });
      expect(o.couponOutcome).toBe('NOT_APPLICABLE');
      expect(o.adjustments).toEqual([]);
    }
    expect(calculateOrder({ lines }).couponOutcome).toBeNull();
  });

  it(`'${COUPON_COMBINATION_RULE[3]}'`, () => {
    const o = calculateOrder({
      lines: [regular(333.33, 1)],
      coupon: { kind: 'PERCENTAGE', value: 100, eligibility: 'ALL', minimumCents: null },
    });
    expect(o.totalCents).toBe(o.shippingCents);
    const third = calculateOrder({
      lines: [regular(333.33, 1)],
      coupon: { kind: 'PERCENTAGE', value: 33, eligibility: 'ALL', minimumCents: null },
    });
    // 33% of $333.33 = $109.9989 → $109.99 (down to the centavo).
    expect(third.adjustments[0]!.amountCents).toBe(109_99);
  });
});
