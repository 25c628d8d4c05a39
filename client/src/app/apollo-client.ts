import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { sessionEndedLink } from '../shared/session/session-ended';
import {
  type FirstScreenData,
  readFirstScreenData,
  restoreFirstScreenData,
} from './first-screen-data';

/**
 * The app's client. Its cache starts with the answers the server put in the page (the first
 * screen's data, first-screen-data.ts), so the first screen renders without asking `/graphql`.
 */
export function createApolloClient(
  firstScreen: FirstScreenData | undefined = readFirstScreenData(),
  // The server's first screen (first-screen-render.tsx) passes a link of its own: it renders from
  // the answers alone.
  link: ApolloLink = ApolloLink.from([
    // A session that ended on the server is forgotten (session-ended.ts).
    sessionEndedLink(),
    new HttpLink({ uri: '/graphql', credentials: 'include' }),
  ]),
): ApolloClient {
  const client = new ApolloClient({
    link,
    cache: new InMemoryCache({
      // Types, brands and colours are three tables whose ids overlap: each has its own typename
      // (ProductType:3 is not Brand:3), so they normalise by id, and an admin edit answered by
      // a mutation updates every list and product that shows the item. `Lookup` is their
      // interface, for fragments on it.
      possibleTypes: { Lookup: ['ProductType', 'Brand', 'Color'] },
      typePolicies: {
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
  restoreFirstScreenData(client, firstScreen);
  return client;
}
