import { Box, Button, HStack, Heading, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { CatalogBrowser } from '../components/catalog-browser';

function HomeHero() {
  return (
    <Box
      mb={{ base: '5', lg: '8' }}
      px={{ base: '5', md: '10' }}
      py={{ base: '5', md: '8' }}
      rounded="2xl"
      color="white"
      bgGradient="to-br"
      gradientFrom="gray.900"
      gradientVia="gray.800"
      gradientTo="orange.800"
      position="relative"
      overflow="hidden"
    >
      <Text
        fontSize="xs"
        fontWeight="bold"
        textTransform="uppercase"
        letterSpacing="widest"
        color="orange.300"
        mb="2"
      >
        Calzado y ropa de marca
      </Text>
      <Heading
        as="h1"
        fontSize={{ base: 'xl', md: '3xl', xl: '4xl' }}
        lineHeight="shorter"
        letterSpacing="tight"
        maxW="2xl"
      >
        Encuentra tu estilo entre cientos de modelos
      </Heading>
      <Text
        mt="3"
        color="whiteAlpha.800"
        maxW="xl"
        fontSize={{ base: 'sm', md: 'md' }}
        display={{ base: 'none', sm: 'block' }}
      >
        Tenis, botas, playeras, chamarras y más, con envío a todo México.
      </Text>
      <HStack mt={{ base: '4', md: '5' }} gap="3" wrap="wrap">
        <Button asChild colorPalette="orange" size={{ base: 'sm', md: 'md' }}>
          <RouterLink to="/promociones">
            Ver promociones <LuArrowRight />
          </RouterLink>
        </Button>
        <Button
          asChild
          variant="outline"
          color="white"
          borderColor="whiteAlpha.500"
          _hover={{ bg: 'whiteAlpha.200' }}
          size={{ base: 'sm', md: 'md' }}
        >
          <RouterLink to="/nuevo">Lo más nuevo</RouterLink>
        </Button>
      </HStack>
    </Box>
  );
}

/** /inicio: the catalogue with filters. */
export function HomePage() {
  const [searchParams] = useSearchParams();
  // The banner welcomes shoppers; once they filter or page, the results come first.
  const browsing = [...searchParams.keys()].length > 0;
  useDocumentTitle('Inicio');
  return (
    <>
      {browsing ? (
        // The page keeps its one h1 for screen readers while the results take the room.
        <Heading as="h1" srOnly>
          Inicio: catálogo de productos
        </Heading>
      ) : (
        <HomeHero />
      )}
      <CatalogBrowser showPrices />
    </>
  );
}
