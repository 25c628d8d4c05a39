import { Badge, HStack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { Role } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { ADMIN_PAGE_SIZE, pageWindow } from '../../../shared/paging';
import { AdminUsersQuery } from '../api';
import { AdminListCard, AdminListPage } from '../../shared/admin-list-page';
import { useAdminListParams } from '../../shared/use-list-params';

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
  const query = useQuery(AdminUsersQuery, { variables: pageWindow(page, ADMIN_PAGE_SIZE) });

  return (
    <AdminListPage
      name="users"
      title="Usuarios"
      description="Cuentas registradas en la tienda."
      count={(total) => (total === 1 ? '1 usuario' : `${total} usuarios`)}
      what="los usuarios"
      query={query}
      list={(data) => data.users}
      page={page}
      onPageChange={goTo}
      cardsBelow="md"
      card={(user) => (
        <AdminListCard px="4" py="3" data-testid="user-card">
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
        </AdminListCard>
      )}
      columns={[
        { header: 'ID', w: '16' },
        { header: 'Nombre' },
        { header: 'Email' },
        { header: 'Rol', w: '24' },
      ]}
      row={(user) => (
        <Table.Row data-testid="user-row" data-user-id={user.id}>
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
      )}
      stickyHeader
      emptyPage={
        <Text p="6" textAlign="center" color="gray.600">
          No hay usuarios en esta página.
        </Text>
      }
    />
  );
}
