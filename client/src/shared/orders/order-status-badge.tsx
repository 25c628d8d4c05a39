import {
  LuCircleCheck,
  LuCircleX,
  LuClock,
  LuPackageCheck,
  LuTruck,
  LuCircle,
} from 'react-icons/lu';
import { orderStatusLabel, type OrderStatusName } from '@tienda/rules';
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

/** The order's status in its Spanish words, as a coloured badge; an icon repeats the colour. */
export function OrderStatusBadge({ status }: { status: OrderStatusName }) {
  const label = orderStatusLabel(status);
  const style = orderStatusStyle(label);
  return (
    <IconBadge
      icon={ICONS[style.tone]}
      colorPalette={style.colorPalette}
      whiteSpace="normal"
      data-testid="order-status"
      data-tone={style.tone}
    >
      {label}
    </IconBadge>
  );
}
