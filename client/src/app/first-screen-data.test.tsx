import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { print } from 'graphql';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { Observable } from 'rxjs';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { HOME_DATA } from '../../test/first-screen-fixtures';
import { stubMatchMedia } from '../../test/render-with-providers';
import { MeQuery } from '../shared/session/api';
import { photoSrcSet, photoSrcSetTemplate } from '../shared/ui/photo-srcset';
import { CatalogPageQuery } from '../store/catalog/api';
import { CatalogBrowser } from '../store/catalog/components/catalog-browser';
import { catalogPageVariables } from '../store/catalog/first-screen';
import { createApolloClient } from './apollo-client';
import {
  openFirstScreenPage,
  readFirstScreenData,
  restoreFirstScreenData,
} from './first-screen-data';
import {
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_DOCUMENTS,
  firstScreenManifest,
} from './first-screen-queries';

afterEach(() => {
  cleanup();
  document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
  window.history.replaceState(null, '', '/');
});

describe('first screen data: the Apollo cache starts from the HTML (issue 15)', () => {
  beforeAll(() => stubMatchMedia());

  test('rule first screen documents: the manifest holds each document exactly as the client sends it', async () => {
    const sent: Record<string, string> = {};
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink(
        (operation) =>
          new Observable((observer) => {
            sent[operation.operationName ?? ''] = print(operation.query);
            observer.error(new Error('recorded only'));
          }),
      ),
    });
    const { documents } = firstScreenManifest();
    for (const name of Object.keys(FIRST_SCREEN_DOCUMENTS) as (keyof typeof documents)[]) {
      await client
        .query({ query: FIRST_SCREEN_DOCUMENTS[name] as never, variables: { id: 1 } as never })
        .catch(() => undefined);
      expect(sent[name]).toBe(documents[name]);
    }
  });

  test("rule first screen variables: the manifest's home query is what #/inicio asks for with no filters", () => {
    expect(firstScreenManifest().home).toEqual([
      {
        operationName: 'CatalogPage',
        variables: catalogPageVariables(new URLSearchParams(), { withPrices: true }),
      },
    ]);
  });

  test("rule first screen photos: the manifest's srcset template gives the <img>'s own srcset", () => {
    const { placeholder, template } = photoSrcSetTemplate();
    const url = '/uploads/products/abc-1.webp';
    expect(template.replaceAll(placeholder, url)).toBe(photoSrcSet(url));
  });

  test('rule first screen restore: the grid renders from the HTML data on its first render, with no /graphql request', () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in this test')));
    vi.stubGlobal('fetch', fetchSpy);
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_SCREEN_DATA_ID;
    script.textContent = JSON.stringify(HOME_DATA).replace(/</g, '\\u003c');
    document.body.append(script);

    const client = createApolloClient();
    const router = createMemoryRouter(
      [{ path: '/inicio', element: <CatalogBrowser showPrices /> }],
      {
        initialEntries: ['/inicio'],
      },
    );
    render(
      <ApolloProvider client={client}>
        <ChakraProvider value={defaultSystem}>
          <RouterProvider router={router} />
        </ChakraProvider>
      </ApolloProvider>,
    );
    // No waiting: the first render already shows the cards.
    const names = screen
      .getAllByTestId('product-card')
      .map((card) => within(card).getByTestId('product-name').textContent);
    expect(names).toEqual(['Tenis </script> Nike', 'Playera Puma']);
    expect(client.readQuery({ query: MeQuery })).toEqual({ me: null });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('rule first screen restore: the router prefetch (client.query) is served from the cache', async () => {
    const link = vi.fn(() => new Observable<never>(() => undefined));
    const client = new ApolloClient({ cache: new InMemoryCache(), link: new ApolloLink(link) });
    restoreFirstScreenData(client, HOME_DATA);
    const { data } = await client.query({
      query: CatalogPageQuery,
      variables: catalogPageVariables(new URLSearchParams(), { withPrices: true }),
    });
    expect(data?.products.items.map((p) => p.id)).toEqual([2, 1]);
    expect(link).not.toHaveBeenCalled();
  });

  test('rule first screen read: no element or unreadable JSON means no data', () => {
    expect(readFirstScreenData()).toBeUndefined();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_SCREEN_DATA_ID;
    script.textContent = '{not json';
    document.body.append(script);
    expect(readFirstScreenData()).toBeUndefined();
  });

  test("rule share page route: a share page opens #/producto/{id}, a missing product the not-found route, another screen's address stays", () => {
    window.history.replaceState(null, '', '/p/42-tenis-nike?fbclid=x');
    openFirstScreenPage({ kind: 'product', id: 42 });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/#/producto/42',
    );
    window.history.replaceState(null, '', '/p/7-oculto');
    openFirstScreenPage({ kind: 'notFound' });
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/#/no-encontrado');
    window.history.replaceState(null, '', '/#/carrito');
    openFirstScreenPage({ kind: 'home' });
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/#/carrito');
    window.history.replaceState(null, '', '/#/inicio?marca=Nike');
    openFirstScreenPage({ kind: 'home' });
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/#/inicio?marca=Nike');
  });

  test('a hash route the shopper reached before the app ran stays: a drawn link followed on a drawn route or a share page', () => {
    // The drawn sign-in's 'Registrarse', tapped before the app ran: the page's data is the
    // sign-in's, the address the registration's.
    window.history.replaceState(null, '', '/#/registro');
    openFirstScreenPage({ kind: 'route', path: '/iniciar-sesion' });
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/#/registro');
    // A share page's drawn link: its hash route, under `/`.
    window.history.replaceState(null, '', '/p/42-tenis-nike?fbclid=x#/catalogo?marca=Nike');
    openFirstScreenPage({ kind: 'product', id: 42 });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/#/catalogo?marca=Nike',
    );
    // A fragment that is not a route (a social network's `#_=_`) is not where anyone went.
    window.history.replaceState(null, '', '/p/42-tenis-nike#_=_');
    openFirstScreenPage({ kind: 'product', id: 42 });
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/#/producto/42');
  });

  test('rule first screen route: `/` opens #/inicio before the router starts (no redirect render first)', () => {
    for (const address of ['/', '/#', '/#/', '/index.html']) {
      window.history.replaceState(null, '', address);
      openFirstScreenPage({ kind: 'home' });
      expect(`${window.location.pathname}${window.location.hash}`).toBe('/#/inicio');
    }
  });
});
