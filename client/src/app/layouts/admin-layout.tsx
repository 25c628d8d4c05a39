import {
  Badge,
  Box,
  Button,
  Center,
  Flex,
  HStack,
  IconButton,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import type { IconType } from 'react-icons';
import {
  LuChartColumn,
  LuChartLine,
  LuFileText,
  LuHistory,
  LuLogOut,
  LuMenu,
  LuPackage,
  LuReceipt,
  LuScale,
  LuSettings,
  LuStore,
  LuTags,
  LuTicketPercent,
  LuUndo2,
  LuUsers,
} from 'react-icons/lu';
import { RouteFocus } from '../../shared/navigation/route-focus';
import { Outlet, Link as RouterLink } from 'react-router-dom';
import { useIsDesktop } from '../../shared/hooks/use-is-desktop';
import { useSession } from '../../shared/session/use-session';
import { useSignOut } from '../../shared/session/use-sign-out';
import { Logo } from '../../shared/ui/logo';
import { NavItem } from '../../shared/ui/nav-item';
import { SideDrawer } from '../../shared/ui/side-drawer';

interface AdminLink {
  to: string;
  label: string;
  icon: IconType;
  id: string;
}

/**
 * The admin pages (spec §2, Admin routes), Cupones (issue 24), Actividad, the audit trail
 * (issue 23), Ajustes and Resumen, the owner's home screen and `/admin`'s landing (issue 26).
 */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { to: '/admin/resumen', label: 'Resumen', icon: LuChartLine, id: 'resumen' },
  { to: '/admin/productos', label: 'Productos', icon: LuPackage, id: 'productos' },
  { to: '/admin/pedidos', label: 'Pedidos', icon: LuReceipt, id: 'pedidos' },
  { to: '/admin/usuarios', label: 'Usuarios', icon: LuUsers, id: 'usuarios' },
  { to: '/admin/cupones', label: 'Cupones', icon: LuTicketPercent, id: 'cupones' },
  { to: '/admin/devoluciones', label: 'Devoluciones', icon: LuUndo2, id: 'devoluciones' },
  {
    to: '/admin/facturas-globales',
    label: 'Facturas globales',
    icon: LuFileText,
    id: 'facturas-globales',
  },
  {
    to: '/admin/dashboard-stock',
    label: 'Dashboard Stock',
    icon: LuChartColumn,
    id: 'dashboard-stock',
  },
  {
    to: '/admin/tiposMarcasColores',
    label: 'Tipos, Marcas y Colores',
    icon: LuTags,
    id: 'tiposMarcasColores',
  },
  { to: '/admin/actividad', label: 'Actividad', icon: LuHistory, id: 'actividad' },
  { to: '/admin/ajustes', label: 'Ajustes', icon: LuSettings, id: 'ajustes' },
  { to: '/admin/textos-legales', label: 'Textos legales', icon: LuScale, id: 'textos-legales' },
];

export const ADMIN_NAV_WIDTH = '248px';

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Stack as="nav" aria-label="Administración" gap="1">
      {ADMIN_LINKS.map(({ to, label, icon, id }) => (
        <NavItem
          key={to}
          to={to}
          icon={icon}
          testId={`admin-nav-${id}`}
          onNavigate={onNavigate}
          wrap
        >
          {label}
        </NavItem>
      ))}
    </Stack>
  );
}

function PageSpinner() {
  return (
    <Center py="20" aria-busy="true">
      <Spinner size="lg" color="orange.500" />
    </Center>
  );
}

/**
 * The back office's own shell (only ever rendered for admins, see AdminGate): a header with
 * 'Ir a la tienda' and sign-out, the five sections beside the page (a drawer on phones).
 */
export function AdminLayout() {
  const isDesktop = useIsDesktop();
  const [menuOpen, setMenuOpen] = useState(false);
  const { user } = useSession();
  const { signOut, signingOut } = useSignOut();

  return (
    <Flex direction="column" minH="100dvh" bg="gray.50" data-testid="admin-shell">
      <RouteFocus />
      <Flex
        as="header"
        position="sticky"
        top="0"
        zIndex="docked"
        align="center"
        gap={{ base: '2', md: '4' }}
        px={{ base: '3', md: '6' }}
        h={{ base: '14', md: '16' }}
        bg="white"
        borderBottomWidth="1px"
        borderColor="gray.200"
      >
        {isDesktop ? null : (
          <IconButton
            variant="ghost"
            aria-label="Abrir menú de administración"
            onClick={() => setMenuOpen(true)}
            data-testid="admin-menu-button"
          >
            <LuMenu />
          </IconButton>
        )}
        <HStack gap="3" minW="0">
          <RouterLink to="/admin/productos" aria-label="Tienda, administración: ir a productos">
            <Logo />
          </RouterLink>
          <Badge colorPalette="purple" variant="subtle" hideBelow="sm">
            Administración
          </Badge>
        </HStack>
        <HStack gap={{ base: '1', md: '3' }} ms="auto">
          {user ? (
            <Text fontSize="sm" color="gray.600" hideBelow="md" truncate maxW="48">
              {user.name}
            </Text>
          ) : null}
          <Button asChild variant="outline" size="sm" colorPalette="gray">
            <RouterLink to="/inicio" data-testid="admin-go-to-store">
              <LuStore />
              Ir a la tienda
            </RouterLink>
          </Button>
          <IconButton
            variant="ghost"
            size="sm"
            colorPalette="gray"
            aria-label="Cerrar sesión"
            title="Cerrar sesión"
            onClick={() => void signOut()}
            loading={signingOut}
            data-testid="admin-sign-out"
          >
            <LuLogOut />
          </IconButton>
        </HStack>
      </Flex>

      <Flex flex="1" minH="0">
        {isDesktop ? (
          <Box
            as="aside"
            w={ADMIN_NAV_WIDTH}
            flexShrink={0}
            bg="white"
            borderRightWidth="1px"
            borderColor="gray.200"
            px="4"
            py="6"
          >
            <Box position="sticky" top="24">
              <AdminNav />
            </Box>
          </Box>
        ) : (
          <SideDrawer
            open={menuOpen}
            onOpenChange={setMenuOpen}
            placement="start"
            size="xs"
            title="Administración"
            closeLabel="Cerrar menú"
            data-testid="admin-drawer"
          >
            <AdminNav onNavigate={() => setMenuOpen(false)} />
          </SideDrawer>
        )}
        <Box
          as="main"
          flex="1"
          minW="0"
          maxW="1200px"
          px={{ base: '4', md: '6', lg: '8' }}
          pt={{ base: '5', lg: '8' }}
          pb="16"
        >
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
