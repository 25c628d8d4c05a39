import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { ApolloServerPlugin } from '@apollo/server';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import {
  DomainError,
  SERVICE_UNAVAILABLE_RETRY_SECONDS,
  serviceUnavailable,
} from '../../modules/shared/errors.js';
import { logger } from '../../http/logger.js';

/**
 * The Spanish sentence for the request errors of graphql-js and Apollo (a document that does not
 * parse or validate, variables of the wrong type, a malformed POST), by code. Their English text
 * follows as the technical detail, for the developer of a client.
 */
const REQUEST_ERRORS: Record<string, string> = {
  GRAPHQL_PARSE_FAILED: 'La consulta no es GraphQL válido',
  GRAPHQL_VALIDATION_FAILED: 'La consulta no es válida para el esquema',
  BAD_USER_INPUT: 'Las variables de la consulta no son válidas',
  BAD_REQUEST: 'La petición GraphQL no es válida',
  OPERATION_RESOLUTION_FAILURE: 'La operación pedida no está en la consulta',
  PERSISTED_QUERY_NOT_FOUND: 'Las consultas persistidas no están disponibles',
  PERSISTED_QUERY_NOT_SUPPORTED: 'Las consultas persistidas no están disponibles',
};

/** Messages the shop writes itself (limits, control characters, malformed text): already in Spanish. */
const OWN_MESSAGE = /^(La consulta|El campo|La petición|Las variables|El texto)/;

/**
 * Domain errors keep their Spanish message and get their code and reason; anything unexpected is
 * hidden.
 */
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
      extensions: { code: original.code, reason: original.reason, ...original.details },
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
  const lead = typeof code === 'string' ? REQUEST_ERRORS[code] : undefined;
  if (lead && !OWN_MESSAGE.test(formatted.message)) {
    return { ...formatted, message: `${lead}: ${formatted.message}` };
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
