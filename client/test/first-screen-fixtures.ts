/** The first screen's data as the server writes it for `/` (tests of the client's two ends). */
import type { FirstScreenData } from '../src/app/first-screen-data';
import { HOME_CATALOG_REQUEST } from '../src/app/first-screen-queries';
import type { CatalogPageQuery as CatalogPageData } from '../src/gql/graphql';

type Item = CatalogPageData['products']['items'][number];

export const item = (id: number, name: string): Item => ({
  __typename: 'Product',
  id,
  name,
  priceCents: 59900,
  onPromotion: false,
  promotionPriceCents: null,
  unitPriceCents: 59900,
  totalStock: 2,
  brand: { __typename: 'Brand', id: 1, name: 'Nike' },
  type: { __typename: 'ProductType', id: 1, name: 'Tenis' },
  color: { __typename: 'Color', id: 1, name: 'Negro' },
  sizes: [{ __typename: 'SizeStock', size: '26', stock: 2 }],
  images: [{ __typename: 'ProductImage', id: id * 10, url: `/uploads/products/p${id}.webp` }],
});

/** What the server writes for `/`: the home page's catalogue (and `me` for a visitor). */
export const HOME_DATA: FirstScreenData = {
  page: { kind: 'home' },
  results: [
    {
      ...HOME_CATALOG_REQUEST,
      data: {
        products: {
          __typename: 'ProductPage',
          total: 2,
          offset: 0,
          limit: 24,
          items: [item(2, 'Tenis </script> Nike'), item(1, 'Playera Puma')],
          facets: {
            __typename: 'ProductFacets',
            brands: [{ __typename: 'FacetOption', value: 'Nike', count: 2 }],
            types: [],
            priceRanges: [],
            sizes: [],
            sexes: [],
            colors: [],
          },
        },
      },
    },
    { operationName: 'Me', variables: {}, data: { me: null } },
    // An operation this client does not know (a newer server): skipped.
    { operationName: 'Unknown', variables: {}, data: { x: 1 } },
  ],
};
