import { COUPON_FORM_MESSAGES } from '@tienda/rules';
import { describe, expect, it } from 'vitest';
import type { AdminCouponFieldsFragment } from '../../gql/graphql';
import {
  centsToPesosText,
  checkCouponForm,
  couponDatesText,
  couponDraft,
  couponFormValues,
  couponUsesText,
  couponValueText,
  NEW_COUPON_VALUES,
  perCustomerText,
  pesosToCents,
  usedCouponHint,
  wholeNumber,
} from './coupon-form';

const coupon = (overrides: Partial<AdminCouponFieldsFragment> = {}): AdminCouponFieldsFragment => ({
  __typename: 'Coupon',
  id: 4,
  code: 'HOTSALE',
  kind: 'FIXED',
  value: 15_050,
  validFrom: '2026-05-01',
  validUntil: '2026-05-31',
  maxUses: 10,
  maxUsesPerCustomer: 1,
  minimumCents: 50_000,
  nonPromotionalOnly: true,
  active: true,
  uses: 3,
  createdAt: '2026-04-20T12:00:00.000Z',
  ...overrides,
});

describe('pesosToCents: pesos as typed → integer centavos, exactly', () => {
  it.each([
    ['150', 15_000],
    ['150.5', 15_050],
    ['150.50', 15_050],
    ['0.07', 7],
    ['1.15', 115], // 1.15 * 100 is 114.99999999999999 in floating point
    ['19.99', 1_999],
    ['4.35', 435], // 4.35 * 100 is 434.99999999999994
    ['$1,250.05', 125_005],
    [' 1 000 000 ', 100_000_000],
    ['7.', 700],
  ])('%s → %i', (text, cents) => {
    expect(pesosToCents(text)).toBe(cents);
  });

  it('every centavo from $0.00 to $99.99 converts to itself', () => {
    for (let cents = 0; cents < 100_00; cents++) {
      expect(pesosToCents(centsToPesosText(cents))).toBe(cents);
    }
  });

  it('empty is null (no minimum), not zero', () => {
    expect(pesosToCents('')).toBeNull();
    expect(pesosToCents('   ')).toBeNull();
  });

  it.each(['1.234', '-5', 'diez', '1e3', '0x10', '1.2.3', '99999999999999999'])(
    '%s is not an amount (NaN, which the rules refuse)',
    (text) => {
      expect(pesosToCents(text)).toBeNaN();
    },
  );
});

describe('wholeNumber: limits and percent', () => {
  it('empty → null (no limit); digits → the number; anything else → NaN', () => {
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber(' 12 ')).toBe(12);
    expect(wholeNumber('1.5')).toBeNaN();
    expect(wholeNumber('-1')).toBeNaN();
  });
});

describe('couponDraft and checkCouponForm (the rules of @tienda/rules before sending)', () => {
  it('a new coupon: empty optional fields are null, "Solo productos sin promoción" and "Activo" on', () => {
    const draft = couponDraft({ ...NEW_COUPON_VALUES, code: 'buenfin', value: '15' });
    expect(draft).toEqual({
      code: 'buenfin',
      kind: 'PERCENTAGE',
      value: 15,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      minimumCents: null,
      nonPromotionalOnly: true,
      active: true,
    });
  });

  it('sends the normalised input: the code in capitals, a fixed amount and minimum in centavos', () => {
    const check = checkCouponForm({
      ...NEW_COUPON_VALUES,
      code: ' hotsale ',
      kind: 'FIXED',
      value: '150.50',
      minimum: '1,000',
      maxUses: '10',
      maxUsesPerCustomer: '2',
      validFrom: '2026-05-01',
      validUntil: '2026-05-31',
    });
    expect(check).toEqual({
      ok: true,
      input: {
        code: 'HOTSALE',
        kind: 'FIXED',
        value: 15_050,
        validFrom: '2026-05-01',
        validUntil: '2026-05-31',
        maxUses: 10,
        maxUsesPerCustomer: 2,
        minimumCents: 100_000,
        nonPromotionalOnly: true,
        active: true,
      },
    });
  });

  it('a free-shipping coupon sends value 0 whatever the value field held', () => {
    const check = checkCouponForm({
      ...NEW_COUPON_VALUES,
      code: 'ENVIOGRATIS',
      kind: 'FREE_SHIPPING',
      value: 'lo que sea',
    });
    expect(check.ok && check.input.value).toBe(0);
  });

  it('one message per field, the first field named for the focus', () => {
    const check = checkCouponForm({
      ...NEW_COUPON_VALUES,
      code: '',
      kind: 'FIXED',
      value: '0',
      maxUses: '2',
      maxUsesPerCustomer: '3',
      minimum: '1.234',
      validFrom: '2026-06-01',
      validUntil: '2026-05-01',
    });
    expect(check).toEqual({
      ok: false,
      firstField: 'code',
      errors: {
        code: COUPON_FORM_MESSAGES.codeRequired,
        value: COUPON_FORM_MESSAGES.amount,
        validUntil: COUPON_FORM_MESSAGES.dateOrder,
        maxUsesPerCustomer: COUPON_FORM_MESSAGES.limitOrder,
        minimumCents: COUPON_FORM_MESSAGES.minimum,
      },
    });
  });

  it('an empty or fractional percent is refused with the percent message', () => {
    for (const value of ['', '12.5', '101']) {
      const check = checkCouponForm({ ...NEW_COUPON_VALUES, code: 'VERANO', value });
      expect(check.ok ? undefined : check.errors.value).toBe(COUPON_FORM_MESSAGES.percent);
    }
  });
});

