import { Button, Stack, Text, Wrap } from '@chakra-ui/react';
import type { SizeStockLike } from '../quantity';

export interface SizePickerProps {
  sizes: readonly SizeStockLike[];
  selected: string | undefined;
  onSelect: (size: string) => void;
}

/** One button per size; sold-out sizes read 'Agotado' (still selectable, quantity then shows 0). */
export function SizePicker({ sizes, selected, onSelect }: SizePickerProps) {
  return (
    <Wrap gap="2" role="radiogroup" aria-label="Talla" data-testid="size-picker">
      {sizes.map((size) => {
        const soldOut = size.stock <= 0;
        const isSelected = size.size === selected;
        return (
          <Button
            key={size.size}
            role="radio"
            aria-checked={isSelected}
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
