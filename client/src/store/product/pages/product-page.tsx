import { Box, Button, Grid, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { type MouseEvent, useEffect } from 'react';
import { LuArrowLeft, LuPackageX } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { CATALOGUE_HOME, canGoBackInApp, readReturnTo } from '../../../shared/navigation/return-to';
import { useSession } from '../../../shared/session/use-session';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { ProductDetailQuery } from '../api';
import { ProductDetails } from '../components/product-details';

function parseProductId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

export const PRODUCT_NOT_FOUND_MESSAGE = 'Producto no encontrado';

function ProductNotFound() {
  return (
    <EmptyMessage
      icon={<LuPackageX />}
      title={PRODUCT_NOT_FOUND_MESSAGE}
      titleAs="h1"
      description="Es posible que el producto ya no esté disponible."
    >
      <Button asChild variant="outline">
        <RouterLink to={CATALOGUE_HOME}>Ver el catálogo</RouterLink>
      </Button>
    </EmptyMessage>
  );
}

/**
 * 'Volver al catálogo': back to the list the product was opened from (its route, filters, page
 * and, through the history, its scroll position), else to /inicio. The link names the list, so
 * opening it in a new tab works too.
 */
function BackToCatalogue() {
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = readReturnTo(location.state);
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!returnTo || !plainClick || !canGoBackInApp(window.history.state)) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Button asChild variant="ghost" size="sm" mb="4" ms="-2" color="gray.600">
      <RouterLink to={returnTo ?? CATALOGUE_HOME} onClick={goBack} data-testid="back-to-catalogue">
        <LuArrowLeft /> Volver al catálogo
      </RouterLink>
    </Button>
  );
}

function ProductSkeleton() {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1.1fr 1fr' }} gap={{ base: '6', lg: '12' }}>
      <Skeleton aspectRatio={1} rounded="2xl" />
      <Stack gap="5">
        <Skeleton h="4" w="30%" />
        <SkeletonText noOfLines={2} />
        <Skeleton h="8" w="40%" />
        <Skeleton h="12" />
        <Skeleton h="12" w="50%" />
      </Stack>
    </Grid>
  );
}

/** /producto/{id} */
export function ProductPage() {
  const { id: rawId } = useParams();
  const id = parseProductId(rawId);
  const { user } = useSession();
  const { data, loading, error, refetch } = useQuery(ProductDetailQuery, {
    variables: { id: id ?? 0 },
    skip: id === undefined,
  });

  useEffect(() => {
    if (error) console.error('No se pudo cargar el producto', error);
  }, [error]);

  const product = data?.product;
  const pending = id !== undefined && loading && !data;
  const failed = error !== undefined && !data;
  useDocumentTitle(pending || failed ? null : (product?.name ?? PRODUCT_NOT_FOUND_MESSAGE));

  let content;
  if (id === undefined) content = <ProductNotFound />;
  else if (loading && !data) content = <ProductSkeleton />;
  // A failed request is not a missing product: say so, and retry.
  else if (failed)
    content = (
      <LoadErrorAlert title="No se pudo cargar el producto." onRetry={() => void refetch()} />
    );
  else if (!data?.product) content = <ProductNotFound />;
  else
    content = (
      <ProductDetails key={data.product.id} product={data.product} signedIn={user !== null} />
    );

  return (
    <Box>
      <BackToCatalogue />
      {content}
    </Box>
  );
}
