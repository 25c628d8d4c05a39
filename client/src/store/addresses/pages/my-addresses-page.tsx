import { Box, Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMapPin, LuPencil, LuPlus } from 'react-icons/lu';
import { notify } from '../../../shared/notifications/toaster';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { PageHeading } from '../../../shared/ui/page-heading';
import { AddressDetails } from '../components/address-details';
import { AddressFormDialog } from '../components/address-form-dialog';
import { AddressesGate } from '../components/addresses-gate';
import { DeleteAddressButton } from '../components/delete-address-button';
import { EDIT_NOT_AVAILABLE_MESSAGE, useAddresses } from '../use-addresses';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';

export const NO_ADDRESSES_MESSAGE = 'Aún no tienes direcciones guardadas';

/** /mis-direcciones */
export function MyAddressesPage() {
  useDocumentTitle('Mis direcciones');
  const { session, query, addAddress, deleteAddress } = useAddresses();
  const [formOpen, setFormOpen] = useState(false);
  const addresses = query.data?.addresses;

  const addButton = (
    <Button onClick={() => setFormOpen(true)} data-testid="address-add">
      <LuPlus /> Agregar dirección
    </Button>
  );

  return (
    <AddressesGate
      session={session}
      loading={query.loading && !addresses}
      failed={!addresses && query.error !== undefined}
      onRetry={() => void query.refetch()}
    >
      <Box data-testid="my-addresses-page">
        <HStack
          justify="space-between"
          align="start"
          wrap="wrap"
          gap="3"
          mb={{ base: '2', md: '0' }}
        >
          <PageHeading title="Mis direcciones" />
          {addresses && addresses.length > 0 ? addButton : null}
        </HStack>
        {!addresses || addresses.length === 0 ? (
          <EmptyMessage
            icon={<LuMapPin />}
            title={NO_ADDRESSES_MESSAGE}
            description="Agrega una dirección para recibir tus pedidos."
          >
            {addButton}
          </EmptyMessage>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {addresses.map((address) => (
              <Stack
                key={address.id}
                justify="space-between"
                gap="4"
                p="5"
                layerStyle="panel"
                rounded="xl"
                data-testid="address-card"
                data-address-id={address.id}
              >
                <AddressDetails address={address} />
                <HStack justify="end" gap="2">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => notify(EDIT_NOT_AVAILABLE_MESSAGE, { type: 'info' })}
                    data-testid="address-edit"
                  >
                    <LuPencil /> Editar
                  </Button>
                  <DeleteAddressButton address={address} onDelete={deleteAddress} />
                </HStack>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        <AddressFormDialog open={formOpen} onOpenChange={setFormOpen} addAddress={addAddress} />
      </Box>
    </AddressesGate>
  );
}
