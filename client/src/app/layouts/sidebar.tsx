import { Badge, Box, Separator, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { IconType } from 'react-icons';
import {
  LuHouse,
  LuLayoutGrid,
  LuShieldCheck,
  LuShoppingBag,
  LuSparkles,
  LuTag,
  LuUserRound,
} from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { readStoredSessionInfo } from '../../shared/session/session-storage';
import { useSession } from '../../shared/session/use-session';
import { Logo } from '../../shared/ui/logo';
import { NavItem } from '../../shared/ui/nav-item';
import { SearchBox } from '../../store/catalog/components/search-box';
import { ContactLinks } from './floating-links';
import { readStoreModules } from './store-modules';
import { useCartCount } from './use-cart-count';

/** Spec §9: the sidebar search waits 500 ms after the last keystroke. */
export const SIDEBAR_SEARCH_DEBOUNCE_MS = 500;

const MODULE_ICONS: Record<string, IconType> = {
  promociones: LuTag,
  nuevo: LuSparkles,
};

export interface SidebarContentProps {
  /** Called after any navigation from the sidebar (closes the phone drawer). */
  onNavigate?: () => void;
  /** The sidebar on screen (the desktop column) carries the contact links' test ids. */
  contactTestIds?: boolean;
}

/** Logo, search, user link, Inicio, the `modulos` links and the cart. */
export function SidebarContent({ onNavigate, contactTestIds = false }: SidebarContentProps) {
  const location = useLocation();
  const modules = useMemo(() => readStoreModules(), []);
  const cartCount = useCartCount();
  const session = useSession();
  // While `me` is on its way, the stored name keeps the link steady (display only: the server
  // decides, and a null `me` turns the link back into 'Iniciar sesión').
  const userName =
    session.user?.name ?? (session.loading ? readStoredSessionInfo()?.name : undefined);
  // The price-free catalogue keeps its own search screen, so its shoppers never see prices.
  const onPriceFreeCatalogue = location.pathname.startsWith('/catalogo');

  return (
    <Stack gap="6" h="full" px="4" py="6">
      <Box px="2">
        <RouterLink to="/inicio" onClick={onNavigate} aria-label="Tienda: ir al inicio">
          <Logo />
        </RouterLink>
      </Box>

      <Box role="search">
        <SearchBox
          showPrices={!onPriceFreeCatalogue}
          onNavigate={onNavigate}
          delayMs={SIDEBAR_SEARCH_DEBOUNCE_MS}
          placeholder="Buscar productos"
          data-testid="sidebar-search"
          suggest
        />
      </Box>

      <Stack as="nav" aria-label="Navegación principal" gap="1">
        {userName ? (
          <NavItem to="/usuario" icon={LuUserRound} testId="nav-user" onNavigate={onNavigate}>
            {userName}
          </NavItem>
        ) : (
          <NavItem
            to="/iniciar-sesion"
            icon={LuUserRound}
            testId="nav-user"
            onNavigate={onNavigate}
          >
            Iniciar sesión
          </NavItem>
        )}
        {session.isAdmin ? (
          <NavItem
            to="/admin/productos"
            icon={LuShieldCheck}
            testId="nav-admin"
            onNavigate={onNavigate}
          >
            Administración
          </NavItem>
        ) : null}
        <Separator my="2" />
        <NavItem to="/inicio" icon={LuHouse} testId="nav-inicio" onNavigate={onNavigate}>
          Inicio
        </NavItem>
        {modules.map((module) => (
          <NavItem
            key={module.route}
            to={module.path}
            icon={MODULE_ICONS[module.route] ?? LuLayoutGrid}
            testId={`nav-module-${module.route}`}
            onNavigate={onNavigate}
          >
            {module.label}
          </NavItem>
        ))}
        <Separator my="2" />
        <NavItem
          to="/carrito"
          icon={LuShoppingBag}
          testId="nav-cart"
          onNavigate={onNavigate}
          trailing={
            <Badge
              variant="solid"
              rounded="full"
              minW="6"
              justifyContent="center"
              aria-label={`${cartCount} productos en el carrito`}
              data-testid="cart-count"
            >
              {cartCount}
            </Badge>
          }
        >
          Carrito
        </NavItem>
      </Stack>

      <Box mt="auto" px="3">
        <Text fontSize="xs" color="gray.500">
          Calzado y ropa de marca · Envíos a todo México
        </Text>
      </Box>
      {/* Hidden on the price-free catalogue (spec §1). */}
      {onPriceFreeCatalogue ? null : <ContactLinks placement="sidebar" testIds={contactTestIds} />}
    </Stack>
  );
}
