import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { errorReason } from './error-reason';

const refused = (...errors: { message: string; extensions?: Record<string, unknown> }[]) =>
  new CombinedGraphQLErrors({ data: null, errors });

describe('errorReason', () => {
  it("reads the first GraphQL error's extensions.reason", () => {
    expect(
      errorReason(
        refused(
          {
            message: 'No hay productos en el carrito',
            extensions: { code: 'BAD_USER_INPUT', reason: 'EMPTY_CART' },
          },
          { message: 'Otro', extensions: { code: 'CONFLICT', reason: 'OUT_OF_STOCK' } },
        ),
      ),
    ).toBe('EMPTY_CART');
    expect(
      errorReason(
        refused({
          message:
            'El precio de promoción no puede ser 0, se ha quitado la promoción automáticamente',
          extensions: {
            code: 'BAD_USER_INPUT',
            field: 'promotionPriceCents',
            reason: 'PROMOTION_PRICE_REQUIRED',
          },
        }),
      ),
    ).toBe('PROMOTION_PRICE_REQUIRED');
  });

  it('is undefined without a reason, for network failures and for anything else', () => {
    expect(errorReason(refused({ message: 'x', extensions: { code: 'BAD_USER_INPUT' } }))).toBe(
      undefined,
    );
    expect(errorReason(refused({ message: 'x', extensions: { reason: 42 } }))).toBeUndefined();
    expect(errorReason(refused({ message: 'x' }))).toBeUndefined();
    expect(errorReason(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(errorReason(undefined)).toBeUndefined();
  });
});
