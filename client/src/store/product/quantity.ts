/** Product-page quantity rules (spec §5): 1..stock of the chosen size, 0 when it is sold out. */

export interface SizeStockLike {
  size: string;
  stock: number;
}

export function initialQuantity(stock: number): number {
  return stock > 0 ? 1 : 0;
}

export function clampQuantity(quantity: number, stock: number): number {
  if (stock <= 0) return 0;
  return Math.min(Math.max(Math.trunc(quantity), 1), stock);
}

export function canIncrease(quantity: number, stock: number): boolean {
  return stock > 0 && quantity < stock;
}

export function canDecrease(quantity: number, stock: number): boolean {
  return stock > 0 && quantity > 1;
}

/** The size chosen when the page opens: the first one in stock, else the first one. */
export function defaultSize(sizes: readonly SizeStockLike[]): string | undefined {
  return (sizes.find((size) => size.stock > 0) ?? sizes[0])?.size;
}

export function stockOf(sizes: readonly SizeStockLike[], size: string | undefined): number {
  return sizes.find((item) => item.size === size)?.stock ?? 0;
}
