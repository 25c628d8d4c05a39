import { useSearchParams } from 'react-router-dom';
import {
  type CatalogFilters,
  type CatalogSort,
  DEFAULT_SORT,
  emptyFilters,
  filtersToSearchParams,
} from '../filter-state';
import { parsePage } from '../../../shared/paging';

/**
 * The 1-based page in the URL (`pagina`) and a way to another page: it rewrites the query
 * string with `filters` (none by default), `sort` (the default one by default) and the new page. The new page opens at the top (the
 * store layout's scroll restoration), and back returns to where the shopper was on the last one.
 */
export function usePageParam(
  filters: CatalogFilters = emptyFilters(),
  sort: CatalogSort = DEFAULT_SORT,
): {
  page: number;
  goToPage: (page: number) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const goToPage = (next: number) => {
    setSearchParams(filtersToSearchParams(filters, next, sort));
  };
  return { page: parsePage(searchParams), goToPage };
}
