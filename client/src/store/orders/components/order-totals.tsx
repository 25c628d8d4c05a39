import { HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '@tienda/rules';

/** Units of products not on promotion from which each earns the bulk discount (spec §9). */
export const BULK_DISCOUNT_MIN_UNITS = 6;
export const BULK_DISCOUNT_PER_UNIT_CENTS = 5_000;

export interface OrderTotalsProps {
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  /** Units of products not on promotion (the summary knows them; orders don't). */
  bulkUnits?: number;
}

function Row({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <HStack justify="space-between" align="baseline" gap="4">
      <Text
        as="dt"
        color={strong ? 'gray.900' : 'gray.700'}
        fontWeight={strong ? 'bold' : 'normal'}
      >
        {label}
      </Text>
      <Text
        as="dd"
        fontWeight={strong ? 'bold' : 'semibold'}
        fontSize={strong ? '2xl' : 'md'}
        color="gray.900"
        data-testid={testId}
      >
        {value}
      </Text>
    </HStack>
  );
}

/** Subtotal, 'Envío', the bulk discount when any (explained), and the total: the server's figures. */
export function OrderTotals({
  subtotalCents,
  shippingCents,
  discountCents,
  totalCents,
  bulkUnits,
}: OrderTotalsProps) {
  const missing = bulkUnits === undefined ? 0 : BULK_DISCOUNT_MIN_UNITS - bulkUnits;
  return (
    <Stack gap="2">
      <Stack as="dl" gap="2">
        <Row label="Subtotal" value={formatMoney(subtotalCents)} testId="summary-subtotal" />
        <Row label="Envío" value={formatMoney(shippingCents)} testId="summary-shipping" />
        {discountCents > 0 ? (
          <HStack justify="space-between" align="baseline" gap="4">
            <Text as="dt" color="green.700">
              Descuento por mayoreo
            </Text>
            <Text as="dd" fontWeight="semibold" color="green.700" data-testid="summary-discount">
              −{formatMoney(discountCents)}
            </Text>
          </HStack>
        ) : null}
      </Stack>
      {discountCents > 0 ? (
        <Text fontSize="sm" color="green.800" data-testid="summary-discount-note">
          {formatMoney(BULK_DISCOUNT_PER_UNIT_CENTS)} menos por pieza al llevar{' '}
          {BULK_DISCOUNT_MIN_UNITS} o más piezas sin promoción
          {bulkUnits === undefined ? '' : ` (llevas ${bulkUnits})`}.
        </Text>
      ) : missing > 0 && missing < BULK_DISCOUNT_MIN_UNITS ? (
        <Text fontSize="sm" color="gray.600" data-testid="summary-discount-hint">
          Con {missing === 1 ? '1 pieza' : `${missing} piezas`} más sin promoción ahorras{' '}
          {formatMoney(BULK_DISCOUNT_PER_UNIT_CENTS)} por pieza.
        </Text>
      ) : null}
      <Separator my="1" />
      <Stack as="dl">
        <Row label="Total" value={formatMoney(totalCents)} testId="summary-total" strong />
      </Stack>
    </Stack>
  );
}
