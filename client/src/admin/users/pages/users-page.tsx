import { Badge, HStack, type TableCellProps, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { Role } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { AdminUsersQuery } from '../api';
import { AdminListPage } from '../../shared/admin-list-page';
import { useAdminListParams } from '../../shared/use-list-params';

const NAME_CELL: TableCellProps = { fontWeight: 'medium', whiteSpace: 'nowrap' };
const EMAIL_CELL: TableCellProps = { color: 'gray.700', overflowWrap: 'anywhere' };

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
  const place = useAdminListParams();
  const query = useQuery(AdminUsersQuery, { variables: place.window });

  return (
    <AdminListPage
      name="users"
      item="user"
      title="Usuarios"
      description="Cuentas registradas en la tienda."
      noun={{ one: 'usuario', many: 'usuarios' }}
      query={query}
      list={(data) => data.users}
      place={place}
      cardsBelow="md"
      card={(user) => (
        <>
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
        </>
      )}
      idColumn={{ header: 'ID', w: '16' }}
      columns={[
        { header: 'Nombre', cell: (user) => user.name, cellProps: NAME_CELL },
        { header: 'Email', cell: (user) => user.email, cellProps: EMAIL_CELL },
        { header: 'Rol', w: '24', cell: (user) => <RoleBadge role={user.role} /> },
      ]}
      stickyHeader
      emptyPage={
        <Text p="6" textAlign="center" color="gray.600">
          No hay usuarios en esta página.
        </Text>
      }
    />
  );
}
