import type { Problem } from '@tienda/rules';

/**
 * Errors the domain services raise. Each front door maps them: GraphQL to `extensions.code` and
 * `extensions.reason`, REST to an HTTP status with `{ "error": message, "reason": reason }`.
 * Messages are the Spanish texts a person reads; the reason is the stable UPPER_SNAKE word a
 * program decides by (a rule's own, 'EMPTY_CART', 'OUT_OF_STOCK'…, else the code).
 */
export type DomainErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export class DomainError extends Error {
  /** Why, for programs: a specific reason when given, else the code. */
  readonly reason: string;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Extra detail for clients: the input field at fault, seconds to wait… */
    readonly details: DomainErrorDetails = {},
    reason?: string,
  ) {
    super(message);
    this.name = 'DomainError';
    this.reason = reason ?? code;
  }
}

export interface DomainErrorDetails {
  /** The input field at fault (GraphQL `extensions.field`). */
  field?: string;
  /** For TOO_MANY_REQUESTS and SERVICE_UNAVAILABLE: seconds until another try is allowed (HTTP `Retry-After`). */
  retryAfterSeconds?: number;
}

export const badInput = (message: string, field?: string, reason?: string) =>
  new DomainError('BAD_USER_INPUT', message, field ? { field } : {}, reason);
export const notFound = (message: string, reason?: string) =>
  new DomainError('NOT_FOUND', message, {}, reason);
export const conflict = (message: string, field?: string, reason?: string) =>
  new DomainError('CONFLICT', message, field ? { field } : {}, reason);
export const unauthenticated = (message = 'Debes iniciar sesión', reason?: string) =>
  new DomainError('UNAUTHENTICATED', message, {}, reason);
export const forbidden = (message = 'No tienes permiso para hacer esto', reason?: string) =>
  new DomainError('FORBIDDEN', message, {}, reason);

/** A problem a rule of @tienda/rules found, as the refusal both doors answer (400). */
export const refusal = (problem: Problem) =>
  badInput(problem.message, problem.field, problem.reason);

/** Throws the first problem, if any. */
export function refuseFirst(problems: readonly Problem[]): void {
  const [first] = problems;
  if (first) throw refusal(first);
}

export const HTTP_STATUS: Record<DomainErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** What a person reads while the database cannot serve (stalled, unreachable, restarting). */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'El servicio no está disponible por el momento; intenta de nuevo en unos minutos';
/** The `Retry-After` of those answers, in seconds. */
export const SERVICE_UNAVAILABLE_RETRY_SECONDS = 5;

export const serviceUnavailable = () =>
  new DomainError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE, {
    retryAfterSeconds: SERVICE_UNAVAILABLE_RETRY_SECONDS,
  });
