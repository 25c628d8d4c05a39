import {
  Box,
  type BoxProps,
  Center,
  Skeleton,
  Spinner,
  Stack,
  Table,
  type TableCellProps,
  type TableColumnHeaderProps,
} from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { latestData } from '../../shared/latest-data';
import { ADMIN_PAGE_SIZE, pageCount } from '../../shared/paging';
import { LoadErrorAlert } from '../../shared/ui/load-error-alert';
import { PageHeading } from '../../shared/ui/page-heading';
import { PaginationBar } from '../../shared/ui/pagination-bar';
import { SearchInput } from '../../shared/ui/search-input';
import { type useAdminListParams, useLastPageWhenPast } from './use-list-params';

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

/** The list's place in the URL, as `useAdminListParams` gives it. */
export type AdminListPlace = Pick<
  ReturnType<typeof useAdminListParams>,
  'page' | 'search' | 'goTo' | 'applySearch'
>;

/** The search box: its placeholder, its wait after the last keystroke, its width and test id. */
export interface AdminListSearch {
  placeholder: string;
  delayMs: number;
  maxW: BoxProps['maxW'];
  testId: string;
}

/** A column of the table after the id: its heading, and how its cells show an item. */
export interface AdminListColumn<Item> {
  header: string;
  w?: TableColumnHeaderProps['w'];
  textAlign?: TableColumnHeaderProps['textAlign'];
  cell: (item: Item) => ReactNode;
  cellProps?: TableCellProps;
}

export interface AdminListPageProps<TData, Item extends { id: number }> {
  /** The list's name in test ids: `{name}-total` (the count), `{name}-table` (the frame). */
  name: string;
  /**
   * An item's name in test ids: `{item}-card` and `{item}-row`, each with `data-{item}-id`.
   */
  item: string;
  title: string;
  /** The subtitle until the first answer: 'Pedidos de la tienda.' */
  description: string;
  /**
   * What the list holds, in Spanish: the count ('1 pedido', '12 pedidos') and the load error
   * ('No se pudieron cargar los pedidos.') are said with it.
   */
  noun: { one: string; many: string };
  /** The subtitle once the total is known, when not '{total} {many}'. */
  count?: (total: number) => ReactNode;
  query: AdminListQuery<TData>;
  list: (data: TData) => AdminListData<Item>;
  /** The page and the search shown, and the ways to others (`useAdminListParams`). */
  place: AdminListPlace;
  /** A search box above the list, searching on the server. */
  search?: AdminListSearch;
  /** Beside the search box: the add button. */
  actions?: ReactNode;
  /** Between the toolbar and the list: news about the list (an import's progress). */
  notice?: ReactNode;
  /** Below this width, one card per item instead of the table. */
  cardsBelow: 'md' | 'lg';
  /** A card's padding: 4 across and 3 down unless said. */
  cardPadding?: Pick<BoxProps, 'px' | 'py'>;
  card: (item: Item) => ReactNode;
  /** The first column, the item's id: its heading and width. */
  idColumn: { header: string; w: TableColumnHeaderProps['w'] };
  columns: readonly AdminListColumn<Item>[];
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
  noun,
  count = (total) => (total === 1 ? `1 ${noun.one}` : `${total} ${noun.many}`),
  item: itemName,
  query,
  list,
  place,
  search,
  actions,
  notice,
  cardsBelow,
  cardPadding = { px: '4', py: '3' },
  card,
  idColumn,
  columns,
  stickyHeader = false,
  emptyPage,
  emptyList,
}: AdminListPageProps<TData, Item>) {
  const { page, goTo } = place;
  const what = `los ${noun.many}`;
  const { loading, error, refetch } = query;
  const [text, setText] = useState(place.search);
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
      {search || actions ? (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mb="4">
          {search ? (
            <Box flex="1" maxW={search.maxW}>
              <SearchInput
                value={text}
                onChange={setText}
                onSearch={place.applySearch}
                delayMs={search.delayMs}
                placeholder={search.placeholder}
                data-testid={search.testId}
              />
            </Box>
          ) : null}
          {actions}
        </Stack>
      ) : null}
      {notice}
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
              <Box
                as="li"
                key={item.id}
                layerStyle="panel"
                rounded="lg"
                {...cardPadding}
                data-testid={`${itemName}-card`}
                {...{ [`data-${itemName}-id`]: item.id }}
              >
                {card(item)}
              </Box>
            ))}
          </Stack>
          <Table.ScrollArea hideBelow={cardsBelow} layerStyle="panel" rounded="xl">
            <Table.Root size="sm" interactive stickyHeader={stickyHeader}>
              <Table.Header>
                <Table.Row bg="gray.50">
                  <Table.ColumnHeader w={idColumn.w}>{idColumn.header}</Table.ColumnHeader>
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
                  <Table.Row
                    key={item.id}
                    data-testid={`${itemName}-row`}
                    {...{ [`data-${itemName}-id`]: item.id }}
                  >
                    <Table.Cell color="gray.600" fontVariantNumeric="tabular-nums">
                      {item.id}
                    </Table.Cell>
                    {columns.map((column) => (
                      <Table.Cell key={column.header} {...column.cellProps}>
                        {column.cell(item)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
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
          onPageChange={goTo}
          alwaysShow
        />
      ) : null}
    </>
  );
}
