import { graphql } from '../../gql';

/** Every field of the Ajustes screen. */
export const AdminShopSettingsFragment = graphql(`
  fragment AdminShopSettingsFields on AdminShopSettings {
    name
    legalName
    address
    phone
    email
    bank
    holder
    account
    clabe
    card
    proofPhone
    whatsappUrl
    facebookUrl
    trustUrl
    carrier
    trackingUrl
    globalInvoicePeriodicity
    ordersEmails
  }
`);

export const AdminShopSettingsQuery = graphql(`
  query AdminShopSettings {
    adminShopSettings {
      ...AdminShopSettingsFields
    }
  }
`);

export const UpdateShopSettingsMutation = graphql(`
  mutation UpdateShopSettings($input: ShopSettingsInput!) {
    updateShopSettings(input: $input) {
      ...AdminShopSettingsFields
    }
  }
`);
