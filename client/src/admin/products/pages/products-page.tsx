import {
  Badge,
  Box,
  Button,
  HStack,
  Link,
  Stack,
  type TableCellProps,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuDownload, LuPackageOpen, LuPencil, LuPlus, LuTrash2, LuUpload } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminProductFieldsFragment } from '../../../gql/graphql';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatMoney } from '@tienda/rules';
import { notify } from '../../../shared/notifications/toaster';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { ProductImage } from '../../../shared/ui/product-image';
import { AdminListPage } from '../../shared/admin-list-page';
import { useAdminListParams } from '../../shared/use-list-params';
import { AdminProductsQuery, DeleteProductMutation } from '../api';
import { ImportProgress } from '../components/import-progress';
import { ProductFormDialog } from '../components/product-form-dialog';
import { ProductImportDialog } from '../components/product-import-dialog';
import { exportUrl } from '../product-import';
import { useProductImport } from '../use-product-import';
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

const NAME_CELL: TableCellProps = { fontWeight: 'medium', minW: '48' };

/** The name, and 'Especial' beside a special product's. */
function NameCell({ product }: { product: Product }) {
  return (
    <>
      {product.name}
      {product.special ? (
        <Badge ms="2" variant="outline" colorPalette="purple" size="sm">
          Especial
        </Badge>
      ) : null}
    </>
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
  const place = useAdminListParams();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [importing, setImporting] = useState(false);
  const imports = useProductImport();
  const query = useQuery(AdminProductsQuery, {
    variables: { search: place.searchVariable, ...place.window },
  });
  const [deleteProduct] = useMutation(DeleteProductMutation, {
    refetchQueries: ['AdminProducts'],
    awaitRefetchQueries: true,
  });

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

  const openUpdate = (product: Product) => setEditing({ mode: 'update', product });

  return (
    <>
      <AdminListPage
        name="products"
        item="product"
        title="Productos"
        description="El catálogo de la tienda."
        noun={{ one: 'producto', many: 'productos' }}
        count={(total) => (
          <>
            {total === 1 ? '1 producto' : `${total.toLocaleString('es-MX')} productos`}
            {place.search ? ` para «${place.search}»` : ''}
          </>
        )}
        query={query}
        list={(data) => data.adminProducts}
        place={place}
        search={{
          placeholder: 'Buscar producto',
          delayMs: SEARCH_DELAY_MS,
          maxW: { sm: 'md' },
          testId: 'admin-product-search',
        }}
        actions={
          <HStack gap="2" wrap="wrap" ms={{ sm: 'auto' }}>
            <Button asChild variant="outline">
              <a
                href={exportUrl(place.search)}
                download
                data-testid="products-export"
                aria-label={
                  place.search
                    ? `Exportar CSV de los productos de «${place.search}»`
                    : 'Exportar CSV de todos los productos'
                }
              >
                <LuDownload /> Exportar CSV
              </a>
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                imports.reset();
                setImporting(true);
              }}
              data-testid="products-import"
            >
              <LuUpload /> Importar CSV
            </Button>
            <Button
              colorPalette="orange"
              onClick={() => setEditing({ mode: 'create' })}
              data-testid="product-add"
            >
              <LuPlus /> Agregar producto
            </Button>
          </HStack>
        }
        notice={
          imports.job ? <ImportProgress job={imports.job} onDismiss={imports.dismissJob} /> : null
        }
        cardsBelow="md"
        cardPadding={{ px: '3', py: '3' }}
        card={(product) => (
          <>
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
          </>
        )}
        idColumn={{ header: 'ID', w: '16' }}
        columns={[
          {
            header: 'Imagen',
            w: '20',
            cell: (product) => <Thumbnail product={product} size="56px" />,
          },
          {
            header: 'Nombre',
            cell: (product) => <NameCell product={product} />,
            cellProps: NAME_CELL,
          },
          { header: 'Precio', w: '24', cell: (product) => <ProductPrice product={product} /> },
          {
            header: 'Tallas y cantidades',
            cell: (product) => <SizeStocks product={product} />,
            cellProps: { maxW: 'xs' },
          },
          {
            header: 'Acciones',
            w: '52',
            cell: (product) => (
              <RowActions product={product} onUpdate={openUpdate} onDelete={setPendingDelete} />
            ),
          },
        ]}
        emptyList={
          <EmptyMessage
            title={PRODUCT_MESSAGES.empty}
            description={place.search ? 'Prueba con otras palabras.' : undefined}
            icon={<LuPackageOpen />}
          />
        }
      />

      <ProductImportDialog
        open={importing}
        step={imports.step}
        onCheck={(file) => void imports.check(file)}
        onStart={(onlyValid) => {
          void imports.start(onlyValid).then((started) => {
            if (started) setImporting(false);
          });
        }}
        onClose={() => setImporting(false)}
      />
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
