import { graphql } from '../../gql';

/** 'Resumen' for a range of Mexico City days (issue 26 item 2). */
export const AdminSummaryQuery = graphql(`
  query AdminSummary($from: String!, $to: String!, $lowStockThreshold: Int) {
    adminSummary(from: $from, to: $to, lowStockThreshold: $lowStockThreshold) {
      from
      to
      totals {
        orders
        units
        revenueCents
        averageTicketCents
        discountCents
      }
      days {
        day
        orders
        units
        revenueCents
        averageTicketCents
        discountCents
      }
      bestSellersByUnits {
        productId
        name
        units
        revenueCents
      }
      bestSellersByRevenue {
        productId
        name
        units
        revenueCents
      }
      lowStockThreshold
      lowStockTotal
      lowStock {
        productId
        name
        size
        quantity
      }
      releasingTotal
      releasingTotalCents
      releasing {
        orderId
        customerName
        totalCents
        placedAt
        releasesAt
      }
      couponUses {
        code
        uses
        discountCents
      }
    }
  }
`);
