import { useQuery } from '@apollo/client/react';
import { Avatar, Box, Button, Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChevronRight, LuLogOut, LuMapPin, LuPackage } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../../shared/session/use-session';
import { useSignOut } from '../../../shared/session/use-sign-out';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { ChangePasswordSection } from '../components/change-password-section';
import { FiscalDataSection } from '../components/fiscal-data-section';
import { AccountPasswordQuery } from '../api';
import { SignInRedirect } from '../../../shared/session/sign-in-redirect';
import { TwoFactorSection } from '../two-factor/two-factor-section';

interface ProfileLinkProps {
  to: string;
  icon: ReactNode;
  children: string;
  testId: string;
}

function ProfileLink({ to, icon, children, testId }: ProfileLinkProps) {
  return (
    <Button
      asChild
      variant="outline"
      size="lg"
      justifyContent="space-between"
      bg="white"
      w="full"
      colorPalette="gray"
    >
      <RouterLink to={to} data-testid={testId}>
        <HStack gap="3">
          {icon}
          <Text as="span">{children}</Text>
        </HStack>
        <LuChevronRight />
      </RouterLink>
    </Button>
  );
}

/**
 * /usuario: who is signed in, the links to their orders and addresses, their fiscal data (for
 * invoices), the password change and sign-out.
 */
export function ProfilePage() {
  useDocumentTitle('Mi cuenta');
  const { user, loading, failed, retry } = useSession();
  const { signOut, signingOut } = useSignOut();
  // Asked before the page shows, so the password section renders in its final shape from the
  // start (its own query then reads the cache) and nothing below it moves.
  const password = useQuery(AccountPasswordQuery, { skip: !user });

  if (loading || (user && password.loading)) {
    return (
      <Center py="20" aria-busy="true">
        <Spinner size="lg" color="orange.500" />
      </Center>
    );
  }
  if (failed) {
    return <LoadErrorAlert title="No se pudo cargar tu cuenta." onRetry={retry} />;
  }
  if (!user) return <SignInRedirect />;

  return (
    <Box maxW="xl" data-testid="profile-page">
      <PageHeading title="Mi cuenta" />
      <Stack gap="6">
        <HStack
          gap={{ base: '4', md: '5' }}
          layerStyle="panel"
          rounded="2xl"
          p={{ base: '5', md: '6' }}
          align="center"
        >
          <Avatar.Root size="2xl" colorPalette="orange" flexShrink={0}>
            <Avatar.Fallback name={user.name} />
            {user.pictureUrl ? (
              <Avatar.Image src={user.pictureUrl} alt="" referrerPolicy="no-referrer" />
            ) : null}
          </Avatar.Root>
          <Stack gap="0.5" minW="0">
            <Text
              fontSize={{ base: 'lg', md: 'xl' }}
              fontWeight="bold"
              color="gray.900"
              overflowWrap="anywhere"
              data-testid="profile-name"
            >
              {user.name}
            </Text>
            <Text color="gray.600" overflowWrap="anywhere" data-testid="profile-email">
              {user.email}
            </Text>
            {user.phone ? (
              <Text color="gray.500" fontSize="sm">
                Tel. {user.phone}
              </Text>
            ) : null}
          </Stack>
        </HStack>

        <Stack gap="3">
          <ProfileLink to="/mis-pedidos" icon={<LuPackage />} testId="link-my-orders">
            Mis pedidos
          </ProfileLink>
          <ProfileLink to="/mis-direcciones" icon={<LuMapPin />} testId="link-my-addresses">
            Mis direcciones
          </ProfileLink>
        </Stack>

        <FiscalDataSection />

        <ChangePasswordSection email={user.email} />

        {user.role === 'admin' ? <TwoFactorSection /> : null}

        <Box>
          <Button
            variant="subtle"
            colorPalette="red"
            onClick={() => void signOut()}
            loading={signingOut}
            loadingText="Cerrando sesión..."
            data-testid="sign-out"
          >
            <LuLogOut /> Cerrar sesión
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
