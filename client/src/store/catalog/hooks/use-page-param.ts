import { useSearchParams } from 'react-router-dom';
import {
  type CatalogFilters,
  emptyFilters,
  filtersToSearchParams,
  parsePage,
} from '../filter-state';

/**
 * The 1-based page in the URL (`pagina`) and a way to another page: it rewrites the query
 * string with `filters` (none by default) and the new page, then scrolls back to the top.
 */
export function usePageParam(filters: CatalogFilters = emptyFilters()): {
  page: number;
  goToPage: (page: number) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const goToPage = (next: number) => {
    setSearchParams(filtersToSearchParams(filters, next));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return { page: parsePage(searchParams), goToPage };
}
