import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatMoney, type ReturnStatus } from '@tienda/rules';
import { useState } from 'react';
import { LuCheck, LuPackageOpen, LuUndo2, LuX } from 'react-icons/lu';
import type { AdminReturnFieldsFragment, ReturnUpdateInput } from '../../../gql/graphql';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { notify } from '../../../shared/notifications/toaster';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { AdminListPage } from '../../shared/admin-list-page';
import { useAdminListParams } from '../../shared/use-list-params';
import { AdminReturnsQuery, UpdateReturnMutation } from '../api';
import { RefundDialog, type RefundChoice } from '../components/refund-dialog';
import { RETURN_PALETTE, RETURN_SCREEN_MESSAGES, returnStatusText } from '../return-words';

type Return = AdminReturnFieldsFragment;

function StatusBadge({ item }: { item: Return }) {
  const status = item.status as ReturnStatus;
  return (
    <Badge colorPalette={RETURN_PALETTE[status]} variant="subtle" data-testid="return-status">
      {returnStatusText(status)}
    </Badge>
  );
}

function Lines({ item }: { item: Return }) {
  return (
    <Stack gap="0.5" fontSize="sm">
      {item.lines.map((l) => (
        <Text key={l.orderLineId}>
          {l.quantity} × {l.productName} (talla {l.size}){l.newSize ? ` → talla ${l.newSize}` : ''}
          <Text as="span" color="gray.600">
            {' '}
            · {l.reason}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function Refund({ item }: { item: Return }) {
  return (
    <Stack gap="0" fontSize="sm">
      <Text fontWeight="semibold" data-testid="return-refund">
        {formatMoney(item.refundCents)}
      </Text>
      {item.refundMethod ? (
        <Text color="gray.600">
          {item.refundMethod === 'MERCADOPAGO' ? 'Mercado Pago' : `CLABE ${item.clabe ?? ''}`}
        </Text>
      ) : null}
      {item.exchangeOrderId ? (
        <Text color="gray.600">Cambio enviado: pedido #{item.exchangeOrderId}</Text>
      ) : null}
    </Stack>
  );
}

interface ActionsProps {
  item: Return;
  busy: boolean;
  onChange: (item: Return, input: ReturnUpdateInput) => void;
  onRefund: (item: Return) => void;
}

function Actions({ item, busy, onChange, onRefund }: ActionsProps) {
  if (item.status === 'REQUESTED') {
    return (
      <HStack gap="2" wrap="wrap">
        <Button
          size="xs"
          variant="outline"
          disabled={busy}
          onClick={() => onChange(item, { status: 'RECEIVED' })}
          aria-label={`Marcar recibida la devolución ${item.id}`}
          data-testid="return-receive"
        >
          <LuCheck /> Recibida
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          disabled={busy}
          onClick={() => onChange(item, { status: 'REJECTED' })}
          aria-label={`Rechazar la devolución ${item.id}`}
          data-testid="return-reject"
        >
          <LuX /> Rechazar
        </Button>
      </HStack>
    );
  }
  if (item.status === 'RECEIVED' && item.lines.some((l) => !l.newSize)) {
    return (
      <Button
        size="xs"
        variant="outline"
        colorPalette="orange"
        disabled={busy}
        onClick={() => onRefund(item)}
        aria-label={`Reembolsar la devolución ${item.id}`}
        data-testid="return-refund-open"
      >
        <LuUndo2 /> Reembolsar
      </Button>
    );
  }
  return null;
}

/** /admin/devoluciones: returns and exchanges, newest first; receive, refund, reject. */
export function AdminReturnsPage() {
  useDocumentTitle('Devoluciones · Administración');
  const place = useAdminListParams();
  const query = useQuery(AdminReturnsQuery, { variables: { ...place.window } });
  const [update, { loading }] = useMutation(UpdateReturnMutation);
  const [refunding, setRefunding] = useState<Return | null>(null);

  const change = async (item: Return, input: ReturnUpdateInput) => {
    try {
      await update({ variables: { id: item.id, input } });
      notify(
        input.status === 'RECEIVED'
          ? RETURN_SCREEN_MESSAGES.received
          : input.status === 'REFUNDED'
            ? RETURN_SCREEN_MESSAGES.refunded
            : RETURN_SCREEN_MESSAGES.rejected,
        { type: 'success' },
      );
      setRefunding(null);
    } catch (error) {
      const problem = serverProblemOf(error);
      notify(problem?.code ? problem.message : RETURN_SCREEN_MESSAGES.failed, { type: 'error' });
    }
  };

  const actions = (item: Return) => (
    <Actions
      item={item}
      busy={loading}
      onChange={(i, input) => void change(i, input)}
      onRefund={setRefunding}
    />
  );

  return (
    <>
      <AdminListPage
        name="returns"
        item="return"
        title="Devoluciones"
        description="Devoluciones y cambios de talla que piden los clientes."
        noun={{ one: 'devolución', many: 'devoluciones' }}
        query={query}
        list={(data) => data.returns}
        place={place}
        cardsBelow="lg"
        card={(item) => (
          <>
            <HStack justify="space-between" align="start" gap="3">
              <Text fontWeight="semibold">Pedido #{item.orderId}</Text>
              <StatusBadge item={item} />
            </HStack>
            <Box mt="2">
              <Lines item={item} />
            </Box>
            <Box mt="2">
              <Refund item={item} />
            </Box>
            <Box mt="3">{actions(item)}</Box>
          </>
        )}
        idColumn={{ header: 'ID', w: '16' }}
        columns={[
          { header: 'Pedido', w: '24', cell: (item) => <Text>#{item.orderId}</Text> },
          { header: 'Piezas y motivo', cell: (item) => <Lines item={item} /> },
          { header: 'Reembolso', w: '44', cell: (item) => <Refund item={item} /> },
          { header: 'Estado', w: '28', cell: (item) => <StatusBadge item={item} /> },
          { header: 'Acciones', w: '56', cell: actions },
        ]}
        emptyList={<EmptyMessage title={RETURN_SCREEN_MESSAGES.empty} icon={<LuPackageOpen />} />}
      />
      <RefundDialog
        key={refunding?.id ?? 'none'}
        item={refunding}
        busy={loading}
        onClose={() => setRefunding(null)}
        onConfirm={(choice: RefundChoice) =>
          refunding &&
          void change(refunding, {
            status: 'REFUNDED',
            clabe: choice.clabe,
            shopFault: choice.shopFault,
          })
        }
      />
    </>
  );
}
