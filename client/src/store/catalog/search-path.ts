/**
 * The search screens (spec §2): /buscar/{busqueda}, and /catalogo/buscar/{busqueda} for the
 * price-free catalogue, whose shoppers never see prices. An empty term is the bare screen.
 */
export function searchPath(term: string, showPrices: boolean): string {
  const base = showPrices ? '/buscar' : '/catalogo/buscar';
  const trimmed = term.trim();
  return trimmed === '' ? base : `${base}/${encodeURIComponent(trimmed)}`;
}
