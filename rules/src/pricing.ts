/** What a unit's price depends on (integer centavos). */
export interface Priced {
  priceCents: number;
  promotion: boolean;
  promotionPriceCents: number | null;
}

/**
 * What a shopper pays for one unit (spec §7): the promotion price when on promotion, else the
 * price. The one expression of this rule: checkout, the order summary, the catalogue and the
 * storefront's price tags all ask it.
 */
export function unitPriceCents(p: Priced): number {
  return p.promotion && p.promotionPriceCents != null ? p.promotionPriceCents : p.priceCents;
}
