import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** Asked to open (by `trigger`) or to close (Cancelar, Escape, the backdrop, ×). */
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. '¿Estás seguro de eliminar este producto?'. */
  title: ReactNode;
  /** What the action touches, under the question. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** The action is running: the confirm button spins and closing is refused. */
  busy?: boolean;
  /** The element that opens the dialog (focus returns to it when the dialog closes). */
  trigger?: ReactElement;
  'data-testid'?: string;
  confirmTestId?: string;
}

/** A destructive action's confirmation: the question, 'Cancelar' and a red confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel = 'Eliminar',
  cancelLabel = 'Cancelar',
  onConfirm,
  busy = false,
  trigger,
  confirmTestId,
  ...rest
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (details.open || !busy) onOpenChange(details.open);
      }}
      placement="center"
      size="sm"
    >
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid={rest['data-testid']}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children ? <Dialog.Body color="gray.700">{children}</Dialog.Body> : null}
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  {cancelLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={busy}
                onClick={onConfirm}
                data-testid={confirmTestId}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
