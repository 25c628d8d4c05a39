import type { ApolloClient } from '@apollo/client';
import type { CatalogPageQueryVariables } from '../../gql/graphql';
import { CARD_PHOTO_SIZES, photoSrcSet } from '../../shared/ui/photo-srcset';
import { CatalogPageQuery } from './api';
import { type FilterOptions, parseFilters, parseSort, toProductFilter } from './filter-state';
import { PRODUCTS_PER_PAGE, pageWindow, parsePage } from '../../shared/paging';

/** Cards whose photo is fetched first: the grid's first row on a desktop (3 columns beside the filters). */
export const PRIORITY_CARDS = 3;

/** The storefront's catalogue query for the list the URL shows: one home for the grid and its loader. */
export function catalogPageVariables(
  searchParams: URLSearchParams,
  options: FilterOptions,
): CatalogPageQueryVariables {
  return {
    filter: toProductFilter(parseFilters(searchParams, options)),
    sort: parseSort(searchParams, options),
    ...pageWindow(parsePage(searchParams), PRODUCTS_PER_PAGE),
  };
}

let photosPreloaded = false;

/**
 * Starts the catalogue page's query as soon as the router knows the route, instead of after the
 * screen's chunk has loaded and the grid has mounted (the grid's own query then joins it: same
 * query, same variables). On the first load it also asks for the first cards' photos as soon as
 * the answer arrives, while React is still drawing the grid: the photo is the page's largest paint.
 */
export function prefetchCatalogPage(
  client: ApolloClient,
  searchParams: URLSearchParams,
  options: FilterOptions,
): void {
  const request = client.query({
    query: CatalogPageQuery,
    variables: catalogPageVariables(searchParams, options),
  });
  // A page whose HTML preloads the first photos already (the server's first-screen data).
  photosPreloaded ||= document.head.querySelector('link[rel="preload"][as="image"]') !== null;
  if (photosPreloaded) {
    void request.catch(() => undefined);
    return;
  }
  photosPreloaded = true;
  request.then(
    ({ data }) => {
      for (const product of data?.products.items.slice(0, PRIORITY_CARDS) ?? []) {
        const url = product.images[0]?.url;
        const srcSet = url && photoSrcSet(url);
        if (!srcSet) continue;
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        link.imageSrcset = srcSet;
        link.imageSizes = CARD_PHOTO_SIZES;
        link.fetchPriority = 'high';
        document.head.append(link);
      }
    },
    // The grid's own query shows the error.
    () => undefined,
  );
}
