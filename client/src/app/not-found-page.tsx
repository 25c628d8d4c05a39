import { Button } from '@chakra-ui/react';
import { LuCompass } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import { EmptyMessage } from '../shared/ui/empty-message';

export const NOT_FOUND_TITLE = 'Página no encontrada';

export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <EmptyMessage
      icon={<LuCompass />}
      title={NOT_FOUND_TITLE}
      titleAs="h1"
      description="La página que buscas no existe o cambió de dirección."
    >
      <Button asChild>
        <RouterLink to="/inicio" data-testid="back-home">
          Volver al inicio
        </RouterLink>
      </Button>
    </EmptyMessage>
  );
}
