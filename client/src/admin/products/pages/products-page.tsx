import {
  Badge,
  Box,
  Button,
  Center,
  HStack,
  Link,
  Skeleton,
  Spinner,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { LuPackageOpen, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminProductFieldsFragment } from '../../../gql/graphql';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatMoney } from '../../../shared/money';
import { notify } from '../../../shared/notifications/toaster';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PaginationBar } from '../../../shared/ui/pagination-bar';
import { ProductImage } from '../../../shared/ui/product-image';
import { SearchInput } from '../../../shared/ui/search-input';
import { ADMIN_PAGE_SIZE, pageCount, pageWindow } from '../../../shared/paging';
import { useAdminListParams, useLastPageWhenPast } from '../../shared/use-list-params';
import { AdminProductsQuery, DeleteProductMutation } from '../api';
import { ProductFormDialog } from '../components/product-form-dialog';
import { PRODUCT_MESSAGES } from '../product-form';

/** Spec §9: the product search waits 500 ms after the last keystroke. */
const SEARCH_DELAY_MS = 500;

type Product = AdminProductFieldsFragment;

/** The popup shown: none, 'Agregar producto', or 'Actualizar' of one product. */
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'update'; product: Product };

function ProductPrice({ product }: { product: Product }) {
  if (product.onPromotion && product.promotionPriceCents !== null) {
    return (
      <Stack gap="0" align="start">
        <Text fontWeight="semibold" color="red.600">
          {formatMoney(product.promotionPriceCents)}
        </Text>
        <Text fontSize="xs" color="gray.500" textDecoration="line-through">
          {formatMoney(product.priceCents)}
        </Text>
      </Stack>
    );
  }
  return <Text fontWeight="semibold">{formatMoney(product.priceCents)}</Text>;
}

/** 'S 4', 'M 0'…: each size with its stock; sizes without stock in red. */
function SizeStocks({ product }: { product: Product }) {
  return (
    <Wrap gap="1" data-testid="product-sizes-stock">
      {product.sizes.map((line) => (
        <Badge
          key={line.size}
          variant="subtle"
          colorPalette={line.stock === 0 ? 'red' : 'gray'}
          fontVariantNumeric="tabular-nums"
          data-size={line.size}
          data-stock={line.stock}
        >
          {line.size}: {line.stock}
        </Badge>
      ))}
    </Wrap>
  );
}

function Thumbnail({ product, size }: { product: Product; size: string }) {
  return (
    <Link asChild rounded="md" overflow="hidden" display="block" w={size} flexShrink={0}>
      <RouterLink
        to={`/producto/${product.id}`}
        aria-label={`Ver ${product.name} en la tienda`}
        data-testid="product-image-link"
      >
        <ProductImage src={product.images[0]?.url} alt={product.name} sizes={size} />
      </RouterLink>
    </Link>
  );
}

interface RowActionsProps {
  product: Product;
  onUpdate: (product: Product) => void;
  onDelete: (product: Product) => void;
}

function RowActions({ product, onUpdate, onDelete }: RowActionsProps) {
  return (
    <HStack gap="2">
      <Button
        size="xs"
        variant="outline"
        onClick={() => onUpdate(product)}
        aria-label={`Actualizar ${product.name}`}
        data-testid="product-update"
      >
        <LuPencil /> Actualizar
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={() => onDelete(product)}
        aria-label={`Eliminar ${product.name}`}
        data-testid="product-delete"
      >
        <LuTrash2 /> Eliminar
      </Button>
    </HStack>
  );
}

