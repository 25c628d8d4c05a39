import { HStack, Icon, Text } from '@chakra-ui/react';
import { holdDeadlineText } from '@tienda/rules';
import { LuClock } from 'react-icons/lu';

/**
 * Until when an unpaid order is held, in Mexico City time ('Tu pedido se aparta hasta el lunes
 * 30 de noviembre a las 14:05'): the server's `Order.holdUntil`, the instant after which the
 * unpaid-order sweep releases it. Nothing when the order has none (paid, shipped, cancelled).
 */
export function HoldDeadline({ holdUntil }: { holdUntil: string | null | undefined }) {
  if (!holdUntil) return null;
  const deadline = new Date(holdUntil);
  if (Number.isNaN(deadline.getTime())) return null;
  return (
    <HStack
      gap="2"
      align="start"
      bg="orange.50"
      color="orange.900"
      rounded="lg"
      px="3"
      py="2"
      fontSize="sm"
      data-testid="hold-deadline"
    >
      <Icon boxSize="4" flexShrink={0} mt="0.5" aria-hidden>
        <LuClock />
      </Icon>
      <Text>
        {holdDeadlineText(deadline)}. Si no recibimos tu pago para entonces, lo cancelaremos y los
        productos volverán a estar a la venta.
      </Text>
    </HStack>
  );
}
