import { Badge, Box, Center, Skeleton, Spinner, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PaginationBar } from '../../../shared/ui/pagination-bar';
import { AdminPageHeading } from '../../shared/admin-page-heading';
import { AdminUsersQuery } from '../api';
import { USERS_PAGE_SIZE, offsetOf, parsePage, totalPages } from '../paging';

const PAGE_PARAM = 'pagina';

/** /admin/usuarios: read-only list of id, name, email and role, 10 per page (server-side). */
export function AdminUsersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
  const { data, previousData, loading, error, refetch } = useQuery(AdminUsersQuery, {
    variables: { offset: offsetOf(page), limit: USERS_PAGE_SIZE },
  });
  const shown = data ?? previousData;
  const pages = shown ? totalPages(shown.users.total) : 1;

  useEffect(() => {
    if (error) console.error('No se pudieron cargar los usuarios', error);
  }, [error]);

  // A page past the end (a user list that shrank, an edited URL) goes to the last page.
  useEffect(() => {
    if (data && page > totalPages(data.users.total)) {
      setSearchParams({ [PAGE_PARAM]: String(totalPages(data.users.total)) }, { replace: true });
    }
  }, [data, page, setSearchParams]);

  const goTo = (next: number) => {
    setSearchParams(next === 1 ? {} : { [PAGE_PARAM]: String(next) });
  };

  return (
    <>
      <AdminPageHeading
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
        <Box position="relative">
          <Table.ScrollArea
            bg="white"
            rounded="xl"
            borderWidth="1px"
            borderColor="gray.200"
            data-testid="users-table"
            data-page={page}
            data-total={shown.users.total}
            data-loading={loading ? 'true' : 'false'}
          >
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
                    <Table.Cell color="gray.700">{user.email}</Table.Cell>
                    <Table.Cell>
                      <Badge
                        colorPalette={user.role === 'admin' ? 'purple' : 'gray'}
                        variant="subtle"
                      >
                        {user.role}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {shown.users.items.length === 0 ? (
              <Text p="6" textAlign="center" color="gray.600">
                No hay usuarios en esta página.
              </Text>
            ) : null}
          </Table.ScrollArea>
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
