import { Stack, Text } from '@chakra-ui/react';
import type { DeliveryAddressFieldsFragment } from '../../../gql/graphql';

/** Name, street and number, colonia, CP, city, state, references, phone. */
export function DeliveryAddress({ address }: { address: DeliveryAddressFieldsFragment }) {
  return (
    <Stack
      gap="0.5"
      fontSize="sm"
      color="gray.700"
      minW="0"
      overflowWrap="anywhere"
      data-testid="delivery-address"
      data-address-id={address.id}
    >
      <Text fontWeight="semibold" color="gray.900">
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
