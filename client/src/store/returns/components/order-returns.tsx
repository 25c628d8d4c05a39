import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  messagesByField,
  RETURN_MESSAGES,
  returnRequestProblems,
  type ReturnStatus,
} from '@tienda/rules';
import { useId, useState, type FormEvent } from 'react';
import { LuUndo2 } from 'react-icons/lu';
import type { OrderReturnsQuery as OrderReturnsData } from '../../../gql/graphql';
import { actionFailureMessage } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { OrderReturnsQuery, RequestReturnMutation } from '../api';
import { chosenLines, RETURN_STATUS_WORDS, type ReturnLineValues } from '../return-form';

type Data = OrderReturnsData;

/**
 * 'Devolver o cambiar' on a delivered order in 'Mis pedidos': its returns and their state, the
 * button while the five business days last, and why not once they passed.
 */
export function OrderReturns({ orderId }: { orderId: number }) {
  const { data } = useQuery(OrderReturnsQuery, { variables: { orderId } });
  const [open, setOpen] = useState(false);
  if (!data) return null;
  const info = data.orderReturns;
  return (
    <Stack gap="2" data-testid="order-returns">
      {info.returns.map((r) => (
        <Box
          key={r.id}
          bg="gray.50"
          rounded="lg"
          px="3"
          py="2"
          fontSize="sm"
          data-testid="order-return"
          data-status={r.status}
        >
          <Text fontWeight="semibold">
            Devolución #{r.id}: {RETURN_STATUS_WORDS[r.status as ReturnStatus]}
          </Text>
          {r.lines.map((l) => (
            <Text key={l.orderLineId}>
              {l.quantity} × {l.productName} (talla {l.size})
              {l.newSize ? `, cambio por talla ${l.newSize}` : ''}
            </Text>
          ))}
        </Box>
      ))}
      {info.canReturn ? (
        <>
          {info.deadline ? (
            <Text fontSize="sm" color="gray.700">
              {RETURN_MESSAGES.windowOpen(new Date(info.deadline))}
            </Text>
          ) : null}
          <Button
            variant="outline"
            alignSelf={{ base: 'stretch', sm: 'start' }}
            onClick={() => setOpen(true)}
            data-testid="return-open"
          >
            <LuUndo2 /> Devolver o cambiar
          </Button>
          <ReturnDialog data={data} open={open} onClose={() => setOpen(false)} />
        </>
      ) : info.closedReason && info.deadline ? (
        <Text fontSize="sm" color="gray.700" data-testid="return-closed">
          {info.closedReason}
        </Text>
      ) : null}
    </Stack>
  );
}

