import { formatMoney } from './money.js';
import { type Priced, unitPriceCents } from './pricing.js';

/**
 * The order calculator: the one home of the shop's money rules. Lines, the shipping rule, the
 * bulk-discount rule and an applied coupon go in; the subtotal, the named adjustments (each
 * prorated over the lines it applies to, to the centavo), the shipping, the total and the card
 * charge come out. Checkout, the order summary, the card payment, the e-mails and the screens
 * all read these figures; nothing else re-declares a money constant.
 *
 * Every amount is integer centavos (MXN). The combination rule:
 * 1. subtotal = Σ unit price × quantity (`unitPriceCents`);
 * 2. the bulk discount: with `minUnits` or more units not on promotion, `perUnitCents` off each
 *    such unit (never more than the line costs);
 * 3. a coupon: a percentage of the eligible goods *after* the bulk discount (rounded down to the
 *    centavo), a fixed amount capped at the eligible goods, or free shipping; none when nothing
 *    in the order is eligible (`NOT_APPLICABLE`) or the eligible goods (after the bulk discount)
 *    are under the coupon's minimum purchase (`MINIMUM_NOT_REACHED`): `couponOutcome` says which;
 * 4. total = subtotal + shipping − Σ adjustments: never below the shipping charged, and no
 *    adjustment exceeds what it applies to.
 */

/** Flat shipping per order (spec §9): $220. */
export const SHIPPING_CENTS = 220_00;
/** Units not on promotion from which each earns the bulk discount (spec §9). */
export const BULK_DISCOUNT_MIN_UNITS = 6;
/** The bulk discount per unit not on promotion: $50. */
export const BULK_DISCOUNT_PER_UNIT_CENTS = 50_00;
/** Card provider fee: 3.49% (349 basis points) plus $4. */
export const CARD_FEE_BASIS_POINTS = 349;
export const CARD_FEE_FIXED_CENTS = 4_00;
/** The card fee in words, for the payment page: '3.49% + $4'. */
export const CARD_FEE_LABEL = `${(CARD_FEE_BASIS_POINTS / 100).toFixed(2)}% + ${formatMoney(
  CARD_FEE_FIXED_CENTS,
)}`;

export interface ShippingRule {
  /** What shipping costs per order. */
  flatCents: number;
}

export interface BulkDiscountRule {
  minUnits: number;
  perUnitCents: number;
}

/** The shop's rules of today. */
export const SHIPPING_RULE: ShippingRule = { flatCents: SHIPPING_CENTS };
export const BULK_DISCOUNT_RULE: BulkDiscountRule = {
  minUnits: BULK_DISCOUNT_MIN_UNITS,
  perUnitCents: BULK_DISCOUNT_PER_UNIT_CENTS,
};

export type CouponKind = 'PERCENTAGE' | 'FIXED' | 'FREE_SHIPPING';
/** Which goods a coupon takes off from: every product, or only those not on promotion. */
export type CouponEligibility = 'ALL' | 'NON_PROMOTIONAL';

/**
 * A coupon already validated (code, dates, usage limits are the coupons module's business): the
 * calculator only does its arithmetic.
 */
export interface CouponInput {
  kind: CouponKind;
  /**
   * PERCENTAGE: whole percent, 1–100; FIXED: centavos off; FREE_SHIPPING: ignored.
   */
  value: number;
  eligibility: CouponEligibility;
  /**
   * Minimum purchase in centavos (the eligible goods after the bulk discount, before shipping),
   * or null.
   */
  minimumCents: number | null;
  /** The code the shopper typed, for the adjustment's label ('Cupón HOTSALE'). */
  code?: string;
}

export type AdjustmentCode = 'BULK_DISCOUNT' | 'COUPON' | 'FREE_SHIPPING';

/** The Spanish name of each adjustment, as the screens and the e-mails print it. */
export const ADJUSTMENT_LABELS: Record<AdjustmentCode, string> = {
  BULK_DISCOUNT: 'Descuento por mayoreo',
  COUPON: 'Cupón',
  FREE_SHIPPING: 'Envío gratis',
};

