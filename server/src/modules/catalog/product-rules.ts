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

/**
 * For another module's statement that reads its rows with their product's name and price in the
 * same statement (the checkout's locking read of the cart: one round trip): the product shoppers
 * see, as `alias`, left-joined on `productIdSql`; its columns are PRICED_PRODUCT_COLUMNS.
 */
export const joinShownProduct = (alias: string, productIdSql: string): string =>
  `left join product ${alias} on ${alias}.id = ${productIdSql} and ${visibleProduct(alias)}`;

/** name, price_cents, promotion, promotion_price_cents of the product joined as `alias`. */
export const pricedProductColumns = (alias: string): string =>
  `${alias}.name, ${alias}.price_cents, ${alias}.promotion, ${alias}.promotion_price_cents`;
