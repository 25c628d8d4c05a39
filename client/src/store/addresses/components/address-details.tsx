import { Stack, Text } from '@chakra-ui/react';
import type { Address } from '../use-addresses';

/** Name, street and number, colonia, CP, city, state, references, phone. */
export function AddressDetails({ address }: { address: Address }) {
  return (
    <Stack gap="0.5" fontSize="sm" color="gray.700" minW="0" overflowWrap="anywhere">
      <Text fontWeight="semibold" fontSize="md" color="gray.900" data-testid="address-name">
        {address.firstName} {address.lastName}
      </Text>
      <Text>
        {address.street} {address.number}, Col. {address.neighborhood}
      </Text>
      <Text>
        C.P. {address.postalCode}, {address.city}, {address.state}
      </Text>
      <Text color="gray.600">Referencias: {address.references}</Text>
      <Text color="gray.600">Tel. {address.phone}</Text>
    </Stack>
  );
}
