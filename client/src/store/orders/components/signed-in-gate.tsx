import { Center, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useSession } from '../../../shared/session/use-session';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { SignInRedirect } from '../../../shared/session/sign-in-redirect';

/** A centred spinner while something loads. */
export function PageSpinner() {
  return (
    <Center py="20" aria-busy="true">
      <Spinner size="lg" color="orange.500" />
    </Center>
  );
}

/** The page for signed-in customers only: a spinner until `me` answers, sign-in for visitors. */
export function SignedInGate({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.loading) return <PageSpinner />;
  if (session.failed) {
    return <LoadErrorAlert title="No se pudo cargar tu cuenta." onRetry={session.retry} />;
  }
  if (!session.user) return <SignInRedirect />;
  return <>{children}</>;
}
