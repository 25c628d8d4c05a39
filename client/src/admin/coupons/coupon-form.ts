import {
  COUPON_FORM_MESSAGES,
  type CouponDraft,
  type CouponErrors,
  type CouponField,
  type CouponKind,
  decimalPesos,
  formatMoney,
  normalizeCoupon,
  spanishDay,
  validateCoupon,
} from '@tienda/rules';
import type { AdminCouponFieldsFragment } from '../../gql/graphql';

/**
 * The Cupones screen's words and the coupon popup's conversions: what the admin types (pesos with
 * centavos, whole numbers, days) into the contract's CouponInput (integer centavos, null for an
 * empty limit), checked by `validateCoupon` of @tienda/rules, the server's own rules.
 */
export const COUPON_SCREEN_MESSAGES = {
  created: 'Cupón creado',
  updated: 'Cupón actualizado',
  deactivated: 'Cupón desactivado',
  saveFailed: 'No se pudo guardar el cupón',
  deactivateFailed: 'No se pudo desactivar el cupón',
  confirmDeactivate: '¿Desactivar este cupón?',
  deactivateHint:
    'Los clientes ya no podrán usarlo. Los pedidos que ya lo usaron conservan su descuento.',
  empty: 'Todavía no hay cupones',
  combinationTitle: 'Cómo se combinan los descuentos',
  noLimit: 'sin límite',
} as const;

type Coupon = AdminCouponFieldsFragment;

/** The popup's inputs, as typed. */
export interface CouponFormValues {
  code: string;
  kind: CouponKind;
  /** PERCENTAGE: whole percent; FIXED: pesos with up to two decimals; FREE_SHIPPING: ignored. */
  value: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  /** Pesos with up to two decimals; '' for none. */
  minimum: string;
  nonPromotionalOnly: boolean;
  active: boolean;
}

export const NEW_COUPON_VALUES: CouponFormValues = {
  code: '',
  kind: 'PERCENTAGE',
  value: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  minimum: '',
  nonPromotionalOnly: true,
  active: true,
};

/**
 * Pesos as typed → integer centavos, exactly, from the digits (no float on the way):
 * '150' → 15000, '$1,250.5' → 125050, '0.07' → 7. null when empty; NaN when it is not an amount
 * (more than two decimals, letters, a sign), which the rules then refuse with their message.
 */
export function pesosToCents(text: string): number | null {
  const clean = text.replace(/[$\s,]/g, '');
  if (clean === '') return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(clean);
  if (!match) return Number.NaN;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : Number.NaN;
}

/** Centavos → the text of a pesos input: 15000 → '150', 125050 → '1250.50'. */
export function centsToPesosText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : decimalPesos(cents);
}

/** A whole number as typed: null when empty, NaN when not a whole number ('1.5', 'diez'). */
export function wholeNumber(text: string): number | null {
  const clean = text.trim();
  if (clean === '') return null;
  return /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The draft the rules check and the server receives. */
export function couponDraft(values: CouponFormValues): CouponDraft {
  const value =
    values.kind === 'FREE_SHIPPING'
      ? 0
      : values.kind === 'FIXED'
        ? (pesosToCents(values.value) ?? Number.NaN)
        : (wholeNumber(values.value) ?? Number.NaN);
  return {
    code: values.code,
    kind: values.kind,
    value,
    validFrom: values.validFrom === '' ? null : values.validFrom,
    validUntil: values.validUntil === '' ? null : values.validUntil,
    maxUses: wholeNumber(values.maxUses),
    maxUsesPerCustomer: wholeNumber(values.maxUsesPerCustomer),
    minimumCents: pesosToCents(values.minimum),
    nonPromotionalOnly: values.nonPromotionalOnly,
    active: values.active,
  };
}

export type CouponFormCheck =
  { ok: true; input: CouponDraft } | { ok: false; errors: CouponErrors; firstField: CouponField };

/**
 * The popup's values checked by the coupon rules before sending: the normalised input
 * (code in capitals, a free-shipping coupon's value 0), or one message per field.
 */
export function checkCouponForm(values: CouponFormValues): CouponFormCheck {
  const draft = couponDraft(values);
  const errors = validateCoupon(draft);
  const fields = Object.keys(errors) as CouponField[];
  if (fields.length > 0) return { ok: false, errors, firstField: fields[0]! };
  return { ok: true, input: normalizeCoupon(draft) };
}

/** A coupon's own values in the popup (edit). */
export function couponFormValues(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value:
      coupon.kind === 'FIXED'
        ? centsToPesosText(coupon.value)
        : coupon.kind === 'PERCENTAGE'
          ? String(coupon.value)
          : '',
    validFrom: coupon.validFrom ?? '',
    validUntil: coupon.validUntil ?? '',
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    maxUsesPerCustomer: coupon.maxUsesPerCustomer === null ? '' : String(coupon.maxUsesPerCustomer),
    minimum: coupon.minimumCents === null ? '' : centsToPesosText(coupon.minimumCents),
    nonPromotionalOnly: coupon.nonPromotionalOnly,
    active: coupon.active,
  };
}

