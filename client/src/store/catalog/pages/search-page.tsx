import { Box } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuSearchX } from 'react-icons/lu';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useDebouncedCallback } from '../../../shared/hooks/use-debounced-callback';
import { PaginationBar } from '../../../shared/ui/pagination-bar';
import { PageHeading } from '../../../shared/ui/page-heading';
import { SearchInput } from '../../../shared/ui/search-input';
import { ProductListQuery } from '../api';
import { ProductResults } from '../components/product-results';
import { emptyFilters, filtersToSearchParams, parsePage } from '../filter-state';
import { CATALOG_SEARCH_DEBOUNCE_MS, SEARCH_PAGE_DEBOUNCE_MS } from '../search-timing';

const PAGE_SIZE = 24;

export interface SearchPageProps {
  /** false for /catalogo/buscar/…: results without prices. */
  showPrices: boolean;
}

/** /buscar/{busqueda} and /catalogo/buscar/{busqueda}. */
export function SearchPage({ showPrices }: SearchPageProps) {
  const { busqueda = '' } = useParams();
  const term = busqueda.trim();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams);
  const basePath = showPrices ? '/buscar' : '/catalogo/buscar';

  // The input follows the route when the route changes from elsewhere (e.g. the sidebar).
  const [text, setText] = useState(busqueda);
  const [routeTerm, setRouteTerm] = useState(busqueda);
  if (routeTerm !== busqueda) {
    setRouteTerm(busqueda);
    if (text.trim() !== busqueda.trim()) setText(busqueda);
  }

  const updateRoute = (value: string) => {
    const next = value.trim();
    if (next === term) return;
    navigate(next === '' ? basePath : `${basePath}/${encodeURIComponent(next)}`, {
      replace: true,
    });
  };
  const debounced = useDebouncedCallback(
    updateRoute,
    showPrices ? SEARCH_PAGE_DEBOUNCE_MS : CATALOG_SEARCH_DEBOUNCE_MS,
  );

  const { data, previousData, loading, error, refetch } = useQuery(ProductListQuery, {
    variables: {
      filter: { search: term },
      sort: 'NEWEST',
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    },
    skip: term === '',
  });
  const result = term === '' ? undefined : (data ?? previousData)?.products;
  const totalPages = Math.max(1, Math.ceil((result?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <PageHeading
        title={term ? `Resultados para “${term}”` : 'Buscar'}
        subtitle={showPrices ? undefined : 'Catálogo'}
      />
      <Box maxW="xl" mb="6">
        <SearchInput
          value={text}
          onChange={(value) => {
            setText(value);
            debounced.run(value);
          }}
          onSubmit={(value) => {
            debounced.cancel();
            updateRoute(value);
          }}
          placeholder={showPrices ? 'Buscar productos' : 'Buscar en el catálogo'}
          size="lg"
          data-testid="search-page-input"
        />
      </Box>
      {term === '' ? null : (
        <ProductResults
          products={result?.items}
          total={result?.total}
          loading={loading}
          error={error}
          onRetry={() => void refetch()}
          showPrices={showPrices}
          empty={{
            title: 'No se encontraron productos',
            description: 'Revisa la ortografía o intenta con otras palabras.',
            icon: <LuSearchX />,
          }}
          footer={
            <PaginationBar
              page={page}
              totalPages={totalPages}
              onPageChange={(next) => {
                setSearchParams(filtersToSearchParams(emptyFilters(), next));
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          }
        />
      )}
    </>
  );
}
