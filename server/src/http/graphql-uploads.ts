import type { NextFunction, Request, RequestHandler, Response } from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { MAX_PRODUCT_PHOTOS, PHOTO_PROBLEMS } from '@tienda/rules';
import { checkAccess } from '../modules/accounts/access.js';
import {
  MAX_PHOTO_BYTES,
  PHOTO_MESSAGES,
  PHOTO_REASON,
} from '../modules/catalog/product-photos.js';
import { DomainError, HTTP_STATUS } from '../modules/shared/errors.js';
import { contextOf } from './request-context.js';
import { findReplacementCharacter, MALFORMED_TEXT_MESSAGE } from './acceptable-text.js';

/** Apollo's CSRF prevention headers: a multipart request without one is refused by Apollo. */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

const isMultipart = (req: Request) => req.is('multipart/form-data') === 'multipart/form-data';

function sendGraphQLError(
  res: Response,
  status: number,
  message: string,
  code: string,
  reason = code,
) {
  res.status(status).json({ errors: [{ message, extensions: { code, reason } }] });
}

/**
 * GraphQL multipart requests (graphql-upload; the spec's photos): parsed only for admins (the
 * only ones who upload), only with Apollo's CSRF preflight header (without it the body is left
 * empty for Apollo to refuse), with limits. One file more than a product may have is let through
 * so the service can answer 'Solo puedes subir hasta 3 fotos'; beyond that, the parser stops and
 * the answer is the same message. A file over 5 MB is cut at the limit and refused when read.
 * Mount after requestContext (it reads the user).
 */
export function graphqlUploads(): RequestHandler {
  const parse = graphqlUploadExpress({
    maxFiles: MAX_PRODUCT_PHOTOS + 1,
    maxFileSize: MAX_PHOTO_BYTES,
    maxFieldSize: 1024 * 1024,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isMultipart(req)) return next();
    if (!PREFLIGHT_HEADERS.some((h) => req.get(h))) {
      req.body = {};
      return next();
    }
    try {
      checkAccess(contextOf(res).user, 'admin');
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error);
      // The request's body is not read: the connection closes after the answer.
      res.set('Connection', 'close');
      return sendGraphQLError(
        res,
        HTTP_STATUS[error.code],
        error.message,
        error.code,
        error.reason,
      );
    }
    parse(req, res, (error?: unknown) => {
      if (!error) {
        // Bad UTF-8 in the operations or map field (busboy decodes it to U+FFFD).
        if (findReplacementCharacter(req.body)) {
          const code = 'BAD_USER_INPUT';
          return sendGraphQLError(res, 400, MALFORMED_TEXT_MESSAGE, code, 'MALFORMED_TEXT');
        }
        return next();
      }
      const message = error instanceof Error ? error.message : '';
      // The rule messages answer like any other refused input (200 with errors, no data), so
      // that clients show them the same way.
      if (/max file uploads exceeded/i.test(message)) {
        const { message, reason } = PHOTO_PROBLEMS.tooMany;
        return sendGraphQLError(res, 200, message, 'BAD_USER_INPUT', reason);
      }
      if (/file size limit|exceeds the/i.test(message)) {
        return sendGraphQLError(res, 200, PHOTO_MESSAGES.invalid, 'BAD_USER_INPUT', PHOTO_REASON);
      }
      return sendGraphQLError(res, 400, 'La petición con archivos no es válida', 'BAD_USER_INPUT');
    });
  };
}
