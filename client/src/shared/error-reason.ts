import { CombinedGraphQLErrors } from '@apollo/client';

/**
 * Why the server refused, as a program reads it: the first GraphQL error's `extensions.reason`
 * ('EMPTY_CART', 'PROMOTION_PRICE_REQUIRED', 'OUT_OF_STOCK'…, the error code when nothing more
 * specific applies). Screens decide by this word, never by the Spanish message, which may be
 * reworded. undefined for network failures and answers without a reason.
 */
export function errorReason(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const reason = error.errors[0]?.extensions?.reason;
  return typeof reason === 'string' ? reason : undefined;
}
