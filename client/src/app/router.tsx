import { Navigate, createHashRouter } from 'react-router-dom';
import { HomePage } from '../store/catalog/pages/home-page';
import { NewProductsPage } from '../store/catalog/pages/new-products-page';
import { PriceFreeCatalogPage } from '../store/catalog/pages/price-free-catalog-page';
import { PromotionsPage } from '../store/catalog/pages/promotions-page';
import { SearchPage } from '../store/catalog/pages/search-page';
import { ProductPage } from '../store/product/pages/product-page';
import { StoreLayout } from './layouts/store-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

/** Hash routes (spec §2). */
export function createAppRouter() {
  return createHashRouter([
    {
      element: <StoreLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/inicio" replace /> },
        { path: 'inicio', element: <HomePage /> },
        { path: 'promociones', element: <PromotionsPage /> },
        { path: 'nuevo', element: <NewProductsPage /> },
        { path: 'buscar', element: <SearchPage showPrices /> },
        { path: 'buscar/:busqueda', element: <SearchPage showPrices /> },
        { path: 'producto/:id', element: <ProductPage /> },
        { path: 'catalogo', element: <PriceFreeCatalogPage /> },
        { path: 'catalogo/buscar', element: <SearchPage showPrices={false} /> },
        { path: 'catalogo/buscar/:busqueda', element: <SearchPage showPrices={false} /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
