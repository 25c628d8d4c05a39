import { Flex, NativeSelect, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import type { CatalogSort, SortOption } from '../filter-state';

export interface SortSelectProps {
  options: readonly SortOption[];
  value: CatalogSort;
  onChange: (sort: CatalogSort) => void;
  /** On a phone the select fills its own row beside the label. */
  fullWidth?: boolean;
}

/** 'Ordenar por': a labelled native select of the orders the server can apply. */
export function SortSelect({ options, value, onChange, fullWidth = false }: SortSelectProps) {
  const id = useId();
  return (
    <Flex align="center" gap="2" minW="0" w={fullWidth ? 'full' : undefined}>
      <chakra.label htmlFor={id} fontSize="sm" color="gray.600" whiteSpace="nowrap">
        Ordenar por
      </chakra.label>
      <NativeSelect.Root
        size="sm"
        flex={fullWidth ? '1' : undefined}
        w={fullWidth ? undefined : '52'}
      >
        <NativeSelect.Field
          id={id}
          data-testid="sort-select"
          value={value}
          bg="white"
          onChange={(event) => {
            const next = options.find((option) => option.value === event.currentTarget.value);
            if (next) onChange(next.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Flex>
  );
}
