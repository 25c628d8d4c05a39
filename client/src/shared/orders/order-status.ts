/** Chakra colour palettes an order status badge may take. */
export type StatusPalette = 'green' | 'blue' | 'teal' | 'orange' | 'red' | 'gray';

export interface OrderStatusStyle {
  colorPalette: StatusPalette;
  /** What the colour says, for people who cannot tell colours apart (and for tests). */
  tone: 'paid' | 'shipped' | 'delivered' | 'waiting' | 'cancelled' | 'other';
}

/** Lower-case without accents: 'Cancelado por falta de pago' → 'cancelado por falta de pago'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The badge style of an order status, derived from its value (spec §4): cancelled red, delivered
 * teal, shipped blue, any status containing 'pagado' green, waiting for payment orange; anything
 * else gray. Cancellation is read first: 'Cancelado por falta de pago' names a payment but is not
 * one.
 */
export function orderStatusStyle(status: string): OrderStatusStyle {
  const value = fold(status);
  if (value.includes('cancelad')) return { colorPalette: 'red', tone: 'cancelled' };
  if (value.includes('entregado')) return { colorPalette: 'teal', tone: 'delivered' };
  if (value.includes('enviado')) return { colorPalette: 'blue', tone: 'shipped' };
  if (value.includes('pagado')) return { colorPalette: 'green', tone: 'paid' };
  if (value.includes('espera')) return { colorPalette: 'orange', tone: 'waiting' };
  return { colorPalette: 'gray', tone: 'other' };
}
