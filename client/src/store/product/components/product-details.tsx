import { Badge, Box, Grid, HStack, Heading, Icon, Separator, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuTruck } from 'react-icons/lu';
import { SHIPPING_CENTS, formatMoney } from '@tienda/rules';
import type { ProductDetailQuery } from '../../../gql/graphql';
import { useBottomBar } from '../../../shared/notifications/bottom-bar';
import { PriceTag } from '../../../shared/ui/price-tag';
import { AddToCartButton } from './add-to-cart-button';
import { clampQuantity, defaultSize, initialQuantity, stockOf } from '../quantity';
import { ProductGallery } from './product-gallery';
import { QuantityStepper } from './quantity-stepper';
import { ShareButton, shareDataOf } from './share-button';
import { SizePicker } from './size-picker';
import { StockAlertOffer } from '../../stock-alerts/components/stock-alert-offer';

export type ProductDetail = NonNullable<ProductDetailQuery['product']>;

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
  // The phone's notifications sit above the sticky 'Agregar al carrito' bar.
  const addToCartBar = useRef<HTMLDivElement>(null);
  useBottomBar(addToCartBar);

  const chooseSize = (next: string) => {
    setSize(next);
    setQuantity(initialQuantity(stockOf(product.sizes, next)));
  };

  const details = [product.type?.name, product.color?.name].filter((value): value is string =>
    Boolean(value),
  );

  return (
    <Grid
      templateColumns={{ base: '1fr', lg: 'minmax(0, 1.1fr) minmax(0, 1fr)' }}
      gap={{ base: '4', lg: '12' }}
      alignItems="start"
      data-testid="product-detail"
      data-product-id={product.id}
    >
      {/* On a phone the photo leaves room for the name, price, shipping and sizes on the first
          screen, under the header's search row (storefront-place.spec checks it). */}
      <Box
        w="full"
        maxW={{ base: '12rem', sm: '22rem', lg: 'none' }}
        mx={{ base: 'auto', lg: '0' }}
      >
        <ProductGallery images={product.images} name={product.name} />
      </Box>

      <Stack gap={{ base: '3', md: '5' }}>
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
            fontSize={{ base: 'xl', md: '3xl' }}
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

        <Stack gap="1">
          <HStack justify="space-between" align="center" gap="3" wrap="wrap">
            <PriceTag
              priceCents={product.priceCents}
              onPromotion={product.onPromotion}
              promotionPriceCents={product.promotionPriceCents}
              size="lg"
            />
            <ShareButton data={shareDataOf(product)} />
          </HStack>
          {/* The calculator's own shipping (@tienda/rules), in the phone's first screen: what
              the order summary will add. */}
          <Text fontSize="sm" color="gray.700" data-testid="product-shipping-charge">
            + {formatMoney(SHIPPING_CENTS)} de envío a todo México
          </Text>
        </Stack>

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
          {size !== undefined && stock <= 0 ? (
            <StockAlertOffer key={size} productId={product.id} size={size} signedIn={signedIn} />
          ) : null}
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
          ref={addToCartBar}
        >
          <AddToCartButton
            productId={product.id}
            size={size}
            quantity={quantity}
            signedIn={signedIn}
          />
        </Box>

        <HStack gap="3" p="4" layerStyle="panel" rounded="xl">
          <Icon color="orange.600" boxSize="5" flexShrink={0}>
            <LuTruck />
          </Icon>
          <Text fontSize="sm" color="gray.700" data-testid="product-shipping">
            Envío a todo México: {formatMoney(SHIPPING_CENTS)} por pedido. Lo recibes de 3 a 5 días
            hábiles después de confirmar tu pago.
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
