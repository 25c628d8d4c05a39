import { PostalAddress } from '../../../shared/addresses/postal-address';
import type { Address } from '../use-addresses';

/** An address of the book: name (larger), street and number, colonia, CP, city, state, references, phone. */
export function AddressDetails({ address }: { address: Address }) {
  return <PostalAddress address={address} nameFontSize="md" nameTestId="address-name" />;
}
