import { Badge, Box, Flex, IconButton } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuMenu, LuShoppingBag } from 'react-icons/lu';
import { Link as RouterLink, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { RouteFocus } from '../../shared/navigation/route-focus';
import { useIsDesktop } from '../../shared/hooks/use-is-desktop';
import { Logo } from '../../shared/ui/logo';
import { SideDrawer } from '../../shared/ui/side-drawer';
import { ContactLinks } from './floating-links';
import { StoreFooter } from './store-footer';
import { SIDEBAR_SEARCH_DEBOUNCE_MS, SidebarContent } from './sidebar';
import { SearchBox } from '../../store/catalog/components/search-box';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/skip-link';
import { useCartCount } from './use-cart-count';

export const SIDEBAR_WIDTH = '264px';

/**
 * The common store shell: skip link, sidebar (drawer on phones), page, contact links (the foot of
 * the sidebar; on phones the end of the page), and the footer with the legal pages and the
 * seller's details on every screen (StoreFooter). The page is the matched route, or `children` when
 * given (the admin gate's not-found page).
 *
 * Scroll: a new route opens at the top, and back/forward returns to where that history entry
 * was left (react-router's ScrollRestoration, keyed by the history entry; it needs the data
 * router, which createHashRouter is).
 */
/** The phone header's top row (Chakra's size 14). */
const PHONE_HEADER_ROW = '3.5rem';
/** Its search row: the field (2.5rem) and the space under it. */
const PHONE_SEARCH_ROW = '3rem';
/** The whole phone header: the page below it fills the rest of the screen. */
const PHONE_HEADER_HEIGHT = `(${PHONE_HEADER_ROW} + ${PHONE_SEARCH_ROW})`;

export function StoreLayout({ children }: { children?: ReactNode }) {
  const isDesktop = useIsDesktop();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const cartCount = useCartCount();
  const onPriceFreeCatalogue =
    location.pathname === '/catalogo' || location.pathname.startsWith('/catalogo/');
  // Phones show the contact links at the end of the page (not on the price-free catalogue).
  const footerLinks = !isDesktop && !onPriceFreeCatalogue;
  const page = children ?? <Outlet />;

  return (
    <Flex minH="100dvh">
      <SkipLink />
      <RouteFocus />
      <ScrollRestoration />
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
          <SidebarContent contactTestIds />
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
          <Box
            as="header"
            position="sticky"
            top="0"
            zIndex="docked"
            px="3"
            bg="white/95"
            backdropFilter="saturate(180%) blur(8px)"
            borderBottomWidth="1px"
            borderColor="gray.200"
          >
            <Flex align="center" justify="space-between" gap="2" h={PHONE_HEADER_ROW}>
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
            {/* Search in the first screen, not only behind the menu: the same field as the
                sidebar's, with its 500 ms wait (spec §9). */}
            <Box role="search" h={PHONE_SEARCH_ROW} data-testid="header-search-row">
              <SearchBox
                showPrices={!onPriceFreeCatalogue}
                delayMs={SIDEBAR_SEARCH_DEBOUNCE_MS}
                placeholder="Buscar productos"
                data-testid="header-search"
              />
            </Box>
          </Box>
        )}
        <Box
          as="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          outline="none"
          flex="1"
          w="full"
          maxW="1440px"
          mx="auto"
          px={{ base: '4', md: '6', lg: '8' }}
          pt={{ base: '5', lg: '8' }}
          pb={{ base: '8', lg: '12' }}
        >
          {/* The page fills the screen (below the phone's header), so what follows it never
              shows in the first screen while the page loads and then jumps away (a layout shift). */}
          <Box minH={isDesktop ? 'calc(100dvh - 5rem)' : `calc(100dvh - ${PHONE_HEADER_HEIGHT})`}>
            {page}
          </Box>
          {footerLinks ? <ContactLinks placement="footer" testIds /> : null}
          <StoreFooter withContact={!isDesktop && !footerLinks} />
        </Box>
      </Flex>
    </Flex>
  );
}
