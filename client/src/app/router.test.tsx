import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../test/render-with-providers';
import { MeQuery } from '../shared/session/api';
import { GoogleSignInSettingsQuery } from '../store/account/api';
import { ShopSettingsQuery } from './layouts/api';
import { createAppRouter } from './router';

const always = { maxUsageCount: Number.POSITIVE_INFINITY };
const mocks: MockLink.MockedResponse[] = [
  { request: { query: MeQuery }, result: { data: { me: null } }, ...always },
  {
    request: { query: GoogleSignInSettingsQuery },
    result: { data: { shopSettings: { __typename: 'ShopSettings', googleClientId: null } } },
    ...always,
  },
  {
    request: { query: ShopSettingsQuery },
    result: {
      data: {
        shopSettings: {
          __typename: 'ShopSettings',
          name: 'Tienda',
          legalName: '',
          address: '',
          phone: '',
          email: '',
          whatsappUrl: 'https://wa.me/520000000000',
          facebookUrl: 'https://facebook.com/tienda',
          trustUrl: 'https://example.com/confiable',
        },
      },
    },
    ...always,
  },
];

function renderAt(hash: string) {
  window.location.hash = hash;
  const client = new ApolloClient({ link: new MockLink(mocks), cache: new InMemoryCache() });
  render(
    <ApolloProvider client={client}>
      <ChakraProvider value={defaultSystem}>
        <RouterProvider router={createAppRouter(client)} />
      </ChakraProvider>
    </ApolloProvider>,
  );
}

describe('app routes', () => {
  beforeAll(() => {
    stubMatchMedia();
    // jsdom has no scrolling; the layout's ScrollRestoration scrolls on every route.
    vi.stubGlobal('scrollTo', () => undefined);
  });
  afterEach(() => cleanup());

  // Both paths once shared one `lazy` object, which the router consumes: the second one broke.
  it.each(['#/iniciar-sesion', '#/login', '#/iniciar-sesion'])(
    '%s shows the sign-in screen',
    async (hash) => {
      renderAt(hash);
      expect(await screen.findByTestId('sign-in-page', undefined, { timeout: 5_000 })).toBeTruthy();
    },
  );

  it.each([
    ['#/olvide-contrasena', 'forgot-password-page', 'Recuperar contraseña · Tienda'],
    [
      '#/restablecer-contrasena?token=abc',
      'reset-password-page',
      'Restablecer contraseña · Tienda',
    ],
    ['#/avisos/confirmar?token=abc', 'confirm-stock-alert-page', 'Confirmar aviso · Tienda'],
  ])('%s is open to a signed-out visitor', async (hash, testId, title) => {
    renderAt(hash);
    expect(await screen.findByTestId(testId, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(document.title).toBe(title);
  });

  it('#/registro shows the registration screen', async () => {
    renderAt('#/registro');
    expect(
      await screen.findByTestId('registration-page', undefined, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it('draws the shell while a screen loads on a cold start, without the HydrateFallback warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    renderAt('#/registro');
    expect(
      await screen.findByTestId('registration-page', undefined, { timeout: 5_000 }),
    ).toBeTruthy();
    const warnings = warn.mock.calls.map((call) => call.map(String).join(' '));
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    warn.mockRestore();
  });
});
