import { graphql } from '../../gql';

export const AdminUsersQuery = graphql(`
  query AdminUsers($offset: Int!, $limit: Int!) {
    users(offset: $offset, limit: $limit) {
      total
      items {
        id
        name
        email
        role
      }
    }
  }
`);