/** An adjustment's share of one line (`line`: the index in the calculator's input). */
export interface LineShare {
  line: number;
  amountCents: number;
}

/** A named amount taken off the order (positive centavos), with its per-line shares. */
export interface Adjustment {
  code: AdjustmentCode;
  label: string;
  amountCents: number;
  /** Σ amountCents = the adjustment's amount; empty for one on shipping (FREE_SHIPPING). */
  lines: LineShare[];
}

export interface CalculatorLine {
  product: Priced;
  quantity: number;
}

export interface OrderInput {
  lines: readonly CalculatorLine[];
  shipping?: ShippingRule;
  bulkDiscount?: BulkDiscountRule;
  coupon?: CouponInput | null;
}

/** What became of the coupon given: applied, or why the order's figures refuse it. */
export type CouponOutcome = 'APPLIED' | 'MINIMUM_NOT_REACHED' | 'NOT_APPLICABLE';

export interface OrderCalculation {
  subtotalCents: number;
  /** null without a coupon. */
  couponOutcome: CouponOutcome | null;
  /** The goods the coupon applies to, after the bulk discount (what its minimum is compared with). */
  couponEligibleCents: number;
  /** Units not on promotion (what the bulk discount counts). */
  bulkUnits: number;
  adjustments: Adjustment[];
  /** What shipping costs before adjustments (FREE_SHIPPING takes it off as an adjustment). */
  shippingCents: number;
  /** Σ adjustments' amounts. */
  discountCents: number;
  /** subtotal + shipping − discount. */
  totalCents: number;
  /** What a card payment charges (`cardChargeCents(total)`). */
  cardChargeCents: number;
}

