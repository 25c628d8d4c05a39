import {
  type Adjustment,
  type CouponInput,
  type CouponOutcome,
  type Priced,
  calculateOrder,
} from '@tienda/rules';

/**
 * The shop's pricing rules over integer centavos (MXN). The one home of every price rule:
 * checkout, the order summary, the card payment and the catalogue use these functions.
 */

/**
 * The money rules (shipping, the bulk discount, coupons, the card fee) and their constants live
 * once in @tienda/rules' order calculator (`rules/src/order-calculator.ts`); this module
 * re-exports them for the server's modules.
 */
export {
  type Adjustment,
  type AdjustmentCode,
  type CouponInput,
  type CouponOutcome,
  type OrderCalculation,
  BULK_DISCOUNT_MIN_UNITS,
  BULK_DISCOUNT_PER_UNIT_CENTS,
  CARD_FEE_BASIS_POINTS,
  CARD_FEE_FIXED_CENTS,
  calculateOrder,
  cardChargeCents,
  SHIPPING_CENTS,
} from '@tienda/rules';

/**
 * Price-filter buckets in pesos: lower bound exclusive (except 0), upper bound inclusive. The
 * last is open-ended (its upper bound is PostgreSQL's largest integer), so every price falls in
 * exactly one bucket and no product is out of the price filter's reach.
 */
export const PRICE_RANGES = [
  { label: '0-300', minCents: 0, maxCents: 300_00 },
  { label: '300-500', minCents: 300_00, maxCents: 500_00 },
  { label: '500-1000', minCents: 500_00, maxCents: 1000_00 },
  { label: '1000+', minCents: 1000_00, maxCents: 2_147_483_647 },
] as const;
export type PriceRangeLabel = (typeof PRICE_RANGES)[number]['label'];

/**
 * What a shopper pays for one unit lives in @tienda/rules (the storefront's price tags ask the
 * same function); it is part of this module's rules all the same.
 */
export { type Priced, unitPriceCents } from '@tienda/rules';

/** The index in PRICE_RANGES of the range a unit price falls in, or -1. */
export function priceRangeIndexOf(cents: number): number {
  return PRICE_RANGES.findIndex(
    (r) => (r.minCents === 0 ? cents >= 0 : cents > r.minCents) && cents <= r.maxCents,
  );
}

/** The price range a unit price falls in, if any. */
export function priceRangeOf(cents: number): PriceRangeLabel | undefined {
  return PRICE_RANGES[priceRangeIndexOf(cents)]?.label;
}

export interface PricedLine {
  product: Priced;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  bulkUnits: number;
  discountCents: number;
  totalCents: number;
  /** The named adjustments (bulk discount, coupon, free shipping), prorated over the lines. */
  adjustments: Adjustment[];
  /** What became of the coupon given (null: none given). */
  couponOutcome: CouponOutcome | null;
}

/**
 * subtotal = Σ unit price × quantity; shipping is flat; with 6 or more units of
 * non-promotional products, $50 per such unit comes off: the order calculator's figures.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  coupon: CouponInput | null = null,
): OrderTotals {
  const o = calculateOrder({ lines, coupon });
  return {
    subtotalCents: o.subtotalCents,
    shippingCents: o.shippingCents,
    bulkUnits: o.bulkUnits,
    discountCents: o.discountCents,
    totalCents: o.totalCents,
    adjustments: o.adjustments,
    couponOutcome: o.couponOutcome,
  };
}
