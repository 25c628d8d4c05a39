import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { MeQuery } from '../shared/session/api';
import {
  CARD_PHOTO_SIZES,
  type PhotoSrcSetTemplate,
  photoSrcSetTemplate,
} from '../shared/ui/photo-srcset';
import { CatalogPageQuery } from '../store/catalog/api';
import { PRIORITY_CARDS, catalogPageVariables } from '../store/catalog/first-screen';
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
} as const;

export type FirstScreenOperation = keyof typeof FIRST_SCREEN_DOCUMENTS;

export interface FirstScreenRequest {
  operationName: FirstScreenOperation;
  variables: Record<string, unknown>;
}

/** The build's file the server reads (in client/dist). */
export const FIRST_SCREEN_MANIFEST = 'first-screen.json';

/** The id of the page's `<script type="application/json">` holding the answers. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** Photos the HTML preloads: the first `count`, with the `<img>`'s own sizes and srcset. */
export interface PhotoPreload {
  count: number;
  /** Absent: the `<img>` loads the photo's URL itself (no srcset). */
  sizes?: string;
  /** The `<img>`'s srcset, with a placeholder for the photo's URL. */
  srcSet?: PhotoSrcSetTemplate;
}

/** What the server needs, as the build writes it (JSON). */
export interface FirstScreenManifest {
  dataElementId: string;
  /** Each operation's text exactly as the client sends it (with `__typename`, as Apollo adds). */
  documents: Record<FirstScreenOperation, string>;
  /** Every page: what the store shell asks for (public). */
  shell: FirstScreenRequest[];
  /** Added for a visitor without a session only (`me` is then null: nothing personal). */
  anonymous: FirstScreenRequest[];
  /** `/`, which opens #/inicio: the home page's catalogue, with the variables it computes. */
  home: FirstScreenRequest[];
  /** A product's share page: this operation with the product's id in `idVariable`. */
  product: { operationName: FirstScreenOperation; idVariable: string };
  photos: {
    /** The home grid's first cards (product-grid's `priority` cards). */
    home: PhotoPreload;
    /** The product page's eager gallery photo (the full-size file). */
    product: PhotoPreload;
  };
  /** Added by the build (vite-first-screen.ts): the chunks of the screen a share page opens. */
  modulePreload?: { product: string[] };
}

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
    photos: {
      home: { count: PRIORITY_CARDS, sizes: CARD_PHOTO_SIZES, srcSet: photoSrcSetTemplate() },
      product: { count: 1 },
    },
  };
}
