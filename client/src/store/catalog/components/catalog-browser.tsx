import { Box, Button, Flex } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef } from 'react';
import { LuSearchX } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { latestData } from '../../../shared/latest-data';
import { SKIP_TARGET_ATTRIBUTE, SkipToProducts } from '../../../shared/ui/skip-link';
import { useIsDesktop } from '../../../shared/hooks/use-is-desktop';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PaginationBar } from '../../../shared/ui/pagination-bar';
import { CatalogPageQuery } from '../api';
import {
  type CatalogFilters,
  type CatalogSort,
  type FacetKey,
  countActiveFilters,
  emptyFilters,
  facetCountsFromServer,
  filtersToSearchParams,
  parseFilters,
  parseSort,
  toggleFilterValue,
  visibleFacets,
  visibleSortOptions,
} from '../filter-state';
import { usePageParam } from '../hooks/use-page-param';
import { PRIORITY_CARDS, catalogPageVariables } from '../first-screen';
import { PRODUCTS_PER_PAGE, pageCount } from '../../../shared/paging';
import { ActiveFilterTags } from './active-filter-tags';
import { FilterDrawer } from './filter-drawer';
import { FilterPanel } from './filter-panel';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ResultsCount } from './results-count';
import { SortSelect } from './sort-select';

export interface CatalogBrowserProps {
  /** false for the price-free catalogue (/catalogo): no prices and no price filter. */
  showPrices: boolean;
}

/** The filterable, paginated catalogue grid; its state lives in the URL query string. */
export function CatalogBrowser({ showPrices }: CatalogBrowserProps) {
  const isDesktop = useIsDesktop();
  const resultsRef = useRef<HTMLDivElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const options = useMemo(() => ({ withPrices: showPrices }), [showPrices]);
  const facets = useMemo(() => visibleFacets(options), [options]);
  const filters = useMemo(() => parseFilters(searchParams, options), [searchParams, options]);
  const sortOptions = useMemo(() => visibleSortOptions(options), [options]);
  const sort = parseSort(searchParams, options);
  const { page, goToPage } = usePageParam(filters, sort);
  const activeCount = countActiveFilters(filters);

  const query = useQuery(CatalogPageQuery, {
    variables: catalogPageVariables(searchParams, options),
    notifyOnNetworkStatusChange: true,
  });
  const { loading, error, refetch } = query;
  const result = latestData(query)?.products;
  const total = result?.total ?? 0;
  const totalPages = pageCount(total, PRODUCTS_PER_PAGE);

  // A new filter or order starts again on the first page (at the top: a new history entry).
  const applyFilters = (next: CatalogFilters) =>
    setSearchParams(filtersToSearchParams(next, 1, sort));
  const applySort = (next: CatalogSort) => setSearchParams(filtersToSearchParams(filters, 1, next));
  // The price-free catalogue has one order only: no control.
  const sortControl = (fullWidth: boolean) =>
    sortOptions.length > 1 ? (
      <SortSelect options={sortOptions} value={sort} onChange={applySort} fullWidth={fullWidth} />
    ) : null;
  const onToggle = (key: FacetKey, value: string) =>
    applyFilters(toggleFilterValue(filters, key, value));
  const onClear = () => applyFilters(emptyFilters());

  const panelProps = {
    facets,
    counts: result && facetCountsFromServer(result.facets),
    filters,
    activeCount,
    onToggle,
    onClear,
  };

  useEffect(() => {
    if (error) console.error('No se pudo cargar el catálogo', error);
  }, [error]);

  // A catalogue that failed shows its error alone: no 'Cargando productos…', order or filters
  // beside it, which promise a list that is not coming.
  const failed = error !== undefined && !result;
  let content;
  if (failed) {
    content = (
      <LoadErrorAlert title="No se pudo cargar el catálogo." onRetry={() => void refetch()} />
    );
  } else if (!result) {
    content = <ProductGridSkeleton count={12} />;
  } else if (result.items.length === 0) {
    content = (
      <EmptyMessage
        icon={<LuSearchX />}
        title="No hay resultados"
        description="Prueba con otros filtros para encontrar lo que buscas."
      >
        {activeCount > 0 ? (
          <Button variant="outline" onClick={onClear}>
            Limpiar filtros
          </Button>
        ) : null}
      </EmptyMessage>
    );
  } else {
    content = (
      <Box opacity={loading ? 0.55 : 1} transition="opacity 0.2s" aria-busy={loading}>
        <ProductGrid
          products={result.items}
          showPrices={showPrices}
          priorityCount={PRIORITY_CARDS}
        />
        <PaginationBar page={page} totalPages={totalPages} onPageChange={goToPage} />
      </Box>
    );
  }

  return (
    <Flex gap="8" align="flex-start">
      {isDesktop ? (
        <Box
          as="aside"
          aria-label="Filtros"
          w="240px"
          flexShrink={0}
          layerStyle="panel"
          rounded="xl"
          p="5"
          position="relative"
        >
          <SkipToProducts target={resultsRef} />
          <FilterPanel {...panelProps} />
        </Box>
      ) : null}

      {/* 'Saltar al contenido' lands here, past the filter column. */}
      <Box
        ref={resultsRef}
        flex="1"
        minW="0"
        tabIndex={-1}
        outline="none"
        aria-label="Resultados"
        role="region"
        {...{ [SKIP_TARGET_ATTRIBUTE]: '' }}
      >
        {failed ? null : (
          <>
            <Flex justify="space-between" align="center" gap="3" mb="4" wrap="wrap">
              <ResultsCount total={result?.total} loading={loading || !result} />
              {isDesktop ? (
                sortControl(false)
              ) : (
                <FilterDrawer {...panelProps} total={result?.total} />
              )}
              {isDesktop ? null : sortControl(true)}
            </Flex>
            <Box mb={activeCount > 0 ? '4' : '0'}>
              <ActiveFilterTags
                facets={facets}
                filters={filters}
                onRemove={onToggle}
                onClear={isDesktop ? undefined : onClear}
              />
            </Box>
          </>
        )}
        {content}
      </Box>
    </Flex>
  );
}
