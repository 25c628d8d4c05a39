import { Badge } from '@chakra-ui/react';
import {
  LuCircleCheck,
  LuCircleX,
  LuClock,
  LuPackageCheck,
  LuTruck,
  LuCircle,
} from 'react-icons/lu';
import { type OrderStatusStyle, orderStatusStyle } from './order-status';

const ICONS: Record<OrderStatusStyle['tone'], typeof LuClock> = {
  paid: LuCircleCheck,
  shipped: LuTruck,
  delivered: LuPackageCheck,
  waiting: LuClock,
  cancelled: LuCircleX,
  other: LuCircle,
};

/** The order's status as a coloured badge; an icon repeats what the colour says. */
export function OrderStatusBadge({ status }: { status: string }) {
  const style = orderStatusStyle(status);
  const IconComponent = ICONS[style.tone];
  return (
    <Badge
      colorPalette={style.colorPalette}
      variant="subtle"
      size="md"
      rounded="full"
      px="2.5"
      gap="1.5"
      whiteSpace="normal"
      data-testid="order-status"
      data-tone={style.tone}
    >
      <IconComponent aria-hidden="true" />
      {status}
    </Badge>
  );
}
