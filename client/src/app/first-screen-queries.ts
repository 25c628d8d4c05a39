import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { MeQuery } from '../shared/session/api';
import {
  FIRST_SCREEN_DATA_ID,
  type FirstScreenManifest as SharedFirstScreenManifest,
  type FirstScreenRequest as SharedFirstScreenRequest,
} from '@tienda/rules';
import {
  CARD_PHOTO_SIZES,
  PRODUCT_PHOTO_SIZES,
  photoSrcSetTemplate,
} from '../shared/ui/photo-srcset';
import { GoogleSignInSettingsQuery } from '../store/account/api';
import { CatalogPageQuery, ProductListQuery } from '../store/catalog/api';
import { PRIORITY_CARDS, catalogPageVariables } from '../store/catalog/first-screen';
import { PROMOTIONS_LIST, pagedProductsVariables } from '../store/catalog/paged-products';
import { ProductDetailQuery } from '../store/product/api';
import { ShopSettingsQuery } from './layouts/api';

/**
 * The first screen's data in the HTML: which of the client's own queries the server answers
 * inside the page it sends (server/src/http/storefront-html.ts), so the Apollo cache starts with
 * them and the first screen renders without waiting for `/graphql`. One home for the documents
 * and the variables: the build writes them into client/dist (FIRST_SCREEN_MANIFEST, see
 * vite-first-screen.ts), the server executes exactly those, the client writes the answers into
 * its cache under these same documents (first-screen-data.ts). No React here: the build reads it.
 */

/** The documents the server may answer in the HTML, by operation name. */
export const FIRST_SCREEN_DOCUMENTS = {
  CatalogPage: CatalogPageQuery,
  ShopSettings: ShopSettingsQuery,
  Me: MeQuery,
  ProductDetail: ProductDetailQuery,
  ProductList: ProductListQuery,
  GoogleSignInSettings: GoogleSignInSettingsQuery,
} as const;

export type FirstScreenOperation = keyof typeof FIRST_SCREEN_DOCUMENTS;

export type FirstScreenRequest = SharedFirstScreenRequest<FirstScreenOperation>;

/** The build's file the server reads (in client/dist). */
export const FIRST_SCREEN_MANIFEST = 'first-screen.json';

/** The id of the page's `<script type="application/json">` holding the answers (@tienda/rules). */
export { FIRST_SCREEN_DATA_ID };

/** What the server needs, as the build writes it (JSON): the contract in @tienda/rules. */
export type FirstScreenManifest = SharedFirstScreenManifest<FirstScreenOperation>;

/** The home page's catalogue query: what #/inicio's loader and grid ask for with no filters. */
export const HOME_CATALOG_REQUEST: FirstScreenRequest = {
  operationName: 'CatalogPage',
  variables: catalogPageVariables(new URLSearchParams(), { withPrices: true }),
};

/** The manifest the build writes (vite-first-screen.ts). */
export function firstScreenManifest(): FirstScreenManifest {
  const documents = Object.fromEntries(
    Object.entries(FIRST_SCREEN_DOCUMENTS).map(([name, document]) => [
      name,
      print(addTypenameToDocument(document)),
    ]),
  ) as Record<FirstScreenOperation, string>;
  return {
    dataElementId: FIRST_SCREEN_DATA_ID,
    documents,
    shell: [{ operationName: 'ShopSettings', variables: {} }],
    anonymous: [{ operationName: 'Me', variables: {} }],
    home: [HOME_CATALOG_REQUEST],
    product: { operationName: 'ProductDetail', idVariable: 'id' },
    routes: {
      // Its first page (a drawn #/promociones has no `pagina`).
      '/promociones': [
        { operationName: 'ProductList', variables: pagedProductsVariables(PROMOTIONS_LIST, 1) },
      ],
      '/iniciar-sesion': [{ operationName: 'GoogleSignInSettings', variables: {} }],
      '/registro': [],
    },
    photos: {
      home: { count: PRIORITY_CARDS, sizes: CARD_PHOTO_SIZES, srcSet: photoSrcSetTemplate() },
      product: { count: 1, sizes: PRODUCT_PHOTO_SIZES, srcSet: photoSrcSetTemplate() },
    },
  };
}
