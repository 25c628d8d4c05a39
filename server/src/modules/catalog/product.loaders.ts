import DataLoader from 'dataloader';
import type { ProductService } from './product.service.js';
import type { ProductView } from './product-view.js';

/**
 * Per-request batch loaders of the catalogue: every product asked for by id during one request
 * (a product page, later cart lines and order lines) is read in one SQL statement.
 */
export function createProductLoaders(products: ProductService) {
  return {
    /** Products shoppers may see (hidden ones are undefined). */
    productById: new DataLoader<number, ProductView | undefined>((ids) => products.findByIds(ids)),
    /** What order lines name: hidden products included (orders keep showing them). */
    orderedProductById: new DataLoader<number, ProductView | undefined>((ids) =>
      products.findByIds(ids, { includeHidden: true }),
    ),
  };
}

export type ProductLoaders = ReturnType<typeof createProductLoaders>;
