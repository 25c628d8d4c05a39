/** The REST facade speaks pesos (the spec's numbers); everything inside is integer centavos. */
export const centsToPesos = (cents: number): number => cents / 100;
