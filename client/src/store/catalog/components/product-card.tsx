import { Badge, Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { ProductCardFieldsFragment } from '../../../gql/graphql';
import { PriceTag } from '../../../shared/ui/price-tag';
import { returnToState } from '../../../shared/navigation/return-to';
import { ProductImage } from '../../../shared/ui/product-image';
import { swatchFor } from './color-swatch';

export interface ProductCardProps {
  product: ProductCardFieldsFragment;
  /** false in the price-free catalogue: no prices, no link to the (priced) detail page. */
  showPrices: boolean;
  /** One of the page's first cards: its photo is fetched first. */
  priority?: boolean;
}

export function ProductCard({ product, showPrices, priority = false }: ProductCardProps) {
  const location = useLocation();
  const soldOut = product.totalStock <= 0;
  const promoted = showPrices && product.onPromotion && product.promotionPriceCents !== null;
  const sizesInStock = product.sizes.filter((size) => size.stock > 0).map((size) => size.size);

  const body = (
    <Flex
      direction="column"
      h="full"
      layerStyle="panel"
      rounded="xl"
      overflow="hidden"
      transition="box-shadow 0.2s, transform 0.2s, border-color 0.2s"
      _hover={
        showPrices
          ? { shadow: 'lg', transform: 'translateY(-2px)', borderColor: 'gray.300' }
          : undefined
      }
    >
      <Box position="relative">
        {/* In a card that links, the name is the link's text: the photo adds nothing to say. */}
        <ProductImage
          src={product.images[0]?.url}
          alt={showPrices ? '' : product.name}
          priority={priority}
        />
        <HStack position="absolute" top="2" left="2" gap="1.5">
          {promoted ? (
            <Badge colorPalette="red" variant="solid" size="sm">
              Promoción
            </Badge>
          ) : null}
          {soldOut ? (
            <Badge colorPalette="gray" variant="solid" size="sm">
              Agotado
            </Badge>
          ) : null}
        </HStack>
      </Box>
      <Stack gap="1.5" p={{ base: '3', md: '4' }} flex="1">
        {/* On phones the brand (already in the name) gives its line to the colour. */}
        {product.brand ? (
          <Text
            display={{ base: 'none', md: 'block' }}
            fontSize="xs"
            fontWeight="semibold"
            textTransform="uppercase"
            letterSpacing="wider"
            color="gray.500"
            truncate
          >
            {product.brand.name}
          </Text>
        ) : null}
        <Text
          fontSize={{ base: 'sm', md: 'md' }}
          fontWeight="medium"
          color="gray.900"
          lineClamp={2}
          minH="2lh"
          data-testid="product-name"
        >
          {product.name}
        </Text>
        {product.color ? <ColorLine name={product.color.name} /> : null}
        {showPrices ? (
          <Box mt="auto" pt="1">
            <PriceTag
              priceCents={product.priceCents}
              onPromotion={product.onPromotion}
              promotionPriceCents={product.promotionPriceCents}
            />
          </Box>
        ) : (
          <Text mt="auto" pt="1" fontSize="sm" color="gray.600" data-testid="product-sizes">
            {sizesInStock.length > 0 ? `Tallas: ${sizesInStock.join(', ')}` : 'Agotado'}
          </Text>
        )}
      </Stack>
    </Flex>
  );

  const dataAttributes = {
    'data-testid': 'product-card',
    'data-product-id': product.id,
    'data-brand': product.brand?.name ?? '',
    'data-type': product.type?.name ?? '',
    ...(showPrices ? { 'data-price-cents': product.unitPriceCents } : {}),
  };

  if (!showPrices) {
    return (
      <Box as="article" h="full" {...dataAttributes}>
        {body}
      </Box>
    );
  }
  return (
    <Box asChild h="full" focusRing="outside" rounded="xl" {...dataAttributes}>
      <RouterLink to={`/producto/${product.id}`} state={returnToState(location)}>
        {body}
      </RouterLink>
    </Box>
  );
}

/** The product's colour: a swatch and its name (a phone's two-line name may cut it off). */
function ColorLine({ name }: { name: string }) {
  const swatch = swatchFor(name);
  return (
    <HStack gap="1.5" minW="0" data-testid="product-color">
      {swatch ? (
        <Box
          boxSize="3"
          flexShrink={0}
          rounded="full"
          bg={swatch}
          borderWidth="1px"
          borderColor="blackAlpha.300"
          aria-hidden="true"
        />
      ) : null}
      <Text fontSize="xs" color="gray.600" truncate>
        {name}
      </Text>
    </HStack>
  );
}
