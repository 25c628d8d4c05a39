import { graphql } from '../../gql';

/**
 * The product as every list and page shows it: name, prices, brand, type and colour, sizes with
 * their stock, photos. The storefront's cards and product page and the admin table each add
 * what only they need.
 */
export const ProductFieldsFragment = graphql(`
  fragment ProductFields on Product {
    id
    name
    priceCents
    onPromotion
    promotionPriceCents
    brand {
      id
      name
    }
    type {
      id
      name
    }
    color {
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
