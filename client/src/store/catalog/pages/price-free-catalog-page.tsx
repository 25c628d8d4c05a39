import { Box, Flex } from '@chakra-ui/react';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { PageHeading } from '../../../shared/ui/page-heading';
import { CatalogBrowser } from '../components/catalog-browser';
import { SearchBox } from '../components/search-box';
import { CATALOG_SEARCH_DEBOUNCE_MS } from '../search-timing';

/** /catalogo: the same grid without any prices (and no price filter). */
export function PriceFreeCatalogPage() {
  useDocumentTitle('Catálogo');
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
          <SearchBox
            showPrices={false}
            delayMs={CATALOG_SEARCH_DEBOUNCE_MS}
            placeholder="Buscar en el catálogo"
            data-testid="catalog-search"
          />
        </Box>
      </Flex>
      <CatalogBrowser showPrices={false} />
    </>
  );
}
