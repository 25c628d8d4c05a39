import {
  Badge,
  Box,
  Button,
  Grid,
  HStack,
  Heading,
  Icon,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { LuShoppingBag, LuTruck } from 'react-icons/lu';
import type { ProductDetailQuery } from '../../../gql/graphql';
import { AddToCartMutation } from '../../../shared/cart/api';
import { writeCart } from '../../../shared/cart/cart-cache';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { PriceTag } from '../../../shared/ui/price-tag';
import { clampQuantity, defaultSize, initialQuantity, stockOf } from '../quantity';
import { ProductGallery } from './product-gallery';
import { QuantityStepper } from './quantity-stepper';
import { SizePicker } from './size-picker';

export type ProductDetail = NonNullable<ProductDetailQuery['product']>;

export const LOGIN_REQUIRED_MESSAGE = 'Debes iniciar sesión para agregar productos al carrito';
export const ADDED_TO_CART_MESSAGE = 'Producto agregado al carrito';
export const ADD_TO_CART_FAILED_MESSAGE = 'No se pudo agregar el producto al carrito';

function stockLabel(stock: number): string {
  if (stock <= 0) return 'Agotado';
  if (stock === 1) return 'Última pieza disponible';
  return `${stock} piezas disponibles`;
}

export interface ProductDetailsProps {
  product: ProductDetail;
  /** Whether the server says someone is signed in (adding to the cart requires it). */
  signedIn?: boolean;
}

/** Gallery, name, price, description, size and quantity choice, 'Agregar al carrito'. */
export function ProductDetails({ product, signedIn = false }: ProductDetailsProps) {
  const [size, setSize] = useState(() => defaultSize(product.sizes));
  const stock = stockOf(product.sizes, size);
  const [quantity, setQuantity] = useState(() => initialQuantity(stock));

  const chooseSize = (next: string) => {
    setSize(next);
    setQuantity(initialQuantity(stockOf(product.sizes, next)));
  };

  const [addToCartMutation, { loading: adding }] = useMutation(AddToCartMutation, {
    update: (cache, { data }) => {
      if (data) writeCart(cache, data.addToCart);
    },
  });

  const addToCart = async () => {
    if (!signedIn) {
      notify(LOGIN_REQUIRED_MESSAGE, { type: 'warning' });
      return;
    }
    if (size === undefined || quantity === 0 || adding) return;
    try {
      await addToCartMutation({ variables: { productId: product.id, size, quantity } });
      notify(ADDED_TO_CART_MESSAGE, { type: 'success' });
    } catch (error) {
      console.error('No se pudo agregar el producto al carrito', error);
      // The server's Spanish message ('Esta talla está agotada', 'Debes iniciar sesión…').
      notify(serverProblemOf(error)?.message ?? ADD_TO_CART_FAILED_MESSAGE, { type: 'error' });
    }
  };

  const details = [product.type?.name, product.color?.name].filter((value): value is string =>
    Boolean(value),
  );

  return (
    <Grid
      templateColumns={{ base: '1fr', lg: 'minmax(0, 1.1fr) minmax(0, 1fr)' }}
      gap={{ base: '6', lg: '12' }}
      alignItems="start"
      data-testid="product-detail"
      data-product-id={product.id}
    >
      {/* On a phone the photo leaves room for the name, price and sizes on the first screen. */}
      <Box
        w="full"
        maxW={{ base: '16rem', sm: '22rem', lg: 'none' }}
        mx={{ base: 'auto', lg: '0' }}
      >
        <ProductGallery images={product.images} name={product.name} />
      </Box>

      <Stack gap={{ base: '4', md: '5' }}>
        <Stack gap="2">
          {product.brand ? (
            <Text
              display={{ base: 'none', md: 'block' }}
              fontSize="sm"
              fontWeight="semibold"
              textTransform="uppercase"
              letterSpacing="wider"
              color="gray.500"
            >
              {product.brand.name}
            </Text>
          ) : null}
          <Heading
            as="h1"
            fontSize={{ base: '2xl', md: '3xl' }}
            lineHeight="short"
            letterSpacing="tight"
            color="gray.900"
            data-testid="product-title"
          >
            {product.name}
          </Heading>
          {details.length > 0 ? (
            <HStack gap="2" wrap="wrap">
              {details.map((detail) => (
                <Badge key={detail} variant="subtle" colorPalette="gray" size="md">
                  {detail}
                </Badge>
              ))}
              {product.onPromotion ? (
                <Badge variant="solid" colorPalette="red" size="md">
                  Promoción
                </Badge>
              ) : null}
            </HStack>
          ) : null}
        </Stack>

        <PriceTag
          priceCents={product.priceCents}
          onPromotion={product.onPromotion}
          promotionPriceCents={product.promotionPriceCents}
          size="lg"
        />

        <Separator display={{ base: 'none', md: 'block' }} />

        <Stack gap="3">
          <HStack justify="space-between">
            <Text fontWeight="semibold" color="gray.900">
              Talla
            </Text>
            {size !== undefined ? (
              <Text
                fontSize="sm"
                color={stock > 0 ? 'green.700' : 'red.600'}
                data-testid="size-stock"
                data-stock={stock}
              >
                {stockLabel(stock)}
              </Text>
            ) : null}
          </HStack>
          {product.sizes.length > 0 ? (
            <SizePicker sizes={product.sizes} selected={size} onSelect={chooseSize} />
          ) : (
            <Text color="gray.600">Agotado</Text>
          )}
        </Stack>

        <Stack gap="3">
          <Text fontWeight="semibold" color="gray.900">
            Cantidad
          </Text>
          <QuantityStepper
            value={quantity}
            stock={stock}
            onChange={(value) => setQuantity(clampQuantity(value, stock))}
          />
        </Stack>

        {/* On a phone the button stays in reach at the bottom of the screen (a sticky bar). */}
        <Box
          position={{ base: 'sticky', md: 'static' }}
          bottom="0"
          zIndex={{ base: 'docked', md: 'auto' }}
          mx={{ base: '-4', md: '0' }}
          px={{ base: '4', md: '0' }}
          py={{ base: '3', md: '0' }}
          bg={{ base: 'white', md: 'transparent' }}
          borderTopWidth={{ base: '1px', md: '0' }}
          borderColor="gray.200"
          data-testid="add-to-cart-bar"
        >
          <Button
            size={{ base: 'lg', md: 'xl' }}
            w={{ base: 'full', md: 'auto' }}
            minW={{ md: '72' }}
            onClick={() => void addToCart()}
            disabled={quantity === 0}
            loading={adding}
            data-testid="add-to-cart"
          >
            <LuShoppingBag /> Agregar al carrito
          </Button>
        </Box>

        <HStack gap="3" p="4" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200">
          <Icon color="orange.600" boxSize="5" flexShrink={0}>
            <LuTruck />
          </Icon>
          <Text fontSize="sm" color="gray.700">
            Envío a todo México: recibe tu pedido de 3 a 5 días hábiles después de confirmar tu
            pago.
          </Text>
        </HStack>

        <Box>
          <Text fontWeight="semibold" color="gray.900" mb="2">
            Descripción
          </Text>
          <Text
            color="gray.700"
            whiteSpace="pre-line"
            lineHeight="tall"
            data-testid="product-description"
          >
            {product.description}
          </Text>
        </Box>
      </Stack>
    </Grid>
  );
}
