/**
 * Errors the domain services raise. Each front door maps them: GraphQL to `extensions.code`,
 * REST to an HTTP status with `{ "error": message }`. Messages are the Spanish texts a person reads.
 */
export type DomainErrorCode =
  'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badInput = (message: string) => new DomainError('BAD_USER_INPUT', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);

export const HTTP_STATUS: Record<DomainErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
};
