import { graphql } from '../../gql';

export const AddressFieldsFragment = graphql(`
  fragment AddressFields on Address {
    ...PostalAddressFields
    createdAt
  }
`);

export const AddressesQuery = graphql(`
  query Addresses {
    addresses {
      ...AddressFields
    }
  }
`);

export const AddAddressMutation = graphql(`
  mutation AddAddress($input: AddressInput!) {
    addAddress(input: $input) {
      ...AddressFields
    }
  }
`);

export const DeleteAddressMutation = graphql(`
  mutation DeleteAddress($id: Int!) {
    deleteAddress(id: $id)
  }
`);
