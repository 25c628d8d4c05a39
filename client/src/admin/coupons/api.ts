import { graphql } from '../../gql';

/** What a row of the Cupones list and the edit popup need of a coupon. */
export const AdminCouponFieldsFragment = graphql(`
  fragment AdminCouponFields on Coupon {
    id
    code
    kind
    value
    validFrom
    validUntil
    maxUses
    maxUsesPerCustomer
    minimumCents
    nonPromotionalOnly
    active
    uses
    createdAt
  }
`);

/** A page of the coupons, newest first, optionally those whose code matches `search`. */
export const AdminCouponsQuery = graphql(`
  query AdminCoupons($search: String, $offset: Int!, $limit: Int!) {
    coupons(search: $search, offset: $offset, limit: $limit) {
      total
      offset
      limit
      items {
        ...AdminCouponFields
      }
    }
  }
`);

export const CreateCouponMutation = graphql(`
  mutation CreateCoupon($input: CouponInput!) {
    createCoupon(input: $input) {
      ...AdminCouponFields
    }
  }
`);

export const UpdateCouponMutation = graphql(`
  mutation UpdateCoupon($id: Int!, $input: CouponInput!) {
    updateCoupon(id: $id, input: $input) {
      ...AdminCouponFields
    }
  }
`);

export const DeactivateCouponMutation = graphql(`
  mutation DeactivateCoupon($id: Int!) {
    deactivateCoupon(id: $id) {
      ...AdminCouponFields
    }
  }
`);
