import { Box, Button, HStack, RadioCard, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowRight, LuMapPin, LuPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../shared/notifications/toaster';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { PageHeading } from '../../../shared/ui/page-heading';
import { AddressDetails } from '../components/address-details';
import { AddressFormDialog } from '../components/address-form-dialog';
import { AddressesGate } from '../components/addresses-gate';
import { DeleteAddressButton } from '../components/delete-address-button';
import { useAddresses } from '../use-addresses';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';

export const CHOOSE_ADDRESS_MESSAGE = 'Debes seleccionar una dirección';

/**
 * The address the order goes to: the shopper's choice while it exists (a deleted choice is no
 * choice), else the only saved address, preselected (one address leaves nothing to choose).
 */
export function effectiveChoice(
  chosen: string | null,
  addresses: readonly { id: number }[] | undefined,
): string | null {
  if (!addresses) return null;
  if (chosen !== null && addresses.some((address) => String(address.id) === chosen)) return chosen;
  const [only, ...others] = addresses;
  return only && others.length === 0 ? String(only.id) : null;
}

/** /elegir-direccion: choose where the order goes (or add an address), then the summary. */
export function ChooseAddressPage() {
  useDocumentTitle('Elegir dirección');
  const navigate = useNavigate();
  const { session, query, addAddress, deleteAddress } = useAddresses();
  const [formOpen, setFormOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const addresses = query.data?.addresses;
  const chosenId = effectiveChoice(chosen, addresses);

  const proceed = () => {
    if (chosenId === null) {
      notify(CHOOSE_ADDRESS_MESSAGE, { type: 'warning' });
      return;
    }
    void navigate(`/completar-compra?direccion=${chosenId}`);
  };

  return (
    <AddressesGate
      session={session}
      loading={query.loading && !addresses}
      failed={!addresses && query.error !== undefined}
      onRetry={() => void query.refetch()}
    >
      <Box maxW="3xl" data-testid="choose-address-page">
        <PageHeading
          title="Elige la dirección de entrega"
          subtitle="¿A dónde enviamos tu pedido?"
        />
        <Stack gap="5">
          {!addresses || addresses.length === 0 ? (
            <EmptyMessage
              icon={<LuMapPin />}
              title="Aún no tienes direcciones guardadas"
              description="Agrega la dirección donde quieres recibir tu pedido."
            />
          ) : (
            <RadioCard.Root
              value={chosenId}
              onValueChange={(details) => setChosen(details.value)}
              colorPalette="orange"
              variant="outline"
            >
              <RadioCard.Label srOnly>Dirección de entrega</RadioCard.Label>
              <Stack gap="3">
                {addresses.map((address) => (
                  <HStack key={address.id} align="stretch" gap="2">
                    <RadioCard.Item
                      value={String(address.id)}
                      flex="1"
                      minW="0"
                      bg="white"
                      data-testid="address-option"
                      data-address-id={address.id}
                    >
                      <RadioCard.ItemHiddenInput />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent>
                          <AddressDetails address={address} />
                        </RadioCard.ItemContent>
                        <RadioCard.ItemIndicator />
                      </RadioCard.ItemControl>
                    </RadioCard.Item>
                    <DeleteAddressButton address={address} onDelete={deleteAddress} compact />
                  </HStack>
                ))}
              </Stack>
            </RadioCard.Root>
          )}

          <HStack justify="space-between" gap="3" wrap="wrap">
            <Button variant="outline" onClick={() => setFormOpen(true)} data-testid="address-add">
              <LuPlus /> Agregar dirección
            </Button>
            <Button size="lg" onClick={proceed} data-testid="address-continue">
              Continuar <LuArrowRight />
            </Button>
          </HStack>
        </Stack>
        <AddressFormDialog
          open={formOpen}
          onOpenChange={setFormOpen}
          addAddress={addAddress}
          onAdded={(address) => setChosen(String(address.id))}
        />
      </Box>
    </AddressesGate>
  );
}
