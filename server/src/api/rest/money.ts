import { pesosAmount } from '@tienda/rules';

/**
 * The REST facade speaks pesos (the spec's numbers), exact to the centavo (81850 → 818.5);
 * everything inside is integer centavos.
 */
export const centsToPesos = (cents: number): number => pesosAmount(cents);
