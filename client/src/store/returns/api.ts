import { graphql } from '../../gql';

/** A return as 'Mis pedidos' shows it. */
export const ReturnFields = graphql(`
  fragment ReturnFields on Return {
    id
    status
    refundCents
    requestedAt
    refundedAt
    exchangeOrderId
    lines {
      orderLineId
      productName
      size
      quantity
      reason
      newSize
    }
  }
`);

/** An order's returns, whether another may be asked for, and the sizes to exchange for. */
export const OrderReturnsQuery = graphql(`
  query OrderReturns($orderId: Int!) {
    orderReturns(orderId: $orderId) {
      orderId
      canReturn
      deadline
      closedReason
      returns {
        ...ReturnFields
      }
    }
    order(id: $orderId) {
      id
      lines {
        productId
        productName
        size
        quantity
        product {
          id
          sizes {
            size
            stock
          }
        }
      }
    }
  }
`);

export const RequestReturnMutation = graphql(`
  mutation RequestReturn($orderId: Int!, $lines: [ReturnLineInput!]!) {
    requestReturn(orderId: $orderId, lines: $lines) {
      ...ReturnFields
    }
  }
`);
