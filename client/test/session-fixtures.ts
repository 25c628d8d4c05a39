/** The signed-in customer the client's tests use (the `SessionUserFields` the server answers). */
import type { SessionUserFieldsFragment } from '../src/gql/graphql';

/** Ana López, a customer with a password; `overrides` for the id or anything a test varies. */
export function anaLopez(
  overrides: Partial<SessionUserFieldsFragment> = {},
): SessionUserFieldsFragment {
  return {
    __typename: 'User',
    id: 12,
    name: 'Ana López',
    email: 'ana@example.com',
    role: 'user',
    phone: '5512345678',
    googleId: null,
    pictureUrl: null,
    ...overrides,
  };
}
