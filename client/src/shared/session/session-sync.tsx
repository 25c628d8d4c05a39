import { useEffect } from 'react';
import { clearStoredSessionInfo, storeSessionInfo } from './session-storage';
import { useSession } from './use-session';

/**
 * Keeps the display info in localStorage in step with the server: written when `me` answers with
 * a user, cleared when it answers null. Left alone while `me` is loading or failed.
 */
export function SessionSync() {
  const { user, loading, failed } = useSession();
  useEffect(() => {
    if (loading || failed) return;
    if (user) storeSessionInfo(user);
    else clearStoredSessionInfo();
  }, [user, loading, failed]);
  return null;
}