/** The coupon's fields the server may name in a refusal, as the popup's fields. */
export const COUPON_FIELDS: readonly CouponField[] = [
  'code',
  'kind',
  'value',
  'validFrom',
  'validUntil',
  'maxUses',
  'maxUsesPerCustomer',
  'minimumCents',
  'nonPromotionalOnly',
  'active',
];

export function isCouponField(field: string | undefined): field is CouponField {
  return field !== undefined && (COUPON_FIELDS as readonly string[]).includes(field);
}

/** A used coupon keeps its kind and value: the popup disables both, with the rule's hint. */
export const usedCouponHint = (coupon: Pick<Coupon, 'uses'> | undefined) =>
  coupon && coupon.uses > 0 ? COUPON_FORM_MESSAGES.usedKindOrValue : undefined;

// --- The list's words ---------------------------------------------------------------------------

/** '15 %', '$150', 'Envío gratis'. */
export function couponValueText(coupon: Pick<Coupon, 'kind' | 'value'>): string {
  switch (coupon.kind) {
    case 'PERCENTAGE':
      return `${coupon.value} %`;
    case 'FIXED':
      return formatMoney(coupon.value);
    case 'FREE_SHIPPING':
      return 'Envío gratis';
  }
}

/** '3 / 10', '3 / sin límite'. */
export function couponUsesText(coupon: Pick<Coupon, 'uses' | 'maxUses'>): string {
  return `${coupon.uses.toLocaleString('es-MX')} / ${
    coupon.maxUses === null
      ? COUPON_SCREEN_MESSAGES.noLimit
      : coupon.maxUses.toLocaleString('es-MX')
  }`;
}

/** '2 por cliente', 'Sin límite por cliente'. */
export function perCustomerText(coupon: Pick<Coupon, 'maxUsesPerCustomer'>): string {
  const n = coupon.maxUsesPerCustomer;
  return n === null ? 'Sin límite por cliente' : `${n.toLocaleString('es-MX')} por cliente`;
}

/** 'Del 1 de mayo de 2026 al 31 de mayo de 2026', 'Desde …', 'Hasta …', 'Sin fechas'. */
export function couponDatesText(coupon: Pick<Coupon, 'validFrom' | 'validUntil'>): string {
  const { validFrom: from, validUntil: until } = coupon;
  if (from && until) return `Del ${spanishDay(from)} al ${spanishDay(until)}`;
  if (from) return `Desde el ${spanishDay(from)}`;
  if (until) return `Hasta el ${spanishDay(until)}`;
  return 'Sin fechas';
}

/** 'Compra mínima $500', or nothing. */
export function couponMinimumText(coupon: Pick<Coupon, 'minimumCents'>): string | undefined {
  return coupon.minimumCents === null
    ? undefined
    : `Compra mínima ${formatMoney(coupon.minimumCents)}`;
}
