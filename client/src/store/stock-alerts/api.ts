import { graphql } from '../../gql';

/** 'Avísame cuando llegue' for a sold-out size (a visitor sends an e-mail address). */
export const RequestStockAlertMutation = graphql(`
  mutation RequestStockAlert($productId: Int!, $size: String!, $email: String) {
    requestStockAlert(productId: $productId, size: $size, email: $email) {
      status
      email
      message
    }
  }
`);

/** The e-mailed link's confirmation. */
export const ConfirmStockAlertMutation = graphql(`
  mutation ConfirmStockAlert($token: String!) {
    confirmStockAlert(token: $token) {
      productId
      productName
      size
      inStock
      message
    }
  }
`);
