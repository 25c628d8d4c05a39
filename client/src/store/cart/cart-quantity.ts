/** Cart stepper limits (spec §5): increase up to the stock of that size, decrease down to 1. */

export function canIncreaseLine(quantity: number, stock: number): boolean {
  return quantity < stock;
}

export function canDecreaseLine(quantity: number): boolean {
  return quantity > 1;
}

/** The subtotal shown under the lines: the server's line totals added up (no client pricing). */
export function cartSubtotalCents(lines: readonly { lineTotalCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
}
