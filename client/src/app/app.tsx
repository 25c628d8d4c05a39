import { ChakraProvider } from '@chakra-ui/react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { type ReactNode, useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { installNewReleaseReload } from '../shared/network/chunk-failure';
import { AppToaster, leavePage } from '../shared/notifications/toaster';
import { SessionSync } from '../shared/session/session-sync';
import { useVersionCheck } from '../shared/version-check/use-version-check';
import type { createAppRouter } from './router';
import { shopSystem } from './theme';

/** Data and theme around every screen: the browser's app and the server's first screen. */
export function ShopProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <ChakraProvider value={shopSystem()}>{children}</ChakraProvider>
    </ApolloProvider>
  );
}

export interface AppProps {
  client: ApolloClient;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ client, router }: AppProps) {
  useVersionCheck();
  // A lazy chunk gone for a new release (Vite's vite:preloadError) reloads the page once.
  useEffect(() => installNewReleaseReload(), []);
  // Notifications belong to the page that raised them: a new route takes them away.
  useEffect(() => {
    let path = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      leavePage();
    });
  }, [router]);

  return (
    <ShopProviders client={client}>
      <SessionSync />
      <RouterProvider router={router} />
      <AppToaster />
    </ShopProviders>
  );
}
