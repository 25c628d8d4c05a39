import { Button, CloseButton, Dialog, IconButton, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import type { Address } from '../use-addresses';

export interface DeleteAddressButtonProps {
  address: Address;
  onDelete: (id: number) => Promise<boolean>;
  /** An icon only (beside a radio card) or a labelled button (address card). */
  compact?: boolean;
}

/** 'Eliminar' with a confirmation. */
export function DeleteAddressButton({ address, onDelete, compact }: DeleteAddressButtonProps) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    const deleted = await onDelete(address.id);
    setDeleting(false);
    if (deleted) setOpen(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      role="alertdialog"
      placement="center"
    >
      <Dialog.Trigger asChild>
        {compact ? (
          <IconButton
            variant="ghost"
            colorPalette="red"
            aria-label={`Eliminar la dirección de ${address.street} ${address.number}`}
            data-testid="address-delete"
          >
            <LuTrash2 />
          </IconButton>
        ) : (
          <Button variant="ghost" colorPalette="red" size="sm" data-testid="address-delete">
            <LuTrash2 /> Eliminar
          </Button>
        )}
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="address-delete-dialog">
            <Dialog.Header>
              <Dialog.Title>¿Eliminar esta dirección?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="gray.700">
                {address.street} {address.number}, Col. {address.neighborhood}, C.P.{' '}
                {address.postalCode}. No podrás recuperarla.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancelar</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                onClick={() => void confirm()}
                loading={deleting}
                data-testid="address-delete-confirm"
              >
                Eliminar
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
