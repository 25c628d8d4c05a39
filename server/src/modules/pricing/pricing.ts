import { type Priced, unitPriceCents } from '@tienda/rules';

/**
 * The shop's pricing rules over integer centavos (MXN). The one home of every price rule:
 * checkout, the order summary, the card payment and the catalogue use these functions.
 */

export const SHIPPING_CENTS = 220_00;
export const BULK_DISCOUNT_PER_UNIT_CENTS = 50_00;
export const BULK_DISCOUNT_MIN_UNITS = 6;
/** Card provider fee: 3.49% plus $4. */
export const CARD_FEE_RATE = 0.0349;
export const CARD_FEE_FIXED_CENTS = 4_00;

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
}

/**
 * subtotal = Σ unit price × quantity; shipping is flat; with 6 or more units of
 * non-promotional products, $50 per such unit comes off.
 */
export function orderTotals(lines: readonly PricedLine[]): OrderTotals {
  let subtotalCents = 0;
  let bulkUnits = 0;
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Cantidad inválida: ${line.quantity}`);
    }
    subtotalCents += unitPriceCents(line.product) * line.quantity;
    if (!line.product.promotion) bulkUnits += line.quantity;
  }
  const discountCents =
    bulkUnits >= BULK_DISCOUNT_MIN_UNITS ? bulkUnits * BULK_DISCOUNT_PER_UNIT_CENTS : 0;
  const shippingCents = SHIPPING_CENTS;
  return {
    subtotalCents,
    shippingCents,
    bulkUnits,
    discountCents,
    totalCents: subtotalCents + shippingCents - discountCents,
  };
}

/**
 * Amount charged by card (spec): floor(total × 1.0349 + 4) in whole pesos, returned in centavos.
 * Computed in integers: floor((totalCents × 10349 + 400 × 10000) / 1000000) pesos is exactly the
 * spec's floor over the total with its centavos (no float error can move the floor), so the
 * charge is always a whole number of pesos: $818.50 → floor(851.06565) = $851 (85100 centavos).
 * Mercado Pago's `unit_price` is this in pesos, as is (`pesosAmount`), never rounded again.
 */
export function cardChargeCents(totalCents: number): number {
  const rateBasisPoints = Math.round(CARD_FEE_RATE * 10_000); // 349
  const numerator = totalCents * (10_000 + rateBasisPoints) + CARD_FEE_FIXED_CENTS * 10_000;
  return Math.floor(numerator / (100 * 10_000)) * 100;
}
