import { useQuery } from '@apollo/client/react';
import { latestData } from '../../../shared/latest-data';
import { ProductListQuery } from '../api';
import type { ProductResultsProps } from '../components/product-results';
import { PRODUCTS_PER_PAGE, pageCount } from '../../../shared/paging';
import { type PagedProductsList, pagedProductsVariables } from '../paged-products';
import { usePageParam } from './use-page-param';

export interface PagedProductsOptions extends PagedProductsList {
  /** Nothing to ask for yet (an empty search): no request and no results. */
  skip?: boolean;
}

export type PagedProducts = Pick<
  ProductResultsProps,
  'products' | 'total' | 'loading' | 'error' | 'onRetry' | 'pagination'
>;

/**
 * One page of a product list without a filter column (/promociones, /buscar/…), the page kept
 * in the URL; the result is spread on `<ProductResults>`. While the next page loads, the
 * previous one stays on screen.
 */
export function usePagedProducts({
  filter,
  sort,
  skip = false,
}: PagedProductsOptions): PagedProducts {
  const { page, goToPage } = usePageParam();
  const query = useQuery(ProductListQuery, {
    variables: pagedProductsVariables({ filter, sort }, page),
    skip,
  });
  const { loading, error, refetch } = query;
  const result = skip ? undefined : latestData(query)?.products;
  return {
    products: result?.items,
    total: result?.total,
    loading,
    error,
    onRetry: () => void refetch(),
    pagination: {
      page,
      totalPages: pageCount(result?.total ?? 0, PRODUCTS_PER_PAGE),
      onPageChange: goToPage,
    },
  };
}
