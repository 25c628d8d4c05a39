import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DomainError, HTTP_STATUS, serviceUnavailable } from '../modules/shared/errors.js';
import { logger } from './logger.js';

/**
 * The app's one error mapper, mounted last: every error any route, parser or static handler
 * passes on becomes a short Spanish answer in the shape of the door it came through. `/api`
 * answers `{ "error": message, "reason": reason }`, `/graphql` a GraphQL error with
 * `extensions.code` (and a domain error's `extensions.reason`), anything else plain text. Never Express's HTML page, never a stack, a path or SQL; an unexpected error
 * is logged once (with its stack, by the request log) and answered with a bare 500.
 */

export const INTERNAL_ERROR_MESSAGE = 'Error interno del servidor';

interface Answer {
  status: number;
  message: string;
  /** The GraphQL `extensions.code`. */
  code: string;
  /** A domain error's stable reason (the REST body's `reason` is the code otherwise). */
  reason?: string;
}

/** Errors of body-parser, serve-static and Express itself carry a status and a type. */
interface HttpError {
  status?: number;
  statusCode?: number;
  type?: string;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  400: 'Petición no válida',
  403: 'Acceso denegado',
  404: 'No encontrado',
  405: 'Método no permitido',
  413: 'La petición es demasiado grande',
  415: 'Tipo de contenido no admitido',
};

const BODY_ERRORS: Record<string, Omit<Answer, 'status'>> = {
  'entity.parse.failed': {
    message: 'El cuerpo de la petición no es JSON válido',
    code: 'BAD_REQUEST',
  },
  'entity.too.large': {
    message: 'El cuerpo de la petición es demasiado grande',
    code: 'PAYLOAD_TOO_LARGE',
  },
  'parameters.too.many': {
    message: 'La petición tiene demasiados parámetros',
    code: 'PAYLOAD_TOO_LARGE',
  },
  'encoding.unsupported': {
    message: 'Codificación del cuerpo no admitida',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  'charset.unsupported': {
    message: 'Juego de caracteres del cuerpo no admitido',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
};

/** What to answer for an error, or null when it is unexpected (a 500). */
export function classify(error: unknown): Answer | null {
  if (error instanceof DomainError) {
    return {
      status: HTTP_STATUS[error.code] ?? 500,
      message: error.message,
      code: error.code,
      reason: error.reason,
    };
  }
  if (typeof error !== 'object' || error === null) return null;
  const { status: rawStatus, statusCode, type } = error as HttpError;
  const status = rawStatus ?? statusCode;
  // A client error keeps its status (serve-static's 404 wraps an ENOENT whose `expose` is false:
  // its message is never sent anyway, only ours); anything else is a 500.
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const known = type ? BODY_ERRORS[type] : undefined;
  if (known) return { status, ...known };
  return {
    status,
    message: MESSAGE_BY_STATUS[status] ?? 'Petición no válida',
    code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST',
  };
}

type Door = 'api' | 'graphql' | 'other';

function doorOf(req: Request): Door {
  const url = req.originalUrl;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return 'api';
  if (url === '/graphql' || url.startsWith('/graphql/') || url.startsWith('/graphql?')) {
    return 'graphql';
  }
  return 'other';
}

function send(req: Request, res: Response, answer: Answer): void {
  res.status(answer.status);
  // The metrics count errors by this code (http/metrics.ts).
  res.locals.errorCode = answer.code;
  switch (doorOf(req)) {
    case 'api':
      res.json(apiError(answer.message, answer.reason ?? answer.code));
      return;
    case 'graphql': {
      const { code, reason } = answer;
      res.json({
        errors: [{ message: answer.message, extensions: reason ? { code, reason } : { code } }],
      });
      return;
    }
    default:
      res.type('text/plain; charset=utf-8').send(answer.message);
  }
}

/** The REST facade's error body: the Spanish sentence (spec §5) and the stable reason. */
export const apiError = (message: string, reason: string) => ({ error: message, reason });

/** Unknown `/api` paths: the REST facade's 404 (mount after the REST router). */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(apiError('Ruta no encontrada', 'NOT_FOUND'));
};

/** Anything no route answered (outside /api and /graphql): a plain 404. */
export const notFound: RequestHandler = (req, res) => {
  send(req, res, { status: 404, message: 'No encontrado', code: 'NOT_FOUND' });
};

export function errorMapper(options: { onUnavailable?: () => void } = {}): ErrorRequestHandler {
  return (thrown: unknown, req, res, _next) => {
    // A database that cannot serve is the shop's state, not a bug: 503 with Retry-After.
    const unavailable = isDatabaseUnavailable(thrown);
    if (unavailable) {
      (req.log ?? logger).warn({ err: thrown }, 'Base de datos no disponible');
      options.onUnavailable?.();
    }
    const error = unavailable ? serviceUnavailable() : thrown;
    const answer = classify(error);
    if (!answer) {
      // pino-http logs the request once, with this error and its stack.
      res.err = error instanceof Error ? error : new Error(String(error));
      if (!req.log) logger.error({ err: error }, 'Error inesperado');
    }
    if (res.headersSent) {
      // Too late to answer: cut the connection rather than append to a half-sent body.
      req.socket.destroy();
      return;
    }
    if (error instanceof DomainError && error.details.retryAfterSeconds) {
      res.set('Retry-After', String(error.details.retryAfterSeconds));
    }
    send(
      req,
      res,
      answer ?? { status: 500, message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_SERVER_ERROR' },
    );
  };
}
