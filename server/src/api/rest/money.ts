import { pesosAmount } from '@tienda/rules';

/**
 * The REST facade speaks pesos (the spec's numbers), exact to the centavo (81850 → 818.5);
 * everything inside is integer centavos.
 */
export const centsToPesos = (cents: number): number => pesosAmount(cents);

/**
 * Pesos as a JSON body writes them (a number, or a decimal string: 250, 199.5, '199.50') to
 * integer centavos, exactly, without going through a float product; NaN when the amount is not
 * a non-negative decimal with at most two decimals (the domain's rule then refuses it with its
 * own message).
 */
export function pesosToCentavos(value: number | string): number {
  const written = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(written);
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
