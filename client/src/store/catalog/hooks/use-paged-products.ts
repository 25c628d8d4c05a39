import { useQuery } from '@apollo/client/react';
import type { ProductFilter, ProductSort } from '../../../gql/graphql';
import { latestData } from '../../../shared/latest-data';
import { ProductListQuery } from '../api';
import type { ProductResultsProps } from '../components/product-results';
import { PRODUCTS_PER_PAGE, pageCount, pageWindow } from '../../../shared/paging';
import { usePageParam } from './use-page-param';

export interface PagedProductsOptions {
  filter: ProductFilter;
  sort: ProductSort;
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
    variables: { filter, sort, ...pageWindow(page, PRODUCTS_PER_PAGE) },
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
