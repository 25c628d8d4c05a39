import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../notifications/toaster';
import { SignOutMutation } from './api';
import { clearAllStoredData } from './session-storage';

export const SIGN_OUT_FAILED_MESSAGE = 'No se pudo cerrar la sesión. Intenta de nuevo.';

/**
 * Sign-out (spec §4): the server revokes the session and clears its cookie, then the shop goes
 * to #/inicio, every stored value is cleared and the Apollo cache is reset (active queries, `me`
 * included, ask the server again). #/inicio first: a page that needs a session (/usuario)
 * would otherwise see the shopper gone and send them to #/iniciar-sesion before #/inicio.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [mutate, { loading }] = useMutation(SignOutMutation);

  const signOut = useCallback(async () => {
    try {
      await mutate();
    } catch (error) {
      console.error('No se pudo cerrar la sesión', error);
      notify(SIGN_OUT_FAILED_MESSAGE, { type: 'error' });
      return;
    }
    await navigate('/inicio');
    clearAllStoredData();
    try {
      await client.resetStore();
    } catch (error) {
      console.error('No se pudieron recargar los datos tras cerrar la sesión', error);
    }
  }, [client, mutate, navigate]);

  return { signOut, signingOut: loading };
}
