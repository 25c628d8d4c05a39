import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_REFUSAL_MESSAGES,
  type CouponOutcome,
  type CouponRefusal,
  couponWindowState,
  normalizeCouponCode,
} from '@tienda/rules';
import { badInput, type DomainError } from '../shared/errors.js';
import type { CouponView } from './coupon-records.js';

/** A refused code: the stable reason and the Spanish sentence the shopper reads. */
export interface CouponRefusalView {
  reason: CouponRefusal;
  message: string;
}

/** What decides whether a code applies to one shopper's order, all read at one moment. */
export interface CouponFacts {
  /** The code as typed (normalised for the messages). */
  code: string;
  /** The coupon of that code, or null. */
  coupon: CouponView | null;
  /** The database's clock when the coupon was read. */
  now: Date;
  /** This customer's uses held now (undefined: the coupon has no per-customer limit). */
  customerUses?: number;
  /** What the order calculator made of the coupon with this order's figures. */
  outcome: CouponOutcome | null;
}

/**
 * Why the code cannot apply, or null: unknown, inactive, not yet valid, expired (its Mexico
 * City days), nothing in the order it applies to, its minimum not reached (both decided by the
 * calculator's figures), used up, already used by this customer. One order of checks for the
 * order summary and the checkout.
 */
export function couponRefusal(facts: CouponFacts): CouponRefusalView | null {
  const { coupon, now } = facts;
  const code = normalizeCouponCode(facts.code);
  const refuse = (reason: CouponRefusal, message: string) => ({ reason, message });
  if (!coupon) return refuse('COUPON_UNKNOWN', COUPON_REFUSAL_MESSAGES.COUPON_UNKNOWN(shown(code)));
  if (!coupon.active) {
    return refuse('COUPON_INACTIVE', COUPON_REFUSAL_MESSAGES.COUPON_INACTIVE(coupon.code));
  }
  const window = couponWindowState(coupon, now);
  if (window === 'NOT_YET_VALID') {
    return refuse(
      'COUPON_NOT_YET_VALID',
      COUPON_REFUSAL_MESSAGES.COUPON_NOT_YET_VALID(coupon.code, coupon.validFrom!),
    );
  }
  if (window === 'EXPIRED') {
    return refuse(
      'COUPON_EXPIRED',
      COUPON_REFUSAL_MESSAGES.COUPON_EXPIRED(coupon.code, coupon.validUntil!),
    );
  }
  if (facts.outcome === 'NOT_APPLICABLE') {
    return refuse(
      'COUPON_NOT_APPLICABLE',
      COUPON_REFUSAL_MESSAGES.COUPON_NOT_APPLICABLE(coupon.code),
    );
  }
  if (facts.outcome === 'MINIMUM_NOT_REACHED') {
    return refuse(
      'COUPON_MINIMUM_NOT_REACHED',
      COUPON_REFUSAL_MESSAGES.COUPON_MINIMUM_NOT_REACHED(coupon.code, coupon.minimumCents!),
    );
  }
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) {
    return refuse('COUPON_USED_UP', COUPON_REFUSAL_MESSAGES.COUPON_USED_UP(coupon.code));
  }
  if (
    coupon.maxUsesPerCustomer !== null &&
    (facts.customerUses ?? 0) >= coupon.maxUsesPerCustomer
  ) {
    return refuse('COUPON_ALREADY_USED', COUPON_REFUSAL_MESSAGES.COUPON_ALREADY_USED(coupon.code));
  }
  return null;
}

/** A code no coupon could have (too long, odd characters): never looked up. */
export const impossibleCode = (code: string) =>
  !/^[A-Z0-9_-]{1,30}$/.test(normalizeCouponCode(code));

/** The code as a message names it: an impossible one is cut to the longest a code may be. */
function shown(code: string): string {
  return [...code].slice(0, COUPON_CODE_MAX_LENGTH).join('');
}

/** The checkout's refusal: the message, the reason (a CouponRefusal), the field `couponCode`. */
export const couponRefusalError = (refusal: { reason: string; message: string }): DomainError =>
  badInput(refusal.message, 'couponCode', refusal.reason);
