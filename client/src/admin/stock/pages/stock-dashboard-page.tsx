import {
  Box,
  Button,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import { LuChevronDown, LuChevronUp } from 'react-icons/lu';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { StockDashboardQuery } from '../api';
import { WaitingRequests } from '../components/waiting-requests';

interface SizeUnits {
  size: string;
  units: number;
}

interface TypeStock {
  typeId: number | null;
  typeName: string;
  totalUnits: number;
  sizes: SizeUnits[];
  brands: { brandId: number | null; brandName: string; totalUnits: number; sizes: SizeUnits[] }[];
}

const units = new Intl.NumberFormat('es-MX');
const formatUnits = (n: number) => units.format(n);

function SizeChips({ sizes }: { sizes: SizeUnits[] }) {
  return (
    <Wrap gap="1.5" data-testid="stock-sizes">
      {sizes.map((s) => (
        <HStack
          key={s.size}
          gap="1"
          px="2"
          py="0.5"
          rounded="md"
          bg={s.units === 0 ? 'red.50' : 'gray.100'}
          color={s.units === 0 ? 'red.700' : 'gray.800'}
          fontSize="sm"
          data-testid="stock-size"
          data-size={s.size}
          data-units={s.units}
        >
          <Text as="span" fontWeight="semibold">
            {s.size}
          </Text>
          <Text as="span" fontVariantNumeric="tabular-nums">
            {formatUnits(s.units)}
          </Text>
        </HStack>
      ))}
    </Wrap>
  );
}

function TypeCard({ type }: { type: TypeStock }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Box
      layerStyle="panel"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      data-testid="stock-type"
      data-type={type.typeName}
      data-total={type.totalUnits}
    >
      <HStack justify="space-between" align="baseline" gap="3">
        <Text as="h2" fontWeight="semibold" fontSize="lg" color="gray.900">
          {type.typeName}
        </Text>
        <Text fontSize="sm" color="gray.600" flexShrink={0}>
          <Text
            as="span"
            fontSize="xl"
            fontWeight="bold"
            color="gray.900"
            fontVariantNumeric="tabular-nums"
            data-testid="stock-type-total"
          >
            {formatUnits(type.totalUnits)}
          </Text>{' '}
          unidades
        </Text>
      </HStack>
      <Box mt="3">
        <SizeChips sizes={type.sizes} />
      </Box>
      <Button
        mt="3"
        size="sm"
        variant="ghost"
        px="2"
        ms="-2"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={detailsId}
        data-testid="stock-toggle"
      >
        {open ? 'Ocultar detalles' : 'Ver más'}
        {open ? <LuChevronUp /> : <LuChevronDown />}
      </Button>
      {open ? (
        <Box id={detailsId} mt="2" data-testid="stock-brands">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Marca</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="sm">Por talla</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {type.brands.map((brand) => (
                <Table.Row
                  key={brand.brandId ?? 'otras'}
                  data-testid="stock-brand"
                  data-brand={brand.brandName}
                  data-total={brand.totalUnits}
                >
                  <Table.Cell verticalAlign="top">
                    <Text fontWeight="medium">{brand.brandName}</Text>
                    <Box hideFrom="sm" mt="1.5">
                      <SizeChips sizes={brand.sizes} />
                    </Box>
                  </Table.Cell>
                  <Table.Cell
                    verticalAlign="top"
                    textAlign="end"
                    fontVariantNumeric="tabular-nums"
                    fontWeight="semibold"
                  >
                    {formatUnits(brand.totalUnits)}
                  </Table.Cell>
                  <Table.Cell hideBelow="sm">
                    <SizeChips sizes={brand.sizes} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * /admin/dashboard-stock: per product type its total units and units per size; 'Ver más' shows
 * the brands within it (found in the products' names, else 'Otras') with their totals and
 * units per size. The server sums it all (types and brands by total, descending). Above them,
 * 'Avisos pendientes': the sizes shoppers wait for ('Avísame cuando llegue').
 */
export function AdminStockDashboardPage() {
  useDocumentTitle('Dashboard Stock · Administración');
  const { data, error, refetch } = useQuery(StockDashboardQuery, {
    fetchPolicy: 'cache-and-network',
  });

  useEffect(() => {
    if (error) console.error('No se pudo cargar el stock', error);
  }, [error]);

  const types = data?.stockDashboard;
  const total = types?.reduce((sum, t) => sum + t.totalUnits, 0);

  return (
    <>
      <PageHeading
        compact
        title="Dashboard Stock"
        subtitle={
          total === undefined ? (
            'Existencias por tipo de producto, marca y talla.'
          ) : (
            <span data-testid="stock-total">{formatUnits(total)} unidades en existencia</span>
          )
        }
      />
      <WaitingRequests />
      {error && !types ? (
        <LoadErrorAlert
          title="No se pudo cargar el stock."
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : !types ? (
        <Stack gap="3" aria-busy="true">
          <Skeleton h="32" rounded="xl" />
          <Skeleton h="32" rounded="xl" />
        </Stack>
      ) : types.length === 0 ? (
        <Text p="6" textAlign="center" color="gray.600">
          No hay productos disponibles
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
          {types.map((type) => (
            <TypeCard key={type.typeId ?? 'sin-tipo'} type={type} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
