import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { print } from 'graphql';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToCartMutation } from '../cart/api';
import { MeQuery } from './api';
import {
  SESSION_ENDED_HEADER,
  SESSION_ENDED_MESSAGE,
  sessionEndedLink,
  sessionEndedNotice,
} from './session-ended';
import { SessionEndedNotice } from './session-ended-notice';
import { readStoredSessionInfo, storeSessionInfo } from './session-storage';
import { anaLopez } from '../../../test/session-fixtures';

const shopper = anaLopez({ id: 5 });

interface ServerAnswer {
  body: Record<string, unknown>;
  ended?: boolean;
}

/**
 * A stand-in for the shop's /graphql: answers by operation name, with the `Session-Ended`
 * header when asked to (HttpLink puts the fetch Response in the operation's context).
 */
function fakeServer(answers: Record<string, () => ServerAnswer>) {
  const asked: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? print(operation.query);
        asked.push(name);
        const answer = answers[name]?.() ?? { body: { errors: [{ message: 'sin respuesta' }] } };
        operation.setContext({
          response: new Response(null, {
            headers: answer.ended ? { [SESSION_ENDED_HEADER]: 'true' } : {},
          }),
        });
        setTimeout(() => {
          observer.next(answer.body);
          observer.complete();
        }, 0);
      }),
  );
  return { link, asked };
}

function signedInClient(answers: Record<string, () => ServerAnswer>) {
  const server = fakeServer(answers);
  const client = new ApolloClient({
    link: ApolloLink.from([sessionEndedLink(), server.link]),
    cache: new InMemoryCache(),
  });
  client.writeQuery({ query: MeQuery, data: { me: shopper } });
  storeSessionInfo(shopper);
  return { client, asked: server.asked };
}

const nobody = (): ServerAnswer => ({ body: { data: { me: null } } });
const stillSignedIn = (): ServerAnswer => ({ body: { data: { me: shopper } } });
const mustSignIn =
  (ended = false) =>
  (): ServerAnswer => ({
    ended,
    body: {
      data: null,
      errors: [
        {
          message: 'Debes iniciar sesión para agregar productos al carrito',
          extensions: { code: 'UNAUTHENTICATED' },
        },
      ],
    },
  });

const addToCart = (client: ApolloClient) =>
  client
    .mutate({ mutation: AddToCartMutation, variables: { productId: 1, size: 'M', quantity: 1 } })
    .catch(() => undefined);

describe('a session that ended on the server is forgotten', () => {
  beforeEach(() => {
    window.localStorage.clear();
    sessionEndedNotice.hide();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('Session-Ended on any answer: the stored keys (only them) and the Apollo cache go, the notice shows', async () => {
    const { client, asked } = signedInClient({ AddToCart: mustSignIn(true), Me: nobody });
    window.localStorage.setItem('modulos', 'promociones,nuevo');
    await addToCart(client);
    expect(asked).toEqual(['AddToCart']);
    expect(readStoredSessionInfo()).toBeUndefined();
    expect(window.localStorage.getItem('name')).toBeNull();
    expect(window.localStorage.getItem('modulos')).toBe('promociones,nuevo');
    expect(sessionEndedNotice.shown).toBe(true);
    await waitFor(() => expect(client.readQuery({ query: MeQuery })).toBeNull());
  });

  it('Session-Ended when the browser held no shopper changes nothing', async () => {
    const { client } = signedInClient({ Me: () => ({ ...nobody(), ended: true }) });
    client.writeQuery({ query: MeQuery, data: { me: null } });
    window.localStorage.clear();
    await client.query({ query: MeQuery, fetchPolicy: 'network-only' });
    expect(sessionEndedNotice.shown).toBe(false);
  });

  it("'Debes iniciar sesión' while signed in: `me` is asked again, and nobody means the session ended", async () => {
    const { client, asked } = signedInClient({ AddToCart: mustSignIn(), Me: nobody });
    await addToCart(client);
    await waitFor(() => expect(sessionEndedNotice.shown).toBe(true));
    expect(asked).toContain('Me');
    expect(readStoredSessionInfo()).toBeUndefined();
  });

  it("'Debes iniciar sesión' while `me` still answers the shopper forgets nothing", async () => {
    const { client, asked } = signedInClient({ AddToCart: mustSignIn(), Me: stillSignedIn });
    await addToCart(client);
    await waitFor(() => expect(asked).toContain('Me'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sessionEndedNotice.shown).toBe(false);
    expect(readStoredSessionInfo()?.name).toBe('Ana López');
  });
});

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function renderNotice(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SessionEndedNotice />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}

describe("the notice 'Tu sesión terminó, inicia sesión de nuevo'", () => {
  beforeEach(() => sessionEndedNotice.hide());
  afterEach(() => cleanup());

  it("offers 'Iniciar sesión', which carries the way back to this page", async () => {
    renderNotice('/producto/7?talla=M');
    expect(screen.queryByTestId('session-ended')).toBeNull();
    act(() => sessionEndedNotice.show());
    expect(screen.getByTestId('session-ended').textContent).toContain(SESSION_ENDED_MESSAGE);
    fireEvent.click(screen.getByTestId('session-ended-sign-in'));
    expect(screen.getByTestId('where').textContent).toBe(
      '/iniciar-sesion {"returnTo":"/producto/7?talla=M"}',
    );
    // On the sign-in screen the message stays, without a second sign-in button.
    expect(screen.getByTestId('session-ended')).toBeTruthy();
    expect(screen.queryByTestId('session-ended-sign-in')).toBeNull();
  });

  it('closes', () => {
    renderNotice('/inicio');
    act(() => sessionEndedNotice.show());
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });
});
