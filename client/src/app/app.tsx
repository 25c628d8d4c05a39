import { ChakraProvider } from '@chakra-ui/react';
import { ApolloProvider } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { installNewReleaseReload } from '../shared/network/chunk-failure';
import { AppToaster } from '../shared/notifications/toaster';
import { SessionSync } from '../shared/session/session-sync';
import { useVersionCheck } from '../shared/version-check/use-version-check';
import { createApolloClient } from './apollo-client';
import { createAppRouter } from './router';
import { system } from './theme';

export function App() {
  const [client] = useState(createApolloClient);
  const [router] = useState(() => createAppRouter(client));
  useVersionCheck();
  // A lazy chunk gone for a new release (Vite's vite:preloadError) reloads the page once.
  useEffect(() => installNewReleaseReload(), []);

  return (
    <ApolloProvider client={client}>
      <SessionSync />
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
        <AppToaster />
      </ChakraProvider>
    </ApolloProvider>
  );
}
