import { Box, Button, Center } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuTriangleAlert } from 'react-icons/lu';
import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import { handleChunkFailure, isChunkLoadError } from '../shared/network/chunk-failure';
import { SCREEN_LOAD_FAILED_MESSAGE } from '../shared/network/resilient-screen';
import { EmptyMessage } from '../shared/ui/empty-message';
import { LoadErrorAlert } from '../shared/ui/load-error-alert';

export interface RouteErrorPageProps {
  /** Drawn in the store shell's content area (the sidebar stays), not over the whole page. */
  inShell?: boolean;
}

const reload = () => window.location.reload();

/**
 * Last resort when a screen throws while rendering. Code that did not arrive (a lazy import
 * outside the routes' own, which retry in place) is a load failure, not a bug: the shared
 * message with 'Reintentar', which reloads the page (at once when the browser comes back online);
 * a chunk gone for a new release reloads it once.
 */
export function RouteErrorPage({ inShell = false }: RouteErrorPageProps) {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const [reloading, setReloading] = useState(false);
  useDocumentTitle(chunkFailed ? SCREEN_LOAD_FAILED_MESSAGE : 'Algo salió mal');
  useEffect(() => {
    console.error('Error inesperado en la pantalla', error);
    if (!chunkFailed) return;
    void handleChunkFailure(error).then((outcome) => setReloading(outcome === 'reloading'));
  }, [chunkFailed, error]);

  if (chunkFailed) {
    return (
      <LoadErrorAlert title={SCREEN_LOAD_FAILED_MESSAGE} onRetry={reload} retrying={reloading} />
    );
  }
  const message = (
    <EmptyMessage
      icon={<LuTriangleAlert />}
      title="Algo salió mal"
      titleAs="h1"
      description="Ocurrió un error inesperado. Recarga la página para continuar."
    >
      <Button onClick={reload}>Recargar</Button>
    </EmptyMessage>
  );
  if (inShell) return message;
  return (
    <Center minH="100dvh" p="6">
      <Box>{message}</Box>
    </Center>
  );
}
