import type { Gender } from './product.entity.js';

/** The spec's rule: 'Mujer' when the name contains 'Dama', else 'Hombre'. */
export function genderFromName(name: string): Gender {
  return /dama/i.test(name) ? 'Mujer' : 'Hombre';
}

export const DEFAULT_SIZES = ['S', 'M', 'L', 'XL'] as const;
export const DEFAULT_STOCK_PER_SIZE = 1;
export const MAX_PRODUCT_PHOTOS = 3;
