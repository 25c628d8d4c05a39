import { Badge, HStack, Text } from '@chakra-ui/react';
import { formatMoney, unitPriceCents } from '@tienda/rules';

export interface PriceTagProps {
  priceCents: number;
  onPromotion: boolean;
  promotionPriceCents: number | null;
  size?: 'md' | 'lg';
}

/** The price a shopper pays; on promotion, the normal price crossed out beside it. */
export function PriceTag({
  priceCents,
  onPromotion,
  promotionPriceCents,
  size = 'md',
}: PriceTagProps) {
  const promoted = onPromotion && promotionPriceCents !== null;
  const mainSize = size === 'lg' ? '3xl' : 'lg';
  return (
    <HStack gap="2" align="baseline" wrap="wrap" data-testid="price">
      <Text
        as="span"
        fontSize={mainSize}
        fontWeight="bold"
        color={promoted ? 'red.600' : 'gray.900'}
        data-testid="price-current"
      >
        {formatMoney(unitPriceCents({ priceCents, promotion: onPromotion, promotionPriceCents }))}
      </Text>
      {promoted ? (
        <>
          <Text
            as="s"
            fontSize={size === 'lg' ? 'lg' : 'sm'}
            color="gray.500"
            data-testid="price-normal"
          >
            {formatMoney(priceCents)}
          </Text>
          {size === 'lg' ? (
            <Badge colorPalette="red" variant="solid" size="md">
              -{Math.round((1 - promotionPriceCents / priceCents) * 100)}%
            </Badge>
          ) : null}
        </>
      ) : null}
    </HStack>
  );
}
