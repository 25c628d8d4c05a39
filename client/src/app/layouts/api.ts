import { graphql } from '../../gql';

export const ShopSettingsQuery = graphql(`
  query ShopSettings {
    shopSettings {
      whatsappUrl
      facebookUrl
      trustUrl
    }
  }
`);
