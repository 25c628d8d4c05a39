import { Badge, Box, HStack, Heading, Skeleton, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { AdminSearchMissesQuery } from '../api';

/** '2026-11-27' → '27 nov 2026' (a calendar day: no time zone moves it). */
export function missDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('es-MX', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/**
 * 'Búsquedas sin resultados' (issue 27): the searches of the last 30 days that found nothing,
 * newest day first and most counted first, so the owner can add a synonym or a product.
 */
export function SearchMissList() {
  const titleId = useId();
  const { data, error, refetch } = useQuery(AdminSearchMissesQuery, {
    fetchPolicy: 'cache-and-network',
  });
  const misses = data?.searchMisses ?? [];
  return (
    <Box
      as="section"
      aria-labelledby={titleId}
      layerStyle="panel"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      data-testid="search-misses"
    >
      <HStack justify="space-between" mb="1">
        <Heading as="h2" size="md" id={titleId}>
          Búsquedas sin resultados
        </Heading>
        {data ? (
          <Badge variant="subtle" colorPalette="gray">
            {misses.length}
          </Badge>
        ) : null}
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Lo que buscaron los clientes sin encontrar nada en los últimos 30 días: agrega un sinónimo o
        el producto.
      </Text>
      {error && !data ? (
        <LoadErrorAlert
          title="No se pudieron cargar las búsquedas sin resultados."
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : !data ? (
        <Skeleton h="24" rounded="md" aria-busy="true" />
      ) : misses.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Ninguna búsqueda se quedó sin resultados.
        </Text>
      ) : (
        <Table.ScrollArea maxH="md" overflowY="auto">
          <Table.Root size="sm" stickyHeader>
            <Table.Caption srOnly>Búsquedas sin resultados por día</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Búsqueda</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Veces</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Día</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {misses.map((m) => (
                <Table.Row
                  key={`${m.day} ${m.search}`}
                  data-testid="search-miss-row"
                  data-search={m.search}
                >
                  <Table.Cell overflowWrap="anywhere">{m.search}</Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                    {m.times}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {missDay(m.day)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}
