import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuMapPin, LuPackage, LuPencil } from 'react-icons/lu';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatMoney } from '../../../shared/money';
import { OrderStatusBadge } from '../../../shared/orders/order-status-badge';
import { ADMIN_PAGE_SIZE, pageWindow } from '../../../shared/paging';
import { SearchInput } from '../../../shared/ui/search-input';
import { AdminListCard, AdminListPage } from '../../shared/admin-list-page';
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
  status: string;
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
  const { page, search, goTo, applySearch } = useAdminListParams();
  const [text, setText] = useState(search);
  const [popup, setPopup] = useState<Popup>(null);
  const query = useQuery(AdminOrdersQuery, {
    variables: { search: search === '' ? null : search, ...pageWindow(page, ADMIN_PAGE_SIZE) },
  });

  const open = (order: OrderRowData) => (kind: 'address' | 'products' | 'edit') =>
    setPopup({ kind, orderId: order.id });
  const close = () => setPopup(null);

  return (
    <>
      <AdminListPage
        name="orders"
        title="Pedidos"
        description="Pedidos de la tienda."
        count={(total) => (total === 1 ? '1 pedido' : `${total} pedidos`)}
        what="los pedidos"
        query={query}
        list={(data) => data.orders}
        page={page}
        onPageChange={goTo}
        toolbar={
          <Box mb="4" maxW={{ md: 'lg' }}>
            <SearchInput
              value={text}
              onChange={setText}
              onSearch={applySearch}
              delayMs={ORDERS_SEARCH_DEBOUNCE_MS}
              placeholder={ORDERS_SEARCH_PLACEHOLDER}
              data-testid="orders-search"
            />
          </Box>
        }
        cardsBelow="lg"
        card={(order) => (
          <AdminListCard px="4" py="3" data-testid="order-card" data-order-id={order.id}>
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
              <OrderStatusBadge status={order.status} />
              <Text fontSize="xs" color="gray.600">
                {formatOrderDate(order.createdAt)}
              </Text>
            </HStack>
            <HStack gap="2" mt="3" wrap="wrap">
              <OrderActions order={order} onOpen={open(order)} />
            </HStack>
          </AdminListCard>
        )}
        columns={[
          { header: 'Pedido', w: '20' },
          { header: 'Nombre' },
          { header: 'Fecha' },
          { header: 'Total', textAlign: 'end' },
          { header: 'Estado' },
          { header: 'Acciones' },
        ]}
        row={(order) => (
          <Table.Row data-testid="order-row" data-order-id={order.id}>
            <Table.Cell color="gray.600" fontVariantNumeric="tabular-nums">
              {order.id}
            </Table.Cell>
            <Table.Cell fontWeight="medium">{order.userName}</Table.Cell>
            <Table.Cell whiteSpace="nowrap" color="gray.700">
              {formatOrderDate(order.createdAt)}
            </Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {formatMoney(order.totalCents)}
            </Table.Cell>
            <Table.Cell>
              <OrderStatusBadge status={order.status} />
            </Table.Cell>
            <Table.Cell>
              <HStack gap="1.5">
                <OrderActions order={order} onOpen={open(order)} />
              </HStack>
            </Table.Cell>
          </Table.Row>
        )}
        stickyHeader
        emptyPage={
          <Text p="6" textAlign="center" color="gray.600" data-testid="orders-empty">
            {search === '' ? 'No hay pedidos.' : 'No hay resultados'}
          </Text>
        }
      />
      <AddressDialog orderId={popup?.kind === 'address' ? popup.orderId : null} onClose={close} />
      <ProductsDialog orderId={popup?.kind === 'products' ? popup.orderId : null} onClose={close} />
      <EditOrderDialog orderId={popup?.kind === 'edit' ? popup.orderId : null} onClose={close} />
    </>
  );
}
