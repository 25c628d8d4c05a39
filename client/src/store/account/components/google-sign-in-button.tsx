import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { loadGoogleIdentity } from '../google-identity';

export interface GoogleSignInButtonProps {
  clientId: string;
  /** Called with the ID token Google hands back. */
  onCredential: (credential: string) => void;
  /** Google answered without a credential. */
  onError: (error: unknown) => void;
  /** The script did not load (offline, blocked): the button cannot be shown. */
  onUnavailable: (error: unknown) => void;
}

/** The Google Identity Services button, rendered by Google's script into this box. */
export function GoogleSignInButton({
  clientId,
  onCredential,
  onError,
  onUnavailable,
}: GoogleSignInButtonProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onCredential, onError, onUnavailable });

  useEffect(() => {
    handlers.current = { onCredential, onError, onUnavailable };
  }, [onCredential, onError, onUnavailable]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((api) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        api.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onError(new Error('Google no devolvió una credencial'));
          },
        });
        container.replaceChildren();
        api.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          logo_alignment: 'center',
          width: Math.min(400, Math.max(200, Math.floor(container.clientWidth))),
          locale: 'es-419',
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) handlers.current.onUnavailable(error);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  return (
    <Box
      ref={containerRef}
      w="full"
      minH="11"
      display="flex"
      justifyContent="center"
      data-testid="google-sign-in"
    />
  );
}
