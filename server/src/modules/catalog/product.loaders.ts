import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductImage, ProductStock } from './product.entity.js';

function groupBy<T>(rows: T[], key: (row: T) => number, ids: readonly number[]): T[][] {
  const groups = new Map<number, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) groups.get(key(row))?.push(row);
  return ids.map((id) => groups.get(id) ?? []);
}

/** Per-request batch loaders for a product's stock rows and photos: one query per batch. */
export function createProductLoaders(em: EntityManager) {
  return {
    stock: new DataLoader<number, ProductStock[]>(async (ids) => {
      const rows = await em.find(
        ProductStock,
        { product: { $in: [...ids] } },
        { orderBy: { product: 'asc', position: 'asc' } },
      );
      return groupBy(rows, (r) => r.product.id, ids);
    }),
    images: new DataLoader<number, ProductImage[]>(async (ids) => {
      const rows = await em.find(
        ProductImage,
        { product: { $in: [...ids] } },
        { orderBy: { product: 'asc', position: 'asc' } },
      );
      return groupBy(rows, (r) => r.product.id, ids);
    }),
  };
}

export type ProductLoaders = ReturnType<typeof createProductLoaders>;
