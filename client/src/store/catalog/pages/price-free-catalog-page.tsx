import { Box, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDebouncedCallback } from '../../../shared/hooks/use-debounced-callback';
import { PageHeading } from '../../../shared/ui/page-heading';
import { SearchInput } from '../../../shared/ui/search-input';
import { CatalogBrowser } from '../components/catalog-browser';
import { CATALOG_SEARCH_DEBOUNCE_MS } from '../search-timing';

/** /catalogo: the same grid without any prices (and no price filter). */
export function PriceFreeCatalogPage() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const go = (value: string) => {
    const term = value.trim();
    if (term !== '') navigate(`/catalogo/buscar/${encodeURIComponent(term)}`);
  };
  const debounced = useDebouncedCallback(go, CATALOG_SEARCH_DEBOUNCE_MS);

  return (
    <>
      <Flex
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        direction={{ base: 'column', md: 'row' }}
        gap="4"
        mb="2"
      >
        <PageHeading
          title="Catálogo"
          subtitle="Consulta nuestros modelos, tallas y colores disponibles."
        />
        <Box w={{ base: 'full', md: '80' }} mb={{ base: '4', md: '6' }}>
          <SearchInput
            value={text}
            onChange={(value) => {
              setText(value);
              debounced.run(value);
            }}
            onSubmit={(value) => {
              debounced.cancel();
              go(value);
            }}
            placeholder="Buscar en el catálogo"
            data-testid="catalog-search"
          />
        </Box>
      </Flex>
      <CatalogBrowser showPrices={false} />
    </>
  );
}
