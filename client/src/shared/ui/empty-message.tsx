import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface EmptyMessageProps {
  title: string;
  description?: string;
  icon: ReactNode;
  children?: ReactNode;
}

/** A centred empty state: 'No hay resultados', 'Producto no encontrado'… */
export function EmptyMessage({ title, description, icon, children }: EmptyMessageProps) {
  return (
    <EmptyState.Root size="lg" data-testid="empty-state">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2" fontSize="xl">
            {title}
          </EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
