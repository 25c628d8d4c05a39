import { graphql } from '../../gql';

/** What a row of the Devoluciones list and its actions need of a return. */
export const AdminReturnFieldsFragment = graphql(`
  fragment AdminReturnFields on Return {
    id
    orderId
    status
    refundCents
    shippingRefundCents
    refundMethod
    clabe
    exchangeOrderId
    requestedAt
    receivedAt
    refundedAt
    rejectedAt
    lines {
      orderLineId
      productName
      size
      quantity
      reason
      newSize
      refundCents
    }
  }
`);

export const AdminReturnsQuery = graphql(`
  query AdminReturns($offset: Int!, $limit: Int!) {
    returns(offset: $offset, limit: $limit) {
      total
      offset
      limit
      items {
        ...AdminReturnFields
      }
    }
  }
`);

export const UpdateReturnMutation = graphql(`
  mutation UpdateReturn($id: Int!, $input: ReturnUpdateInput!) {
    updateReturn(id: $id, input: $input) {
      ...AdminReturnFields
    }
  }
`);
