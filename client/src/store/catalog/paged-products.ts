import type { ProductFilter, ProductSort } from '../../gql/graphql';
import { PRODUCTS_PER_PAGE, pageWindow } from '../../shared/paging';

/** What a product list without a filter column shows (its filter and order). */
export interface PagedProductsList {
  filter: ProductFilter;
  sort: ProductSort;
}

/** /promociones: products on promotion, highest promotion price first. */
export const PROMOTIONS_LIST: PagedProductsList = {
  filter: { onPromotion: true },
  sort: 'PROMOTION_PRICE_DESC',
};

/**
 * The `ProductList` variables of a list's page (1-based): one home for the screen's query
 * (use-paged-products.ts) and the server's drawing of it (first-screen-queries.ts), which must ask
 * exactly the same for the app to find the answer in its cache.
 */
export function pagedProductsVariables({ filter, sort }: PagedProductsList, page: number) {
  return { filter, sort, ...pageWindow(page, PRODUCTS_PER_PAGE) };
}
