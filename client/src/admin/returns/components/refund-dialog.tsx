import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { clabeProblem, formatMoney } from '@tienda/rules';
import { useId, useState, type FormEvent } from 'react';
import type { AdminReturnFieldsFragment } from '../../../gql/graphql';
import { CheckboxField } from '../../products/components/product-form/form-controls';

export interface RefundChoice {
  clabe: string | null;
  shopFault: boolean;
}

/**
 * 'Reembolsar': the CLABE for a transfer (checked with its digit before sending; left empty
 * for an order paid by Mercado Pago, refunded through it) and whether the shop was at fault
 * (then the shipping goes back too when the whole order is returned).
 */
export function RefundDialog({
  item,
  busy,
  onConfirm,
  onClose,
}: {
  item: AdminReturnFieldsFragment | null;
  busy: boolean;
  onConfirm: (choice: RefundChoice) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [clabe, setClabe] = useState('');
  const [byCard, setByCard] = useState(false);
  const [shopFault, setShopFault] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!byCard) {
      const problem = clabeProblem(clabe);
      if (problem) {
        setError(problem.message);
        return;
      }
    }
    onConfirm({ clabe: byCard ? null : clabe.replace(/\s+/g, ''), shopFault });
  };

  return (
    <Dialog.Root
      open={item !== null}
      onOpenChange={(d) => {
        if (!d.open && !busy) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="refund-dialog">
            <Dialog.Header>
              <Dialog.Title>Reembolsar la devolución #{item?.id}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={submit} noValidate>
                <Stack gap="4">
                  <Text>
                    Se reembolsan {item ? formatMoney(item.refundCents) : ''} de las piezas, lo que
                    se pagó por ellas.
                  </Text>
                  <CheckboxField checked={byCard} onChange={setByCard} testId="refund-by-card">
                    Pagado con Mercado Pago (se reembolsa por ahí)
                  </CheckboxField>
                  {byCard ? null : (
                    <Field.Root invalid={Boolean(error)}>
                      <Field.Label>CLABE para la transferencia</Field.Label>
                      <Input
                        value={clabe}
                        inputMode="numeric"
                        maxLength={22}
                        onChange={(e) => {
                          setClabe(e.target.value);
                          setError(undefined);
                        }}
                        data-testid="refund-clabe"
                      />
                      <Field.ErrorText>{error}</Field.ErrorText>
                    </Field.Root>
                  )}
                  <CheckboxField
                    checked={shopFault}
                    onChange={setShopFault}
                    testId="refund-shop-fault"
                  >
                    Falla de la tienda (si se devuelve todo el pedido, también el envío)
                  </CheckboxField>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  Cancelar
                </Button>
              </Dialog.ActionTrigger>
              <Button
                type="submit"
                form={formId}
                colorPalette="orange"
                loading={busy}
                data-testid="refund-submit"
              >
                Reembolsar
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
