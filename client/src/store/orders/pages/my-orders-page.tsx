import {
  Box,
  Button,
  Heading,
  HStack,
  Icon,
  Link,
  Separator,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LuPackage, LuTruck, LuWallet } from 'react-icons/lu';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router-dom';
import type {
  CfdiFieldsFragment,
  InvoiceFieldsFragment,
  MyOrderRefundFieldsFragment,
  OrderFieldsFragment,
} from '../../../gql/graphql';
import { formatMoney } from '@tienda/rules';
import { latestData } from '../../../shared/latest-data';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import {
  MY_ORDERS_PAGE_MAX_DIGITS,
  MY_ORDERS_PAGE_SIZE,
  PAGE_PARAM,
  pageCount,
  pageWindow,
  parsePage,
} from '../../../shared/paging';
import { PaginationBar } from '../../../shared/ui/pagination-bar';
import { MyOrdersQuery } from '../api';
import { OrderLinesList } from '../components/order-lines-list';
import { HoldDeadline } from '../components/hold-deadline';
import { InvoiceSection } from '../components/invoice-section';
import { RefundState } from '../components/refund-state';
import { OrderAdjustments } from '../../../shared/orders/order-adjustments';
import { OrderStatusBadge } from '../../../shared/orders/order-status-badge';
import { PageSpinner, SignedInGate } from '../components/signed-in-gate';
import { formatOrderDate } from '../payment-info';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { OrderReturns } from '../../returns/components/order-returns';

export const NO_ORDERS_MESSAGE = 'Aún no tienes pedidos';

/** /mis-pedidos: the customer's orders, newest first, 10 a page. */
export function MyOrdersPage() {
  useDocumentTitle('Mis pedidos');
  return (
    <SignedInGate>
      <MyOrders />
    </SignedInGate>
  );
}

function MyOrders() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params, MY_ORDERS_PAGE_MAX_DIGITS);
  const query = useQuery(MyOrdersQuery, {
    variables: pageWindow(page, MY_ORDERS_PAGE_SIZE),
    fetchPolicy: 'cache-and-network',
  });
  const { data, loading, error, refetch } = query;
  const shown = latestData(query);

  if (!shown) {
    if (loading) return <PageSpinner />;
    console.error('No se pudieron cargar tus pedidos', error);
    return (
      <Box>
        <PageHeading title="Mis pedidos" />
        <LoadErrorAlert title="No se pudieron cargar tus pedidos." onRetry={() => void refetch()} />
      </Box>
    );
  }

  const { items, total } = shown.myOrders;
  const totalPages = pageCount(total, MY_ORDERS_PAGE_SIZE);
  // A page past the end (an old link after orders changed): the last page.
  if (data && items.length === 0 && total > 0 && page > totalPages) {
    return (
      <Navigate
        to={totalPages === 1 ? '/mis-pedidos' : `/mis-pedidos?${PAGE_PARAM}=${totalPages}`}
        replace
      />
    );
  }

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { [PAGE_PARAM]: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <Box maxW="4xl" data-testid="my-orders-page" pb={{ base: '20', lg: '0' }}>
      <PageHeading
        title="Mis pedidos"
        subtitle={total === 0 ? undefined : total === 1 ? '1 pedido' : `${total} pedidos`}
      />
      {total === 0 ? (
        <EmptyMessage
          icon={<LuPackage />}
          title={NO_ORDERS_MESSAGE}
          description="Cuando hagas un pedido, aquí verás su estado y sus datos de pago."
        >
          <Button asChild>
            <RouterLink to="/inicio" data-testid="to-catalog">
              Ver el catálogo
            </RouterLink>
          </Button>
        </EmptyMessage>
      ) : (
        <>
          <Stack as="ul" listStyleType="none" gap="4" aria-busy={loading && !data}>
            {items.map((order) => (
              <OrderCard key={order.id} order={order} carrier={shown.shopSettings.carrier ?? ''} />
            ))}
          </Stack>
          <PaginationBar page={page} totalPages={totalPages} onPageChange={goTo} />
        </>
      )}
    </Box>
  );
}

