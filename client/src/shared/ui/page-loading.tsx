import { Center, Spinner } from '@chakra-ui/react';

/**
 * What a screen shows while its code is on its way: the router renders it inside the store shell
 * (sidebar and header already drawn) on a cold load of a lazy route.
 */
export function PageLoading() {
  return (
    <Center py="20" aria-busy="true" data-testid="page-loading">
      <Spinner size="lg" color="orange.500" aria-label="Cargando" />
    </Center>
  );
}
