/** Spec §3, §9: a new product's sizes, and the stock each new size starts with. */
export const DEFAULT_SIZES_TEXT = 'S,M,L,XL';
export const DEFAULT_QUANTITY = 1;

/** 'S, M ,,L' → ['S', 'M', 'L']: the comma-separated list, trimmed, empty entries dropped. */
export function parseSizes(text: string): string[] {
  return text
    .split(',')
    .map((size) => size.trim())
    .filter((size) => size !== '');
}

/** The first size written twice (case-insensitive), or undefined when all are distinct. */
export function repeatedSize(sizes: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const size of sizes) {
    const key = size.toLocaleLowerCase('es');
    if (seen.has(key)) return size;
    seen.add(key);
  }
  return undefined;
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
