import { CombinedGraphQLErrors } from '@apollo/client';
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
