import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  type TableCellProps,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import type { AdminActivityQuery as ActivityData } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { AdminListPage } from '../../shared/admin-list-page';
import { ActivityAdminsQuery, AdminActivityQuery } from '../api';
import {
  ACTION_LABELS,
  actionLabel,
  fieldLabel,
  formatActivityDate,
  formatValue,
  objectKindLabel,
} from '../activity-format';
import { type ActivityFilters, useActivityParams } from '../use-activity-params';

type Entry = ActivityData['adminActivity']['items'][number];

/** Table cells keep to one line unless told (the theme's tables): these wrap. */
const WRAP: TableCellProps = { whiteSpace: 'normal' };
const WRAP_ANYWHERE: TableCellProps = { whiteSpace: 'normal', overflowWrap: 'anywhere' };

/** 'Producto #12 · Blusa Nike Dama Azul'. */
function objectText(entry: Entry): string {
  const kind = objectKindLabel(entry.objectKind);
  const id = entry.objectId === null ? '' : ` #${entry.objectId}`;
  return `${kind}${id} · ${entry.objectLabel}`;
}

/** The changed fields, one a line: 'Precio: $450.00 → $500.00'. */
function Changes({ entry }: { entry: Entry }) {
  if (entry.changes.length === 0) return <Text color="gray.600">Sin cambios de datos</Text>;
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" data-testid="entry-changes">
      {entry.changes.map((change) => (
        <Text as="li" key={change.field} fontSize="sm" overflowWrap="anywhere">
          <Text as="span" fontWeight="medium">
            {fieldLabel(change.field)}:
          </Text>{' '}
          <Text as="span" color="gray.700">
            {formatValue(change.field, change.before)}
          </Text>{' '}
          <span aria-label="cambió a">→</span>{' '}
          <Text as="span" color="gray.900">
            {formatValue(change.field, change.after)}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: '56' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          bg="white"
          value={value}
          data-testid={testId}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function Filters({
  filters,
  setFilter,
  clear,
  filtered,
}: {
  filters: ActivityFilters;
  setFilter: (name: keyof ActivityFilters, value: string) => void;
  clear: () => void;
  filtered: boolean;
}) {
  const admins = useQuery(ActivityAdminsQuery);
  return (
    <Wrap gap="3" align="end" data-testid="activity-filters">
      <FilterSelect
        label="Usuario"
        value={filters.usuario}
        onChange={(v) => setFilter('usuario', v)}
        testId="activity-filter-user"
      >
        <option value="">Todos</option>
        {(admins.data?.activityAdmins ?? []).map((a) => (
          <option key={a.userId} value={String(a.userId)}>
            {a.email}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Acción"
        value={filters.accion}
        onChange={(v) => setFilter('accion', v)}
        testId="activity-filter-action"
      >
        <option value="">Todas</option>
        {Object.entries(ACTION_LABELS).map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </FilterSelect>
      {(['desde', 'hasta'] as const).map((name) => (
        <Field.Root key={name} w={{ base: 'calc(50% - 6px)', sm: '40' }}>
          <Field.Label fontSize="sm">{name === 'desde' ? 'Desde' : 'Hasta'}</Field.Label>
          <Input
            type="date"
            size="sm"
            bg="white"
            value={filters[name]}
            data-testid={`activity-filter-${name}`}
            onChange={(event) => setFilter(name, event.currentTarget.value)}
          />
        </Field.Root>
      ))}
      {filtered ? (
        <Button size="sm" variant="outline" onClick={clear} data-testid="activity-filter-clear">
          Quitar filtros
        </Button>
      ) : null}
    </Wrap>
  );
}

/**
 * /admin/actividad: the audit trail of the admins' changes, newest first, 10 per page (on the
 * server): when (Mexico City time), who, what in Spanish words, on which object, the changed
 * fields before → after, and the address it came from; filtered by admin, action and days.
 */
export function AdminActivityPage() {
  useDocumentTitle('Actividad · Administración');
  const place = useActivityParams();
  const query = useQuery(AdminActivityQuery, { variables: place.variables });

  return (
    <AdminListPage
      name="activity"
      item="entry"
      title="Actividad"
      description="Cambios hechos por los administradores."
      noun={{ one: 'cambio', many: 'cambios' }}
      query={query}
      list={(data) => data.adminActivity}
      place={{ page: place.page, search: '', goTo: place.goTo, applySearch: () => undefined }}
      actions={
        <Box flex="1">
          <Filters
            filters={place.filters}
            setFilter={place.setFilter}
            clear={place.clearFilters}
            filtered={place.filtered}
          />
        </Box>
      }
      cardsBelow="lg"
      card={(entry) => (
        <Stack gap="1">
          <HStack justify="space-between" align="start" gap="3">
            <Text fontWeight="semibold" color="gray.900">
              {actionLabel(entry.action, entry.objectKind)}
            </Text>
            <Text fontSize="xs" color="gray.600" whiteSpace="nowrap">
              {formatActivityDate(entry.at)}
            </Text>
          </HStack>
          <Text fontSize="sm" color="gray.800" overflowWrap="anywhere">
            {objectText(entry)}
          </Text>
          <Changes entry={entry} />
          <Text fontSize="xs" color="gray.600" overflowWrap="anywhere">
            {entry.userEmail} · IP {entry.ip}
          </Text>
        </Stack>
      )}
      idColumn={{ header: 'ID', w: '16' }}
      columns={[
        {
          header: 'Fecha',
          w: '28',
          cell: (entry) => formatActivityDate(entry.at),
          cellProps: WRAP,
        },
        { header: 'Usuario', cell: (entry) => entry.userEmail, cellProps: WRAP_ANYWHERE },
        {
          header: 'Acción',
          w: '40',
          cell: (entry) => actionLabel(entry.action, entry.objectKind),
          cellProps: WRAP,
        },
        { header: 'Objeto', cell: objectText, cellProps: WRAP_ANYWHERE },
        { header: 'Cambios', cell: (entry) => <Changes entry={entry} />, cellProps: WRAP },
        { header: 'IP', cell: (entry) => entry.ip, cellProps: WRAP_ANYWHERE },
      ]}
      stickyHeader
      emptyPage={
        <Text p="6" textAlign="center" color="gray.600">
          No hay cambios en esta página.
        </Text>
      }
      emptyList={
        <Text p="6" textAlign="center" color="gray.600" data-testid="activity-empty">
          {place.filtered
            ? 'Ningún cambio coincide con los filtros.'
            : 'Aún no hay cambios registrados.'}
        </Text>
      }
    />
  );
}
