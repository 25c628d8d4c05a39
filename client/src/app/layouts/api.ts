import { graphql } from '../../gql';

export const ShopSettingsQuery = graphql(`
  query ShopSettings {
    shopSettings {
      name
      legalName
      address
      phone
      email
      whatsappUrl
      facebookUrl
      trustUrl
    }
  }
`);
