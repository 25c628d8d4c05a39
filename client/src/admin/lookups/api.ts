import { graphql } from '../../gql';

/** The three lists a product's name is built from: types, brands and colours. */
export const LookupListsFragment = graphql(`
  fragment LookupLists on Query {
    types {
      id
      name
    }
    brands {
      id
      name
    }
    colors {
      id
      name
    }
  }
`);

export const AdminLookupsQuery = graphql(`
  query AdminLookups {
    ...LookupLists
  }
`);

export const CreateProductTypeMutation = graphql(`
  mutation CreateProductType($name: String!) {
    createProductType(name: $name) {
      id
      name
    }
  }
`);

export const UpdateProductTypeMutation = graphql(`
  mutation UpdateProductType($id: Int!, $name: String!) {
    updateProductType(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const DeleteProductTypeMutation = graphql(`
  mutation DeleteProductType($id: Int!) {
    deleteProductType(id: $id) {
      id
      name
    }
  }
`);

export const CreateBrandMutation = graphql(`
  mutation CreateBrand($name: String!) {
    createBrand(name: $name) {
      brand {
        id
        name
      }
      variants {
        id
        name
      }
    }
  }
`);

export const UpdateBrandMutation = graphql(`
  mutation UpdateBrand($id: Int!, $name: String!) {
    updateBrand(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const DeleteBrandMutation = graphql(`
  mutation DeleteBrand($id: Int!) {
    deleteBrand(id: $id) {
      id
      name
    }
  }
`);

export const CreateColorMutation = graphql(`
  mutation CreateColor($name: String!) {
    createColor(name: $name) {
      id
      name
    }
  }
`);

export const UpdateColorMutation = graphql(`
  mutation UpdateColor($id: Int!, $name: String!) {
    updateColor(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const DeleteColorMutation = graphql(`
  mutation DeleteColor($id: Int!) {
    deleteColor(id: $id) {
      id
      name
    }
  }
`);

/** The admin's synonym groups ('Sinónimos'): each group's words as one line, 'a = b = c'. */
export const AdminSearchSynonymsQuery = graphql(`
  query AdminSearchSynonyms {
    searchSynonyms {
      id
      name
    }
  }
`);

export const CreateSearchSynonymMutation = graphql(`
  mutation CreateSearchSynonym($name: String!) {
    createSearchSynonym(name: $name) {
      id
      name
    }
  }
`);

export const UpdateSearchSynonymMutation = graphql(`
  mutation UpdateSearchSynonym($id: Int!, $name: String!) {
    updateSearchSynonym(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const DeleteSearchSynonymMutation = graphql(`
  mutation DeleteSearchSynonym($id: Int!) {
    deleteSearchSynonym(id: $id) {
      id
      name
    }
  }
`);

/** 'Búsquedas sin resultados': what shoppers searched and did not find, per day. */
export const AdminSearchMissesQuery = graphql(`
  query AdminSearchMisses {
    searchMisses {
      search
      times
      day
    }
  }
`);

/** Each type's SAT keys for its invoice lines (the admin's, else the defaults by its name). */
export const TypeSatKeysQuery = graphql(`
  query TypeSatKeys {
    types {
      id
      name
      satProductKey
      satUnitKey
    }
  }
`);

export const SetProductTypeSatKeysMutation = graphql(`
  mutation SetProductTypeSatKeys($id: Int!, $productKey: String!, $unitKey: String!) {
    setProductTypeSatKeys(id: $id, productKey: $productKey, unitKey: $unitKey) {
      id
      satProductKey
      satUnitKey
    }
  }
`);
