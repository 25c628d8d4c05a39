/**
 * The first screen drawn on the server (issue 15: a phone's first screen in 2.5 s). The server
 * (server/src/http/storefront-html.ts) imports this module's build (`vite build --ssr`, see
 * vite.config.ts) and draws, from the same answers it puts in the page's data, the screen the
 * page opens: the same components, routes, theme and cache as the browser's app. The page shows
 * it until the app's first render takes its place (client/index.html, boot.tsx): the shopper
 * sees the products, their photos and prices before the scripts have arrived.
 */
import { ApolloLink } from '@apollo/client';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { throwError } from 'rxjs';
import { ShopProviders } from './app/app';
import { createApolloClient } from './app/apollo-client';
import { type FirstScreenData, firstScreenRoute } from './app/first-screen-data';
import { appRoutes } from './app/router';
import { DocumentTitleSink } from './shared/hooks/use-document-title';
import { LayoutHintContext } from './shared/hooks/use-is-desktop';

export type FirstScreenLayout = 'phone' | 'desktop';

/** The server draws from the answers alone: a query they do not hold is not asked for. */
const noNetwork = new ApolloLink(() =>
  throwError(() => new Error('La primera pantalla se dibuja sin pedir datos')),
);

/**
 * The markup of the screen `data.page` opens, for a phone's or a desktop's layout; undefined when
 * its route answers otherwise (a redirect).
 */
export async function renderFirstScreen(
  data: FirstScreenData,
  layout: FirstScreenLayout,
): Promise<string | undefined> {
  const client = createApolloClient(data, noNetwork);
  const handler = createStaticHandler(appRoutes(client, { prefetch: false }));
  const context = await handler.query(
    new Request(new URL(firstScreenRoute(data.page), 'http://tienda.local')),
  );
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  let title: string | undefined;
  const markup = hashLinks(
    renderToString(
      <DocumentTitleSink.Provider
        value={(screenTitle) => {
          title = screenTitle;
        }}
      >
        <ShopProviders client={client}>
          <LayoutHintContext.Provider value={layout}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </LayoutHintContext.Provider>
        </ShopProviders>
      </DocumentTitleSink.Provider>,
    ),
  );
  // The screen's document title travels with it (the page's entry, main.tsx, sets it while the
  // drawn screen shows: the app, which sets it otherwise, waits for the shopper there).
  return title === undefined ? markup : `${titleMarker(title)}${markup}`;
}

/** A hidden element holding the drawn screen's document title, read by main.tsx. */
function titleMarker(title: string): string {
  const attribute = title
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
  return `<span hidden data-document-title="${attribute}"></span>`;
}

/**
 * The drawn screen's links as the app's: the static router writes a route's path (`/producto/42`),
 * the browser's app a hash route (`#/producto/42`). A tap on a drawn link before the scripts have
 * run must open that screen (the app starts at that hash), not ask the server for a path it does
 * not serve. Only a link's `href` to a path of the shop (`/…`, not `//host/…`) changes.
 */
export function hashLinks(markup: string): string {
  return markup.replace(/(<a\b[^>]*?\shref=")\/(?!\/)/g, '$1#/');
}
