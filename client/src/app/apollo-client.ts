import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'include' }),
    cache: new InMemoryCache({
      typePolicies: {
        // Types, brands and colours are separate tables sharing the `Lookup` type, so their ids
        // collide: keep each one inside its parent instead of normalising it by id.
        Lookup: { keyFields: false },
        // Value objects without an id: store them inside their parent.
        // Several queries read different fields of the settings: merge them, don't replace.
        ShopSettings: { keyFields: false, merge: true },
        ProductPage: { keyFields: false },
        UserPage: { keyFields: false },
        OrderPage: { keyFields: false },
        ProductFacets: { keyFields: false },
        SizeStock: { keyFields: false },
        FacetOption: { keyFields: false },
        // One cart per signed-in shopper: the query and every cart mutation write the same object.
        Cart: { keyFields: [] },
        CartNotice: { keyFields: false },
      },
    }),
  });
}
