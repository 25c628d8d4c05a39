import {
  Box,
  type BoxProps,
  Center,
  Skeleton,
  Spinner,
  Stack,
  Table,
  type TableColumnHeaderProps,
} from '@chakra-ui/react';
import { Fragment, useEffect, type ReactNode } from 'react';
import { latestData } from '../../shared/latest-data';
import { ADMIN_PAGE_SIZE, pageCount } from '../../shared/paging';
import { LoadErrorAlert } from '../../shared/ui/load-error-alert';
import { PageHeading } from '../../shared/ui/page-heading';
import { PaginationBar } from '../../shared/ui/pagination-bar';
import { useLastPageWhenPast } from './use-list-params';

/** One page of an admin list, as the server answers it. */
export interface AdminListData<Item> {
  total: number;
  items: readonly Item[];
}

/** What the page's `useQuery` gives: the list is read from it with `list`. */
export interface AdminListQuery<TData> {
  data: TData | undefined;
  previousData?: TData | undefined;
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
}

/** A column of the table: its heading, and the heading's width or alignment. */
export interface AdminListColumn {
  header: string;
  w?: TableColumnHeaderProps['w'];
  textAlign?: TableColumnHeaderProps['textAlign'];
}

export interface AdminListPageProps<TData, Item extends { id: number }> {
  /** The list's name in test ids: `{name}-total` (the count), `{name}-table` (the frame). */
  name: string;
  title: string;
  /** The subtitle until the first answer: 'Pedidos de la tienda.' */
  description: string;
  /** The subtitle once the total is known: '12 pedidos'. */
  count: (total: number) => ReactNode;
  /** What the list holds, for the load error: 'los pedidos' → 'No se pudieron cargar los pedidos.' */
  what: string;
  query: AdminListQuery<TData>;
  list: (data: TData) => AdminListData<Item>;
  page: number;
  onPageChange: (page: number) => void;
  /** Above the list: the search box, the add button. */
  toolbar?: ReactNode;
  /** Below this width, one card per item (`card`, in `<AdminListCard>`) instead of the table. */
  cardsBelow: 'md' | 'lg';
  card: (item: Item) => ReactNode;
  columns: readonly AdminListColumn[];
  /** One `<Table.Row>` per item. */
  row: (item: Item) => ReactNode;
  stickyHeader?: boolean;
  /** Under the table when the page has no items. */
  emptyPage?: ReactNode;
  /** Instead of the table when the page has no items; with it, no paging bar for an empty list. */
  emptyList?: ReactNode;
}

/**
 * The frame of the back office's lists (orders, users, products): the heading with the count,
 * the toolbar, then the load error, a skeleton, or the page of items (cards on a phone, a table
 * wider up) with a spinner over it while the next page loads, and the paging bar. A page past
 * the end of the list is replaced by the last one (`useLastPageWhenPast`).
 */
export function AdminListPage<TData, Item extends { id: number }>({
  name,
  title,
  description,
  count,
  what,
  query,
  list,
  page,
  onPageChange,
  toolbar,
  cardsBelow,
  card,
  columns,
  row,
  stickyHeader = false,
  emptyPage,
  emptyList,
}: AdminListPageProps<TData, Item>) {
  const { loading, error, refetch } = query;
  const shownData = latestData(query);
  const shown = shownData === undefined ? undefined : list(shownData);

  useEffect(() => {
    if (error) console.error(`No se pudieron cargar ${what}`, error);
  }, [error, what]);

  useLastPageWhenPast(query.data === undefined ? undefined : list(query.data).total);

  return (
    <>
      <PageHeading
        compact
        title={title}
        subtitle={
          shown ? <span data-testid={`${name}-total`}>{count(shown.total)}</span> : description
        }
      />
      {toolbar}
      {error && !shown ? (
        <LoadErrorAlert
          title={`No se pudieron cargar ${what}.`}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : !shown ? (
        <Skeleton h="sm" rounded="xl" aria-busy="true" />
      ) : emptyList !== undefined && shown.items.length === 0 ? (
        emptyList
      ) : (
        <Box
          position="relative"
          data-testid={`${name}-table`}
          data-page={page}
          data-total={shown.total}
          data-loading={loading ? 'true' : 'false'}
        >
          {/* Phones: one card per item instead of a table that would scroll sideways. */}
          <Stack as="ul" hideFrom={cardsBelow} gap="2" listStyleType="none">
            {shown.items.map((item) => (
              <Fragment key={item.id}>{card(item)}</Fragment>
            ))}
          </Stack>
          <Table.ScrollArea hideBelow={cardsBelow} layerStyle="panel" rounded="xl">
            <Table.Root size="sm" interactive stickyHeader={stickyHeader}>
              <Table.Header>
                <Table.Row bg="gray.50">
                  {columns.map((column) => (
                    <Table.ColumnHeader
                      key={column.header}
                      w={column.w}
                      textAlign={column.textAlign}
                    >
                      {column.header}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shown.items.map((item) => (
                  <Fragment key={item.id}>{row(item)}</Fragment>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {shown.items.length === 0 ? emptyPage : null}
          {loading ? (
            <Center position="absolute" inset="0" bg="white/60" rounded="xl">
              <Spinner color="orange.500" />
            </Center>
          ) : null}
        </Box>
      )}
      {shown && (emptyList === undefined || shown.total > 0) ? (
        <PaginationBar
          page={page}
          totalPages={pageCount(shown.total, ADMIN_PAGE_SIZE)}
          onPageChange={onPageChange}
          alwaysShow
        />
      ) : null}
    </>
  );
}

/** A list item's card on a phone: a panel with the item's lines (padding set by the page). */
export function AdminListCard(props: BoxProps) {
  return <Box as="li" layerStyle="panel" rounded="lg" {...props} />;
}
