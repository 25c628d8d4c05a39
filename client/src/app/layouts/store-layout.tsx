import { Badge, Box, Flex, IconButton } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuMenu, LuShoppingBag } from 'react-icons/lu';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useIsDesktop } from '../../shared/hooks/use-is-desktop';
import { Logo } from '../../shared/ui/logo';
import { SideDrawer } from '../../shared/ui/side-drawer';
import { FloatingLinks } from './floating-links';
import { SidebarContent } from './sidebar';
import { useCartCount } from './use-cart-count';

export const SIDEBAR_WIDTH = '264px';

/**
 * The common store shell: sidebar (drawer on phones), page, floating contact links. The page is
 * the matched route, or `children` when given (the admin gate's not-found page).
 */
export function StoreLayout({ children }: { children?: ReactNode }) {
  const isDesktop = useIsDesktop();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const cartCount = useCartCount();
  const onPriceFreeCatalogue =
    location.pathname === '/catalogo' || location.pathname.startsWith('/catalogo/');

  return (
    <Flex minH="100dvh">
      {isDesktop ? (
        <Box
          as="aside"
          w={SIDEBAR_WIDTH}
          flexShrink={0}
          position="sticky"
          top="0"
          h="100dvh"
          overflowY="auto"
          bg="white"
          borderRightWidth="1px"
          borderColor="gray.200"
          data-testid="sidebar"
        >
          <SidebarContent />
        </Box>
      ) : (
        <SideDrawer
          open={menuOpen}
          onOpenChange={setMenuOpen}
          placement="start"
          size="xs"
          title="Menú"
          hideTitle
          closeLabel="Cerrar menú"
          data-testid="sidebar"
          bodyProps={{ p: '0' }}
        >
          <SidebarContent onNavigate={() => setMenuOpen(false)} />
        </SideDrawer>
      )}

      <Flex direction="column" flex="1" minW="0">
        {isDesktop ? null : (
          <Flex
            as="header"
            position="sticky"
            top="0"
            zIndex="docked"
            align="center"
            justify="space-between"
            gap="2"
            px="3"
            h="14"
            bg="white/95"
            backdropFilter="saturate(180%) blur(8px)"
            borderBottomWidth="1px"
            borderColor="gray.200"
          >
            <IconButton
              variant="ghost"
              aria-label="Abrir menú"
              onClick={() => setMenuOpen(true)}
              data-testid="menu-button"
            >
              <LuMenu />
            </IconButton>
            <RouterLink to="/inicio" aria-label="Tienda: ir al inicio">
              <Logo />
            </RouterLink>
            <Box position="relative">
              <IconButton asChild variant="ghost" aria-label={`Carrito: ${cartCount} productos`}>
                <RouterLink to="/carrito" data-testid="header-cart">
                  <LuShoppingBag />
                </RouterLink>
              </IconButton>
              <Badge
                position="absolute"
                top="0.5"
                right="0.5"
                variant="solid"
                rounded="full"
                size="xs"
                minW="4"
                justifyContent="center"
                pointerEvents="none"
                aria-hidden="true"
              >
                {cartCount}
              </Badge>
            </Box>
          </Flex>
        )}
        <Box
          as="main"
          flex="1"
          w="full"
          maxW="1440px"
          mx="auto"
          px={{ base: '4', md: '6', lg: '8' }}
          pt={{ base: '5', lg: '8' }}
          pb={{ base: '36', lg: '28' }}
        >
          {children ?? <Outlet />}
        </Box>
      </Flex>

      {onPriceFreeCatalogue ? null : <FloatingLinks />}
    </Flex>
  );
}
