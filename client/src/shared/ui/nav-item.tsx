import { Flex, Icon, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { NavLink } from 'react-router-dom';

export interface NavItemProps {
  to: string;
  icon: IconType;
  children: ReactNode;
  end?: boolean;
  testId?: string;
  /** Shown at the end of the row (e.g. the cart's count). */
  trailing?: ReactNode;
  /** Long labels wrap onto a second line instead of being cut with '…'. */
  wrap?: boolean;
  onNavigate?: () => void;
}

/** A navigation row with an icon, highlighted while its route is open (store and admin shells). */
export function NavItem({
  to,
  icon: IconComponent,
  children,
  end,
  testId,
  trailing,
  wrap,
  onNavigate,
}: NavItemProps) {
  return (
    <Flex
      asChild
      align="center"
      gap="3"
      px="3"
      py="2.5"
      rounded="lg"
      fontWeight="medium"
      color="gray.700"
      transition="background 0.15s, color 0.15s"
      _hover={{ bg: 'gray.100', color: 'gray.900' }}
      _currentPage={{ bg: 'orange.50', color: 'orange.700' }}
      focusRing="outside"
    >
      <NavLink to={to} end={end} data-testid={testId} onClick={onNavigate}>
        <Icon boxSize="5" flexShrink={0}>
          <IconComponent />
        </Icon>
        <Text as="span" flex="1" truncate={!wrap}>
          {children}
        </Text>
        {trailing}
      </NavLink>
    </Flex>
  );
}
