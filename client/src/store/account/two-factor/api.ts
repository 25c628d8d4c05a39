import { graphql } from '../../../gql';

/** Whether the signed-in account has two-factor sign-in on, and whether the shop requires it. */
export const TwoFactorStatusQuery = graphql(`
  query TwoFactorStatus {
    me {
      id
      twoFactorEnabled
      twoFactorEnrolmentRequired
    }
  }
`);

/** A new secret: the QR code and the secret as text, shown once. */
export const StartTwoFactorMutation = graphql(`
  mutation StartTwoFactor {
    startTwoFactor {
      secret
      otpauthUrl
      qrCode
    }
  }
`);

/** The app's first code turns it on; answers the ten recovery codes (shown once). */
export const ConfirmTwoFactorMutation = graphql(`
  mutation ConfirmTwoFactor($code: String!) {
    confirmTwoFactor(code: $code)
  }
`);

export const DisableTwoFactorMutation = graphql(`
  mutation DisableTwoFactor($code: String!) {
    disableTwoFactor(code: $code)
  }
`);
