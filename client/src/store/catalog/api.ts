import { graphql } from '../../gql';

export const ProductCardFieldsFragment = graphql(`
  fragment ProductCardFields on Product {
    id
    name
    priceCents
    onPromotion
    promotionPriceCents
    unitPriceCents
    totalStock
    brand {
      id
      name
    }
    type {
      id
      name
    }
    sizes {
      size
      stock
    }
    images {
      id
      url
    }
  }
`);

export const CatalogPageQuery = graphql(`
  query CatalogPage($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {
    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
      total
      offset
      limit
      items {
        ...ProductCardFields
      }
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
      total
      offset
      limit
      items {
        ...ProductCardFields
      }
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
