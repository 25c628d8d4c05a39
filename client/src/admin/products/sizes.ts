import { DEFAULT_SIZES, DEFAULT_STOCK_PER_SIZE } from '@tienda/rules';

/** Spec §3, §9: a new product's sizes as the form writes them, and each new size's stock. */
export const DEFAULT_SIZES_TEXT = DEFAULT_SIZES.join(',');
export const DEFAULT_QUANTITY = DEFAULT_STOCK_PER_SIZE;

/** 'S, M ,,L' → ['S', 'M', 'L']: the comma-separated list, trimmed, empty entries dropped. */
export function parseSizes(text: string): string[] {
  return text
    .split(',')
    .map((size) => size.trim())
    .filter((size) => size !== '');
}

/**
 * The quantities for `nextSizes` after the sizes text changed (spec §5): a size that was already
 * there keeps its quantity, a new size starts at 1. Sizes match exactly once trimmed.
 */
export function mergeQuantities(
  previousSizes: readonly string[],
  previousQuantities: readonly number[],
  nextSizes: readonly string[],
): number[] {
  const kept = new Map<string, number>();
  previousSizes.forEach((size, index) => {
    const quantity = previousQuantities[index];
    if (quantity !== undefined && !kept.has(size)) kept.set(size, quantity);
  });
  return nextSizes.map((size) => kept.get(size) ?? DEFAULT_QUANTITY);
}
