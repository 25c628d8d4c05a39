import { Button, CloseButton, Dialog, Portal, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import type { AdminProductFieldsFragment } from '../../../gql/graphql';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { ProductFormLookupsQuery } from '../api';
import { ProductForm } from './product-form/product-form';

export interface ProductFormDialogProps {
  open: boolean;
  /** The product to update; undefined for 'Agregar producto'. */
  product: AdminProductFieldsFragment | undefined;
  onClose: () => void;
}

/** The new-product and update-product popups (spec §2, §5, §8). */
export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const { data, error, refetch } = useQuery(ProductFormLookupsQuery, { skip: !open });
  // The dialog opens on its first field ('Tipo'), not on 'Cancelar': at once when the lists are
  // already here, else as soon as they arrive (unless the admin has moved on from 'Cancelar').
  const firstField = () =>
    document.querySelector<HTMLElement>(
      `form[id="${formId}"] :is(input, select, textarea):not([type="hidden"])`,
    );
  const formReady = open && !!data;
  useEffect(() => {
    if (!formReady) return undefined;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const field = firstField();
      if (!field || field.contains(active)) return;
      const content = field.closest('[role="dialog"]');
      const onCancel = active instanceof HTMLElement && active.dataset.dialogCancel !== undefined;
      if (!active || active === document.body || active === content || onCancel) field.focus();
    });
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form is drawn
  }, [formReady]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !saving) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      initialFocusEl={firstField}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="product-form-dialog">
            <Dialog.Header>
              <Dialog.Title>{product ? 'Actualizar producto' : 'Agregar producto'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {error && !data ? (
                <LoadErrorAlert
                  title="No se pudieron cargar los tipos, marcas y colores."
                  onRetry={() => void refetch().catch(() => undefined)}
                />
              ) : !data ? (
                <Stack gap="3" aria-busy="true">
                  <Skeleton h="10" />
                  <Skeleton h="24" />
                  <Skeleton h="10" />
                </Stack>
              ) : open ? (
                <ProductForm
                  key={product?.id ?? 'new'}
                  product={product}
                  lookups={data}
                  formId={formId}
                  onSavingChange={setSaving}
                  onSaved={onClose}
                />
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={saving} data-dialog-cancel="">
                  Cancelar
                </Button>
              </Dialog.ActionTrigger>
              <Button
                type="submit"
                form={formId}
                colorPalette="orange"
                loading={saving}
                disabled={!data}
                data-testid="product-form-submit"
              >
                {product ? 'Actualizar' : 'Crear producto'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
