import { HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { bulkDiscountNote, formatMoney } from '@tienda/rules';

/** A named amount the server took off (the order calculator's adjustment). */
export interface AdjustmentLine {
  code: string;
  label: string;
  amountCents: number;
}

export interface OrderTotalsProps {
  subtotalCents: number;
  shippingCents: number;
  /** The server's adjustments, drawn by name ('Descuento por mayoreo', a coupon…). */
  adjustments: readonly AdjustmentLine[];
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

/** The test id of an adjustment's amount: the bulk discount keeps its old one. */
const adjustmentTestId = (code: string) =>
  code === 'BULK_DISCOUNT' ? 'summary-discount' : `summary-adjustment-${code.toLowerCase()}`;

/**
 * Subtotal, 'Envío', each adjustment by the name the server gave it, the bulk discount explained
 * (or the units missing for it; the words from @tienda/rules), and the total: the server's figures.
 */
export function OrderTotals({
  subtotalCents,
  shippingCents,
  adjustments,
  totalCents,
  bulkUnits,
}: OrderTotalsProps) {
  const note = bulkDiscountNote({
    applied: adjustments.some((a) => a.code === 'BULK_DISCOUNT'),
    bulkUnits,
  });
  return (
    <Stack gap="2">
      <Stack as="dl" gap="2">
        <Row label="Subtotal" value={formatMoney(subtotalCents)} testId="summary-subtotal" />
        <Row label="Envío" value={formatMoney(shippingCents)} testId="summary-shipping" />
        {adjustments.map((a) => (
          <HStack key={a.code} justify="space-between" align="baseline" gap="4" data-code={a.code}>
            <Text as="dt" color="green.700" minW="0" overflowWrap="anywhere">
              {a.label}
            </Text>
            <Text
              as="dd"
              fontWeight="semibold"
              color="green.700"
              whiteSpace="nowrap"
              flexShrink={0}
              data-testid={adjustmentTestId(a.code)}
            >
              −{formatMoney(a.amountCents)}
            </Text>
          </HStack>
        ))}
      </Stack>
      {note?.kind === 'applied' ? (
        <Text fontSize="sm" color="green.800" data-testid="summary-discount-note">
          {note.text}
        </Text>
      ) : note?.kind === 'hint' ? (
        <Text fontSize="sm" color="gray.600" data-testid="summary-discount-hint">
          {note.text}
        </Text>
      ) : null}
      <Separator my="1" />
      <Stack as="dl">
        <Row label="Total" value={formatMoney(totalCents)} testId="summary-total" strong />
      </Stack>
    </Stack>
  );
}
