import { Box, Button, Checkbox, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  type CatalogFilters,
  type FacetDefinition,
  type FacetKey,
  PRICE_RANGES,
  SEXES,
  priceRangeLabel,
} from '../filter-state';
import { swatchFor } from './color-swatch';

export interface FacetCount {
  value: string;
  count: number;
}

export type FacetCounts = Record<FacetKey, readonly FacetCount[]>;

/** Long lists show this many options until 'Ver más'. */
const COLLAPSED_OPTIONS = 8;

/**
 * Fixed lists keep their order and show, disabled at 0, the options the server lists with 0 (the
 * catalogue has them, the other filters leave none); an option the server does not list (no
 * product in the whole catalogue has it) is not offered. Open lists hide options with 0.
 */
const FIXED_ORDER: Partial<Record<FacetKey, readonly string[]>> = {
  priceRanges: PRICE_RANGES,
  sexes: SEXES,
};

interface DisplayOption {
  value: string;
  count: number;
  selected: boolean;
  disabled: boolean;
}

function displayOptions(
  key: FacetKey,
  counts: FacetCounts | undefined,
  selected: readonly string[],
): DisplayOption[] {
  const byValue = new Map((counts?.[key] ?? []).map((option) => [option.value, option.count]));
  const fixed = FIXED_ORDER[key];
  const values = fixed
    ? fixed.filter((value) => byValue.has(value) || selected.includes(value))
    : [...byValue.keys(), ...selected.filter((value) => !byValue.has(value))];
  return values
    .map((value) => {
      const count = byValue.get(value) ?? 0;
      const isSelected = selected.includes(value);
      return { value, count, selected: isSelected, disabled: count === 0 && !isSelected };
    })
    .filter((option) => fixed !== undefined || !option.disabled);
}

function optionLabel(key: FacetKey, value: string): string {
  return key === 'priceRanges' ? priceRangeLabel(value) : value;
}

interface FacetSectionProps {
  facet: FacetDefinition;
  options: DisplayOption[];
  onToggle: (key: FacetKey, value: string) => void;
}

function FacetSection({ facet, options, onToggle }: FacetSectionProps) {
  const [expanded, setExpanded] = useState(false);
  if (options.length === 0) return null;
  const collapsible = options.length > COLLAPSED_OPTIONS + 2;
  const visible =
    collapsible && !expanded
      ? options.filter((option, index) => index < COLLAPSED_OPTIONS || option.selected)
      : options;

  return (
    <Box as="fieldset" data-testid={`facet-${facet.param}`}>
      <Text
        as="legend"
        fontSize="xs"
        fontWeight="bold"
        textTransform="uppercase"
        letterSpacing="wider"
        color="gray.500"
        mb="2"
      >
        {facet.label}
      </Text>
      <Stack gap="1">
        {visible.map((option) => {
          const swatch = facet.key === 'colors' ? swatchFor(option.value) : undefined;
          return (
            <Checkbox.Root
              key={option.value}
              size="sm"
              checked={option.selected}
              disabled={option.disabled}
              onCheckedChange={() => onToggle(facet.key, option.value)}
              data-testid="facet-option"
              data-facet={facet.param}
              data-value={option.value}
              w="full"
              py="1"
              px="1.5"
              rounded="md"
              _hover={option.disabled ? undefined : { bg: 'gray.50' }}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label flex="1" minW="0">
                <Flex align="center" gap="2" fontWeight="normal">
                  {swatch ? (
                    <Box
                      boxSize="3.5"
                      rounded="full"
                      bg={swatch}
                      borderWidth="1px"
                      borderColor="blackAlpha.300"
                      flexShrink={0}
                    />
                  ) : null}
                  <Text as="span" truncate flex="1">
                    {optionLabel(facet.key, option.value)}
                  </Text>
                  <Text as="span" color="gray.500" fontSize="xs" data-testid="facet-count">
                    {option.count}
                  </Text>
                </Flex>
              </Checkbox.Label>
            </Checkbox.Root>
          );
        })}
      </Stack>
      {collapsible ? (
        <Button
          variant="plain"
          size="xs"
          px="1.5"
          mt="1"
          color="orange.700"
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Ver menos' : `Ver más (${options.length - visible.length})`}
        </Button>
      ) : null}
    </Box>
  );
}

export interface FilterPanelProps {
  facets: readonly FacetDefinition[];
  counts: FacetCounts | undefined;
  filters: CatalogFilters;
  activeCount: number;
  onToggle: (key: FacetKey, value: string) => void;
  onClear: () => void;
  /** The drawer has its own title bar. */
  showTitle?: boolean;
}

export function FilterPanel({
  facets,
  counts,
  filters,
  activeCount,
  onToggle,
  onClear,
  showTitle = true,
}: FilterPanelProps) {
  return (
    <Stack gap="6" data-testid="filter-panel">
      {showTitle ? (
        <HStack justify="space-between">
          <Text fontWeight="bold" fontSize="lg" color="gray.900">
            Filtros
          </Text>
          {activeCount > 0 ? (
            <Button variant="ghost" size="xs" onClick={onClear} data-testid="clear-filters">
              Limpiar filtros
            </Button>
          ) : null}
        </HStack>
      ) : null}
      {facets.map((facet) => (
        <FacetSection
          key={facet.key}
          facet={facet}
          options={displayOptions(facet.key, counts, filters[facet.key])}
          onToggle={onToggle}
        />
      ))}
    </Stack>
  );
}
