import {
  Box,
  Button,
  Center,
  Grid,
  HStack,
  Separator,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { LuArrowRight, LuShoppingCart } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { writeCart } from '../../../shared/cart/cart-cache';
import { useCart } from '../../../shared/cart/use-cart';
import { actionFailureMessage } from '../../../shared/forms/server-errors';
import { EMPTY_CART_MESSAGE, SHIPPING_CENTS, formatMoney } from '@tienda/rules';
import { notify } from '../../../shared/notifications/toaster';
import { useSession } from '../../../shared/session/use-session';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { mainHeading, returnFocus } from '../../../shared/focus/keep-focus';
import { PageHeading } from '../../../shared/ui/page-heading';
import { RemoveCartLineMutation, SetCartLineQuantityMutation } from '../api';
import { type CartLine, CartLineItem } from '../components/cart-line-item';
import { cartSubtotalCents } from '../cart-quantity';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { SignInRedirect } from '../../../shared/session/sign-in-redirect';

export const QUANTITY_INCREASED_MESSAGE = 'Cantidad aumentada';
export const QUANTITY_DECREASED_MESSAGE = 'Cantidad disminuida';
export const LINE_REMOVED_MESSAGE = 'Producto eliminado del carrito';
const CHANGE_FAILED_MESSAGE = 'No se pudo actualizar el carrito';

function failed(error: unknown) {
  console.error('No se pudo actualizar el carrito', error);
  notify(actionFailureMessage(error, CHANGE_FAILED_MESSAGE), { type: 'error' });
}

/** /carrito */
export function CartPage() {
  useDocumentTitle('Carrito');
  const session = useSession();
  const { data, loading, error, refetch } = useCart({ fresh: true });
  const [busyLineId, setBusyLineId] = useState<number | undefined>(undefined);
  const [setQuantity] = useMutation(SetCartLineQuantityMutation, {
    update: (cache, { data: answer }) => {
      if (answer) writeCart(cache, answer.setCartLineQuantity);
    },
  });
  const [removeLine] = useMutation(RemoveCartLineMutation, {
    update: (cache, { data: answer }) => {
      if (answer) writeCart(cache, answer.removeCartLine);
    },
  });

  const changeQuantity = async (line: CartLine, quantity: number) => {
    setBusyLineId(line.id);
    try {
      await setQuantity({ variables: { lineId: line.id, quantity } });
      notify(quantity > line.quantity ? QUANTITY_INCREASED_MESSAGE : QUANTITY_DECREASED_MESSAGE, {
        type: 'success',
      });
    } catch (changeError) {
      failed(changeError);
    } finally {
      setBusyLineId(undefined);
    }
  };

  const remove = async (line: CartLine) => {
    setBusyLineId(line.id);
    const index = data?.cart.lines.findIndex((other) => other.id === line.id) ?? -1;
    try {
      await removeLine({ variables: { lineId: line.id } });
      notify(LINE_REMOVED_MESSAGE, { type: 'success' });
      // The line and its button are gone: the focus goes to the next line's 'Eliminar', else the
      // previous one's, else the page's heading.
      requestAnimationFrame(() => {
        const removes = document.querySelectorAll<HTMLElement>('[data-testid="cart-line-remove"]');
        returnFocus([removes[index], removes[index - 1], mainHeading()]);
      });
    } catch (removeError) {
      failed(removeError);
    } finally {
      setBusyLineId(undefined);
    }
  };

  if (session.loading || (loading && !data)) {
    return (
      <Center py="20" aria-busy="true">
        <Spinner size="lg" color="orange.500" />
      </Center>
    );
  }
  if (session.failed) {
    return <LoadErrorAlert title="No se pudo cargar tu cuenta." onRetry={session.retry} />;
  }
  if (!session.user) return <SignInRedirect />;
  if (!data) {
    if (error) console.error('No se pudo cargar el carrito', error);
    return <LoadErrorAlert title="No se pudo cargar el carrito." onRetry={() => void refetch()} />;
  }

  const { lines, itemCount } = data.cart;
  if (lines.length === 0) {
    return (
      <Box data-testid="cart-page">
        <PageHeading title="Carrito" />
        <EmptyMessage
          icon={<LuShoppingCart />}
          title={EMPTY_CART_MESSAGE}
          description="Agrega productos desde el catálogo para verlos aquí."
        >
          <Button asChild variant="outline">
            <RouterLink to="/inicio">Ver el catálogo</RouterLink>
          </Button>
        </EmptyMessage>
      </Box>
    );
  }

  return (
    <Box data-testid="cart-page">
      <PageHeading
        title="Carrito"
        subtitle={itemCount === 1 ? '1 producto' : `${itemCount} productos`}
      />
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 20rem' }}
        gap={{ base: '5', lg: '8' }}
        alignItems="start"
      >
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Productos en el carrito">
          {lines.map((line) => (
            <CartLineItem
              key={line.id}
              line={line}
              busy={busyLineId === line.id}
              onQuantityChange={(changed, quantity) => void changeQuantity(changed, quantity)}
              onRemove={(removed) => void remove(removed)}
            />
          ))}
        </Stack>

        <Stack
          gap="4"
          p="5"
          layerStyle="panel"
          rounded="xl"
          position={{ lg: 'sticky' }}
          top={{ lg: '6' }}
        >
          <HStack justify="space-between">
            <Text color="gray.700">Subtotal</Text>
            <Text fontWeight="bold" fontSize="xl" color="gray.900" data-testid="cart-subtotal">
              {formatMoney(cartSubtotalCents(lines))}
            </Text>
          </HStack>
          {/* The calculator's flat shipping (@tienda/rules), shown before the summary. */}
          <HStack justify="space-between">
            <Text color="gray.700">Envío a todo México</Text>
            <Text fontWeight="semibold" color="gray.900" data-testid="cart-shipping">
              {formatMoney(SHIPPING_CENTS)}
            </Text>
          </HStack>
          <Text fontSize="sm" color="gray.600">
            Los descuentos y los cupones se calculan en el resumen del pedido.
          </Text>
          <Separator />
          <Button asChild size="lg" w="full">
            <RouterLink to="/elegir-direccion" data-testid="cart-continue">
              Continuar <LuArrowRight />
            </RouterLink>
          </Button>
        </Stack>
      </Grid>
    </Box>
  );
}
