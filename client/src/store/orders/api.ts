import { graphql } from '../../gql';

/**
 * The cart priced by the server for delivery to one of the shopper's addresses, with the coupon
 * the shopper typed (`couponCode`, null for none): applied (its adjustment among the others,
 * `couponCode` its normalised code), or refused (`couponRefusal` in Spanish, the summary priced
 * without it).
 */
export const OrderSummaryQuery = graphql(`
  query OrderSummary($addressId: Int!, $couponCode: String) {
    orderSummary(addressId: $addressId, couponCode: $couponCode) {
      couponCode
      couponRefusal
      couponRefusalReason
      subtotalCents
      shippingCents
      discountCents
      adjustments {
        code
        label
        amountCents
      }
      bulkUnits
      totalCents
      cardChargeCents
      address {
        ...PostalAddressFields
      }
      lines {
        id
        size
        quantity
        lineTotalCents
        product {
          id
          name
          unitPriceCents
          onPromotion
          images {
            id
            url
          }
        }
      }
    }
  }
`);

/** Buys the cart (with the applied coupon, if any); the same idempotency key returns the same order. */
export const CheckoutMutation = graphql(`
  mutation Checkout($addressId: Int!, $idempotencyKey: String!, $couponCode: String) {
    checkout(addressId: $addressId, idempotencyKey: $idempotencyKey, couponCode: $couponCode) {
      id
      status
      couponCode
      totalCents
    }
  }
`);

/** An order as the customer sees it: totals, status, tracking and the lines as bought. */
export const OrderFieldsFragment = graphql(`
  fragment OrderFields on Order {
    id
    status
    paid
    paymentSettled
    tracking
    trackingUrl
    createdAt
    holdUntil
    subtotalCents
    shippingCents
    discountCents
    adjustments {
      code
      label
      amountCents
    }
    totalCents
    lines {
      cartLineId
      productId
      productName
      size
      quantity
      unitPriceCents
      onPromotion
    }
  }
`);

/** The payment page: one order (the customer's own), with its card charge and address. */
export const PaymentOrderQuery = graphql(`
  query PaymentOrder($id: Int!) {
    order(id: $id) {
      ...OrderFields
      lines {
        cartLineId
        product {
          id
          images {
            id
            url
          }
        }
      }
      cardChargeCents
      address {
        ...PostalAddressFields
      }
    }
  }
`);

/** Bank-transfer details and whether card payments are on. */
export const PaymentSettingsQuery = graphql(`
  query PaymentSettings {
    shopSettings {
      cardPaymentsEnabled
      bankTransfer {
        bank
        holder
        account
        clabe
        card
        proofPhone
      }
    }
  }
`);

/** A Mercado Pago Checkout Pro preference for the order: the browser goes to its initPoint. */
export const CreateCardPaymentMutation = graphql(`
  mutation CreateCardPayment($orderId: Int!) {
    createCardPayment(orderId: $orderId) {
      id
      initPoint
    }
  }
`);

/**
 * The signed-in customer's orders, newest first, a page at a time. Without the products' photos:
 * myOrders › items › lines › product › images › url is deeper than the storefront's headroom
 * under the server's depth limit (server/test/graphql-limits.test.ts).
 */
export const MyOrdersQuery = graphql(`
  query MyOrders($offset: Int!, $limit: Int!) {
    myOrders(offset: $offset, limit: $limit) {
      total
      items {
        ...OrderFields
        invoice {
          ...InvoiceFields
        }
        cfdis {
          ...CfdiFields
        }
        refund {
          ...MyOrderRefundFields
        }
      }
    }
    shopSettings {
      carrier
    }
  }
`);

/** The transfer refund of an order 'Cancelado con reembolso', as its customer reads it. */
export const MyOrderRefundFieldsFragment = graphql(`
  fragment MyOrderRefundFields on OrderRefund {
    orderId
    status
    amountCents
    clabe
    refundedAt
  }
`);

/** An order's CFDI as 'Mis pedidos' shows it (the downloads check ownership). */
export const InvoiceFieldsFragment = graphql(`
  fragment InvoiceFields on Invoice {
    id
    orderId
    status
    uuid
    relatedUuid
    pdfUrl
    xmlUrl
  }
`);

/**
 * One CFDI of an order as 'Mis pedidos' lists it: the credit notes of its returns (and a replaced
 * invoice), each with its own downloads.
 */
export const CfdiFieldsFragment = graphql(`
  fragment CfdiFields on Invoice {
    id
    kind
    status
    uuid
    totalCents
    returnId
    relatedUuid
    pdfUrl
    xmlUrl
  }
`);

/**
 * 'Corregir factura': re-stamps the order's invoice with the corrected fiscal data; the old one
 * is cancelled with motive 01 naming the new one.
 */
export const CorrectInvoiceMutation = graphql(`
  mutation CorrectInvoice($orderId: Int!) {
    correctInvoice(orderId: $orderId) {
      ...InvoiceFields
    }
  }
`);

/** 'Facturar mi compra': stamps the paid order's CFDI (or answers the one it has). */
export const InvoiceOrderMutation = graphql(`
  mutation InvoiceOrder($orderId: Int!) {
    invoiceOrder(orderId: $orderId) {
      ...InvoiceFields
    }
  }
`);
