import { Box, Link, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LuSearchX } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { SearchSuggestionsQuery } from '../api';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { PageHeading } from '../../../shared/ui/page-heading';
import { SearchInput } from '../../../shared/ui/search-input';
import { ProductResults } from '../components/product-results';
import { usePagedProducts } from '../hooks/use-paged-products';
import { useSearchText } from '../hooks/use-search-text';
import { searchPath } from '../search-path';
import { CATALOG_SEARCH_DEBOUNCE_MS, SEARCH_PAGE_DEBOUNCE_MS } from '../search-timing';

export interface SearchPageProps {
  /** false for /catalogo/buscar/…: results without prices. */
  showPrices: boolean;
}

/** /buscar/{busqueda} and /catalogo/buscar/{busqueda}. */
export function SearchPage({ showPrices }: SearchPageProps) {
  const { busqueda = '' } = useParams();
  const term = busqueda.trim();
  const navigate = useNavigate();

  // The input follows the route when the route changes from elsewhere (the sidebar, the history).
  const { text, setText, sent } = useSearchText();

  const updateRoute = (value: string) => {
    const next = value.trim();
    if (next === term) return;
    sent(next);
    navigate(searchPath(next, showPrices), { replace: true });
  };

  const results = usePagedProducts({
    filter: { search: term },
    sort: 'NEWEST',
    skip: term === '',
  });

  // '¿Quisiste decir …?' once the search has found nothing.
  const nothing = term !== '' && results.total === 0 && !results.loading;
  const suggestion = useQuery(SearchSuggestionsQuery, {
    variables: { search: term },
    skip: !nothing,
  });
  const didYouMean = nothing ? suggestion.data?.searchSuggestions.didYouMean : null;

  const heading = term ? `Resultados para “${term}”` : 'Buscar';
  useDocumentTitle(showPrices ? heading : `${heading} · Catálogo`);

  return (
    <>
      <PageHeading title={heading} subtitle={showPrices ? undefined : 'Catálogo'} />
      <Box maxW="xl" mb="6">
        <SearchInput
          value={text}
          onChange={setText}
          onSearch={updateRoute}
          delayMs={showPrices ? SEARCH_PAGE_DEBOUNCE_MS : CATALOG_SEARCH_DEBOUNCE_MS}
          placeholder={showPrices ? 'Buscar productos' : 'Buscar en el catálogo'}
          size="lg"
          data-testid="search-page-input"
        />
      </Box>
      {didYouMean ? (
        <Text mb="4" fontSize="lg" data-testid="did-you-mean">
          ¿Quisiste decir{' '}
          <Link asChild fontWeight="semibold" color="orange.700" textDecoration="underline">
            <RouterLink to={searchPath(didYouMean, showPrices)} onClick={() => sent(didYouMean)}>
              {didYouMean}
            </RouterLink>
          </Link>
          ?
        </Text>
      ) : null}
      {term === '' ? null : (
        <ProductResults
          {...results}
          showPrices={showPrices}
          empty={{
            title: 'No se encontraron productos',
            description: 'Revisa la ortografía o intenta con otras palabras.',
            icon: <LuSearchX />,
          }}
        />
      )}
    </>
  );
}
