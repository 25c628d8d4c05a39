import { Box, SimpleGrid, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';
import { memo } from 'react';
import type { ProductCardFieldsFragment } from '../../../gql/graphql';
import { ProductCard } from './product-card';

export interface ProductGridProps {
  products: readonly ProductCardFieldsFragment[];
  showPrices: boolean;
  /** Wide grids (no filter column) fit more columns. */
  wide?: boolean;
  /** How many of the first cards fetch their photo first (the top of the page). */
  priorityCount?: number;
}

const columnsFor = (wide: boolean) =>
  wide ? { base: 2, md: 3, xl: 4, '2xl': 5 } : { base: 2, md: 3, '2xl': 4 };

/**
 * Memoised: its props are the query's items (the same array while the answer is unchanged) and
 * plain values, so the parent's own state changes (loading, a drawer, a menu) skip its 24 cards.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  showPrices,
  wide = false,
  priorityCount = 0,
}: ProductGridProps) {
  return (
    <SimpleGrid columns={columnsFor(wide)} gap={{ base: '3', md: '5' }} data-testid="product-grid">
      {products.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          showPrices={showPrices}
          priority={index < priorityCount}
        />
      ))}
    </SimpleGrid>
  );
});

export function ProductGridSkeleton({
  count = 8,
  wide = false,
}: {
  count?: number;
  wide?: boolean;
}) {
  return (
    <SimpleGrid
      columns={columnsFor(wide)}
      gap={{ base: '3', md: '5' }}
      aria-busy="true"
      aria-label="Cargando productos"
    >
      {Array.from({ length: count }, (_, index) => (
        <Box key={index} layerStyle="panel" rounded="xl" overflow="hidden">
          <Skeleton aspectRatio={1} />
          <Stack p="4" gap="3">
            <SkeletonText noOfLines={2} />
            <Skeleton h="5" w="40%" />
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}
