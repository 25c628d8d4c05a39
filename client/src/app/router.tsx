import { Navigate, createHashRouter } from 'react-router-dom';
import { StoreLayout } from './layouts/store-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

// Every screen is its own chunk, fetched the first time its route is opened; the shell (layout,
// sidebar, not-found and error pages) is in the entry chunk.

const searchPage = (showPrices: boolean) => async () => {
  const { SearchPage } = await import('../store/catalog/pages/search-page');
  return <SearchPage showPrices={showPrices} />;
};

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
        { path: 'catalogo/buscar', lazy: { element: searchPage(false) } },
        { path: 'catalogo/buscar/:busqueda', lazy: { element: searchPage(false) } },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
