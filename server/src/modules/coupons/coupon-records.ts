import type { CouponInput, CouponKind } from '@tienda/rules';

/** A coupon as the admin reads it (GraphQL `Coupon`; the REST facade maps its fields). */
export interface CouponView {
  id: number;
  code: string;
  kind: CouponKind;
  value: number;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  minimumCents: number | null;
  nonPromotionalOnly: boolean;
  active: boolean;
  uses: number;
  createdAt: Date;
}

export interface CouponRow {
  id: number;
  code: string;
  kind: CouponKind;
  value: number;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  minimum_cents: number | null;
  non_promotional_only: boolean;
  active: boolean;
  uses: number;
  created_at: Date | string;
}

/** The uses the coupon aliased `c` holds now: its `coupon_use` rows not given back. */
export const HELD_USES = `(select count(*)::int from coupon_use u
  where u.coupon_id = c.id and u.released_at is null)`;

/**
 * The coupon's columns (alias `c`), its days as 'YYYY-MM-DD' (never a JavaScript Date), its uses
 * counted (`HELD_USES`).
 */
export const COUPON_COLUMNS = `c.id, c.code, c.kind, c.value,
  to_char(c.valid_from, 'YYYY-MM-DD') as valid_from, to_char(c.valid_until, 'YYYY-MM-DD') as valid_until,
  c.max_uses, c.max_uses_per_customer, c.minimum_cents, c.non_promotional_only, c.active,
  ${HELD_USES} as uses, c.created_at`;

export const toCouponView = (r: CouponRow): CouponView => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: r.value,
  validFrom: r.valid_from,
  validUntil: r.valid_until,
  maxUses: r.max_uses,
  maxUsesPerCustomer: r.max_uses_per_customer,
  minimumCents: r.minimum_cents,
  nonPromotionalOnly: r.non_promotional_only,
  active: r.active,
  uses: r.uses,
  createdAt: new Date(r.created_at),
});

/** What the order calculator needs of a coupon (its arithmetic; the limits are this module's). */
export const calculatorCoupon = (c: CouponView): CouponInput => ({
  kind: c.kind,
  value: c.value,
  eligibility: c.nonPromotionalOnly ? 'NON_PROMOTIONAL' : 'ALL',
  minimumCents: c.minimumCents,
  code: c.code,
});
