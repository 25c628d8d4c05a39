import { Badge, Text } from '@chakra-ui/react';
import type { OrderSummaryQuery } from '../../../gql/graphql';
import { formatMoney } from '@tienda/rules';
import { LineItem, LineName } from '../../../shared/ui/line-product';

export type SummaryLine = OrderSummaryQuery['orderSummary']['lines'][number];

/** One cart line as the server priced it: photo, name, size, quantity × unit price, line total. */
export function SummaryLineItem({ line }: { line: SummaryLine }) {
  const { product } = line;
  return (
    <LineItem
      line={line}
      align="start"
      gap={{ base: '3', md: '4' }}
      py="3"
      data-testid="summary-line"
      photo={{ src: product.images[0]?.url, alt: product.name, w: { base: '16', md: '20' } }}
      wordsGap="1"
      amount={
        <Text fontWeight="bold" color="gray.900" flexShrink={0} data-testid="summary-line-total">
          {formatMoney(line.lineTotalCents)}
        </Text>
      }
    >
      <LineName name={product.name} to={`/producto/${product.id}`} testId="summary-line-name" />
      <Text fontSize="sm" color="gray.600">
        Talla <b>{line.size}</b> · <span data-testid="summary-line-quantity">{line.quantity}</span>{' '}
        × <span data-testid="summary-line-unit-price">{formatMoney(product.unitPriceCents)}</span>
      </Text>
      {product.onPromotion ? (
        <Badge colorPalette="red" variant="subtle" alignSelf="start" size="sm">
          Promoción
        </Badge>
      ) : null}
    </LineItem>
  );
}
