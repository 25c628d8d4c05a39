import { graphql } from '../../gql';

/**
 * An address as it is shown: who receives, where, and how to reach them (the address book, the
 * order summary, the payment page and the admin's order popup).
 */
export const PostalAddressFieldsFragment = graphql(`
  fragment PostalAddressFields on Address {
    id
    firstName
    lastName
    street
    number
    withoutNumber
    interiorNumber
    neighborhood
    postalCode
    city
    state
    references
    phone
  }
`);
