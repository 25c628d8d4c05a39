import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ADMIN_PAGE_MAX_DIGITS,
  ADMIN_PAGE_SIZE,
  PAGE_PARAM,
  pageCount,
  pageWindow,
  parsePage,
} from '../../shared/paging';

const SEARCH_PARAM = 'buscar';

/** `?buscar=…&pagina=N`, leaving out an empty search and page 1. */
function listParams(search: string, page: number): Record<string, string> {
  const params: Record<string, string> = {};
  if (search !== '') params[SEARCH_PARAM] = search;
  if (page !== 1) params[PAGE_PARAM] = String(page);
  return params;
}

/**
 * An admin list's place, kept in the URL (`?buscar=…&pagina=N`) so that back, reload and a shared
 * link show the same page: another page is a new history entry; a new search replaces the
 * current entry and opens its first page.
 */
export function useAdminListParams(): {
  page: number;
  /** Trimmed; '' for none. */
  search: string;
  /** The search as the list queries' `search` variable: null for none. */
  searchVariable: string | null;
  /** The page's `offset` and `limit` query variables. */
  window: { offset: number; limit: number };
  goTo: (page: number) => void;
  applySearch: (text: string) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams, ADMIN_PAGE_MAX_DIGITS);
  const search = searchParams.get(SEARCH_PARAM)?.trim() ?? '';
  return {
    page,
    search,
    searchVariable: search === '' ? null : search,
    window: pageWindow(page, ADMIN_PAGE_SIZE),
    goTo: (next) => setSearchParams(listParams(search, next)),
    applySearch: (text) => {
      const trimmed = text.trim();
      if (trimmed !== search) setSearchParams(listParams(trimmed, 1), { replace: true });
    },
  };
}

/**
 * A page past the end of the list (a list that shrank, an edited URL) is replaced by the last
 * one, once the list's `total` is known (undefined until then).
 */
export function useLastPageWhenPast(total: number | undefined): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams, ADMIN_PAGE_MAX_DIGITS);
  const search = searchParams.get(SEARCH_PARAM)?.trim() ?? '';
  const lastPage = total === undefined ? undefined : pageCount(total, ADMIN_PAGE_SIZE);
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) {
      setSearchParams(listParams(search, lastPage), { replace: true });
    }
  }, [lastPage, page, search, setSearchParams]);
}
