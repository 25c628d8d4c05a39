import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError } from '../modules/shared/errors.js';

/** Domain errors keep their Spanish message and get their code; anything unexpected is hidden. */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    return {
      message: original.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: original.code, ...original.details },
    };
  }
  const code = formatted.extensions?.code;
  if (code === 'INTERNAL_SERVER_ERROR') {
    // Never show SQL or stack traces to a client; the log has them.
    console.error(original);
    return {
      message: 'Error interno del servidor',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code },
    };
  }
  return formatted;
}