function ReturnDialog({ data, open, onClose }: { data: Data; open: boolean; onClose: () => void }) {
  const formId = useId();
  const orderId = data.orderReturns.orderId;
  const lines = (data.order?.lines ?? []).filter((l) => l.productId !== null);
  const returned = new Map<string, number>();
  for (const r of data.orderReturns.returns) {
    if (r.status === 'REJECTED') continue;
    for (const l of r.lines) {
      const key = `${l.productName}\u0000${l.size}`;
      returned.set(key, (returned.get(key) ?? 0) + l.quantity);
    }
  }
  const initial = (): ReturnLineValues[] =>
    lines.map((l) => ({
      productId: l.productId!,
      size: l.size,
      quantity: 0,
      reason: '',
      newSize: '',
    }));
  const [values, setValues] = useState<ReturnLineValues[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [request, { loading }] = useMutation(RequestReturnMutation, {
    refetchQueries: ['OrderReturns'],
    awaitRefetchQueries: true,
  });

  const set = (i: number, patch: Partial<ReturnLineValues>) =>
    setValues((current) => current.map((v, j) => (j === i ? { ...v, ...patch } : v)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = chosenLines(values);
    const problems = returnRequestProblems(
      chosen,
      lines.map((l) => ({
        productId: l.productId!,
        size: l.size,
        bought: l.quantity,
        alreadyReturned: returned.get(`${l.productName}\u0000${l.size}`) ?? 0,
        productSizes: l.product?.sizes.map((s) => s.size) ?? [],
      })),
    );
    // Problems name the chosen lines; show them under the line of the dialog they belong to.
    const indexOf = values.flatMap((v, i) => (v.quantity > 0 ? [i] : []));
    const byField: Record<string, string> = {};
    for (const [field, message] of Object.entries(messagesByField(problems))) {
      const m = /^lines\.(\d+)\.(\w+)$/.exec(field);
      byField[m ? `${indexOf[Number(m[1])]}.${m[2]}` : field] = message!;
    }
    setErrors(byField);
    if (problems.length > 0) return;
    try {
      await request({ variables: { orderId, lines: chosen } });
      notify('Solicitud enviada. Te escribiremos cuando la recibamos.', { type: 'success' });
      setValues(initial());
      onClose();
    } catch (error) {
      setErrors({ form: actionFailureMessage(error, 'No se pudo enviar la solicitud.') });
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open && !loading) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="return-dialog">
            <Dialog.Header>
              <Dialog.Title>Devolver o cambiar · Pedido #{orderId}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
                <Stack gap="5">
                  <Text fontSize="sm" color="gray.700">
                    Elige cuántas piezas devuelves de cada producto y por qué. Para cambiar de
                    talla, elige la nueva: la apartamos desde ahora.
                  </Text>
                  {lines.map((l, i) => {
                    const left =
                      l.quantity - (returned.get(`${l.productName}\u0000${l.size}`) ?? 0);
                    const sizes = (l.product?.sizes ?? []).filter((s) => s.size !== l.size);
                    return (
                      <Stack
                        key={`${l.productId}-${l.size}`}
                        gap="3"
                        borderWidth="1px"
                        rounded="lg"
                        p="3"
                        data-testid="return-line"
                      >
                        <Text fontWeight="semibold">
                          {l.productName} · talla {l.size}
                        </Text>
                        <Field.Root invalid={Boolean(errors[`${i}.quantity`])}>
                          <Field.Label>Piezas a devolver o cambiar</Field.Label>
                          <NativeSelect.Root>
                            <NativeSelect.Field
                              value={String(values[i]?.quantity ?? 0)}
                              onChange={(e) => set(i, { quantity: Number(e.target.value) })}
                              data-testid="return-quantity"
                            >
                              {Array.from({ length: Math.max(0, left) + 1 }, (_, q) => (
                                <option key={q} value={q}>
                                  {q === 0 ? 'Ninguna' : q}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                          <Field.ErrorText>{errors[`${i}.quantity`]}</Field.ErrorText>
                        </Field.Root>
                        {values[i]?.quantity ? (
                          <>
                            <Field.Root invalid={Boolean(errors[`${i}.reason`])}>
                              <Field.Label>Motivo</Field.Label>
                              <Input
                                value={values[i]?.reason ?? ''}
                                onChange={(e) => set(i, { reason: e.target.value })}
                                maxLength={500}
                                data-testid="return-reason"
                              />
                              <Field.ErrorText>{errors[`${i}.reason`]}</Field.ErrorText>
                            </Field.Root>
                            <Field.Root invalid={Boolean(errors[`${i}.newSize`])}>
                              <Field.Label>¿Cambiar por otra talla?</Field.Label>
                              <NativeSelect.Root>
                                <NativeSelect.Field
                                  value={values[i]?.newSize ?? ''}
                                  onChange={(e) => set(i, { newSize: e.target.value })}
                                  data-testid="return-new-size"
                                >
                                  <option value="">No, quiero el reembolso</option>
                                  {sizes.map((s) => (
                                    <option key={s.size} value={s.size} disabled={s.stock === 0}>
                                      Talla {s.size}
                                      {s.stock === 0 ? ' (agotada)' : ''}
                                    </option>
                                  ))}
                                </NativeSelect.Field>
                                <NativeSelect.Indicator />
                              </NativeSelect.Root>
                              <Field.ErrorText>{errors[`${i}.newSize`]}</Field.ErrorText>
                            </Field.Root>
                          </>
                        ) : null}
                      </Stack>
                    );
                  })}
                  {errors.lines || errors.form ? (
                    <Text color="red.700" role="alert" data-testid="return-error">
                      {errors.lines ?? errors.form}
                    </Text>
                  ) : null}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={loading}>
                  Cancelar
                </Button>
              </Dialog.ActionTrigger>
              <Button
                type="submit"
                form={formId}
                colorPalette="orange"
                loading={loading}
                data-testid="return-submit"
              >
                Enviar solicitud
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={loading} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
