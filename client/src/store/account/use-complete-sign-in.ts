import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  type SessionUser,
  homeAfterSignIn,
  rememberSignedInUser,
} from '../../shared/session/use-session';

/**
 * What follows a successful sign-in or registration: `me` becomes the user, the display info is
 * stored and the shop goes where the user belongs. `completed` stays true afterwards so the
 * screen does not treat the fresh session as a visitor who was already signed in.
 */
export function useCompleteSignIn(): {
  complete: (user: SessionUser, destination?: string) => void;
  completed: boolean;
} {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [completed, setCompleted] = useState(false);

  const complete = useCallback(
    (user: SessionUser, destination?: string) => {
      setCompleted(true);
      rememberSignedInUser(client, user);
      void navigate(destination ?? homeAfterSignIn(user), { replace: true });
    },
    [client, navigate],
  );

  return { complete, completed };
}
