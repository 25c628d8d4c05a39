import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { CONNECTION_CAUSE, actionFailureMessage, isConnectionFailure } from './server-errors';

const refused = new CombinedGraphQLErrors({
  errors: [{ message: 'Esta talla está agotada', extensions: { code: 'BAD_USER_INPUT' } }],
});

describe('offline actions say the connection is the cause', () => {
  it("offline: 'No se pudo agregar el producto al carrito: no hay conexión a internet…'", () => {
    expect(
      actionFailureMessage(
        new TypeError('Failed to fetch'),
        'No se pudo agregar el producto al carrito',
        false,
      ),
    ).toBe(
      'No se pudo agregar el producto al carrito: no hay conexión a internet. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(CONNECTION_CAUSE).toBe(
      'no hay conexión a internet. Revisa tu conexión e inténtalo de nuevo.',
    );
  });

  it("an action's words of two sentences keep the first before the cause", () => {
    expect(
      actionFailureMessage(
        new Error('x'),
        'No se pudo iniciar el pago con tarjeta. Intenta de nuevo.',
        false,
      ),
    ).toBe(`No se pudo iniciar el pago con tarjeta: ${CONNECTION_CAUSE}`);
  });

  it("a fetch that never got an answer is the connection, even when the browser says it's online", () => {
    expect(isConnectionFailure(new TypeError('Failed to fetch'), true)).toBe(true);
  });

  it("the server's own refusal wins, online or not; anything else keeps the action's words", () => {
    expect(actionFailureMessage(refused, 'No se pudo agregar', false)).toBe(
      'Esta talla está agotada',
    );
    expect(actionFailureMessage(new Error('rara'), 'No se pudo agregar', true)).toBe(
      'No se pudo agregar',
    );
  });
});
