import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface EmptyMessageProps {
  title: string;
  description?: string;
  icon: ReactNode;
  children?: ReactNode;
  /** 'h1' when the message is the whole page (not found); an h2 under the page's h1 else. */
  titleAs?: 'h1' | 'h2';
}

/** A centred empty state: 'No hay resultados', 'Producto no encontrado'… */
export function EmptyMessage({
  title,
  description,
  icon,
  children,
  titleAs = 'h2',
}: EmptyMessageProps) {
  return (
    <EmptyState.Root size="lg" data-testid="empty-state">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as={titleAs} fontSize="xl">
            {title}
          </EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
