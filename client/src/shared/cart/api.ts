import { graphql } from '../../gql';

/** Everything the cart screens and the badges read; every cart mutation answers with it. */
export const CartFieldsFragment = graphql(`
  fragment CartFields on Cart {
    itemCount
    notices {
      message
    }
    lines {
      id
      size
      quantity
      stock
      lineTotalCents
      product {
        id
        name
        unitPriceCents
        images {
          id
          url
        }
      }
    }
  }
`);

export const CartQuery = graphql(`
  query Cart {
    cart {
      ...CartFields
    }
  }
`);

export const AddToCartMutation = graphql(`
  mutation AddToCart($productId: Int!, $size: String!, $quantity: Int!) {
    addToCart(productId: $productId, size: $size, quantity: $quantity) {
      ...CartFields
      addition {
        added
        message
      }
    }
  }
`);
