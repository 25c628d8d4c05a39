import { useSearchParams } from 'react-router-dom';
import {
  ADMIN_PAGE_MAX_DIGITS,
  ADMIN_PAGE_SIZE,
  PAGE_PARAM,
  pageWindow,
  parsePage,
} from '../../shared/paging';
import { mexicoCityMidnight } from './activity-format';

/** The Actividad filters as the URL keeps them. */
export interface ActivityFilters {
  /** An admin's user id, as text; '' for all. */
  usuario: string;
  /** An action code; '' for all. */
  accion: string;
  /** First day shown (YYYY-MM-DD, Mexico City); '' for no bound. */
  desde: string;
  /** Last day shown, included; '' for no bound. */
  hasta: string;
}

const FILTER_PARAMS = ['usuario', 'accion', 'desde', 'hasta'] as const;

/**
 * The Actividad screen's place, kept in the URL (`?usuario=…&accion=…&desde=…&hasta=…&pagina=N`)
 * so that back, reload and a shared link show the same entries: another page is a new history
 * entry; a changed filter replaces the current one and opens the first page.
 */
export function useActivityParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams, ADMIN_PAGE_MAX_DIGITS);
  const filters: ActivityFilters = {
    usuario: /^\d{1,9}$/.test(searchParams.get('usuario') ?? '')
      ? searchParams.get('usuario')!
      : '',
    accion: searchParams.get('accion') ?? '',
    desde: mexicoCityMidnight(searchParams.get('desde') ?? '') ? searchParams.get('desde')! : '',
    hasta: mexicoCityMidnight(searchParams.get('hasta') ?? '') ? searchParams.get('hasta')! : '',
  };
  const paramsOf = (next: ActivityFilters, nextPage: number) => {
    const params: Record<string, string> = {};
    for (const name of FILTER_PARAMS) if (next[name] !== '') params[name] = next[name];
    if (nextPage !== 1) params[PAGE_PARAM] = String(nextPage);
    return params;
  };
  return {
    page,
    filters,
    /** The query's variables: the page's window and the filter the server applies. */
    variables: {
      ...pageWindow(page, ADMIN_PAGE_SIZE),
      filter: {
        userId: filters.usuario === '' ? null : Number(filters.usuario),
        action: filters.accion === '' ? null : filters.accion,
        from: mexicoCityMidnight(filters.desde),
        to: mexicoCityMidnight(filters.hasta, true),
      },
    },
    goTo: (next: number) => setSearchParams(paramsOf(filters, next)),
    setFilter: (name: keyof ActivityFilters, value: string) =>
      setSearchParams(paramsOf({ ...filters, [name]: value }, 1), { replace: true }),
    clearFilters: () =>
      setSearchParams(paramsOf({ usuario: '', accion: '', desde: '', hasta: '' }, 1), {
        replace: true,
      }),
    filtered: FILTER_PARAMS.some((name) => filters[name] !== ''),
  };
}
