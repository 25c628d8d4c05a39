import { Stack, Text } from '@chakra-ui/react';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '@tienda/rules';
import { LineItem, LineName } from '../../../shared/ui/line-product';

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
      // A rule between the lines drawn by the lines themselves: a separator element inside the
      // <ul> would not be an <li> (axe's 'list' rule, with two lines or more).
      css={{ '& > li + li': { borderTopWidth: '1px', borderColor: 'gray.100' } }}
      aria-label="Productos del pedido"
    >
      {lines.map((line, index) => (
        <LineItem
          key={line.cartLineId ?? `line-${index}`}
          line={line}
          gap="3"
          py="2.5"
          align="center"
          data-testid="order-line"
          photo={
            withPhotos
              ? { src: line.product?.images[0]?.url, alt: line.productName, w: '12', rounded: 'md' }
              : undefined
          }
          amount={
            <Text fontWeight="semibold" color="gray.900" flexShrink={0}>
              {formatMoney(line.unitPriceCents * line.quantity)}
            </Text>
          }
        >
          <LineName name={line.productName} testId="order-line-name" />
          <Text fontSize="sm" color="gray.600" data-testid="order-line-detail">
            Talla {line.size} · {line.quantity} × {formatMoney(line.unitPriceCents)}
          </Text>
        </LineItem>
      ))}
    </Stack>
  );
}
