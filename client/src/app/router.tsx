import { lazy } from 'react';
import { Navigate, createHashRouter } from 'react-router-dom';
import { AdminGate } from './admin-gate';
import { StoreLayout } from './layouts/store-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

// Every screen is its own chunk, fetched the first time its route is opened; the shell (layout,
// sidebar, not-found and error pages) is in the entry chunk.

const searchPage = (showPrices: boolean) => async () => {
  const { SearchPage } = await import('../store/catalog/pages/search-page');
  return <SearchPage showPrices={showPrices} />;
};

// Account screens: sign-in has two paths (spec §2). Each route gets its own `lazy` object: the
// router consumes the one it is given, so two routes must not share it.
const signInPage = () => ({
  Component: async () => (await import('../store/account/pages/sign-in-page')).SignInPage,
});

// Admin screens are React.lazy components rendered inside AdminGate's shell, so their code is
// fetched only after the server has said the user is an admin: a route-level `lazy` would load it
// as soon as anybody opened an /admin URL.
const AdminProductsPage = lazy(async () => ({
  default: (await import('../admin/products/pages/products-page')).AdminProductsPage,
}));
const AdminOrdersPage = lazy(async () => ({
  default: (await import('../admin/orders/pages/orders-page')).AdminOrdersPage,
}));
const AdminUsersPage = lazy(async () => ({
  default: (await import('../admin/users/pages/users-page')).AdminUsersPage,
}));
const AdminStockDashboardPage = lazy(async () => ({
  default: (await import('../admin/stock/pages/stock-dashboard-page')).AdminStockDashboardPage,
}));
const AdminLookupsPage = lazy(async () => ({
  default: (await import('../admin/lookups/pages/lookups-page')).AdminLookupsPage,
}));

/** Hash routes (spec §2). */
export function createAppRouter() {
  return createHashRouter([
    {
      element: <StoreLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/inicio" replace /> },
        {
          path: 'inicio',
          lazy: {
            Component: async () => (await import('../store/catalog/pages/home-page')).HomePage,
          },
        },
        {
          path: 'promociones',
          lazy: {
            Component: async () =>
              (await import('../store/catalog/pages/promotions-page')).PromotionsPage,
          },
        },
        {
          path: 'nuevo',
          lazy: {
            Component: async () =>
              (await import('../store/catalog/pages/new-products-page')).NewProductsPage,
          },
        },
        { path: 'buscar', lazy: { element: searchPage(true) } },
        { path: 'buscar/:busqueda', lazy: { element: searchPage(true) } },
        {
          path: 'producto/:id',
          lazy: {
            Component: async () =>
              (await import('../store/product/pages/product-page')).ProductPage,
          },
        },
        {
          path: 'catalogo',
          lazy: {
            Component: async () =>
              (await import('../store/catalog/pages/price-free-catalog-page')).PriceFreeCatalogPage,
          },
        },
        {
          path: 'carrito',
          lazy: {
            Component: async () => (await import('../store/cart/pages/cart-page')).CartPage,
          },
        },
        {
          path: 'mis-direcciones',
          lazy: {
            Component: async () =>
              (await import('../store/addresses/pages/my-addresses-page')).MyAddressesPage,
          },
        },
        {
          path: 'elegir-direccion',
          lazy: {
            Component: async () =>
              (await import('../store/addresses/pages/choose-address-page')).ChooseAddressPage,
          },
        },
        {
          path: 'completar-compra',
          lazy: {
            Component: async () =>
              (await import('../store/orders/pages/complete-purchase-page')).CompletePurchasePage,
          },
        },
        {
          path: 'pago',
          lazy: {
            Component: async () => (await import('../store/orders/pages/payment-page')).PaymentPage,
          },
        },
        {
          path: 'mis-pedidos',
          lazy: {
            Component: async () =>
              (await import('../store/orders/pages/my-orders-page')).MyOrdersPage,
          },
        },
        { path: 'catalogo/buscar', lazy: { element: searchPage(false) } },
        { path: 'catalogo/buscar/:busqueda', lazy: { element: searchPage(false) } },
        { path: 'iniciar-sesion', lazy: signInPage() },
        { path: 'login', lazy: signInPage() },
        {
          path: 'registro',
          lazy: {
            Component: async () =>
              (await import('../store/account/pages/registration-page')).RegistrationPage,
          },
        },
        {
          path: 'usuario',
          lazy: {
            Component: async () =>
              (await import('../store/account/pages/profile-page')).ProfilePage,
          },
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    {
      path: 'admin',
      element: <AdminGate />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/admin/productos" replace /> },
        { path: 'productos', element: <AdminProductsPage /> },
        { path: 'pedidos', element: <AdminOrdersPage /> },
        { path: 'usuarios', element: <AdminUsersPage /> },
        { path: 'dashboard-stock', element: <AdminStockDashboardPage /> },
        { path: 'tiposMarcasColores', element: <AdminLookupsPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
