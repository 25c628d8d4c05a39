/**
 * What a rule answers when a value breaks it: the input field at fault, the Spanish sentence a
 * person reads (the spec's words), and a stable machine-readable reason (UPPER_SNAKE) that
 * clients decide by, so rewording a message never changes what a screen does.
 *
 * The server throws its refusal from the first problem; the browser shows each field's message.
 */
export interface Problem<F extends string = string> {
  field: F;
  message: string;
  reason: RuleReason;
}

/** Every reason a rule of this package gives. */
export type RuleReason =
  // Any field
  | 'REQUIRED'
  | 'TOO_LONG'
  | 'CONTROL_CHARACTERS'
  // Accounts
  | 'INVALID_EMAIL'
  | 'INVALID_PHONE'
  | 'WEAK_PASSWORD'
  | 'PASSWORD_MISMATCH'
  | 'EMAIL_TAKEN'
  // Addresses
  | 'NUMBER_NOT_NUMERIC'
  | 'NUMBER_WITH_WITHOUT_NUMBER'
  | 'INVALID_INTERIOR_NUMBER'
  | 'INVALID_POSTAL_CODE'
  // Products
  | 'PROMOTION_PRICE_REQUIRED'
  | 'PROMOTION_PRICE_NOT_LOWER'
  | 'INVALID_PRICE'
  | 'TOO_MANY_SIZES'
  | 'INVALID_SIZE'
  | 'DUPLICATE_SIZE'
  | 'INVALID_QUANTITY'
  | 'TOO_MANY_PHOTOS'
  | 'INVALID_PHOTO'
  // Coupons
  | 'INVALID_COUPON_CODE'
  | 'INVALID_COUPON_VALUE'
  | 'INVALID_DATE'
  | 'DATE_ORDER'
  | 'INVALID_LIMIT'
  | 'LIMIT_ORDER'
  | 'INVALID_MINIMUM'
  // Shop settings
  | 'INVALID_CLABE'
  | 'INVALID_CARD'
  | 'INVALID_ACCOUNT'
  | 'HTTPS_ONLY'
  | 'TRACKING_PLACEHOLDER'
  | 'TOO_MANY_EMAILS'
  | 'DUPLICATE_EMAIL'
  // Legal texts
  | 'UNKNOWN_PLACEHOLDER'
  // Resumen (the owner's summary)
  | 'RANGE_TOO_LONG'
  | 'INVALID_THRESHOLD'
  // Returns and exchanges
  | 'NOT_BOUGHT'
  | 'DUPLICATE_LINE'
  | 'RETURN_QUANTITY'
  // Fiscal data (CFDI)
  | 'INVALID_RFC'
  | 'RFC_CHECK_DIGIT'
  | 'GENERIC_RFC'
  | 'INVALID_LEGAL_NAME'
  | 'LEGAL_NAME_WITH_REGIME'
  | 'INVALID_TAX_REGIME'
  | 'REGIME_NOT_FOR_PERSON'
  | 'INVALID_CFDI_USE'
  | 'CFDI_USE_NOT_FOR_REGIME'
  | 'INVALID_SAT_PRODUCT_KEY'
  | 'INVALID_SAT_UNIT_KEY'
  // The global invoice
  | 'INVALID_DAY'
  | 'INVERTED_RANGE'
  | 'PERIOD_NOT_CLOSED'
  | 'PERIOD_TOO_LONG'
  | 'INVALID_PERIODICITY';

export const problem = <F extends string>(
  field: F,
  reason: RuleReason,
  message: string,
): Problem<F> => ({ field, message, reason });

/** One message per field: the first problem of each (in the order the rules found them). */
export function messagesByField<F extends string>(
  problems: readonly Problem<F>[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const p of problems) if (out[p.field] === undefined) out[p.field] = p.message;
  return out;
}
