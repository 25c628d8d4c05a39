import { graphql } from '../../gql';

export const ProductDetailQuery = graphql(`
  query ProductDetail($id: Int!) {
    product(id: $id) {
      id
      name
      description
      priceCents
      onPromotion
      promotionPriceCents
      unitPriceCents
      gender
      sharePath
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
        fileName
      }
    }
  }
`);
