import { Alert, Box, Button, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import type { ProductCardFieldsFragment } from '../../../gql/graphql';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

export interface ProductResultsProps {
  products: readonly ProductCardFieldsFragment[] | undefined;
  total?: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  showPrices: boolean;
  empty: { title: string; description?: string; icon: ReactNode };
  /** Pagination and the like, under the grid. */
  footer?: ReactNode;
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
  footer,
}: ProductResultsProps) {
  useEffect(() => {
    if (error) console.error('No se pudieron cargar los productos', error);
  }, [error]);

  if (error && !products) {
    return (
      <Alert.Root status="error" rounded="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>No se pudieron cargar los productos.</Alert.Title>
          <Alert.Description>Revisa tu conexión e intenta de nuevo.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Reintentar
        </Button>
      </Alert.Root>
    );
  }
  if (!products) return <ProductGridSkeleton count={10} wide />;
  if (products.length === 0) {
    return <EmptyMessage icon={empty.icon} title={empty.title} description={empty.description} />;
  }
  const shown = total ?? products.length;
  return (
    <Box opacity={loading ? 0.55 : 1} transition="opacity 0.2s" aria-busy={loading}>
      <Text
        color="gray.600"
        fontSize="sm"
        mb="4"
        data-testid="results-count"
        data-total={shown}
        data-loading={loading}
      >
        {shown} {shown === 1 ? 'producto' : 'productos'}
      </Text>
      <ProductGrid products={products} showPrices={showPrices} wide />
      {footer}
    </Box>
  );
}
