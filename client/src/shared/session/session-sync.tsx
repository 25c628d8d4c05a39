import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { believesSignedIn, forgetEndedSession, noteEndedSession } from './session-ended';
import { clearStoredSessionInfo, readStoredSessionInfo, storeSessionInfo } from './session-storage';
import { useSession } from './use-session';

/**
 * Keeps the display info in localStorage in step with the server: written when `me` answers with
 * a user, cleared when it answers null. Left alone while `me` is loading or failed. Stored info
 * that `me` contradicts (the app starts with a shopper stored but the server says nobody is
 * signed in: the session ended while the shop was closed) is a session that ended: the notice
 * says so. A sign-out in another tab (it clears the stored keys) ends this tab's shopper too.
 */
export function SessionSync() {
  const client = useApolloClient();
  const { user, loading, failed } = useSession();
  useEffect(() => {
    if (loading || failed) return;
    if (user) storeSessionInfo(user);
    else if (readStoredSessionInfo()) noteEndedSession();
    else clearStoredSessionInfo();
  }, [user, loading, failed]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const signedOut = event.key === null || (event.key === 'userLogged' && !event.newValue);
      if (signedOut && event.storageArea === window.localStorage && believesSignedIn(client)) {
        void forgetEndedSession(client);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [client]);
  return null;
}
