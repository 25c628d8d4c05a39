import {
  Badge,
  Box,
  Center,
  HStack,
  Skeleton,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import type { Role } from '../../../gql/graphql';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PaginationBar } from '../../../shared/ui/pagination-bar';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { PageHeading } from '../../../shared/ui/page-heading';
import { AdminUsersQuery } from '../api';
import { ADMIN_PAGE_SIZE, pageCount, pageWindow } from '../../../shared/paging';
import { useAdminListParams, useLastPageWhenPast } from '../../shared/use-list-params';

/** The spec's role values, as stored: 'admin' or 'user'. */
function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge colorPalette={role === 'admin' ? 'purple' : 'gray'} variant="subtle" flexShrink={0}>
      {role}
    </Badge>
  );
}

/** /admin/usuarios: read-only list of id, name, email and role, 10 per page (server-side). */
export function AdminUsersPage() {
  useDocumentTitle('Usuarios · Administración');
  const { page, goTo } = useAdminListParams();
  const { data, previousData, loading, error, refetch } = useQuery(AdminUsersQuery, {
    variables: pageWindow(page, ADMIN_PAGE_SIZE),
  });
  const shown = data ?? previousData;
  const pages = shown ? pageCount(shown.users.total, ADMIN_PAGE_SIZE) : 1;

  useEffect(() => {
    if (error) console.error('No se pudieron cargar los usuarios', error);
  }, [error]);

  useLastPageWhenPast(data?.users.total);

  return (
    <>
      <PageHeading
        compact
        title="Usuarios"
        subtitle={
          shown ? (
            <span data-testid="users-total">
              {shown.users.total === 1 ? '1 usuario' : `${shown.users.total} usuarios`}
            </span>
          ) : (
            'Cuentas registradas en la tienda.'
          )
        }
      />
      {error && !shown ? (
        <LoadErrorAlert
          title="No se pudieron cargar los usuarios."
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : !shown ? (
        <Skeleton h="sm" rounded="xl" aria-busy="true" />
      ) : (
        <Box
          position="relative"
          data-testid="users-table"
          data-page={page}
          data-total={shown.users.total}
          data-loading={loading ? 'true' : 'false'}
        >
          {/* Phones: one card per user instead of a table that would scroll sideways. */}
          <Stack as="ul" hideFrom="md" gap="2" listStyleType="none">
            {shown.users.items.map((user) => (
              <Box
                as="li"
                key={user.id}
                layerStyle="panel"
                rounded="lg"
                px="4"
                py="3"
                data-testid="user-card"
              >
                <HStack justify="space-between" align="start" gap="3">
                  <Text fontWeight="semibold" color="gray.900" overflowWrap="anywhere">
                    {user.name}
                  </Text>
                  <RoleBadge role={user.role} />
                </HStack>
                <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
                  {user.email}
                </Text>
                <Text fontSize="xs" color="gray.500" mt="1">
                  ID {user.id}
                </Text>
              </Box>
            ))}
          </Stack>
          <Table.ScrollArea hideBelow="md" layerStyle="panel" rounded="xl">
            <Table.Root size="sm" interactive stickyHeader>
              <Table.Header>
                <Table.Row bg="gray.50">
                  <Table.ColumnHeader w="16">ID</Table.ColumnHeader>
                  <Table.ColumnHeader>Nombre</Table.ColumnHeader>
                  <Table.ColumnHeader>Email</Table.ColumnHeader>
                  <Table.ColumnHeader w="24">Rol</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shown.users.items.map((user) => (
                  <Table.Row key={user.id} data-testid="user-row" data-user-id={user.id}>
                    <Table.Cell color="gray.600" fontVariantNumeric="tabular-nums">
                      {user.id}
                    </Table.Cell>
                    <Table.Cell fontWeight="medium" whiteSpace="nowrap">
                      {user.name}
                    </Table.Cell>
                    <Table.Cell color="gray.700" overflowWrap="anywhere">
                      {user.email}
                    </Table.Cell>
                    <Table.Cell>
                      <RoleBadge role={user.role} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {shown.users.items.length === 0 ? (
            <Text p="6" textAlign="center" color="gray.600">
              No hay usuarios en esta página.
            </Text>
          ) : null}
          {loading ? (
            <Center position="absolute" inset="0" bg="white/60" rounded="xl">
              <Spinner color="orange.500" />
            </Center>
          ) : null}
        </Box>
      )}
      {shown ? (
        <PaginationBar page={page} totalPages={pages} onPageChange={goTo} alwaysShow />
      ) : null}
    </>
  );
}
