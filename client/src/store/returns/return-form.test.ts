import { describe, expect, it } from 'vitest';
import { chosenLines, RETURN_STATUS_WORDS } from './return-form';

describe("'Devolver o cambiar' form", () => {
  it('sends only the lines with pieces chosen; an empty new size is a refund', () => {
    expect(
      chosenLines([
        { productId: 1, size: '26', quantity: 0, reason: '', newSize: '' },
        { productId: 2, size: 'M', quantity: 1, reason: 'Me quedó chica', newSize: '' },
        { productId: 3, size: '27', quantity: 2, reason: 'Talla', newSize: '28' },
      ]),
    ).toEqual([
      { productId: 2, size: 'M', quantity: 1, reason: 'Me quedó chica', newSize: null },
      { productId: 3, size: '27', quantity: 2, reason: 'Talla', newSize: '28' },
    ]);
  });

  it("says each return's step in Spanish", () => {
    expect(RETURN_STATUS_WORDS).toEqual({
      REQUESTED: 'Solicitada: envíanos el producto',
      RECEIVED: 'Recibida en la tienda',
      REFUNDED: 'Reembolsada',
      REJECTED: 'Rechazada',
    });
  });
});
