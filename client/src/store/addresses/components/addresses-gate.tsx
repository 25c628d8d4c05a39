import { Center, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Session } from '../../../shared/session/use-session';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { SignInRedirect } from '../../../shared/session/sign-in-redirect';

export interface AddressesGateProps {
  session: Session;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** Spinner while loading, sign-in for anonymous visitors, a retry on failure; else the page. */
export function AddressesGate({ session, loading, failed, onRetry, children }: AddressesGateProps) {
  if (session.loading || loading) {
    return (
      <Center py="20" aria-busy="true">
        <Spinner size="lg" color="orange.500" />
      </Center>
    );
  }
  if (session.failed) {
    return <LoadErrorAlert title="No se pudo cargar tu cuenta." onRetry={session.retry} />;
  }
  if (!session.user) return <SignInRedirect />;
  if (failed)
    return <LoadErrorAlert title="No se pudieron cargar tus direcciones." onRetry={onRetry} />;
  return <>{children}</>;
}
