import { graphql } from '../../gql';

export const SetCartLineQuantityMutation = graphql(`
  mutation SetCartLineQuantity($lineId: Int!, $quantity: Int!) {
    setCartLineQuantity(lineId: $lineId, quantity: $quantity) {
      ...CartFields
    }
  }
`);

export const RemoveCartLineMutation = graphql(`
  mutation RemoveCartLine($lineId: Int!) {
    removeCartLine(lineId: $lineId) {
      ...CartFields
    }
  }
`);
