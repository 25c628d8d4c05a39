import { type ComponentType, lazy } from 'react';
import type { ApolloClient } from '@apollo/client';
import {
  type LoaderFunction,
  Navigate,
  Outlet,
  type RouteObject,
  createHashRouter,
} from 'react-router-dom';
import type { FilterOptions } from '../store/catalog/filter-state';
import { prefetchCatalogPage } from '../store/catalog/first-screen';
import { resilientScreen } from '../shared/network/resilient-screen';
import { SessionEndedNotice } from '../shared/session/session-ended-notice';
import { PageLoading } from '../shared/ui/page-loading';
import { AdminGate } from './admin-gate';
import { StoreLayout } from './layouts/store-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

// Every screen is its own chunk, fetched the first time its route is opened; the shell (layout,
// sidebar, not-found and error pages) is in the entry chunk.
//
// On a cold load the router waits for the screen's chunk before it renders the route: each lazy
// route names what to show meanwhile (`hydrateFallbackElement`), which the router draws inside
// the store shell. Without one, react-router warns 'No `HydrateFallback` element provided…' on
// every cold load and draws nothing below the root.
//
// A chunk that does not arrive (the connection dropped, or a new release removed it) must not
// leave the page blank: every screen is loaded through resilientScreen, which answers a screen
// saying so (with 'Reintentar', and a retry when the browser is back online) or reloads the page
// once for a new release. The router itself keeps whatever a route's first load answered.

/** A lazy screen: its component from its chunk, a spinner inside the shell until then. */
function lazyPage(
  path: string,
  load: () => Promise<ComponentType>,
  extra: Pick<RouteObject, 'loader'> = {},
): RouteObject {
  return {
    path,
    lazy: { Component: resilientScreen(load) },
    hydrateFallbackElement: <PageLoading />,
    ...extra,
  };
}

/**
 * A catalogue screen's route starts the page's query while the screen's chunk loads (see
 * first-screen.ts); it returns at once, so it never holds the navigation up.
 */
const prefetchCatalog =
  (client: ApolloClient, options: FilterOptions): LoaderFunction =>
  ({ request }) => {
    prefetchCatalogPage(client, new URL(request.url).searchParams, options);
    return null;
  };

/**
 * The search screen, with or without prices (/buscar and /catalogo/buscar). One component per
 * kind, shared by the route with a text and the one without, so typing keeps the same screen.
 */
const searchScreens = new Map<boolean, ComponentType>();
const searchPage = (showPrices: boolean) => async () => {
  const { SearchPage } = await import('../store/catalog/pages/search-page');
  let screen = searchScreens.get(showPrices);
  if (!screen) {
    screen = function SearchScreen() {
      return <SearchPage showPrices={showPrices} />;
    };
    searchScreens.set(showPrices, screen);
  }
  return screen;
};

// Account screens: sign-in has two paths (spec §2). Each route gets its own `lazy` object (the
// router consumes the one it is given, so two routes must not share it): lazyPage makes one each.
const signInPage = async () => (await import('../store/account/pages/sign-in-page')).SignInPage;

// Admin screens are React.lazy components rendered inside AdminGate's shell, so their code is
// fetched only after the server has said the user is an admin: a route-level `lazy` would load it
// as soon as anybody opened an /admin URL. React.lazy, too, keeps a failed load: resilientScreen.
function adminScreen(load: () => Promise<ComponentType>) {
  const loadScreen = resilientScreen(load);
  return lazy(async () => ({ default: await loadScreen() }));
}
const AdminSummaryPage = adminScreen(
  async () => (await import('../admin/summary/pages/summary-page')).AdminSummaryPage,
);
const AdminProductsPage = adminScreen(
  async () => (await import('../admin/products/pages/products-page')).AdminProductsPage,
);
const AdminOrdersPage = adminScreen(
  async () => (await import('../admin/orders/pages/orders-page')).AdminOrdersPage,
);
const AdminUsersPage = adminScreen(
  async () => (await import('../admin/users/pages/users-page')).AdminUsersPage,
);
const AdminStockDashboardPage = adminScreen(
  async () => (await import('../admin/stock/pages/stock-dashboard-page')).AdminStockDashboardPage,
);
const AdminActivityPage = adminScreen(
  async () => (await import('../admin/activity/pages/activity-page')).AdminActivityPage,
);
const AdminGlobalInvoicesPage = adminScreen(
  async () =>
    (await import('../admin/invoices/pages/global-invoices-page')).AdminGlobalInvoicesPage,
);
const AdminSettingsPage = adminScreen(
  async () => (await import('../admin/settings/pages/settings-page')).AdminSettingsPage,
);
const AdminCouponsPage = adminScreen(
  async () => (await import('../admin/coupons/pages/coupons-page')).AdminCouponsPage,
);
const AdminLegalTextsPage = adminScreen(
  async () => (await import('../admin/legal/pages/legal-texts-page')).AdminLegalTextsPage,
);
const AdminReturnsPage = adminScreen(
  async () => (await import('../admin/returns/pages/returns-page')).AdminReturnsPage,
);
const AdminLookupsPage = adminScreen(
  async () => (await import('../admin/lookups/pages/lookups-page')).AdminLookupsPage,
);

/**
 * The store's pages inside the shell: the notice of a session that ended above them, and a
 * screen that throws shows its error in the content area (the sidebar stays).
 */
