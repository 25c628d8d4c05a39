import { graphql } from '../../gql';

/** What a row of the admin table and the update popup need of a product. */
export const AdminProductFieldsFragment = graphql(`
  fragment AdminProductFields on Product {
    ...ProductFields
    description
    special
  }
`);

export const AdminProductsQuery = graphql(`
  query AdminProducts($search: String, $offset: Int!, $limit: Int!) {
    adminProducts(search: $search, offset: $offset, limit: $limit) {
      total
      offset
      limit
      items {
        ...AdminProductFields
      }
    }
  }
`);

/** The type, brand and colour lists the generated name is built from. */
export const ProductFormLookupsQuery = graphql(`
  query ProductFormLookups {
    ...LookupLists
  }
`);

export const CreateProductMutation = graphql(`
  mutation CreateProduct($input: ProductInput!, $photos: [Upload!]!) {
    createProduct(input: $input, photos: $photos) {
      ...AdminProductFields
    }
  }
`);

export const UpdateProductMutation = graphql(`
  mutation UpdateProduct(
    $id: Int!
    $input: ProductInput!
    $photos: [Upload!]
    $removeImageIds: [Int!]
  ) {
    updateProduct(id: $id, input: $input, photos: $photos, removeImageIds: $removeImageIds) {
      ...AdminProductFields
    }
  }
`);

export const DeleteProductMutation = graphql(`
  mutation DeleteProduct($id: Int!) {
    deleteProduct(id: $id)
  }
`);
