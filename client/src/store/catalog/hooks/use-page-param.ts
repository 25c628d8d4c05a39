import { useSearchParams } from 'react-router-dom';
import {
  type CatalogFilters,
  emptyFilters,
  filtersToSearchParams,
  parsePage,
} from '../filter-state';

/**
 * The 1-based page in the URL (`pagina`) and a way to another page: it rewrites the query
 * string with `filters` (none by default) and the new page. The new page opens at the top (the
 * store layout's scroll restoration), and back returns to where the shopper was on the last one.
 */
export function usePageParam(filters: CatalogFilters = emptyFilters()): {
  page: number;
  goToPage: (page: number) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const goToPage = (next: number) => {
    setSearchParams(filtersToSearchParams(filters, next));
  };
  return { page: parsePage(searchParams), goToPage };
}
