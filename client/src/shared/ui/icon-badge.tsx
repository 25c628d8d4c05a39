import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { IconType } from 'react-icons';

export interface IconBadgeProps extends BadgeProps {
  /** Repeats what the colour says, for those who cannot tell the colours apart. */
  icon: IconType;
}

/** A state as a rounded subtle badge with an icon: an order's status, an e-mail's delivery. */
export function IconBadge({ icon: IconComponent, children, ...rest }: IconBadgeProps) {
  return (
    <Badge variant="subtle" size="md" rounded="full" px="2.5" gap="1.5" {...rest}>
      <IconComponent aria-hidden="true" />
      {children}
    </Badge>
  );
}
