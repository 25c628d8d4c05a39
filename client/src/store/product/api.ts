import { graphql } from '../../gql';

export const ProductDetailQuery = graphql(`
  query ProductDetail($id: Int!) {
    product(id: $id) {
      ...ProductFields
      description
      unitPriceCents
      gender
      sharePath
      images {
        fileName
      }
    }
  }
`);