/** A paid order that is not cancelled may be invoiced ('Facturar mi compra'). */
const invoiceable = (order: OrderFieldsFragment) =>
  order.paid && !order.status.startsWith('CANCELLED');

function OrderCard({
  order,
  carrier,
}: {
  order: OrderFieldsFragment & {
    invoice?: InvoiceFieldsFragment | null;
    cfdis?: readonly CfdiFieldsFragment[] | null;
    refund?: MyOrderRefundFieldsFragment | null;
  };
  carrier: string;
}) {
  const headingId = `order-${order.id}-heading`;
  // A paid order cancelled with refund has nothing left to pay (its money goes back).
  const settled = order.paymentSettled || order.status === 'CANCELLED_REFUNDED';
  return (
    <Box
      as="li"
      layerStyle="panel"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      data-testid="order-card"
      data-order-id={order.id}
      data-status={order.status}
      data-paid={order.paid}
    >
      <Stack as="article" aria-labelledby={headingId} gap="3">
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0.5">
            <Heading as="h2" id={headingId} size="md" data-testid="order-number">
              Pedido #{order.id}
            </Heading>
            <Text fontSize="sm" color="gray.600" data-testid="order-date">
              {formatOrderDate(order.createdAt)}
            </Text>
          </Stack>
          <OrderStatusBadge status={order.status} />
        </HStack>
        {settled ? null : <HoldDeadline holdUntil={order.holdUntil} />}

        <OrderLinesList lines={order.lines} />
        <OrderAdjustments adjustments={order.adjustments} />
        <Separator />

        <HStack justify="space-between" align="center" gap="3" wrap="wrap">
          <Stack gap="0.5">
            <Text fontSize="sm" color="gray.600">
              Total{order.discountCents > 0 ? ' (con descuento y envío)' : ' (con envío)'}
            </Text>
            <Text fontWeight="bold" fontSize="xl" color="gray.900" data-testid="order-total">
              {formatMoney(order.totalCents)}
            </Text>
          </Stack>
          {settled ? null : (
            <Button
              asChild
              variant="outline"
              colorPalette="orange"
              w={{ base: 'full', sm: 'auto' }}
            >
              <RouterLink to={`/pago?idPedido=${order.id}`} data-testid="order-payment-info">
                <LuWallet /> Ver datos de pago
              </RouterLink>
            </Button>
          )}
        </HStack>

        {order.refund ? <RefundState refund={order.refund} /> : null}

        {order.invoice || invoiceable(order) ? (
          <InvoiceSection orderId={order.id} invoice={order.invoice} cfdis={order.cfdis} />
        ) : null}

        {order.tracking ? (
          <HStack
            gap="2"
            bg="blue.50"
            color="blue.900"
            rounded="lg"
            px="3"
            py="2"
            fontSize="sm"
            data-testid="order-tracking"
          >
            <Icon boxSize="4" flexShrink={0}>
              <LuTruck />
            </Icon>
            <Text overflowWrap="anywhere">
              Guía de rastreo{carrier ? ` (${carrier})` : ''}:{' '}
              {order.trackingUrl ? (
                <Link
                  href={order.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  fontWeight="bold"
                  color="blue.800"
                  textDecoration="underline"
                  data-testid="order-tracking-link"
                >
                  {order.tracking}
                  <VisuallyHidden> (rastrear el envío; se abre en otra pestaña)</VisuallyHidden>
                </Link>
              ) : (
                <b>{order.tracking}</b>
              )}
            </Text>
          </HStack>
        ) : null}
        {order.status === 'DELIVERED' ? <OrderReturns orderId={order.id} /> : null}
      </Stack>
    </Box>
  );
}
