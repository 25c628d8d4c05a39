import { Badge, Box, HStack, Link, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { LuBell } from 'react-icons/lu';
import { StockAlertDemandQuery } from '../api';

const count = new Intl.NumberFormat('es-MX');

/** 1 → '1 persona', 3 → '3 personas'. */
export const peopleWaiting = (n: number) =>
  `${count.format(n)} ${n === 1 ? 'persona' : 'personas'}`;

/**
 * The stock dashboard's 'Avisos pendientes': per product and size, how many shoppers wait for it
 * ('Avísame cuando llegue', confirmed requests), most awaited first, with the size's units now.
 * Nothing while nobody waits.
 */
export function WaitingRequests() {
  const { data, error } = useQuery(StockAlertDemandQuery, { fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (error) console.error('No se pudieron cargar los avisos pendientes', error);
  }, [error]);
  const rows = data?.stockAlertDemand ?? [];
  if (rows.length === 0) return null;
  const total = rows.reduce((sum, r) => sum + r.waiting, 0);
  return (
    <Box
      as="section"
      layerStyle="panel"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      mb="4"
      aria-labelledby="waiting-requests-title"
      data-testid="waiting-requests"
    >
      <HStack justify="space-between" align="baseline" gap="1" columnGap="3" mb="3" wrap="wrap">
        <HStack gap="2">
          <Box color="orange.600">
            <LuBell aria-hidden />
          </Box>
          <Text as="h2" id="waiting-requests-title" fontWeight="semibold" fontSize="lg">
            Avisos pendientes
          </Text>
        </HStack>
        <Text fontSize="sm" color="gray.600" data-testid="waiting-requests-total">
          {peopleWaiting(total)} esperan una talla
        </Text>
      </HStack>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Producto</Table.ColumnHeader>
            <Table.ColumnHeader>Talla</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Esperando</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" hideBelow="sm">
              Existencias
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row
              key={`${r.productId}-${r.size}`}
              data-testid="waiting-request"
              data-product-id={r.productId}
              data-size={r.size}
              data-waiting={r.waiting}
            >
              <Table.Cell>
                <Link href={`#/producto/${r.productId}`} color="gray.900" fontWeight="medium">
                  {r.productName}
                </Link>
              </Table.Cell>
              <Table.Cell>
                <Badge variant="subtle" colorPalette="gray">
                  {r.size}
                </Badge>
              </Table.Cell>
              <Table.Cell
                textAlign="end"
                fontVariantNumeric="tabular-nums"
                fontWeight="semibold"
                data-testid="waiting-count"
              >
                {count.format(r.waiting)}
              </Table.Cell>
              <Table.Cell textAlign="end" hideBelow="sm" fontVariantNumeric="tabular-nums">
                {count.format(r.units)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
