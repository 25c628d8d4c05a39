import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client';
import { errorReason } from '../error-reason';

/**
 * The first GraphQL error the server answered with: its Spanish message, code, field and stable
 * reason (see errorReason).
 */
export interface ServerProblem {
  message: string;
  code: string | undefined;
  field: string | undefined;
  reason: string | undefined;
}

/** undefined for network failures and anything that is not a GraphQL error answer. */
export function serverProblemOf(error: unknown): ServerProblem | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const first = error.errors[0];
  if (!first) return undefined;
  const extensions = first.extensions ?? {};
  return {
    message: first.message,
    code: typeof extensions.code === 'string' ? extensions.code : undefined,
    field: typeof extensions.field === 'string' ? extensions.field : undefined,
    reason: errorReason(error),
  };
}

/** Said after an action's own words when the request never reached the shop. */
export const CONNECTION_CAUSE =
  'no hay conexión a internet. Revisa tu conexión e inténtalo de nuevo.';

/**
 * Whether the request failed for want of a connection: the browser says it is offline, or the
 * request never got an answer (neither the server's GraphQL errors nor an HTTP status).
 */
export function isConnectionFailure(
  error: unknown,
  online: boolean = typeof navigator === 'undefined' ? true : navigator.onLine,
): boolean {
  if (CombinedGraphQLErrors.is(error)) return false;
  if (!online) return true;
  return !ServerError.is(error) && !ServerParseError.is(error) && error instanceof TypeError;
}

/**
 * What to tell the shopper when an action failed: the server's Spanish message when it refused;
 * the connection as the cause when there was none ('No se pudo agregar el producto al carrito:
 * no hay conexión a internet…'); else the action's own words.
 */
export function actionFailureMessage(error: unknown, failed: string, online?: boolean): string {
  const problem = serverProblemOf(error);
  if (problem) return problem.message;
  if (isConnectionFailure(error, online)) return `${firstSentence(failed)}: ${CONNECTION_CAUSE}`;
  return failed;
}

/** 'No se pudo X. Intenta de nuevo.' → 'No se pudo X' (the connection's words follow it). */
function firstSentence(text: string): string {
  return text.replace(/\..*$/s, '');
}
