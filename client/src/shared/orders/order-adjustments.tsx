import { HStack, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '@tienda/rules';

/** A named amount the server took off an order (the order calculator's adjustment). */
export interface OrderAdjustmentItem {
  code: string;
  label: string;
  amountCents: number;
}

/**
 * An order's adjustments as the server named them ('Descuento por mayoreo −$300'), one row each;
 * nothing when there are none. 'Mis pedidos' and the admin's products popup draw it.
 */
export function OrderAdjustments({
  adjustments,
  fontSize = 'sm',
}: {
  adjustments: readonly OrderAdjustmentItem[];
  fontSize?: string;
}) {
  if (adjustments.length === 0) return null;
  return (
    <Stack as="dl" gap="1" data-testid="order-adjustments">
      {adjustments.map((a) => (
        <HStack
          key={a.code}
          justify="space-between"
          align="baseline"
          gap="3"
          fontSize={fontSize}
          data-code={a.code}
        >
          <Text as="dt" color="green.700">
            {a.label}
          </Text>
          <Text as="dd" fontWeight="semibold" color="green.700" fontVariantNumeric="tabular-nums">
            −{formatMoney(a.amountCents)}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
