import { shopWith } from './app.js';
import type { ProductSpec } from './fixtures.js';

/**
 * The storefront catalogue: products chosen so that every filter, search, sort and facet has
 * something to tell apart. Importing this module registers, in the importing test file
 * (catalog-filters, catalog-listing, catalog-facets), the hooks that give it its own database
 * holding exactly CATALOG.
 */
export const CATALOG: ProductSpec[] = [
  {
    name: 'Playera Nike 1 Negro',
    price: 250,
    type: 'Playera',
    brand: 'Nike',
    color: 'Negro',
    stock: { S: 2, M: 0, L: 3 },
  },
  {
    name: 'Playera Nike Dama 2 Rosa',
    price: 280,
    type: 'Playera',
    brand: 'Nike Dama',
    color: 'Rosa',
    stock: { S: 1, M: 4 },
  },
  {
    name: 'Pantalón Levis 3 Azul',
    price: 450,
    type: 'Pantalón',
    brand: 'Levis',
    color: 'Azul',
    stock: { '30': 2, '32': 0 },
  },
  {
    name: 'Pantalón Levis Dama 4 Negro',
    price: 520,
    type: 'Pantalón',
    brand: 'Levis Dama',
    color: 'Negro',
    stock: { '28': 1 },
  },
  {
    name: 'Sudadera Puma 5 Gris',
    price: 600,
    promo: 280,
    type: 'Sudadera',
    brand: 'Puma',
    color: 'Gris',
    stock: { M: 5 },
  },
  {
    name: 'Sudadera Puma Niño 6 Azul',
    price: 300,
    type: 'Sudadera',
    brand: 'Puma',
    color: 'Azul',
    stock: { S: 3 },
  },
  {
    name: 'Chamarra Nike 7 Negro',
    price: 1000,
    promo: 899,
    type: 'Chamarra',
    brand: 'Nike',
    color: 'Negro',
    stock: { L: 1 },
  },
  {
    name: 'Chamarra Puma 8 Verde',
    price: 1200,
    type: 'Chamarra',
    brand: 'Puma',
    color: 'Verde',
    stock: { XL: 2 },
  },
  {
    name: 'Jogger Nike 9 Gris',
    price: 301,
    type: 'Jogger',
    brand: 'Nike',
    color: 'Gris',
    stock: { M: 0, L: 0 },
  },
  {
    name: 'PANTALÓN Puma 10 Beige',
    price: 500,
    promo: 450,
    type: 'Pantalón',
    brand: 'Puma',
    color: 'Beige',
    stock: { '34': 2 },
  },
];

export interface Page {
  total: number;
  items: { id: number; name: string; unitPriceCents: number }[];
}

export async function names(filter: Record<string, unknown>, sort = 'NEWEST'): Promise<string[]> {
  const r = await shop.app.gql<{ products: Page }>(
    `query ($filter: ProductFilter, $sort: ProductSort!) {
       products(filter: $filter, sort: $sort, limit: 100) { total items { name } }
     }`,
    { filter, sort },
  );
  expect(r.errors).toBeUndefined();
  const page = r.data!.products;
  expect(page.total).toBe(page.items.length);
  return page.items.map((i) => i.name);
}

export const sorted = (list: string[]) => [...list].sort();

export const shop = shopWith(CATALOG);
