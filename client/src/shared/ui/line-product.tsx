import { Box, type BoxProps, HStack, Link, Stack, type StackProps, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ProductImage } from './product-image';

export interface LinePhotoProps {
  /** The product's first photo; a placeholder when it has none (or was deleted). */
  src: string | undefined;
  alt: string;
  w: BoxProps['w'];
  rounded?: BoxProps['rounded'];
  /** The slot's width for `srcset`, when not a catalogue card's. */
  sizes?: string;
  /** The product's page: the photo links there too (out of the tab order, the name is the link). */
  to?: string;
}

/** A line's photo (cart, order summary, order, admin popup): a square beside the line's words. */
export function LinePhoto({ src, alt, w, rounded = 'lg', sizes, to }: LinePhotoProps) {
  const image = <ProductImage src={src} alt={alt} sizes={sizes} />;
  return (
    <Box w={w} flexShrink={0} rounded={rounded} overflow="hidden">
      {to === undefined ? (
        image
      ) : (
        <RouterLink to={to} tabIndex={-1} aria-hidden="true">
          {image}
        </RouterLink>
      )}
    </Box>
  );
}

export interface LineNameProps {
  name: string;
  /** The product's page, for a line whose product is still for sale: the name links there. */
  to?: string;
  testId: string;
}

/** A line's product name: a link to the product (cart, order summary), or its name as bought. */
export function LineName({ name, to, testId }: LineNameProps) {
  if (to === undefined) {
    return (
      <Text
        fontWeight="medium"
        color="gray.900"
        lineHeight="short"
        overflowWrap="anywhere"
        data-testid={testId}
      >
        {name}
      </Text>
    );
  }
  return (
    <Link asChild fontWeight="semibold" color="gray.900" lineHeight="short" overflowWrap="anywhere">
      <RouterLink to={to} data-testid={testId}>
        {name}
      </RouterLink>
    </Link>
  );
}

/**
 * Which product, size and quantity a line holds (for tests: `data-product-id`, `data-size`…): an
 * order's line names its product by `productId` (null once deleted), a cart's by its `product`.
 */
export type LineFacts = { size: string; quantity: number } & (
  { productId: number | null } | { product: { id: number } }
);

const productIdOf = (line: LineFacts): number | null =>
  'productId' in line ? line.productId : line.product.id;

export interface LineItemProps extends Omit<StackProps, 'children'> {
  line: LineFacts;
  /** Undefined: no photo column. */
  photo?: LinePhotoProps;
  /** The line's words (name, size, quantity, price…), in a column that takes the room left. */
  children: ReactNode;
  wordsGap?: StackProps['gap'];
  /** At the right: the line's total or price. */
  amount?: ReactNode;
}

/**
 * A product line of a list (`<li>`): cart, order summary, order. Photo, words, amount; the
 * spacing and the frame are the list's (HStack props).
 */
export function LineItem({
  line,
  photo,
  children,
  wordsGap = '0',
  amount,
  ...rest
}: LineItemProps) {
  return (
    <HStack
      as="li"
      data-product-id={productIdOf(line) ?? ''}
      data-size={line.size}
      data-quantity={line.quantity}
      {...rest}
    >
      {photo ? <LinePhoto {...photo} /> : null}
      <Stack gap={wordsGap} flex="1" minW="0">
        {children}
      </Stack>
      {amount}
    </HStack>
  );
}
