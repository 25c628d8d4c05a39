import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuMapPin, LuPackage, LuPencil } from 'react-icons/lu';
import type { OrderStatus } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatMoney, ORDER_REFUND_STATUS_LABELS } from '@tienda/rules';
import { OrderStatusBadge } from '../../../shared/orders/order-status-badge';
import { AdminListPage } from '../../shared/admin-list-page';
import { useAdminListParams } from '../../shared/use-list-params';
import { AdminOrdersQuery } from '../api';
import { AddressDialog, EditOrderDialog, ProductsDialog } from '../components/order-dialogs';
import {
  ORDERS_SEARCH_DEBOUNCE_MS,
  ORDERS_SEARCH_PLACEHOLDER,
  formatOrderDate,
} from '../orders-format';

type Popup = { kind: 'address' | 'products' | 'edit'; orderId: number } | null;

interface OrderRowData {
  id: number;
  userName: string;
  createdAt: string;
  totalCents: number;
  status: OrderStatus;
  refund?: { status: 'PENDING' | 'REFUNDED' } | null;
}

/** The status, and 'Reembolso pendiente' while a transfer refund waits to be sent. */
function OrderState({ order }: { order: OrderRowData }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      <OrderStatusBadge status={order.status} />
      {order.refund?.status === 'PENDING' ? (
        <Badge colorPalette="orange" variant="solid" data-testid="order-refund-pending">
          {ORDER_REFUND_STATUS_LABELS.PENDING}
        </Badge>
      ) : null}
    </HStack>
  );
}

function OrderActions({
  order,
  onOpen,
}: {
  order: OrderRowData;
  onOpen: (kind: 'address' | 'products' | 'edit') => void;
}) {
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        onClick={() => onOpen('address')}
        aria-label={`Ver la dirección del pedido ${order.id}`}
        data-testid="order-address-button"
      >
        <LuMapPin /> Dirección
      </Button>
      <Button
        size="xs"
        variant="outline"
        onClick={() => onOpen('products')}
        aria-label={`Ver los productos del pedido ${order.id}`}
        data-testid="order-products-button"
      >
        <LuPackage /> Productos
      </Button>
      <Button
        size="xs"
        variant="solid"
        onClick={() => onOpen('edit')}
        aria-label={`Editar el pedido ${order.id}`}
        data-testid="order-edit-button"
      >
        <LuPencil /> Editar
      </Button>
    </>
  );
}

/**
 * /admin/pedidos: every order, newest first, 10 per page, searched on the server (every word of
 * 'Buscar nombre de usuario, id de pedido o estado' must match the customer's name, the order's
 * id or its status); popups for the address, the products and the edit of status and tracking.
 */
export function AdminOrdersPage() {
  useDocumentTitle('Pedidos · Administración');
  const place = useAdminListParams();
  const [popup, setPopup] = useState<Popup>(null);
  const query = useQuery(AdminOrdersQuery, {
    variables: { search: place.searchVariable, ...place.window },
  });

  const open = (order: OrderRowData) => (kind: 'address' | 'products' | 'edit') =>
    setPopup({ kind, orderId: order.id });
  const close = () => setPopup(null);

  return (
    <>
      <AdminListPage
        name="orders"
        item="order"
        title="Pedidos"
        description="Pedidos de la tienda."
        noun={{ one: 'pedido', many: 'pedidos' }}
        query={query}
        list={(data) => data.orders}
        place={place}
        search={{
          placeholder: ORDERS_SEARCH_PLACEHOLDER,
          delayMs: ORDERS_SEARCH_DEBOUNCE_MS,
          maxW: { md: 'lg' },
          testId: 'orders-search',
        }}
        cardsBelow="lg"
        card={(order) => (
          <>
            <HStack justify="space-between" align="start" gap="3">
              <Box minW="0">
                <Text fontWeight="semibold" color="gray.900">
                  Pedido #{order.id}
                </Text>
                <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
                  {order.userName}
                </Text>
              </Box>
              <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" flexShrink={0}>
                {formatMoney(order.totalCents)}
              </Text>
            </HStack>
            <HStack justify="space-between" align="center" gap="2" mt="2" wrap="wrap">
              <OrderState order={order} />
              <Text fontSize="xs" color="gray.600">
                {formatOrderDate(order.createdAt)}
              </Text>
            </HStack>
            <HStack gap="2" mt="3" wrap="wrap">
              <OrderActions order={order} onOpen={open(order)} />
            </HStack>
          </>
        )}
        idColumn={{ header: 'Pedido', w: '20' }}
        columns={[
          {
            header: 'Nombre',
            cell: (order) => order.userName,
            cellProps: { fontWeight: 'medium' },
          },
          {
            header: 'Fecha',
            cell: (order) => formatOrderDate(order.createdAt),
            cellProps: { whiteSpace: 'nowrap', color: 'gray.700' },
          },
          {
            header: 'Total',
            textAlign: 'end',
            cell: (order) => formatMoney(order.totalCents),
            cellProps: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
          },
          { header: 'Estado', cell: (order) => <OrderState order={order} /> },
          {
            header: 'Acciones',
            cell: (order) => (
              <HStack gap="1.5">
                <OrderActions order={order} onOpen={open(order)} />
              </HStack>
            ),
          },
        ]}
        stickyHeader
        emptyPage={
          <Text p="6" textAlign="center" color="gray.600" data-testid="orders-empty">
            {place.search === '' ? 'No hay pedidos.' : 'No hay resultados'}
          </Text>
        }
      />
      <AddressDialog orderId={popup?.kind === 'address' ? popup.orderId : null} onClose={close} />
      <ProductsDialog orderId={popup?.kind === 'products' ? popup.orderId : null} onClose={close} />
      <EditOrderDialog orderId={popup?.kind === 'edit' ? popup.orderId : null} onClose={close} />
    </>
  );
}