function assertCentavos(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} inválido: ${value}`);
}

/**
 * Splits `amount` over `weights` in proportion, in whole centavos, by the largest-remainder
 * method: each share is floor(amount × w / Σw), and the centavos left go one each to the largest
 * remainders (the earliest line on a tie). The shares add up to `amount` exactly, and none
 * exceeds its weight when amount ≤ Σw. BigInt: amount × w can pass 2^53.
 */
export function prorate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const a = BigInt(amount);
  const t = BigInt(total);
  const shares = weights.map((w) => {
    const product = a * BigInt(w);
    return { share: product / t, remainder: product % t };
  });
  let left = a - shares.reduce((s, x) => s + x.share, 0n);
  const order = shares
    .map((s, i) => ({ i, r: s.remainder }))
    .sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i]!.share += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s.share));
}

/**
 * Amount charged by card (spec): floor(total × 1.0349 + 4) in whole pesos, returned in centavos.
 * Computed in integers: floor((totalCents × 10349 + 400 × 10000) / 1000000) pesos is exactly the
 * spec's floor over the total with its centavos (no float error can move the floor), so the
 * charge is always a whole number of pesos: $818.50 → floor(851.06565) = $851 (85100 centavos).
 */
export function cardChargeCents(totalCents: number): number {
  const numerator = totalCents * (10_000 + CARD_FEE_BASIS_POINTS) + CARD_FEE_FIXED_CENTS * 10_000;
  return Math.floor(numerator / (100 * 10_000)) * 100;
}

/** Calculates an order: see the combination rule at the top of this file. */
export function calculateOrder(input: OrderInput): OrderCalculation {
  const shipping = input.shipping ?? SHIPPING_RULE;
  const bulk = input.bulkDiscount ?? BULK_DISCOUNT_RULE;
  const coupon = input.coupon ?? null;
  assertCentavos(shipping.flatCents, 'Envío');

  const lineCents: number[] = [];
  let subtotalCents = 0;
  let bulkUnits = 0;
  for (const line of input.lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Cantidad inválida: ${line.quantity}`);
    }
    const unit = unitPriceCents(line.product);
    assertCentavos(unit, 'Precio');
    lineCents.push(unit * line.quantity);
    subtotalCents += unit * line.quantity;
    if (!line.product.promotion) bulkUnits += line.quantity;
  }

  const adjustments: Adjustment[] = [];
  const add = (code: AdjustmentCode, label: string, shares: number[]) => {
    const amountCents = shares.reduce((s, x) => s + x, 0);
    if (amountCents <= 0) return;
    adjustments.push({
      code,
      label,
      amountCents,
      lines: shares.flatMap((a, line) => (a > 0 ? [{ line, amountCents: a }] : [])),
    });
  };

  // The bulk discount is per unit, so each line's share is its own units' (never past the line).
  const bulkShares = input.lines.map((line, i) =>
    bulkUnits >= bulk.minUnits && !line.product.promotion
      ? Math.min(line.quantity * bulk.perUnitCents, lineCents[i]!)
      : 0,
  );
  add('BULK_DISCOUNT', ADJUSTMENT_LABELS.BULK_DISCOUNT, bulkShares);

  const afterBulk = lineCents.map((c, i) => c - bulkShares[i]!);
  let couponOutcome: CouponOutcome | null = null;
  let couponEligibleCents = 0;
  if (coupon) {
    const label = coupon.code
      ? `${ADJUSTMENT_LABELS.COUPON} ${coupon.code}`
      : ADJUSTMENT_LABELS.COUPON;
    const base = afterBulk.map((c, i) =>
      coupon.eligibility === 'NON_PROMOTIONAL' && input.lines[i]!.product.promotion ? 0 : c,
    );
    const eligible = base.reduce((s, c) => s + c, 0);
    couponEligibleCents = eligible;
    if (eligible === 0) couponOutcome = 'NOT_APPLICABLE';
    else if (coupon.minimumCents != null && eligible < coupon.minimumCents) {
      couponOutcome = 'MINIMUM_NOT_REACHED';
    } else {
      couponOutcome = 'APPLIED';
      if (coupon.kind === 'PERCENTAGE') {
        const percent = Math.min(Math.max(Math.trunc(coupon.value), 0), 100);
        add('COUPON', label, prorate(Math.floor((eligible * percent) / 100), base));
      } else if (coupon.kind === 'FIXED') {
        const off = Math.min(Math.max(Math.trunc(coupon.value), 0), eligible);
        add('COUPON', label, prorate(off, base));
      } else if (shipping.flatCents > 0) {
        adjustments.push({
          code: 'FREE_SHIPPING',
          label: ADJUSTMENT_LABELS.FREE_SHIPPING,
          amountCents: shipping.flatCents,
          lines: [],
        });
      }
    }
  }

  const discountCents = adjustments.reduce((s, a) => s + a.amountCents, 0);
  const totalCents = subtotalCents + shipping.flatCents - discountCents;
  return {
    subtotalCents,
    couponOutcome,
    couponEligibleCents,
    bulkUnits,
    adjustments,
    shippingCents: shipping.flatCents,
    discountCents,
    totalCents,
    cardChargeCents: cardChargeCents(totalCents),
  };
}

/**
 * The bulk discount explained, for the order summary and the payment page: the note when it
 * applies ('$50 menos por pieza al llevar 6 o más piezas sin promoción (llevas 7).'; without the
 * count when it is not known), the hint when a few more units would earn it ('Con 2 piezas más
 * sin promoción ahorras $50 por pieza.'), else null.
 */
export function bulkDiscountNote(
  state: { applied: boolean; bulkUnits?: number },
  rule: BulkDiscountRule = BULK_DISCOUNT_RULE,
): { kind: 'applied' | 'hint'; text: string } | null {
  const perUnit = formatMoney(rule.perUnitCents);
  const { applied, bulkUnits } = state;
  if (applied) {
    const count = bulkUnits === undefined ? '' : ` (llevas ${bulkUnits})`;
    return {
      kind: 'applied',
      text: `${perUnit} menos por pieza al llevar ${rule.minUnits} o más piezas sin promoción${count}.`,
    };
  }
  if (bulkUnits === undefined) return null;
  const missing = rule.minUnits - bulkUnits;
  if (missing > 0 && missing < rule.minUnits) {
    return {
      kind: 'hint',
      text: `Con ${missing === 1 ? '1 pieza' : `${missing} piezas`} más sin promoción ahorras ${perUnit} por pieza.`,
    };
  }
  return null;
}
