import { Alert, Box, Button, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuMapPinOff, LuShoppingCart, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { CouponField } from '../components/coupon-field';
import { DeliveryAddress } from '../components/delivery-address';
import { OrderTotals } from '../components/order-totals';
import { ProblemMessage } from '../components/problem-message';
import { PageSpinner, SignedInGate } from '../components/signed-in-gate';
import { SummaryLineItem } from '../components/summary-line';
import { parseIdParam } from '../payment-info';
import { EMPTY_CART_MESSAGE } from '@tienda/rules';
import { type SummaryProblem, usePlaceOrder } from '../use-place-order';
import { CheckoutLegalNote } from '../../../shared/legal/legal-links';

const TITLE = 'Resumen del pedido';
export const NO_ADDRESS_MESSAGE = 'No encontramos esa dirección de entrega';

/** What the page says when the summary cannot be shown, and where it sends the shopper. */
function SummaryProblemMessage({
  problem,
  onRetry,
}: {
  problem: SummaryProblem;
  onRetry: () => void;
}) {
  switch (problem.kind) {
    case 'address':
      return (
        <ProblemMessage
          icon={<LuMapPinOff />}
          title={NO_ADDRESS_MESSAGE}
          description="Elige una de tus direcciones guardadas o agrega una nueva."
          links={[
            { to: '/elegir-direccion', label: 'Elegir dirección', testId: 'back-to-addresses' },
          ]}
        />
      );
    case 'empty-cart':
      return (
        <ProblemMessage
          icon={<LuShoppingCart />}
          title={EMPTY_CART_MESSAGE}
          description="Agrega productos a tu carrito para hacer un pedido."
          links={[
            { to: '/inicio', label: 'Ver el catálogo', testId: 'back-to-catalog' },
            { to: '/mis-pedidos', label: 'Mis pedidos' },
          ]}
        />
      );
    case 'refused':
      return (
        <ProblemMessage
          icon={<LuTriangleAlert />}
          title={problem.message}
          links={[{ to: '/carrito', label: 'Volver al carrito' }]}
        />
      );
    case 'failed':
      return <LoadErrorAlert title="No se pudo cargar el resumen del pedido." onRetry={onRetry} />;
  }
}

/** /completar-compra?direccion={id}: the server's prices for the cart, then the order. */
export function CompletePurchasePage() {
  useDocumentTitle('Resumen del pedido');
  return (
    <SignedInGate>
      <CompletePurchase />
    </SignedInGate>
  );
}

function CompletePurchase() {
  const [params] = useSearchParams();
  const addressId = parseIdParam(params.get('direccion'));
  const { order, loading, problem, reloadSummary, placeOrder, busy, refusal, coupon } =
    usePlaceOrder(addressId);

  if (addressId === null) {
    return (
      <Box>
        <PageHeading title={TITLE} />
        <ProblemMessage
          icon={<LuMapPinOff />}
          title="Elige una dirección de entrega"
          description="El enlace no indica a qué dirección enviar tu pedido."
          links={[
            { to: '/elegir-direccion', label: 'Elegir dirección', testId: 'back-to-addresses' },
          ]}
        />
      </Box>
    );
  }

  if (loading) return <PageSpinner />;
  if (!order) {
    return (
      <Box>
        <PageHeading title={TITLE} />
        <SummaryProblemMessage problem={problem ?? { kind: 'failed' }} onRetry={reloadSummary} />
      </Box>
    );
  }

  return (
    <Box data-testid="order-summary-page" pb={{ base: '20', lg: '0' }}>
      <PageHeading
        title={TITLE}
        subtitle="Revisa tus productos y la dirección de entrega antes de crear tu pedido."
      />
      {refusal ? (
        <Alert.Root status="error" rounded="lg" mb="5" data-testid="checkout-refused">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>No se pudo crear tu pedido</Alert.Title>
            <Alert.Description>
              <Stack gap="2" align="start">
                <Text data-testid="checkout-refused-message">{refusal}</Text>
                <Button asChild size="sm" variant="outline" colorPalette="red">
                  <RouterLink to="/carrito" data-testid="checkout-refused-cart">
                    Revisar mi carrito
                  </RouterLink>
                </Button>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 22rem' }}
        gap={{ base: '5', lg: '8' }}
        alignItems="start"
      >
        <Stack gap="5" minW="0">
          <Box
            as="section"
            aria-labelledby="summary-products"
            layerStyle="panel"
            rounded="xl"
            px={{ base: '4', md: '5' }}
            py="3"
          >
            <Heading as="h2" id="summary-products" size="md" pt="2" pb="1">
              Productos
            </Heading>
            <Stack
              as="ul"
              listStyleType="none"
              gap="0"
              // A rule between the lines drawn by the lines themselves: a separator element
              // inside the <ul> would not be an <li> (axe's 'list' rule).
              css={{ '& > li + li': { borderTopWidth: '1px', borderColor: 'gray.100' } }}
            >
              {order.lines.map((line) => (
                <SummaryLineItem key={line.id} line={line} />
              ))}
            </Stack>
          </Box>
          <Box
            as="section"
            aria-labelledby="summary-address"
            layerStyle="panel"
            rounded="xl"
            p={{ base: '4', md: '5' }}
          >
            <Stack direction="row" justify="space-between" align="baseline" mb="3">
              <Heading as="h2" id="summary-address" size="md">
                Dirección de entrega
              </Heading>
              <Link asChild fontSize="sm" color="orange.700">
                <RouterLink to="/elegir-direccion">Cambiar</RouterLink>
              </Link>
            </Stack>
            <DeliveryAddress address={order.address} />
          </Box>
        </Stack>

        <Stack
          as="section"
          aria-labelledby="summary-totals"
          gap="4"
          p="5"
          layerStyle="panel"
          rounded="xl"
          position={{ lg: 'sticky' }}
          top={{ lg: '6' }}
        >
          <Heading as="h2" id="summary-totals" size="md">
            Total del pedido
          </Heading>
          <CouponField
            typed={coupon.typed}
            onTypedChange={coupon.setTyped}
            onApply={coupon.apply}
            onRemove={coupon.remove}
            applied={coupon.applied}
            checking={coupon.checking}
            refusal={coupon.refusal}
            disabled={busy}
          />
          <OrderTotals
            subtotalCents={order.subtotalCents}
            shippingCents={order.shippingCents}
            adjustments={order.adjustments}
            totalCents={order.totalCents}
            bulkUnits={order.bulkUnits}
          />
          <Button
            size="lg"
            w="full"
            onClick={() => void placeOrder()}
            loading={busy}
            loadingText="Creando pedido..."
            disabled={busy || coupon.checking}
            data-testid="place-order"
          >
            Crear pedido
          </Button>
          <Text fontSize="xs" color="gray.600" textAlign="center">
            En el siguiente paso eliges cómo pagar: transferencia, depósito en OXXO o tarjeta.
          </Text>
          <CheckoutLegalNote />
        </Stack>
      </Grid>
    </Box>
  );
}
