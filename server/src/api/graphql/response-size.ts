import type { RequestHandler, Response } from 'express';

/** The largest GraphQL response sent: about 20 times a 100-product page with its facets. */
export const MAX_GRAPHQL_RESPONSE_BYTES = 2 * 1024 * 1024;

export const RESPONSE_TOO_LARGE_MESSAGE =
  'La respuesta es demasiado grande: pide menos productos o menos campos';

/**
 * Caps the size of a GraphQL response. Apollo hands Express the whole serialised result in one
 * `res.send(string)`: its length is known for free, so a normal response costs one comparison
 * (and `Buffer.byteLength` only past a third of the cap). A larger result is replaced by a coded
 * Spanish error.
 */
export function capResponseSize(maxBytes = MAX_GRAPHQL_RESPONSE_BYTES): RequestHandler {
  return (_req, res, next) => {
    const send = res.send;
    res.send = function (this: Response, body?: unknown) {
      if (
        typeof body === 'string' &&
        body.length * 3 > maxBytes &&
        Buffer.byteLength(body) > maxBytes
      ) {
        this.status(400).type('application/json');
        return send.call(
          this,
          JSON.stringify({
            errors: [
              {
                message: RESPONSE_TOO_LARGE_MESSAGE,
                extensions: { code: 'RESPONSE_TOO_LARGE' },
              },
            ],
          }),
        );
      }
      return send.call(this, body);
    } as Response['send'];
    next();
  };
}
