import type { ApolloCache } from '@apollo/client';
import type { CartFieldsFragment } from '../../gql/graphql';
import { CartQuery } from './api';

/**
 * Every cart mutation answers with the whole cart: make it the `cart` query's answer, so the
 * badges and the cart page follow at once.
 */
export function writeCart(cache: ApolloCache, cart: CartFieldsFragment): void {
  cache.writeQuery({ query: CartQuery, data: { cart } });
}
