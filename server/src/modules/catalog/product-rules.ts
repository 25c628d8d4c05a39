import type { Gender } from './product.entity.js';

/** The spec's rule: 'Mujer' when the name contains 'Dama', else 'Hombre'. */
export function genderFromName(name: string): Gender {
  return /dama/i.test(name) ? 'Mujer' : 'Hombre';
}

/**
 * Which products shoppers see: all but those deleted while orders name them (hidden, kept for
 * those orders). SQL over the product table under `alias`; the catalogue index, the product view
 * and the sitemap read through it, and the partial indexes `where hidden_at is null` match it.
 */
export const visibleProduct = (alias: string): string => `${alias}.hidden_at is null`;
