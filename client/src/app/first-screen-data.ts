import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { DrawnHashRoute } from '@tienda/rules';
import {
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_DOCUMENTS,
  type FirstScreenOperation,
} from './first-screen-queries';

/** One answer the server put in the HTML: exactly what `/graphql` answered for it. */
export interface FirstScreenResult {
  operationName: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

/**
 * Which screen the page the server sent stands for (a share page is a real path, not a hash), or
 * the drawn hash route main.tsx asked for (`route`: #/promociones, #/iniciar-sesion).
 */
export type FirstScreenPage = { kind: 'home' } | DrawnHashRoute | { kind: 'notFound' };

/** The JSON the server writes into `<script type="application/json" id="first-screen-data">`. */
export interface FirstScreenData {
  page: FirstScreenPage;
  results: FirstScreenResult[];
}

/** The hash route a page opens (a product's share page: its product screen). */
const HASH_ROUTES = {
  home: () => '/inicio',
  product: (id: number) => `/producto/${id}`,
  // Any path the router does not know shows the shop's not-found screen.
  notFound: () => '/no-encontrado',
};

/** The route of the screen a page stands for. */
export function firstScreenRoute(page: FirstScreenPage): string {
  if (page.kind === 'product') return HASH_ROUTES.product(page.id);
  if (page.kind === 'route') return page.path;
  return HASH_ROUTES[page.kind]();
}

/** The data the server put in this page, or undefined (none, or not readable). */
export function readFirstScreenData(doc: Document = document): FirstScreenData | undefined {
  const element = doc.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<FirstScreenData>;
    if (!parsed.page || !Array.isArray(parsed.results)) return undefined;
    return { page: parsed.page, results: parsed.results };
  } catch {
    return undefined;
  }
}

const isKnown = (name: string): name is FirstScreenOperation =>
  Object.prototype.hasOwnProperty.call(FIRST_SCREEN_DOCUMENTS, name);

/**
 * Writes the server's answers into the cache before anything renders: the screens' queries
 * (same documents, same variables) then read them from the cache instead of asking `/graphql`.
 * An answer for an operation this client does not know is skipped.
 */
export function restoreFirstScreenData(client: ApolloClient, data: FirstScreenData | undefined) {
  for (const result of data?.results ?? []) {
    if (!isKnown(result.operationName)) continue;
    // Each answer is its own document's (the server executed exactly that document).
    const query = FIRST_SCREEN_DOCUMENTS[result.operationName] as TypedDocumentNode<
      unknown,
      OperationVariables
    >;
    client.writeQuery({ query, variables: result.variables, data: result.data });
  }
}

/**
 * On a share page (`/p/42-tenis`) the app opens the product's screen: the address becomes
 * `/#/producto/42` before the router starts (the share path is for crawlers and links; inside
 * the app every screen is a hash route under `/`, so links, reloads and Back work as anywhere
 * else). A missing product opens the not-found screen the same way; `/` opens the home page's
 * route at once, not after the router's redirect from '/' (one render of nothing first).
 *
 * A hash route already in the address is where the shopper is, and stays (under `/`): one they
 * opened (`/#/carrito`, `#/inicio?marca=…`), or a drawn link they followed before the app ran
 * (the drawn sign-in's 'Registrarse', a share page's link): the page's data then stands for the
 * screen they left.
 */
export function openFirstScreenPage(
  page: FirstScreenPage | undefined,
  { location, history } = window,
): void {
  if (!page) return;
  if (location.hash.startsWith('#/') && location.hash !== '#/') {
    if (location.pathname !== '/') history.replaceState(null, '', `/${location.hash}`);
    return;
  }
  const route = firstScreenRoute(page);
  if (location.pathname === '/' && location.hash === `#${route}`) return;
  history.replaceState(null, '', `/#${route}`);
}
