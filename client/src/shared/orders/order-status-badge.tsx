import {
  LuCircleCheck,
  LuCircleX,
  LuClock,
  LuPackageCheck,
  LuTruck,
  LuCircle,
} from 'react-icons/lu';
import { IconBadge } from '../ui/icon-badge';
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
  return (
    <IconBadge
      icon={ICONS[style.tone]}
      colorPalette={style.colorPalette}
      whiteSpace="normal"
      data-testid="order-status"
      data-tone={style.tone}
    >
      {status}
    </IconBadge>
  );
}
