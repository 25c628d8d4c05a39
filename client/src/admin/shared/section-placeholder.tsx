import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { PageHeading } from '../../shared/ui/page-heading';

export interface SectionPlaceholderProps {
  title: string;
  /** What this section will do, in one sentence. */
  description: string;
  icon: ReactNode;
}

/** A back-office section whose screens are not built yet: its heading and an honest note. */
export function SectionPlaceholder({ title, description, icon }: SectionPlaceholderProps) {
  useDocumentTitle(`${title} · Administración`);
  return (
    <>
      <PageHeading compact title={title} />
      <EmptyState.Root
        size="lg"
        layerStyle="panel"
        rounded="xl"
        data-testid="admin-section-pending"
      >
        <EmptyState.Content>
          <EmptyState.Indicator>{icon}</EmptyState.Indicator>
          <VStack textAlign="center" maxW="md">
            <EmptyState.Title as="h2">Sección en preparación</EmptyState.Title>
            <EmptyState.Description>
              {description} Llegará con la siguiente entrega del panel de administración.
            </EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </>
  );
}
