import { Button, HStack, Tag } from '@chakra-ui/react';
import {
  type CatalogFilters,
  type FacetDefinition,
  type FacetKey,
  priceRangeLabel,
} from '../filter-state';

export interface ActiveFilterTagsProps {
  facets: readonly FacetDefinition[];
  filters: CatalogFilters;
  onRemove: (key: FacetKey, value: string) => void;
  /** Omit when a 'Limpiar filtros' button is already in view (the desktop filter column). */
  onClear?: () => void;
}

/** The chosen filter values as removable tags. */
export function ActiveFilterTags({ facets, filters, onRemove, onClear }: ActiveFilterTagsProps) {
  const tags = facets.flatMap((facet) => filters[facet.key].map((value) => ({ facet, value })));
  if (tags.length === 0) return null;
  return (
    <HStack wrap="wrap" gap="2" data-testid="active-filters">
      {tags.map(({ facet, value }) => (
        <Tag.Root key={`${facet.param}=${value}`} size="lg" variant="subtle" rounded="full">
          <Tag.Label>
            {facet.label}: {facet.key === 'priceRanges' ? priceRangeLabel(value) : value}
          </Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger
              aria-label={`Quitar ${facet.label} ${value}`}
              onClick={() => onRemove(facet.key, value)}
            />
          </Tag.EndElement>
        </Tag.Root>
      ))}
      {onClear ? (
        <Button variant="plain" size="sm" color="orange.700" onClick={onClear}>
          Limpiar filtros
        </Button>
      ) : null}
    </HStack>
  );
}
