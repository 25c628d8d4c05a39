import type { PostalAddressFieldsFragment } from '../../../gql/graphql';
import { PostalAddress } from '../../../shared/addresses/postal-address';

/** Where the order goes: name, street and number, colonia, CP, city, state, references, phone. */
export function DeliveryAddress({ address }: { address: PostalAddressFieldsFragment }) {
  return (
    <PostalAddress address={address} data-testid="delivery-address" data-address-id={address.id} />
  );
}
