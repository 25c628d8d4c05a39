import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { ApolloServerPlugin } from '@apollo/server';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import {
  DomainError,
  SERVICE_UNAVAILABLE_RETRY_SECONDS,
  serviceUnavailable,
} from '../modules/shared/errors.js';
import { logger } from '../http/logger.js';

/** Domain errors keep their Spanish message and get their code; anything unexpected is hidden. */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  // A database that cannot serve: the same code for every operation (and HTTP 503, below).
  const original = isDatabaseUnavailable(unwrapped) ? serviceUnavailable() : unwrapped;
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
    logger.error({ err: original }, 'Error inesperado en GraphQL');
    return {
      message: 'Error interno del servidor',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code },
    };
  }
  return formatted;
}

/**
 * A GraphQL answer carrying SERVICE_UNAVAILABLE goes out as HTTP 503 with `Retry-After`, like the
 * REST facade's, so that load balancers and clients see the outage whatever the operation.
 */
export function serviceUnavailablePlugin(onUnavailable: () => void = () => {}): ApolloServerPlugin {
  return {
    requestDidStart: async () => ({
      willSendResponse: async ({ response }) => {
        if (response.body.kind !== 'single') return;
        const errors = response.body.singleResult.errors ?? [];
        if (errors.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) {
          onUnavailable();
          response.http.status = 503;
          response.http.headers.set('retry-after', String(SERVICE_UNAVAILABLE_RETRY_SECONDS));
        }
      },
    }),
  };
}
