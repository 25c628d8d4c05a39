import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Separator,
  Skeleton,
  Stack,
  Link,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ADMIN_STATUS_NAMES, clabeProblem, formatMoney, orderStatusLabel } from '@tienda/rules';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { OrderStatus } from '../../../gql/graphql';
import { PostalAddress } from '../../../shared/addresses/postal-address';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { LineItem } from '../../../shared/ui/line-product';
import { OrderAdjustments } from '../../../shared/orders/order-adjustments';
import { AdminOrderDetailsQuery, MarkOrderRefundedMutation, UpdateOrderMutation } from '../api';
import { ORDER_EDIT_MESSAGES, ORDER_REFUND_EDIT_MESSAGES } from '../orders-format';
import { OrderRefundSection, showMarkedRefund } from './order-refund';
import { OrderEmailsSection } from './order-emails';

interface OrderDialogProps {
  /** The order shown; null: closed. */
  orderId: number | null;
  onClose: () => void;
}

function OrderDialog({
  open,
  title,
  onClose,
  children,
  footer,
  testId,
  size = 'md',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Default: a 'Cerrar' button; null: none. */
  footer?: ReactNode | null;
  testId: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {/* null: the body has its own buttons (the edit form). */}
            {footer === null ? null : (
              <Dialog.Footer>
                {footer ?? (
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Cerrar</Button>
                  </Dialog.ActionTrigger>
                )}
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The order for a popup, read when it opens (fresh: the admin may have just changed it). */
function useOrderDetails(orderId: number | null) {
  return useQuery(AdminOrderDetailsQuery, {
    variables: { id: orderId ?? 0 },
    skip: orderId === null,
    fetchPolicy: 'cache-and-network',
  });
}

function LoadFailed() {
  return (
    <Alert.Root status="error" data-testid="order-load-error">
      <Alert.Indicator />
      <Alert.Title>{ORDER_EDIT_MESSAGES.loadFailed}</Alert.Title>
    </Alert.Root>
  );
}

/** The address the order goes to (kept even when the customer deleted it later). */
export function AddressDialog({ orderId, onClose }: OrderDialogProps) {
  const { data, error } = useOrderDetails(orderId);
  const order = data?.order.id === orderId ? data.order : undefined;
  const address = order?.address;
  return (
    <OrderDialog
      open={orderId !== null}
      title={`Dirección del pedido #${orderId ?? ''}`}
      onClose={onClose}
      testId="order-address-dialog"
    >
      {error && !order ? (
        <LoadFailed />
      ) : !order ? (
        <Skeleton h="32" rounded="md" />
      ) : !address ? (
        <Text color="gray.600">Este pedido no tiene dirección.</Text>
      ) : (
        <PostalAddress address={address} look="admin" data-testid="order-address" />
      )}
    </OrderDialog>
  );
}

/** What the admin reads of a CFDI's state. */
const INVOICE_STATES: Record<string, string> = {
  STAMPING: 'timbrando',
  VALID: 'vigente',
  CANCELLING: 'cancelación pedida al SAT',
  CANCELLED: 'cancelada',
  SKIPPED: 'no emitida',
};

interface CfdiView {
  id: number;
  kind: string;
  status: string;
  uuid?: string | null;
  totalCents?: number | null;
  returnId?: number | null;
  cancelMotive?: string | null;
  cancelError?: string | null;
  skipReason?: string | null;
  substitutedByUuid?: string | null;
  relatedUuid?: string | null;
  pdfUrl?: string | null;
  xmlUrl?: string | null;
}

/**
 * One CFDI of the order: the invoice (ingreso) or a return's credit note (egreso), its state,
 * folio fiscal, the cancellation's motive (01 names its substitute) or the PAC's refusal, why a
 * credit note was not stamped, and its files.
 */
function InvoiceState({ invoice }: { invoice: CfdiView }) {
  const creditNote = invoice.kind === 'EGRESO';
  return (
    <Stack
      gap="0.5"
      fontSize="sm"
      bg={invoice.status === 'SKIPPED' ? 'orange.50' : 'gray.50'}
      rounded="md"
      px="3"
      py="2"
      data-testid="order-invoice-state"
      data-kind={invoice.kind}
    >
      <Text>
        <b>
          {creditNote
            ? `Nota de crédito (CFDI de egreso)${invoice.returnId ? ` de la devolución #${invoice.returnId}` : ''}:`
            : 'Factura (CFDI):'}
        </b>{' '}
        {INVOICE_STATES[invoice.status] ?? invoice.status}
        {invoice.cancelMotive ? ` (motivo ${invoice.cancelMotive})` : ''}
        {creditNote && invoice.totalCents != null ? `, ${formatMoney(invoice.totalCents)}` : ''}
        {invoice.pdfUrl ? (
          <>
            {' · '}
            <Link href={invoice.pdfUrl} download textDecoration="underline">
              PDF
            </Link>
          </>
        ) : null}
        {invoice.xmlUrl ? (
          <>
            {' · '}
            <Link href={invoice.xmlUrl} download textDecoration="underline">
              XML
            </Link>
          </>
        ) : null}
      </Text>
      {invoice.uuid ? (
        <Text color="gray.700" overflowWrap="anywhere">
          Folio fiscal: {invoice.uuid}
        </Text>
      ) : null}
      {invoice.substitutedByUuid ? (
        <Text color="gray.700" overflowWrap="anywhere">
          Sustituida por la factura con folio {invoice.substitutedByUuid}
        </Text>
      ) : !creditNote && invoice.relatedUuid ? (
        <Text color="gray.700" overflowWrap="anywhere">
          Sustituye a la factura con folio {invoice.relatedUuid}
        </Text>
      ) : null}
      {invoice.skipReason ? <Text color="orange.900">{invoice.skipReason}</Text> : null}
      {invoice.cancelError ? (
        <Text color="red.700">El PAC no pudo cancelarla: {invoice.cancelError}</Text>
      ) : null}
    </Stack>
  );
}

/** Every CFDI of the order, oldest first (the admin sees each one's state). */
function OrderCfdis({ cfdis }: { cfdis: readonly CfdiView[] }) {
  return (
    <Stack gap="1.5" data-testid="order-cfdis">
      {cfdis.map((c) => (
        <InvoiceState key={c.id} invoice={c} />
      ))}
    </Stack>
  );
}

/** The products as bought: photo, name, size, quantity and the unit price paid. */
export function ProductsDialog({ orderId, onClose }: OrderDialogProps) {
  const { data, error } = useOrderDetails(orderId);
  const order = data?.order.id === orderId ? data.order : undefined;
  return (
    <OrderDialog
      open={orderId !== null}
      title={`Productos del pedido #${orderId ?? ''}`}
      onClose={onClose}
      testId="order-products-dialog"
      size="lg"
    >
      {error && !order ? (
        <LoadFailed />
      ) : !order ? (
        <Skeleton h="40" rounded="md" />
      ) : (
        <Stack gap="3">
          <Stack as="ul" gap="3" listStyleType="none" data-testid="order-products">
            {order.lines.map((line, index) => (
              <LineItem
                key={`${line.productId ?? 'x'}-${line.size}-${index}`}
                line={line}
                gap="3"
                align="center"
                data-testid="order-product"
                photo={{
                  src: line.product?.images[0]?.url,
                  alt: line.productName,
                  w: '16',
                  rounded: 'md',
                  sizes: '64px',
                }}
                amount={
                  <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" flexShrink={0}>
                    {formatMoney(line.unitPriceCents)}
                  </Text>
                }
              >
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {line.productName}
                </Text>
                <Text fontSize="sm" color="gray.700">
                  Talla {line.size} · Cantidad {line.quantity}
                </Text>
              </LineItem>
            ))}
          </Stack>
          <Separator />
          <Stack as="dl" gap="1" fontSize="sm" data-testid="order-products-totals">
            <HStack justify="space-between" gap="3">
              <Text as="dt" color="gray.700">
                Subtotal
              </Text>
              <Text as="dd" fontVariantNumeric="tabular-nums">
                {formatMoney(order.subtotalCents)}
              </Text>
            </HStack>
            <HStack justify="space-between" gap="3">
              <Text as="dt" color="gray.700">
                Envío
              </Text>
              <Text as="dd" fontVariantNumeric="tabular-nums">
                {formatMoney(order.shippingCents)}
              </Text>
            </HStack>
          </Stack>
          <OrderAdjustments adjustments={order.adjustments} />
          <HStack justify="space-between" gap="3" fontWeight="bold">
            <Text>Total</Text>
            <Text fontVariantNumeric="tabular-nums" data-testid="order-products-total">
              {formatMoney(order.totalCents)}
            </Text>
          </HStack>
          {order.cfdis.length > 0 ? (
            <OrderCfdis cfdis={order.cfdis} />
          ) : order.invoice ? (
            <InvoiceState invoice={{ kind: 'INGRESO', ...order.invoice }} />
          ) : null}
        </Stack>
      )}
    </OrderDialog>
  );
}

/**
 * The admin's edit: one of the four statuses of spec §4 and the carrier tracking (estafeta); under
 * it, the order's e-mails ('Correos').
 */
export function EditOrderDialog({ orderId, onClose }: OrderDialogProps) {
  const { data, error } = useOrderDetails(orderId);
  const order = data?.order.id === orderId ? data.order : undefined;
  const failed = Boolean(error) && !order;

  useEffect(() => {
    if (failed) notify(ORDER_EDIT_MESSAGES.loadFailed, { type: 'error' });
  }, [failed]);

  return (
    <OrderDialog
      open={orderId !== null}
      title={`Editar pedido #${orderId ?? ''}`}
      onClose={onClose}
      testId="order-edit-dialog"
      size="md"
      footer={order ? null : undefined}
    >
      {failed ? (
        <LoadFailed />
      ) : !order ? (
        <Skeleton h="40" rounded="md" />
      ) : (
        <Stack gap="6">
          {order.refund ? <OrderRefundSection refund={order.refund} /> : null}
          <EditOrderForm
            key={order.id}
            orderId={order.id}
            status={order.status}
            tracking={order.tracking ?? ''}
            onDone={onClose}
          />
          <Separator />
          <OrderEmailsSection orderId={order.id} />
        </Stack>
      )}
    </OrderDialog>
  );
}

function EditOrderForm({
  orderId,
  status: initialStatus,
  tracking: initialTracking,
  onDone,
}: {
  orderId: number;
  status: OrderStatus;
  tracking: string;
  onDone: () => void;
}) {
  const formId = useId();
  const [status, setStatus] = useState<OrderStatus>(initialStatus);
  const [tracking, setTracking] = useState(initialTracking);
  const [overrideReason, setOverrideReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Cancelling with refund an order paid by transfer ('Pagado'): its CLABE, when the transfer is
  // already made; left empty, the refund stays pending ('Reembolso pendiente').
  const asksClabe = initialStatus === 'PAID' && status === 'CANCELLED_REFUNDED';
  const [clabe, setClabe] = useState('');
  const [clabeError, setClabeError] = useState<string | null>(null);
  const [markRefunded, { loading: marking }] = useMutation(MarkOrderRefundedMutation, {
    update: showMarkedRefund,
  });
  // Shipping an unpaid order needs the admin's written reason (the server checks it too).
  const needsReason = initialStatus === 'AWAITING_PAYMENT' && status === 'SHIPPED';
  const [updateOrder, { loading }] = useMutation(UpdateOrderMutation);
  // An order in a status the admin cannot choose (e.g. 'Entregado') may keep it.
  const options: OrderStatus[] = (ADMIN_STATUS_NAMES as readonly OrderStatus[]).includes(
    initialStatus,
  )
    ? [...ADMIN_STATUS_NAMES]
    : [initialStatus, ...ADMIN_STATUS_NAMES];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const refundClabe = asksClabe ? clabe.trim() : '';
    const clabeRefusal = refundClabe ? clabeProblem(refundClabe) : undefined;
    setClabeError(clabeRefusal?.message ?? null);
    if (clabeRefusal) return;
    try {
      await updateOrder({
        variables: {
          id: orderId,
          input: needsReason ? { status, tracking, overrideReason } : { status, tracking },
        },
      });
      notify(ORDER_EDIT_MESSAGES.updated, { type: 'success' });
      if (refundClabe) {
        try {
          await markRefunded({ variables: { orderId, clabe: refundClabe } });
          notify(ORDER_REFUND_EDIT_MESSAGES.marked, { type: 'success' });
        } catch (failure) {
          console.error(ORDER_REFUND_EDIT_MESSAGES.markFailed, failure);
          notify(ORDER_REFUND_EDIT_MESSAGES.cancelledButNotMarked, { type: 'error' });
        }
      }
      onDone();
    } catch (error) {
      console.error(ORDER_EDIT_MESSAGES.updateFailed, error);
      notify(ORDER_EDIT_MESSAGES.updateFailed, { type: 'error' });
      const server = serverProblemOf(error);
      setProblem(
        server && (server.code === 'BAD_USER_INPUT' || server.code === 'CONFLICT')
          ? `${ORDER_EDIT_MESSAGES.updateFailed} ${server.message}`
          : ORDER_EDIT_MESSAGES.updateFailed,
      );
    }
  };

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} data-testid="order-edit-form">
      <Stack gap="4">
        <Field.Root>
          <Field.Label>Estado</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={status}
              onChange={(event) => setStatus(event.target.value as OrderStatus)}
              data-testid="order-status-select"
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {orderStatusLabel(option)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Guía de Estafeta</Field.Label>
          <Input
            value={tracking}
            onChange={(event) => setTracking(event.target.value)}
            maxLength={100}
            autoComplete="off"
            placeholder="Número de guía"
            data-testid="order-tracking-input"
          />
          <Field.HelperText>Déjalo vacío si el pedido aún no tiene guía.</Field.HelperText>
        </Field.Root>
        {needsReason ? (
          <Field.Root required>
            <Field.Label>
              {ORDER_EDIT_MESSAGES.overrideLabel}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={overrideReason}
              onChange={(event) => setOverrideReason(event.target.value)}
              maxLength={500}
              autoComplete="off"
              placeholder="Por ejemplo: pagó en efectivo en la tienda"
              data-testid="order-override-reason"
            />
            <Field.HelperText>{ORDER_EDIT_MESSAGES.overrideHelp}</Field.HelperText>
          </Field.Root>
        ) : null}
        {asksClabe ? (
          <Field.Root invalid={clabeError !== null}>
            <Field.Label>{ORDER_REFUND_EDIT_MESSAGES.clabeLabel} (opcional)</Field.Label>
            <Input
              value={clabe}
              onChange={(event) => setClabe(event.target.value)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={24}
              placeholder="18 dígitos"
              data-testid="order-cancel-clabe"
            />
            {clabeError ? (
              <Field.ErrorText>{clabeError}</Field.ErrorText>
            ) : (
              <Field.HelperText>{ORDER_REFUND_EDIT_MESSAGES.cancelHelp}</Field.HelperText>
            )}
          </Field.Root>
        ) : null}
        {problem ? (
          <Alert.Root status="error" data-testid="order-update-error">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack justify="end" gap="2">
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" disabled={loading}>
              Cancelar
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" loading={loading || marking} data-testid="order-save">
            Guardar
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
