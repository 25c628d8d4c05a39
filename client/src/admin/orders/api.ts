import { graphql } from '../../gql';

/** A page of the admin's orders: the columns of the table (spec §2 'Pedidos'). */
export const AdminOrdersQuery = graphql(`
  query AdminOrders($search: String, $offset: Int!, $limit: Int!) {
    orders(search: $search, offset: $offset, limit: $limit) {
      total
      items {
        id
        userName
        createdAt
        totalCents
        status
        tracking
        refund {
          orderId
          status
        }
      }
    }
  }
`);

/** One order for the popups: its address, its products as bought, its status and tracking. */
export const AdminOrderDetailsQuery = graphql(`
  query AdminOrderDetails($id: Int!) {
    order(id: $id) {
      id
      status
      tracking
      subtotalCents
      shippingCents
      adjustments {
        code
        label
        amountCents
      }
      totalCents
      refund {
        ...AdminOrderRefundFields
      }
      invoice {
        id
        status
        uuid
        cancelMotive
        cancelError
        pdfUrl
      }
      cfdis {
        id
        kind
        status
        uuid
        totalCents
        returnId
        cancelMotive
        cancelError
        skipReason
        substitutedByUuid
        relatedUuid
        pdfUrl
        xmlUrl
      }
      address {
        ...PostalAddressFields
      }
      lines {
        productId
        productName
        size
        quantity
        unitPriceCents
        product {
          id
          images {
            id
            url
          }
        }
      }
    }
  }
`);

/** The admin's edit; the answer carries the order's id, so the list's row updates in the cache. */
export const UpdateOrderMutation = graphql(`
  mutation UpdateOrder($id: Int!, $input: UpdateOrderInput!) {
    updateOrder(id: $id, input: $input) {
      id
      status
      tracking
      refund {
        orderId
        status
      }
    }
  }
`);

/** The e-mails of one order (to the customer and to the shop), oldest first. */
export const AdminOrderEmailsQuery = graphql(`
  query AdminOrderEmails($orderId: Int!) {
    orderEmails(orderId: $orderId) {
      id
      kind
      title
      recipient
      status
      attempts
      lastError
      createdAt
      sentAt
      nextAttemptAt
    }
  }
`);

/** Puts an order's e-mail back in the queue; the list is read again afterwards. */
export const ResendOrderEmailMutation = graphql(`
  mutation ResendOrderEmail($id: Int!) {
    resendOrderEmail(id: $id) {
      id
      status
      attempts
      lastError
      sentAt
      nextAttemptAt
    }
  }
`);

/** A transfer refund of an order 'Cancelado con reembolso', as the admin sees it. */
export const AdminOrderRefundFragment = graphql(`
  fragment AdminOrderRefundFields on OrderRefund {
    orderId
    status
    amountCents
    clabe
    createdAt
    refundedAt
    refundedByEmail
  }
`);

/** 'Marcar reembolsado': the transfer was sent to the customer's CLABE. */
export const MarkOrderRefundedMutation = graphql(`
  mutation MarkOrderRefunded($orderId: Int!, $clabe: String!) {
    markOrderRefunded(orderId: $orderId, clabe: $clabe) {
      ...AdminOrderRefundFields
    }
  }
`);