function StorePage() {
  return (
    <>
      <SessionEndedNotice />
      <Outlet />
    </>
  );
}

/** The store's routes, under StorePage. */
function storePages(routes: RouteObject[]): RouteObject[] {
  return [{ element: <StorePage />, errorElement: <RouteErrorPage inShell />, children: routes }];
}

/** Hash routes (spec §2). */
export function createAppRouter(client: ApolloClient) {
  return createHashRouter(appRoutes(client));
}

/**
 * The app's routes. `prefetch: false` (the server's first screen, which renders from answers it
 * already has) leaves out the loaders that start a screen's query early.
 */
export function appRoutes(client: ApolloClient, { prefetch = true } = {}): RouteObject[] {
  const catalogLoader = (options: FilterOptions) =>
    prefetch ? { loader: prefetchCatalog(client, options) } : {};
  return [
    {
      element: <StoreLayout />,
      errorElement: <RouteErrorPage />,
      children: storePages([
        { index: true, element: <Navigate to="/inicio" replace /> },
        lazyPage(
          'inicio',
          async () => (await import('../store/catalog/pages/home-page')).HomePage,
          catalogLoader({ withPrices: true }),
        ),
        lazyPage(
          'promociones',
          async () => (await import('../store/catalog/pages/promotions-page')).PromotionsPage,
        ),
        lazyPage(
          'nuevo',
          async () => (await import('../store/catalog/pages/new-products-page')).NewProductsPage,
        ),
        lazyPage('buscar', searchPage(true)),
        lazyPage('buscar/:busqueda', searchPage(true)),
        lazyPage(
          'producto/:id',
          async () => (await import('../store/product/pages/product-page')).ProductPage,
        ),
        lazyPage(
          'catalogo',
          async () =>
            (await import('../store/catalog/pages/price-free-catalog-page')).PriceFreeCatalogPage,
          catalogLoader({ withPrices: false }),
        ),
        lazyPage('carrito', async () => (await import('../store/cart/pages/cart-page')).CartPage),
        lazyPage(
          'mis-direcciones',
          async () => (await import('../store/addresses/pages/my-addresses-page')).MyAddressesPage,
        ),
        lazyPage(
          'elegir-direccion',
          async () =>
            (await import('../store/addresses/pages/choose-address-page')).ChooseAddressPage,
        ),
        lazyPage(
          'completar-compra',
          async () =>
            (await import('../store/orders/pages/complete-purchase-page')).CompletePurchasePage,
        ),
        lazyPage(
          'pago',
          async () => (await import('../store/orders/pages/payment-page')).PaymentPage,
        ),
        lazyPage(
          'mis-pedidos',
          async () => (await import('../store/orders/pages/my-orders-page')).MyOrdersPage,
        ),
        lazyPage('catalogo/buscar', searchPage(false)),
        lazyPage('catalogo/buscar/:busqueda', searchPage(false)),
        lazyPage('iniciar-sesion', signInPage),
        lazyPage('login', signInPage),
        lazyPage(
          'registro',
          async () => (await import('../store/account/pages/registration-page')).RegistrationPage,
        ),
        // Reached signed out: a forgotten password is asked for, and reset from the e-mailed link.
        lazyPage(
          'olvide-contrasena',
          async () =>
            (await import('../store/account/pages/forgot-password-page')).ForgotPasswordPage,
        ),
        lazyPage(
          'restablecer-contrasena',
          async () =>
            (await import('../store/account/pages/reset-password-page')).ResetPasswordPage,
        ),
        // Reached from the e-mail that confirms a visitor's 'Avísame cuando llegue'.
        lazyPage(
          'avisos/confirmar',
          async () =>
            (await import('../store/stock-alerts/pages/confirm-stock-alert-page'))
              .ConfirmStockAlertPage,
        ),
        // The legal pages (issue 25, item 7), linked from the footer of every store screen.
        lazyPage(
          'aviso-de-privacidad',
          async () => (await import('../store/legal/pages/legal-page')).PrivacyNoticePage,
        ),
        lazyPage(
          'terminos-y-condiciones',
          async () => (await import('../store/legal/pages/legal-page')).TermsPage,
        ),
        lazyPage(
          'devoluciones-y-cambios',
          async () => (await import('../store/legal/pages/legal-page')).ReturnsPolicyPage,
        ),
        lazyPage(
          'usuario',
          async () => (await import('../store/account/pages/profile-page')).ProfilePage,
        ),
        { path: '*', element: <NotFoundPage /> },
      ]),
    },
    {
      path: 'admin',
      element: <AdminGate />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/admin/resumen" replace /> },
        { path: 'resumen', element: <AdminSummaryPage /> },
        { path: 'productos', element: <AdminProductsPage /> },
        { path: 'pedidos', element: <AdminOrdersPage /> },
        { path: 'usuarios', element: <AdminUsersPage /> },
        { path: 'cupones', element: <AdminCouponsPage /> },
        { path: 'devoluciones', element: <AdminReturnsPage /> },
        { path: 'facturas-globales', element: <AdminGlobalInvoicesPage /> },
        { path: 'dashboard-stock', element: <AdminStockDashboardPage /> },
        { path: 'tiposMarcasColores', element: <AdminLookupsPage /> },
        { path: 'actividad', element: <AdminActivityPage /> },
        { path: 'ajustes', element: <AdminSettingsPage /> },
        { path: 'textos-legales', element: <AdminLegalTextsPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
