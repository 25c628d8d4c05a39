import { graphql } from '../../gql';

export const ProductCardFieldsFragment = graphql(`
  fragment ProductCardFields on Product {
    ...ProductFields
    unitPriceCents
    totalStock
  }
`);

/** One page of product cards: what every paged product list reads. */
export const ProductPageFieldsFragment = graphql(`
  fragment ProductPageFields on ProductPage {
    total
    offset
    limit
    items {
      ...ProductCardFields
    }
  }
`);

export const CatalogPageQuery = graphql(`
  query CatalogPage($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {
    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
      ...ProductPageFields
      facets {
        brands {
          value
          count
        }
        types {
          value
          count
        }
        priceRanges {
          value
          count
        }
        sizes {
          value
          count
        }
        sexes {
          value
          count
        }
        colors {
          value
          count
        }
      }
    }
  }
`);

export const ProductListQuery = graphql(`
  query ProductList($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {
    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
      ...ProductPageFields
    }
  }
`);

export const NewProductsQuery = graphql(`
  query NewProducts {
    newProducts {
      ...ProductCardFields
    }
  }
`);

/** What the search box offers as the shopper types, and '¿Quisiste decir …?'. */
export const SearchSuggestionsQuery = graphql(`
  query SearchSuggestions($search: String!) {
    searchSuggestions(search: $search) {
      completions
      didYouMean
    }
  }
`);
