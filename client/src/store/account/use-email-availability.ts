import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { isValidEmail, normalizeEmail } from '@tienda/rules';
import { useDebouncedCallback } from '../../shared/hooks/use-debounced-callback';
import { EmailAvailableQuery } from './api';

/** Wait after the last keystroke before asking the server whether an email is free. */
export const EMAIL_CHECK_DEBOUNCE_MS = 500;

interface Answer {
  email: string;
  available: boolean;
}

/**
 * 'El email ya está registrado' as the user types: a debounced `emailAvailable` query, only for
 * well-formed emails. `isTaken(email)` is true only when the server said so for that very email.
 */
export function useEmailAvailability(): {
  check: (email: string) => void;
  isTaken: (email: string) => boolean;
} {
  const client = useApolloClient();
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);

  const ask = useCallback(
    (email: string) => {
      client
        .query({ query: EmailAvailableQuery, variables: { email }, fetchPolicy: 'network-only' })
        .then(({ data }) => {
          if (data) setAnswer({ email, available: data.emailAvailable });
        })
        .catch((error: unknown) => {
          // The server checks again on submit; a failed check only loses the early hint.
          console.error('No se pudo comprobar el email', error);
        });
    },
    [client],
  );
  const { run, cancel } = useDebouncedCallback(ask, EMAIL_CHECK_DEBOUNCE_MS);

  const check = useCallback(
    (email: string) => {
      const normalized = normalizeEmail(email);
      if (isValidEmail(normalized)) run(normalized);
      else cancel();
    },
    [run, cancel],
  );

  const isTaken = useCallback(
    (email: string) =>
      answer !== undefined &&
      !answer.available &&
      answer.email.toLowerCase() === normalizeEmail(email).toLowerCase(),
    [answer],
  );

  return { check, isTaken };
}
