import { graphql } from '../../gql';

/** What the shell knows about the signed-in user. */
export const SessionUserFields = graphql(`
  fragment SessionUserFields on User {
    id
    name
    email
    role
    phone
    googleId
    pictureUrl
  }
`);

/** The server is the authority on who is signed in (httpOnly cookie); null when nobody is. */
export const MeQuery = graphql(`
  query Me {
    me {
      ...SessionUserFields
    }
  }
`);

export const SignOutMutation = graphql(`
  mutation SignOut {
    signOut
  }
`);
