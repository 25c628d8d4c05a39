/**
 * Errors the domain services raise. Each front door maps them: GraphQL to `extensions.code`,
 * REST to an HTTP status with `{ "error": message }`. Messages are the Spanish texts a person reads.
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
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Extra detail for clients: the input field at fault, seconds to wait… */
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export interface DomainErrorDetails {
  /** The input field at fault (GraphQL `extensions.field`). */
  field?: string;
  /** For TOO_MANY_REQUESTS and SERVICE_UNAVAILABLE: seconds until another try is allowed (HTTP `Retry-After`). */
  retryAfterSeconds?: number;
}

export const badInput = (message: string, field?: string) =>
  new DomainError('BAD_USER_INPUT', message, field ? { field } : {});
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string, field?: string) =>
  new DomainError('CONFLICT', message, field ? { field } : {});
export const unauthenticated = (message = 'Debes iniciar sesión') =>
  new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = 'No tienes permiso para hacer esto') =>
  new DomainError('FORBIDDEN', message);

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
