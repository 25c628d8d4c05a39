import { useMutation } from '@apollo/client/react';
import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import {
  clabeProblem,
  formatMoney,
  ORDER_REFUND_MESSAGES,
  ORDER_REFUND_STATUS_LABELS,
} from '@tienda/rules';
import { type FormEvent, useId, useState } from 'react';
import type {
  AdminOrderRefundFieldsFragment,
  MarkOrderRefundedMutation as MarkOrderRefundedMutationType,
  MarkOrderRefundedMutationVariables,
} from '../../../gql/graphql';
import { actionFailureMessage } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { MarkOrderRefundedMutation } from '../api';
import { formatOrderDate, ORDER_REFUND_EDIT_MESSAGES } from '../orders-format';

/**
 * After 'Marcar reembolsado': the order's refund becomes the answer (an OrderRefund has no id of
 * its own to normalise), so the edit and the list's row show it without reading again.
 */
export const showMarkedRefund: NonNullable<
  useMutation.Options<MarkOrderRefundedMutationType, MarkOrderRefundedMutationVariables>['update']
> = (cache, { data }) => {
  const marked = data?.markOrderRefunded;
  if (!marked) return;
  cache.modify({
    id: cache.identify({ __typename: 'Order', id: marked.orderId }),
    fields: { refund: () => marked },
  });
};

/**
 * The transfer refund of an order 'Cancelado con reembolso' in the admin's edit: while pending,
 * the customer's CLABE (checked by @tienda/rules' `clabeProblem`, as the server does) and
 * 'Marcar reembolsado'; once sent, when, to which CLABE and by whom.
 */
export function OrderRefundSection({ refund }: { refund: AdminOrderRefundFieldsFragment }) {
  const id = useId();
  const [clabe, setClabe] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mark, { loading }] = useMutation(MarkOrderRefundedMutation, {
    update: showMarkedRefund,
  });
  const amount = formatMoney(refund.amountCents);
  const pending = refund.status === 'PENDING';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const problem = clabeProblem(clabe);
    setError(problem?.message ?? null);
    if (problem) return;
    try {
      await mark({ variables: { orderId: refund.orderId, clabe } });
      notify(ORDER_REFUND_EDIT_MESSAGES.marked, { type: 'success' });
    } catch (failure) {
      setError(actionFailureMessage(failure, ORDER_REFUND_EDIT_MESSAGES.markFailed));
    }
  };

  return (
    <Stack
      as="section"
      aria-labelledby={`${id}-title`}
      gap="2"
      bg={pending ? 'orange.50' : 'green.50'}
      rounded="md"
      px="3"
      py="3"
      data-testid="order-refund"
    >
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text as="h3" id={`${id}-title`} fontWeight="semibold">
          Reembolso por transferencia
        </Text>
        <Badge
          colorPalette={pending ? 'orange' : 'green'}
          variant="solid"
          data-testid="order-refund-status"
        >
          {ORDER_REFUND_STATUS_LABELS[refund.status]}
        </Badge>
      </HStack>
      {pending ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="3">
            <Text fontSize="sm">{ORDER_REFUND_MESSAGES.pendingForAdmin(amount)}</Text>
            <Field.Root invalid={error !== null} required>
              <Field.Label>
                {ORDER_REFUND_EDIT_MESSAGES.clabeLabel}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={clabe}
                onChange={(event) => setClabe(event.target.value)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={24}
                bg="white"
                placeholder="18 dígitos"
                data-testid="order-refund-clabe"
              />
              {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
            </Field.Root>
            <HStack justify="end">
              <Button
                type="submit"
                size="sm"
                colorPalette="green"
                loading={loading}
                data-testid="order-refund-mark"
              >
                {ORDER_REFUND_EDIT_MESSAGES.markButton}
              </Button>
            </HStack>
          </Stack>
        </form>
      ) : (
        <Text fontSize="sm" data-testid="order-refund-done">
          {amount} enviado a la CLABE {refund.clabe}
          {refund.refundedAt ? ` el ${formatOrderDate(refund.refundedAt)}` : ''}
          {refund.refundedByEmail ? ` por ${refund.refundedByEmail}` : ''}.
        </Text>
      )}
    </Stack>
  );
}
