import { useQuery } from '@apollo/client/react';
import { Center, Spinner } from '@chakra-ui/react';
import { Suspense, lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { TwoFactorStatusQuery } from '../store/account/two-factor/api';
import { useSession } from '../shared/session/use-session';
import { LoadErrorAlert } from '../shared/ui/load-error-alert';
import { StoreLayout } from './layouts/store-layout';
import { NotFoundPage } from './not-found-page';

// The back office is its own chunk, fetched only once the server has said the user is an admin.
const AdminLayout = lazy(async () => ({
  default: (await import('./layouts/admin-layout')).AdminLayout,
}));

function FullPageSpinner() {
  return (
    <Center minH="100dvh" aria-busy="true" data-testid="admin-loading">
      <Spinner size="xl" color="orange.500" />
    </Center>
  );
}

/**
 * /admin/*: exists only for admins (spec §6). Everyone else gets the store's 'Página no
 * encontrada'; while `me` is unknown, a spinner (never a flash of either).
 */
export function AdminGate() {
  const { loading, failed, isAdmin, retry } = useSession();
  // ADMIN_2FA=required: an admin without two-factor sign-in turns it on from the profile first.
  const twoFactor = useQuery(TwoFactorStatusQuery, { skip: !isAdmin });
  if (loading || (isAdmin && twoFactor.loading)) return <FullPageSpinner />;
  if (twoFactor.data?.me?.twoFactorEnrolmentRequired) return <Navigate to="/usuario" replace />;
  if (failed) {
    return (
      <StoreLayout>
        <LoadErrorAlert title="No se pudo comprobar tu sesión." onRetry={retry} />
      </StoreLayout>
    );
  }
  if (!isAdmin) {
    return (
      <StoreLayout>
        <NotFoundPage />
      </StoreLayout>
    );
  }
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AdminLayout />
    </Suspense>
  );
}
