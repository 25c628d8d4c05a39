import { Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { type KeyboardEvent, useRef } from 'react';
import type { SizeStockLike } from '../quantity';

/** The size an arrow key (or Home/End) moves to from `index`, round the ends; undefined: not one. */
export function sizeIndexAfterKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

export interface SizePickerProps {
  sizes: readonly SizeStockLike[];
  selected: string | undefined;
  onSelect: (size: string) => void;
}

/**
 * One radio per size, a radio group: one Tab stop (the chosen size), the arrow keys move the
 * choice. Sold-out sizes read 'Agotado' (still selectable, quantity then shows 0).
 */
export function SizePicker({ sizes, selected, onSelect }: SizePickerProps) {
  const group = useRef<HTMLDivElement>(null);
  const selectedIndex = sizes.findIndex((size) => size.size === selected);
  const tabStop = selectedIndex === -1 ? 0 : selectedIndex;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = sizeIndexAfterKey(event.key, index, sizes.length);
    const size = next === undefined ? undefined : sizes[next];
    if (next === undefined || !size) return;
    event.preventDefault();
    onSelect(size.size);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };
  return (
    <Wrap ref={group} gap="2" role="radiogroup" aria-label="Talla" data-testid="size-picker">
      {sizes.map((size, index) => {
        const soldOut = size.stock <= 0;
        const isSelected = size.size === selected;
        return (
          <Button
            key={size.size}
            role="radio"
            aria-checked={isSelected}
            tabIndex={index === tabStop ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, index)}
            aria-label={soldOut ? `${size.size} (Agotado)` : size.size}
            onClick={() => onSelect(size.size)}
            variant={isSelected ? 'solid' : 'outline'}
            colorPalette={isSelected ? (soldOut ? 'gray' : 'orange') : 'gray'}
            minW="14"
            px="3"
            h="auto"
            py="2"
            data-testid="size-option"
            data-size={size.size}
            data-stock={size.stock}
            data-sold-out={soldOut}
          >
            <Stack gap="0" align="center">
              <Text
                as="span"
                fontWeight="bold"
                textDecoration={soldOut ? 'line-through' : undefined}
              >
                {size.size}
              </Text>
              {soldOut ? (
                <Text as="span" fontSize="2xs" fontWeight="medium" opacity={0.8}>
                  Agotado
                </Text>
              ) : null}
            </Stack>
          </Button>
        );
      })}
    </Wrap>
  );
}
