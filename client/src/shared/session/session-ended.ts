import { ApolloLink, type ApolloClient, CombinedGraphQLErrors } from '@apollo/client';
import { useSyncExternalStore } from 'react';
import { tap } from 'rxjs';
import { MeQuery } from './api';
import { clearStoredSessionInfo, readStoredSessionInfo } from './session-storage';

/**
 * The server's answer to a request whose session cookie names no live session (signed out
 * elsewhere, expired, account deactivated): `Session-Ended: true` (server/src/http/session-cookie.ts).
 */
export const SESSION_ENDED_HEADER = 'Session-Ended';
export const SESSION_ENDED_MESSAGE = 'Tu sesión terminó, inicia sesión de nuevo';

// The notice 'Tu sesión terminó…': shown until the shopper signs in again or closes it.
let noticeShown = false;
const noticeListeners = new Set<() => void>();

function setNotice(shown: boolean): void {
  if (noticeShown === shown) return;
  noticeShown = shown;
  for (const listener of noticeListeners) listener();
}

export const sessionEndedNotice = {
  show: () => setNotice(true),
  hide: () => setNotice(false),
  get shown() {
    return noticeShown;
  },
};

/** Whether the shop is telling the shopper that their session ended. */
export function useSessionEndedNotice(): boolean {
  return useSyncExternalStore(
    (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    () => noticeShown,
    // The server's first screen (first-screen-render.tsx): nobody has been told anything.
    () => false,
  );
}

/** The user the app's cache believes is signed in, if any. */
function cachedUser(client: ApolloClient): unknown {
  try {
    return client.readQuery({ query: MeQuery })?.me ?? null;
  } catch {
    return null;
  }
}

/** Whether this browser still treats someone as signed in (the cache's `me`, the stored keys). */
export function believesSignedIn(client: ApolloClient): boolean {
  return cachedUser(client) !== null || readStoredSessionInfo() !== undefined;
}

/**
 * The server says nobody is signed in while the browser still held a shopper: the spec's stored
 * keys go and the notice shows. (For a session found ended at start, when nothing of the
 * shopper's is in the cache yet.)
 */
export function noteEndedSession(): void {
  clearStoredSessionInfo();
  sessionEndedNotice.show();
}

let forgetting: Promise<void> | undefined;

/**
 * The shopper's session ended on the server: forget them. The stored keys go and the notice shows
 * at once; then the Apollo cache is emptied and the screens on show ask again (`me` now answers
 * nobody, so the sidebar and the pages that need a session follow). Once, however many responses
 * say so.
 */
export function forgetEndedSession(client: ApolloClient): Promise<void> {
  if (forgetting) return forgetting;
  noteEndedSession();
  forgetting = (async () => {
    // After the response that said so has been delivered: a reset cancels what is in flight.
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      await client.resetStore();
    } catch (error) {
      console.error('No se pudieron recargar los datos tras terminar la sesión', error);
    } finally {
      forgetting = undefined;
    }
  })();
  return forgetting;
}

/**
 * An answer 'Debes iniciar sesión' (UNAUTHENTICATED) while the app believes someone is signed in:
 * the cookie may have expired in the browser, or been cleared by a sign-out in another tab,
 * neither of which the server can see. `me` is asked again; nobody: the session ended.
 */
async function recheckSession(client: ApolloClient): Promise<void> {
  if (!believesSignedIn(client)) return;
  try {
    const { data } = await client.query({ query: MeQuery, fetchPolicy: 'network-only' });
    if (data && data.me === null) await forgetEndedSession(client);
  } catch (error) {
    console.error('No se pudo consultar la sesión', error);
  }
}

function isUnauthenticated(errors: ReadonlyArray<{ extensions?: unknown }> | undefined): boolean {
  return (errors ?? []).some(
    (error) =>
      typeof error.extensions === 'object' &&
      error.extensions !== null &&
      (error.extensions as { code?: unknown }).code === 'UNAUTHENTICATED',
  );
}

/** Operations whose 'UNAUTHENTICATED' means wrong credentials, not an ended session. */
const CREDENTIAL_OPERATIONS = new Set(['SignIn', 'SignInWithGoogle', 'Me']);

/**
 * Watches every GraphQL answer for the signs of a session that ended on the server: the
 * `Session-Ended` header, or an UNAUTHENTICATED error while the app believes someone is signed in.
 */
export function sessionEndedLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const inspect = (errors?: ReadonlyArray<{ extensions?: unknown }>) => {
      const { response } = operation.getContext() as { response?: Response };
      const client = operation.client;
      if (response?.headers?.get(SESSION_ENDED_HEADER) === 'true') {
        if (believesSignedIn(client)) void forgetEndedSession(client);
      } else if (
        isUnauthenticated(errors) &&
        !CREDENTIAL_OPERATIONS.has(operation.operationName ?? '')
      ) {
        void recheckSession(client);
      }
    };
    return forward(operation).pipe(
      tap({
        next: (result) => inspect(result.errors),
        error: (error: unknown) =>
          inspect(CombinedGraphQLErrors.is(error) ? error.errors : undefined),
      }),
    );
  });
}
