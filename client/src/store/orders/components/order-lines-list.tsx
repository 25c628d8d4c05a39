import { Box, HStack, Stack, StackSeparator, Text } from '@chakra-ui/react';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '@tienda/rules';
import { ProductImage } from '../../../shared/ui/product-image';

/** A line as bought; with the product as it is now when the query asked for its photos. */
export type OrderLine = OrderFieldsFragment['lines'][number] & {
  product?: { images: readonly { url: string }[] } | null;
};

/**
 * An order's lines as they were bought: name, size, quantity, price; with a photo column when
 * the lines carry their products (null once deleted: a placeholder).
 */
export function OrderLinesList({ lines }: { lines: readonly OrderLine[] }) {
  const withPhotos = lines.some((line) => line.product !== undefined);
  return (
    <Stack
      as="ul"
      listStyleType="none"
      gap="0"
      separator={<StackSeparator borderColor="gray.100" />}
      aria-label="Productos del pedido"
    >
      {lines.map((line, index) => (
        <HStack
          as="li"
          key={line.cartLineId ?? `line-${index}`}
          gap="3"
          py="2.5"
          align="center"
          data-testid="order-line"
          data-product-id={line.productId ?? ''}
          data-size={line.size}
          data-quantity={line.quantity}
        >
          {withPhotos ? (
            <Box w="12" flexShrink={0} rounded="md" overflow="hidden">
              <ProductImage src={line.product?.images[0]?.url} alt={line.productName} />
            </Box>
          ) : null}
          <Stack gap="0" flex="1" minW="0">
            <Text
              fontWeight="medium"
              color="gray.900"
              lineHeight="short"
              overflowWrap="anywhere"
              data-testid="order-line-name"
            >
              {line.productName}
            </Text>
            <Text fontSize="sm" color="gray.600" data-testid="order-line-detail">
              Talla {line.size} · {line.quantity} × {formatMoney(line.unitPriceCents)}
            </Text>
          </Stack>
          <Text fontWeight="semibold" color="gray.900" flexShrink={0}>
            {formatMoney(line.unitPriceCents * line.quantity)}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
