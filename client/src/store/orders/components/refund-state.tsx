import { Box, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { formatMoney, ORDER_REFUND_MESSAGES, ORDER_REFUND_STATUS_LABELS } from '@tienda/rules';
import { LuUndo2 } from 'react-icons/lu';
import type { MyOrderRefundFieldsFragment } from '../../../gql/graphql';

const dayFormat = new Intl.DateTimeFormat('es-MX', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Mexico_City',
});

/**
 * 'Mis pedidos': the transfer refund of an order 'Cancelado con reembolso' paid by transfer,
 * pending (what comes back, and to send the CLABE) or sent (to which CLABE, when).
 */
export function RefundState({ refund }: { refund: MyOrderRefundFieldsFragment }) {
  const pending = refund.status === 'PENDING';
  const amount = formatMoney(refund.amountCents);
  return (
    <Box
      bg={pending ? 'orange.50' : 'green.50'}
      color={pending ? 'orange.900' : 'green.900'}
      rounded="lg"
      px="3"
      py="2"
      data-testid="order-refund-state"
      data-refund-status={refund.status}
    >
      <Stack gap="1">
        <HStack gap="2">
          <Icon boxSize="4" flexShrink={0}>
            <LuUndo2 />
          </Icon>
          <Text fontWeight="semibold" fontSize="sm">
            {ORDER_REFUND_STATUS_LABELS[refund.status]}
          </Text>
        </HStack>
        <Text fontSize="sm">
          {pending || !refund.clabe || !refund.refundedAt
            ? ORDER_REFUND_MESSAGES.pendingForCustomer(amount)
            : ORDER_REFUND_MESSAGES.refundedForCustomer(
                amount,
                refund.clabe.slice(-4),
                dayFormat.format(new Date(refund.refundedAt)),
              )}
        </Text>
      </Stack>
    </Box>
  );
}
