/**
 * Where 'Volver al catálogo' goes: a product card hands the product page the list it was opened
 * from (route, filters and page) in the history entry's state.
 */
export interface ReturnToState {
  returnTo: string;
}

/** Where the product page returns to when it was not opened from a list (a shared link). */
export const CATALOGUE_HOME = '/inicio';

/** The state a product card puts on its link: the list on screen, with its query string. */
export function returnToState(location: { pathname: string; search: string }): ReturnToState {
  return { returnTo: `${location.pathname}${location.search}` };
}

/**
 * The list a history entry's state names, if it is one of the shop's own paths ('/…', never
 * '//host' or a scheme: the state could have been written by anything on the page).
 */
export function readReturnTo(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return undefined;
  const { returnTo } = state;
  if (typeof returnTo !== 'string' || returnTo.length > 2_000) return undefined;
  return /^\/(?![/\\])/.test(returnTo) ? returnTo : undefined;
}

/**
 * Whether going back one history entry stays in the shop: react-router numbers its entries
 * (`idx`) from the first one it made, so 0 (or none) means the shopper arrived right here.
 */
export function canGoBackInApp(historyState: unknown): boolean {
  if (typeof historyState !== 'object' || historyState === null || !('idx' in historyState)) {
    return false;
  }
  const { idx } = historyState;
  return typeof idx === 'number' && idx > 0;
}