describe('couponFormValues: a coupon back into the popup', () => {
  it('amounts in pesos with their centavos, absent limits and dates empty', () => {
    expect(
      couponFormValues(
        coupon({ maxUses: null, maxUsesPerCustomer: null, validFrom: null, minimumCents: null }),
      ),
    ).toEqual({
      code: 'HOTSALE',
      kind: 'FIXED',
      value: '150.50',
      validFrom: '',
      validUntil: '2026-05-31',
      maxUses: '',
      maxUsesPerCustomer: '',
      minimum: '',
      nonPromotionalOnly: true,
      active: true,
    });
  });

  it('round-trips to the same input', () => {
    const original = coupon();
    const check = checkCouponForm(couponFormValues(original));
    expect(check.ok && check.input).toMatchObject({
      value: original.value,
      minimumCents: original.minimumCents,
      maxUses: 10,
      maxUsesPerCustomer: 1,
    });
  });

  it('a used coupon gets the rule’s hint (its kind and value are locked); an unused one none', () => {
    expect(usedCouponHint(coupon({ uses: 1 }))).toBe(COUPON_FORM_MESSAGES.usedKindOrValue);
    expect(usedCouponHint(coupon({ uses: 0 }))).toBeUndefined();
    expect(usedCouponHint(undefined)).toBeUndefined();
  });
});

describe('the list’s words', () => {
  it('value: "15 %", the money formatter’s amount, "Envío gratis"', () => {
    expect(couponValueText({ kind: 'PERCENTAGE', value: 15 })).toBe('15 %');
    expect(couponValueText({ kind: 'FIXED', value: 15_050 })).toBe('$150.50');
    expect(couponValueText({ kind: 'FREE_SHIPPING', value: 0 })).toBe('Envío gratis');
  });

  it('uses over the limit: "3 / 10", "3 / sin límite"; per customer', () => {
    expect(couponUsesText({ uses: 3, maxUses: 10 })).toBe('3 / 10');
    expect(couponUsesText({ uses: 3, maxUses: null })).toBe('3 / sin límite');
    expect(couponUsesText({ uses: 1200, maxUses: 5000 })).toBe('1,200 / 5,000');
    expect(perCustomerText({ maxUsesPerCustomer: 1 })).toBe('1 por cliente');
    expect(perCustomerText({ maxUsesPerCustomer: null })).toBe('Sin límite por cliente');
  });

  it('dates in Spanish', () => {
    expect(couponDatesText({ validFrom: '2026-05-01', validUntil: '2026-05-31' })).toBe(
      'Del 1 de mayo de 2026 al 31 de mayo de 2026',
    );
    expect(couponDatesText({ validFrom: '2026-05-01', validUntil: null })).toBe(
      'Desde el 1 de mayo de 2026',
    );
    expect(couponDatesText({ validFrom: null, validUntil: '2026-12-31' })).toBe(
      'Hasta el 31 de diciembre de 2026',
    );
    expect(couponDatesText({ validFrom: null, validUntil: null })).toBe('Sin fechas');
  });
});
