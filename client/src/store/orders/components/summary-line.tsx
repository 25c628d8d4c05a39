import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { OrderSummaryQuery } from '../../../gql/graphql';
import { formatMoney } from '@tienda/rules';
import { ProductImage } from '../../../shared/ui/product-image';

export type SummaryLine = OrderSummaryQuery['orderSummary']['lines'][number];

/** One cart line as the server priced it: photo, name, size, quantity × unit price, line total. */
export function SummaryLineItem({ line }: { line: SummaryLine }) {
  const { product } = line;
  return (
    <HStack
      as="li"
      align="start"
      gap={{ base: '3', md: '4' }}
      py="3"
      data-testid="summary-line"
      data-product-id={product.id}
      data-size={line.size}
      data-quantity={line.quantity}
    >
      <Box w={{ base: '16', md: '20' }} flexShrink={0} rounded="lg" overflow="hidden">
        <ProductImage src={product.images[0]?.url} alt={product.name} />
      </Box>
      <Stack gap="1" flex="1" minW="0">
        <Link
          asChild
          fontWeight="semibold"
          color="gray.900"
          lineHeight="short"
          overflowWrap="anywhere"
        >
          <RouterLink to={`/producto/${product.id}`} data-testid="summary-line-name">
            {product.name}
          </RouterLink>
        </Link>
        <Text fontSize="sm" color="gray.600">
          Talla <b>{line.size}</b> ·{' '}
          <span data-testid="summary-line-quantity">{line.quantity}</span> ×{' '}
          <span data-testid="summary-line-unit-price">{formatMoney(product.unitPriceCents)}</span>
        </Text>
        {product.onPromotion ? (
          <Badge colorPalette="red" variant="subtle" alignSelf="start" size="sm">
            Promoción
          </Badge>
        ) : null}
      </Stack>
      <Text fontWeight="bold" color="gray.900" flexShrink={0} data-testid="summary-line-total">
        {formatMoney(line.lineTotalCents)}
      </Text>
    </HStack>
  );
}
