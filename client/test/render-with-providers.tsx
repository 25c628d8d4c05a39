import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import { RouterProvider, type RouteObject, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';

/** jsdom has no matchMedia; Chakra's breakpoint hooks ask for it (a phone width here). */
export function stubMatchMedia(): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** Renders routes at `path` with Chakra, a memory router and Apollo's MockedProvider. */
export function renderWithProviders(
  routes: RouteObject[],
  path: string,
  mocks: ReadonlyArray<MockLink.MockedResponse>,
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <MockedProvider mocks={mocks}>
      <ChakraProvider value={defaultSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </MockedProvider>,
  );
  return { router, ...result };
}
