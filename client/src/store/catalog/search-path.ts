/**
 * The search screens (spec §2): /buscar/{busqueda}, and /catalogo/buscar/{busqueda} for the
 * price-free catalogue, whose shoppers never see prices. An empty term is the bare screen.
 */
export function searchPath(term: string, showPrices: boolean): string {
  const base = showPrices ? '/buscar' : '/catalogo/buscar';
  const trimmed = term.trim();
  return trimmed === '' ? base : `${base}/${encodeURIComponent(trimmed)}`;
}

const SEARCH_ROUTE = /^\/(?:catalogo\/)?buscar(?:\/([^/]*))?\/?$/;

/**
 * The search term of a search screen's path ('/buscar/pantal%C3%B3n' → 'pantalón'), '' on
 * any other screen: what every search box on the page shows.
 */
export function searchTermOf(pathname: string): string {
  const raw = SEARCH_ROUTE.exec(pathname)?.[1];
  if (raw === undefined) return '';
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}
