import { HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuMinus, LuPlus, LuTrash2 } from 'react-icons/lu';
import { returnFocus } from '../../../shared/focus/keep-focus';
import type { CartFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '@tienda/rules';
import { LineItem, LineName } from '../../../shared/ui/line-product';
import { canDecreaseLine, canIncreaseLine } from '../cart-quantity';

export type CartLine = CartFieldsFragment['lines'][number];

export interface CartLineItemProps {
  line: CartLine;
  /** A change of this line is on its way: its buttons wait. */
  busy: boolean;
  onQuantityChange: (line: CartLine, quantity: number) => void;
  onRemove: (line: CartLine) => void;
}

/** Photo, name (to the product), size, unit price, −/+ stepper, line total, remove. */
export function CartLineItem({ line, busy, onQuantityChange, onRemove }: CartLineItemProps) {
  const { product } = line;
  const decreaseRef = useRef<HTMLButtonElement>(null);
  const increaseRef = useRef<HTMLButtonElement>(null);
  // The stepper's buttons wait (disabled) while the change is on its way, which drops the focus:
  // it goes back to the button pressed, or to the other one when the limit disabled it.
  const pressed = useRef<'decrease' | 'increase' | undefined>(undefined);
  useEffect(() => {
    if (busy || !pressed.current) return;
    const [first, second] =
      pressed.current === 'increase' ? [increaseRef, decreaseRef] : [decreaseRef, increaseRef];
    pressed.current = undefined;
    returnFocus([first.current, second.current]);
  });
  const change = (which: 'decrease' | 'increase') => {
    pressed.current = which;
    onQuantityChange(line, line.quantity + (which === 'increase' ? 1 : -1));
  };
  return (
    <LineItem
      line={line}
      align="start"
      gap={{ base: '3', md: '5' }}
      p={{ base: '3', md: '4' }}
      layerStyle="panel"
      rounded="xl"
      data-testid="cart-line"
      data-line-id={line.id}
      photo={{
        src: product.images[0]?.url,
        alt: product.name,
        w: { base: '20', md: '28' },
        to: `/producto/${product.id}`,
      }}
      wordsGap="3"
    >
      <HStack justify="space-between" align="start" gap="2">
        <Stack gap="1" minW="0">
          <LineName name={product.name} to={`/producto/${product.id}`} testId="cart-line-name" />
          <Text fontSize="sm" color="gray.600">
            Talla <b data-testid="cart-line-size">{line.size}</b> ·{' '}
            <span data-testid="cart-line-unit-price">{formatMoney(product.unitPriceCents)}</span>{' '}
            c/u
          </Text>
        </Stack>
        <IconButton
          variant="ghost"
          colorPalette="red"
          size="sm"
          aria-label={`Eliminar ${product.name} del carrito`}
          onClick={() => onRemove(line)}
          disabled={busy}
          data-testid="cart-line-remove"
        >
          <LuTrash2 />
        </IconButton>
      </HStack>

      <HStack justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack
          gap="0"
          borderWidth="1px"
          borderColor="gray.300"
          rounded="lg"
          bg="white"
          role="group"
          aria-label="Cantidad"
        >
          <IconButton
            variant="ghost"
            size="sm"
            aria-label="Disminuir cantidad"
            ref={decreaseRef}
            onClick={() => change('decrease')}
            disabled={busy || !canDecreaseLine(line.quantity)}
            data-testid="cart-line-decrease"
          >
            <LuMinus />
          </IconButton>
          <Text
            minW="10"
            textAlign="center"
            fontWeight="semibold"
            aria-live="polite"
            data-testid="cart-line-quantity"
          >
            {line.quantity}
          </Text>
          <IconButton
            variant="ghost"
            size="sm"
            aria-label="Aumentar cantidad"
            ref={increaseRef}
            onClick={() => change('increase')}
            disabled={busy || !canIncreaseLine(line.quantity, line.stock)}
            data-testid="cart-line-increase"
          >
            <LuPlus />
          </IconButton>
        </HStack>
        <Text fontWeight="bold" fontSize="lg" color="gray.900" data-testid="cart-line-total">
          {formatMoney(line.lineTotalCents)}
        </Text>
      </HStack>
      {line.quantity >= line.stock ? (
        <Text fontSize="xs" color="orange.700">
          {line.stock === 1 ? 'Última pieza disponible' : `Solo hay ${line.stock} piezas`}
        </Text>
      ) : null}
    </LineItem>
  );
}
