import { Box } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import type { ProductCardFieldsFragment } from '../../../gql/graphql';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PaginationBar, type PaginationBarProps } from '../../../shared/ui/pagination-bar';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ResultsCount } from './results-count';

export interface ProductResultsProps {
  products: readonly ProductCardFieldsFragment[] | undefined;
  total?: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  showPrices: boolean;
  empty: { title: string; description?: string; icon: ReactNode };
  /** Paged lists: the pagination bar under the grid. */
  pagination?: PaginationBarProps;
}

/** A grid of products with its loading, error and empty states (no filter column). */
export function ProductResults({
  products,
  total,
  loading,
  error,
  onRetry,
  showPrices,
  empty,
  pagination,
}: ProductResultsProps) {
  useEffect(() => {
    if (error) console.error('No se pudieron cargar los productos', error);
  }, [error]);

  if (error && !products) {
    return <LoadErrorAlert title="No se pudieron cargar los productos." onRetry={onRetry} />;
  }
  if (!products) return <ProductGridSkeleton count={10} wide />;
  if (products.length === 0) {
    return <EmptyMessage icon={empty.icon} title={empty.title} description={empty.description} />;
  }
  return (
    <Box opacity={loading ? 0.55 : 1} transition="opacity 0.2s" aria-busy={loading}>
      <ResultsCount total={total ?? products.length} loading={loading} mb="4" />
      <ProductGrid products={products} showPrices={showPrices} wide />
      {pagination ? <PaginationBar {...pagination} /> : null}
    </Box>
  );
}
