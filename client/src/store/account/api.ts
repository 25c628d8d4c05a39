import { graphql } from '../../gql';

/** `code`: the second step of an account with two-factor sign-in (after TOTP_REQUIRED). */
export const SignInMutation = graphql(`
  mutation SignIn($email: String!, $password: String!, $code: String) {
    signIn(email: $email, password: $password, code: $code) {
      ...SessionUserFields
    }
  }
`);

export const SignInWithGoogleMutation = graphql(`
  mutation SignInWithGoogle($credential: String!, $code: String) {
    signInWithGoogle(credential: $credential, code: $code) {
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

/** Always the same sentence, whether the address has an account or not (shown as is). */
export const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

/** The link's token and a new password; the server signs this browser in, like signIn. */
export const ResetPasswordMutation = graphql(`
  mutation ResetPassword(
    $token: String!
    $password: String!
    $passwordConfirmation: String
    $code: String
  ) {
    resetPassword(
      token: $token
      password: $password
      passwordConfirmation: $passwordConfirmation
      code: $code
    ) {
      ...SessionUserFields
      hasPassword
    }
  }
`);

/** Signed in: the account's other sessions end, this one stays. */
export const ChangePasswordMutation = graphql(`
  mutation ChangePassword(
    $currentPassword: String!
    $newPassword: String!
    $passwordConfirmation: String
  ) {
    changePassword(
      currentPassword: $currentPassword
      newPassword: $newPassword
      passwordConfirmation: $passwordConfirmation
    ) {
      id
      hasPassword
    }
  }
`);

/** false for accounts that only sign in with Google (they have no password to change). */
export const AccountPasswordQuery = graphql(`
  query AccountPassword {
    me {
      id
      hasPassword
    }
  }
`);

/** The signed-in customer's fiscal data (null until saved): the receiver of their CFDI. */
export const MyFiscalDataQuery = graphql(`
  query MyFiscalData {
    myFiscalData {
      ...FiscalDataFields
    }
  }
`);

export const FiscalDataFieldsFragment = graphql(`
  fragment FiscalDataFields on FiscalData {
    userId
    rfc
    legalName
    taxRegime
    cfdiUse
    postalCode
  }
`);

export const SaveFiscalDataMutation = graphql(`
  mutation SaveFiscalData($input: FiscalDataInput!) {
    saveFiscalData(input: $input) {
      ...FiscalDataFields
    }
  }
`);
