import { Alert, Box, Button, Grid, Heading, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { orderStatusLabel } from '@tienda/rules';
import { LuPackageSearch } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import type { PaymentOrderQuery } from '../../../gql/graphql';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PaymentOrderQuery as PaymentOrderDocument, PaymentSettingsQuery } from '../api';
import { BankTransferDetails } from '../components/bank-transfer-details';
import { CardPaymentOption } from '../components/card-payment-option';
import { DeliveryAddress } from '../components/delivery-address';
import { HoldDeadline } from '../components/hold-deadline';
import { OrderLinesList } from '../components/order-lines-list';
import { OrderStatusBadge } from '../../../shared/orders/order-status-badge';
import { OrderTotals } from '../components/order-totals';
import { ProblemMessage } from '../components/problem-message';
import { PageSpinner, SignedInGate } from '../components/signed-in-gate';
import { formatOrderDate, parseIdParam } from '../payment-info';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';

export const ORDER_NOT_FOUND_MESSAGE = 'Pedido no encontrado';
export const ORDER_PAID_MESSAGE = 'Este pedido ya está pagado';

type Order = PaymentOrderQuery['order'];

/** /pago?idPedido={id}: how to pay one of the customer's orders. */
export function PaymentPage() {
  const idPedido = parseIdParam(useSearchParams()[0].get('idPedido'));
  useDocumentTitle(idPedido ? `Pago del pedido #${idPedido}` : 'Datos de pago');
  return (
    <SignedInGate>
      <Payment />
    </SignedInGate>
  );
}

function NotFound() {
  return (
    <Box data-testid="payment-not-found">
      <PageHeading title="Datos de pago" />
      <ProblemMessage
        icon={<LuPackageSearch />}
        title={ORDER_NOT_FOUND_MESSAGE}
        description="Revisa el enlace o busca el pedido en tu lista de pedidos."
        links={[
          { to: '/mis-pedidos', label: 'Ver mis pedidos', testId: 'to-my-orders' },
          { to: '/inicio', label: 'Ir al catálogo' },
        ]}
      />
    </Box>
  );
}

function Payment() {
  const [params] = useSearchParams();
  const location = useLocation();
  const orderId = parseIdParam(params.get('idPedido'));
  const orderQuery = useQuery(PaymentOrderDocument, {
    variables: { id: orderId ?? 0 },
    skip: orderId === null,
    fetchPolicy: 'cache-and-network',
  });
  const settingsQuery = useQuery(PaymentSettingsQuery);
  const justCreated = (location.state as { justCreated?: boolean } | null)?.justCreated === true;

  if (orderId === null) return <NotFound />;
  const order = orderQuery.data?.order;
  const settings = settingsQuery.data?.shopSettings;
  if ((orderQuery.loading && !order) || (settingsQuery.loading && !settings)) {
    return <PageSpinner />;
  }
  if (!order) {
    // Someone else's order answers FORBIDDEN, a missing one NOT_FOUND: both are 'not found' here.
    if (serverProblemOf(orderQuery.error)) return <NotFound />;
    console.error('No se pudo cargar el pedido', orderQuery.error);
    return (
      <Box>
        <PageHeading title="Datos de pago" />
        <LoadErrorAlert
          title="No se pudo cargar el pedido."
          onRetry={() => void orderQuery.refetch()}
        />
      </Box>
    );
  }
  if (!settings) {
    console.error('No se pudieron cargar los datos de pago', settingsQuery.error);
    return (
      <Box>
        <PageHeading title={`Pago del pedido #${order.id}`} />
        <LoadErrorAlert
          title="No se pudieron cargar los datos de pago."
          onRetry={() => void settingsQuery.refetch()}
        />
      </Box>
    );
  }

  const awaitingPayment = !order.paid && order.status === 'AWAITING_PAYMENT';

  return (
    <Box
      data-testid="payment-page"
      data-order-id={order.id}
      data-paid={order.paid}
      pb={{ base: '20', lg: '0' }}
    >
      <PageHeading
        title={`Pago del pedido #${order.id}`}
        subtitle={`Creado el ${formatOrderDate(order.createdAt)}`}
      />
      {justCreated && awaitingPayment ? (
        <Alert.Root status="success" rounded="lg" mb="5" data-testid="order-created">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>¡Listo! Registramos tu pedido #{order.id}.</Alert.Title>
            <Alert.Description>
              Apartamos tus productos. Págalo por transferencia, depósito en OXXO o tarjeta para que
              lo enviemos.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {awaitingPayment ? (
        <Box mb="5">
          <HoldDeadline holdUntil={order.holdUntil} />
        </Box>
      ) : null}

      {awaitingPayment ? (
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 24rem' }}
          gap={{ base: '5', lg: '8' }}
          alignItems="start"
        >
          <Stack gap="5" minW="0">
            <BankTransferDetails
              bankTransfer={settings.bankTransfer}
              orderId={order.id}
              totalCents={order.totalCents}
            />
          </Stack>
          <Stack gap="5" minW="0">
            <CardPaymentOption
              orderId={order.id}
              totalCents={order.totalCents}
              cardChargeCents={order.cardChargeCents}
              enabled={settings.cardPaymentsEnabled}
            />
            <OrderOverview order={order} />
          </Stack>
        </Grid>
      ) : (
        <Stack gap="5" maxW="3xl">
          {order.paid ? (
            <Alert.Root status="success" rounded="lg" data-testid="order-paid">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{ORDER_PAID_MESSAGE}</Alert.Title>
                <Alert.Description>
                  ¡Gracias! No tienes nada más que pagar. Te avisaremos cuando lo enviemos.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Alert.Root status="info" rounded="lg" data-testid="order-not-payable">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Este pedido no tiene pagos pendientes</Alert.Title>
                <Alert.Description>
                  Su estado es «{orderStatusLabel(order.status)}».
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <OrderOverview order={order} />
          <Box>
            <Button asChild variant="outline">
              <RouterLink to="/mis-pedidos">Ver mis pedidos</RouterLink>
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}

/** The order itself: status, lines, totals and where it goes. */
function OrderOverview({ order }: { order: Order }) {
  return (
    <Stack
      as="section"
      aria-labelledby="order-overview-heading"
      gap="4"
      p={{ base: '4', md: '6' }}
      layerStyle="panel"
      rounded="xl"
      data-testid="order-overview"
    >
      <HStack justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" id="order-overview-heading" size="md">
          Tu pedido #{order.id}
        </Heading>
        <OrderStatusBadge status={order.status} />
      </HStack>
      <OrderLinesList lines={order.lines} />
      <OrderTotals
        subtotalCents={order.subtotalCents}
        shippingCents={order.shippingCents}
        adjustments={order.adjustments}
        totalCents={order.totalCents}
      />
      {order.address ? (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Se enviará a
          </Heading>
          <DeliveryAddress address={order.address} />
        </Stack>
      ) : null}
    </Stack>
  );
}
