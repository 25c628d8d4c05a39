import { Button } from '@chakra-ui/react';
import { LuCompass } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyMessage } from '../shared/ui/empty-message';

export function NotFoundPage() {
  return (
    <EmptyMessage
      icon={<LuCompass />}
      title="Página no encontrada"
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
