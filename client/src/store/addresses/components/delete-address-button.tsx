import { Button, IconButton, Text } from '@chakra-ui/react';
import { streetLine } from '@tienda/rules';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="¿Eliminar esta dirección?"
      onConfirm={() => void confirm()}
      busy={deleting}
      data-testid="address-delete-dialog"
      confirmTestId="address-delete-confirm"
      trigger={
        compact ? (
          <IconButton
            variant="ghost"
            colorPalette="red"
            aria-label={`Eliminar la dirección de ${streetLine(address)}`}
            data-testid="address-delete"
          >
            <LuTrash2 />
          </IconButton>
        ) : (
          <Button variant="ghost" colorPalette="red" size="sm" data-testid="address-delete">
            <LuTrash2 /> Eliminar
          </Button>
        )
      }
    >
      <Text>
        {streetLine(address)}, Col. {address.neighborhood}, C.P. {address.postalCode}. No podrás
        recuperarla.
      </Text>
    </ConfirmDialog>
  );
}