/** /admin/productos: search, create, update and delete products (spec §2, §5, §8). */
export function AdminProductsPage() {
  useDocumentTitle('Productos · Administración');
  const { page, search, goTo, applySearch } = useAdminListParams();
  const [searchText, setSearchText] = useState(search);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState(false);

  const { data, previousData, loading, error, refetch } = useQuery(AdminProductsQuery, {
    variables: {
      search: search === '' ? null : search,
      ...pageWindow(page, ADMIN_PAGE_SIZE),
    },
  });
  const [deleteProduct] = useMutation(DeleteProductMutation, {
    refetchQueries: ['AdminProducts'],
    awaitRefetchQueries: true,
  });
  const shown = data ?? previousData;
  const pages = shown ? pageCount(shown.adminProducts.total, ADMIN_PAGE_SIZE) : 1;

  useEffect(() => {
    if (error) console.error('No se pudieron cargar los productos', error);
  }, [error]);

  // After deleting the last product of the last page, that page is gone.
  useLastPageWhenPast(data?.adminProducts.total);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteProduct({
        variables: { id: pendingDelete.id },
        update: (cache) => {
          cache.evict({ id: cache.identify({ __typename: 'Product', id: pendingDelete.id }) });
          cache.gc();
        },
      });
      notify('Producto eliminado correctamente', { type: 'success' });
      setPendingDelete(null);
    } catch (err) {
      const problem = serverProblemOf(err);
      notify(problem?.code ? problem.message : 'No se pudo eliminar el producto', {
        type: 'error',
      });
    } finally {
      setDeleting(false);
    }
  };

  const items = shown?.adminProducts.items ?? [];
  const openUpdate = (product: Product) => setEditing({ mode: 'update', product });

  return (
    <>
      <PageHeading
        compact
        title="Productos"
        subtitle={
          shown ? (
            <span data-testid="products-total">
              {shown.adminProducts.total === 1
                ? '1 producto'
                : `${shown.adminProducts.total.toLocaleString('es-MX')} productos`}
              {search ? ` para «${search}»` : ''}
            </span>
          ) : (
            'El catálogo de la tienda.'
          )
        }
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mb="4">
        <Box flex="1" maxW={{ sm: 'md' }}>
          <SearchInput
            value={searchText}
            onChange={setSearchText}
            onSearch={applySearch}
            delayMs={SEARCH_DELAY_MS}
            placeholder="Buscar producto"
            data-testid="admin-product-search"
          />
        </Box>
        <Button
          colorPalette="orange"
          onClick={() => setEditing({ mode: 'create' })}
          data-testid="product-add"
          ms={{ sm: 'auto' }}
        >
          <LuPlus /> Agregar producto
        </Button>
      </Stack>

      {error && !shown ? (
        <LoadErrorAlert
          title="No se pudieron cargar los productos."
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : !shown ? (
        <Skeleton h="sm" rounded="xl" aria-busy="true" />
      ) : items.length === 0 ? (
        <EmptyMessage
          title={PRODUCT_MESSAGES.empty}
          description={search ? 'Prueba con otras palabras.' : undefined}
          icon={<LuPackageOpen />}
        />
      ) : (
        <Box
          position="relative"
          data-testid="products-table"
          data-page={page}
          data-total={shown.adminProducts.total}
          data-loading={loading ? 'true' : 'false'}
        >
          {/* Phones: one card per product instead of a table that would scroll sideways. */}
          <Stack as="ul" hideFrom="md" gap="2" listStyleType="none">
            {items.map((product) => (
              <Box
                as="li"
                key={product.id}
                layerStyle="panel"
                rounded="lg"
                p="3"
                data-testid="product-card"
                data-product-id={product.id}
              >
                <HStack align="start" gap="3">
                  <Thumbnail product={product} size="72px" />
                  <Stack gap="1" flex="1" minW="0">
                    <Text fontWeight="semibold" color="gray.900" overflowWrap="anywhere">
                      {product.name}
                    </Text>
                    <HStack gap="2" align="baseline">
                      <ProductPrice product={product} />
                      <Text fontSize="xs" color="gray.500" ms="auto">
                        ID {product.id}
                      </Text>
                    </HStack>
                  </Stack>
                </HStack>
                <Box mt="2">
                  <SizeStocks product={product} />
                </Box>
                <Box mt="3">
                  <RowActions product={product} onUpdate={openUpdate} onDelete={setPendingDelete} />
                </Box>
              </Box>
            ))}
          </Stack>
          <Table.ScrollArea hideBelow="md" layerStyle="panel" rounded="xl">
            <Table.Root size="sm" interactive>
              <Table.Header>
                <Table.Row bg="gray.50">
                  <Table.ColumnHeader w="16">ID</Table.ColumnHeader>
                  <Table.ColumnHeader w="20">Imagen</Table.ColumnHeader>
                  <Table.ColumnHeader>Nombre</Table.ColumnHeader>
                  <Table.ColumnHeader w="24">Precio</Table.ColumnHeader>
                  <Table.ColumnHeader>Tallas y cantidades</Table.ColumnHeader>
                  <Table.ColumnHeader w="52">Acciones</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((product) => (
                  <Table.Row
                    key={product.id}
                    data-testid="product-row"
                    data-product-id={product.id}
                  >
                    <Table.Cell color="gray.600" fontVariantNumeric="tabular-nums">
                      {product.id}
                    </Table.Cell>
                    <Table.Cell>
                      <Thumbnail product={product} size="56px" />
                    </Table.Cell>
                    <Table.Cell fontWeight="medium" minW="48">
                      {product.name}
                      {product.special ? (
                        <Badge ms="2" variant="outline" colorPalette="purple" size="sm">
                          Especial
                        </Badge>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      <ProductPrice product={product} />
                    </Table.Cell>
                    <Table.Cell maxW="xs">
                      <SizeStocks product={product} />
                    </Table.Cell>
                    <Table.Cell>
                      <RowActions
                        product={product}
                        onUpdate={openUpdate}
                        onDelete={setPendingDelete}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {loading ? (
            <Center position="absolute" inset="0" bg="white/60" rounded="xl">
              <Spinner color="orange.500" />
            </Center>
          ) : null}
        </Box>
      )}
      {shown && shown.adminProducts.total > 0 ? (
        <PaginationBar page={page} totalPages={pages} onPageChange={goTo} alwaysShow />
      ) : null}

      <ProductFormDialog
        open={editing.mode !== 'closed'}
        product={editing.mode === 'update' ? editing.product : undefined}
        onClose={() => setEditing({ mode: 'closed' })}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={PRODUCT_MESSAGES.confirmDelete}
        onConfirm={() => void confirmDelete()}
        busy={deleting}
        data-testid="product-delete-dialog"
        confirmTestId="product-confirm-delete"
      >
        <Text>{pendingDelete?.name}</Text>
      </ConfirmDialog>
    </>
  );
}
