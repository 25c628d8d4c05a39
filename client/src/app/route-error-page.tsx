import { Box, Button, Center } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuTriangleAlert } from 'react-icons/lu';
import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import { EmptyMessage } from '../shared/ui/empty-message';

/** Last resort when a screen throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Algo salió mal');
  useEffect(() => {
    console.error('Error inesperado en la pantalla', error);
  }, [error]);
  return (
    <Center minH="100dvh" p="6">
      <Box>
        <EmptyMessage
          icon={<LuTriangleAlert />}
          title="Algo salió mal"
          titleAs="h1"
          description="Ocurrió un error inesperado. Recarga la página para continuar."
        >
          <Button onClick={() => window.location.reload()}>Recargar</Button>
        </EmptyMessage>
      </Box>
    </Center>
  );
}
