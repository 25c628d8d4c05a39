import { describe, expect, it } from 'vitest';
import { orderStatusStyle } from './order-status';

describe('orderStatusStyle: the badge colour follows the status (spec §4)', () => {
  it.each([
    // The six statuses of spec §4.
    ['En espera de pago', 'orange', 'waiting'],
    ['Pagado', 'green', 'paid'],
    ['Pagado por mercadopago', 'green', 'paid'],
    ['Enviado', 'blue', 'shipped'],
    ['Entregado', 'teal', 'delivered'],
    ['Cancelado por falta de pago', 'red', 'cancelled'],
    // Case and accents do not matter; unknown values are neutral.
    ['PAGADO', 'green', 'paid'],
    ['pagado por transferencia', 'green', 'paid'],
    ['enviado', 'blue', 'shipped'],
    ['Cancelado', 'red', 'cancelled'],
    ['Devuelto', 'gray', 'other'],
    ['', 'gray', 'other'],
  ] as const)('%j → %s', (status, colorPalette, tone) => {
    expect(orderStatusStyle(status)).toEqual({ colorPalette, tone });
  });
});
