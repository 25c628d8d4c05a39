import { graphql } from '../../gql';

export const SignInMutation = graphql(`
  mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      ...SessionUserFields
    }
  }
`);

export const SignInWithGoogleMutation = graphql(`
  mutation SignInWithGoogle($credential: String!) {
    signInWithGoogle(credential: $credential) {
      ...SessionUserFields
    }
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ...SessionUserFields
    }
  }
`);

export const EmailAvailableQuery = graphql(`
  query EmailAvailable($email: String!) {
    emailAvailable(email: $email)
  }
`);

/** null: Google sign-in is off and its button stays hidden. */
export const GoogleSignInSettingsQuery = graphql(`
  query GoogleSignInSettings {
    shopSettings {
      googleClientId
    }
  }
`);
