import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { SessionUserFieldsFragment } from '../../gql/graphql';
import { MeQuery } from './api';
import { sessionEndedNotice } from './session-ended';
import { storeSessionInfo } from './session-storage';

export type SessionUser = SessionUserFieldsFragment;

export interface Session {
  /** The signed-in user according to the server; null when nobody is or `me` has not answered. */
  user: SessionUser | null;
  /** `me` has not answered yet: neither signed in nor anonymous is known. */
  loading: boolean;
  /** `me` failed (network or server): who is signed in is unknown. */
  failed: boolean;
  isAdmin: boolean;
  retry: () => void;
}

/** Who is signed in, from the server (`me`, cached once for the whole app). */
export function useSession(): Session {
  const { data, loading, error, refetch } = useQuery(MeQuery);
  const user = data?.me ?? null;
  return {
    user,
    loading: loading && data === undefined,
    failed: error !== undefined && data === undefined,
    isAdmin: user?.role === 'admin',
    retry: () => {
      refetch().catch((retryError: unknown) =>
        console.error('No se pudo consultar la sesión', retryError),
      );
    },
  };
}

/**
 * After sign-in or registration (the server has set the cookie): the app's `me` becomes this
 * user at once, and the display info is stored.
 */
export function rememberSignedInUser(client: ApolloClient, user: SessionUser): void {
  client.writeQuery({ query: MeQuery, data: { me: user } });
  storeSessionInfo(user);
  sessionEndedNotice.hide();
}

/** Where a user lands after signing in (spec §4): admins on the admin products page. */
export function homeAfterSignIn(user: SessionUser): string {
  return user.role === 'admin' ? '/admin/productos' : '/inicio';
}
