import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApolloServer } from '@apollo/server';
import {
  type FirstScreenManifest,
  APP_PRELOADS_ELEMENT_ID,
  DRAWN_SCREEN_PATH,
  type DrawnHashRoute,
  drawnHashRoute,
  FIRST_SCREEN_MARKUP_ELEMENT_ID,
  type FirstScreenRequest,
  HOME_PRELOADS_ELEMENT_ID,
  type PhotoPreload,
} from '@tienda/rules';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { productSharePath, sharePathProductId } from '../modules/catalog/share-path.js';
import { escapeMarkup, jsonInScript } from '../modules/shared/markup.js';
import { REVALIDATE } from './client-files.js';
import { apiError } from './error-mapper.js';
import {
  type FirstScreenLayout,
  type FirstScreenMarkup,
  layoutFor,
} from './first-screen-markup.js';
import type { RequestContext } from './request-context.js';
import { type SharedProduct, sharePageHead } from './share-page-head.js';

/**
 * The first screen's data in the HTML (issue 15): `/` and a product's share page `/p/{id}-{slug}`
 * are the built client's index.html plus, in a `<script type="application/json">`, the answers
 * of the client's own first-screen queries, which its Apollo cache starts from. The documents,
 * the home page's variables and the photos to preload come from the build
 * (client/dist/first-screen.json, written from client/src/app/first-screen-queries.ts); they are
 * executed through the same Apollo server as `/graphql`, as an anonymous request: one answer for
 * everybody, nothing personal in it.
 */

/** What the client's build writes (client/src/app/first-screen-queries.ts): @tienda/rules' contract. */
export type { FirstScreenManifest };

export const FIRST_SCREEN_MANIFEST = 'first-screen.json';

/** One answer put in the page: exactly what `/graphql` answers for the same request. */
export interface FirstScreenResult extends FirstScreenRequest {
  data: Record<string, unknown>;
}

/** client/src/app/first-screen-data.ts `FirstScreenData`. */
export type FirstScreenPage = { kind: 'home' } | DrawnHashRoute | { kind: 'notFound' };

/** The page goes out without data (the client then asks `/graphql`) past this wait. */
export const FIRST_SCREEN_TIMEOUT_MS = 2_000;

export interface StorefrontHtmlOptions {
  distDir: string;
  apollo: ApolloServer<RequestContext>;
  /** The context of an anonymous request (request-context.ts `anonymousContext`). */
  anonymousContext: (req: Request, res: Response) => RequestContext;
  /** The shop's address for absolute links (Config.publicUrl), never the request's Host. */
  shopUrl: string;
  /** Whether the request carries a session (then `me` is left to the client). */
  hasSession: (req: Request) => boolean;
  /** The shop's name now (its settings may change while the app runs). */
  shopName: () => string;
  /** The client's renderer of the first screen (first-screen-markup.ts), when the build has one. */
  firstScreenMarkup?: FirstScreenMarkup;
  /** Run before the pages' handlers (request timing, compression). */
  before: RequestHandler[];
  log: (message: string) => void;
}

/** The build's index.html and manifest, or undefined when the build has no manifest. */
async function readBuild(distDir: string) {
  try {
    const [html, manifest] = await Promise.all([
      readFile(path.join(distDir, 'index.html'), 'utf8'),
      readFile(path.join(distDir, FIRST_SCREEN_MANIFEST), 'utf8'),
    ]);
    return { html, manifest: JSON.parse(manifest) as FirstScreenManifest };
  } catch {
    return undefined;
  }
}

/**
 * The data goes only into a page the browser opens as a document (or a client that does not say,
 * as crawlers): a service worker's or a script's fetch of the shell (`Sec-Fetch-Dest: empty`)
 * gets the plain shell, so no cache ever keeps prices and stock from the past.
 */
function wantsData(req: Request): boolean {
  const dest = req.get('sec-fetch-dest');
  return dest === undefined || dest === 'document';
}

const withTimeout = <T>(work: Promise<T>, ms: number, fallback: T): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `products.items[].images[0].url` of a catalogue answer, `product.images[].url` of a product's. */
function photoUrls(results: FirstScreenResult[]): string[] {
  const urls: string[] = [];
  for (const { data } of results) {
    const page = isRecord(data.products) ? data.products : undefined;
    const items = Array.isArray(page?.items) ? (page.items as unknown[]) : [];
    for (const item of items) {
      const first = isRecord(item) && Array.isArray(item.images) ? item.images[0] : undefined;
      if (isRecord(first) && typeof first.url === 'string') urls.push(first.url);
    }
    const product = isRecord(data.product) ? data.product : undefined;
    for (const image of Array.isArray(product?.images) ? (product.images as unknown[]) : []) {
      if (isRecord(image) && typeof image.url === 'string') urls.push(image.url);
    }
  }
  return urls;
}

/** `<link rel="preload">` for the first photos, with the `<img>`'s own srcset and sizes. */
function photoPreloads(urls: string[], preload: PhotoPreload): string {
  return urls
    .slice(0, preload.count)
    .map((url) => {
      const srcSet =
        preload.srcSet && url.startsWith(preload.srcSet.prefix)
          ? preload.srcSet.template.replaceAll(preload.srcSet.placeholder, url)
          : undefined;
      const target = srcSet
        ? `imagesrcset="${escapeMarkup(srcSet)}" imagesizes="${escapeMarkup(preload.sizes ?? '')}"`
        : `href="${escapeMarkup(url)}"`;
      return `<link rel="preload" as="image" ${target} fetchpriority="high" />`;
    })
    .join('');
}

interface PageParts {
  page: FirstScreenPage;
  results: FirstScreenResult[];
  preloads: string;
  head?: { title: string; description: string; tags: string };
  /** The screen drawn on the server, for the layout it was drawn for. */
  drawn?: { markup: string; layout: FirstScreenLayout };
}

/** index.html with the page's head and data. */
function render(html: string, elementId: string, parts: PageParts): string {
  let out = html;
  if (parts.preloads) {
    // Early in the head, so the browser starts the photos with the scripts; after the viewport's
    // meta, which the preloads' `imagesizes` depend on (before it, a phone picks its candidate
    // for a 980 px wide page: another file than the `<img>` asks for).
    out = out.replace(
      /<meta name="viewport"[^>]*>/i,
      (viewport) => `${viewport}\n    ${parts.preloads}`,
    );
  }
  if (parts.head) {
    const { title, description, tags } = parts.head;
    out = out
      .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeMarkup(title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/i,
        () => `<meta name="description" content="${escapeMarkup(description)}" />`,
      )
      .replace(/\s*<\/head>/i, () => `\n    ${tags}\n  </head>`);
  }
  if (parts.drawn) {
    // Shown by index.html's inline scripts when the window has the layout it was drawn for and
    // the address opens that screen (the head's script decides, the body's parses the markup
    // into #first-screen: until then its photos are not fetched), and hidden as soon as the app
    // has rendered (boot.tsx). The markup travels as a JSON string, not as a `<template>`: the
    // parser only scans a script's text, so `/` opened at a hash route (the server cannot see
    // it) does not build the home page's nodes for nothing (~100 ms of a phone's CPU).
    const { markup, layout } = parts.drawn;
    out = out
      .replace(/<html\b/i, (tag) => `${tag} data-first-screen="${layout}"`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root"></div><div id="first-screen"></div>` +
          `<script type="application/json" id="${FIRST_SCREEN_MARKUP_ELEMENT_ID}">` +
          `${jsonInScript(markup)}</script>`,
      );
  }
  const data = jsonInScript({ page: parts.page, results: parts.results });
  return out.replace(
    '</body>',
    () => `  <script type="application/json" id="${elementId}">${data}</script>\n  </body>`,
  );
}

/**
 * `GET /` and `/index.html` (the home page's data) and `GET /p/{id}-{slug}` (a product's share
 * page: its data and its Open Graph tags and JSON-LD; 301 to the canonical path when the slug
 * differs; 404 with the not-found screen when the product is hidden, deleted or unknown). The
 * HTML never fails for the data: without it (database down, slow, errors) the plain shell goes
 * out and the client asks `/graphql` as usual. Without a build manifest, everything passes on.
 */
export async function storefrontHtml(options: StorefrontHtmlOptions): Promise<express.Router> {
  const router = express.Router();
  const build = await readBuild(options.distDir);
  if (!build) return router;
  const { html, manifest } = build;

  /** Executes each request through Apollo as its own anonymous request; failed ones are left out. */
  const execute = async (req: Request, res: Response, requests: FirstScreenRequest[]) => {
    const answers = await Promise.all(
      requests.map(async ({ operationName, variables }): Promise<FirstScreenResult | undefined> => {
        const query = manifest.documents[operationName];
        if (!query) return undefined;
        const response = await options.apollo.executeOperation(
          { query, operationName, variables },
          { contextValue: options.anonymousContext(req, res) },
        );
        const body = response.body;
        if (body.kind !== 'single' || body.singleResult.errors || !body.singleResult.data) {
          return undefined;
        }
        return { operationName, variables, data: body.singleResult.data };
      }),
    );
    return answers.filter((answer) => answer !== undefined);
  };

  /**
   * The answers for the page, within FIRST_SCREEN_TIMEOUT_MS; [] when they fail or are late.
   * `visitor`: the request carries no session (then `me` is answered too).
   */
  const answersFor = async (
    req: Request,
    res: Response,
    pageRequests: FirstScreenRequest[],
    visitor: boolean,
  ) => {
    const requests = [...manifest.shell, ...(visitor ? manifest.anonymous : []), ...pageRequests];
    try {
      return await withTimeout(execute(req, res, requests), FIRST_SCREEN_TIMEOUT_MS, []);
    } catch (error) {
      options.log(`Página sin los datos de la primera pantalla: ${String(error)}`);
      return [];
    }
  };

  /** The product screen's query for product `id` (a share page's, a drawn #/producto/{id}'s). */
  const productRequest = (id: number): FirstScreenRequest => ({
    operationName: manifest.product.operationName,
    variables: { [manifest.product.idVariable]: id },
  });

  const send = (res: Response, status: number, parts: PageParts) => {
    res
      .status(status)
      .type('html')
      .set('Cache-Control', REVALIDATE)
      .vary('Cookie')
      .vary('Sec-Fetch-Dest')
      .vary('Sec-CH-UA-Mobile')
      .vary('User-Agent')
      .send(render(html, manifest.dataElementId, parts));
  };

  /**
   * The app's chunks and the screens' (the build's `modulePreload`: `app`, then one list per
   * route's first segment), each link marked with its `data-screen`, in an inert `<template>` (the
   * preload scanner skips it): the server cannot see the address's hash, nor whether the window
   * fits the drawn screen, so index.html's inline script moves into the head the app's and the
   * address's screen's links when the app starts at once, and none over a drawn screen (the app
   * waits for the shopper there; main.tsx prefetches the files once the page has loaded).
   */
  const appPreloads = (screens: string[] | 'all') => {
    const lists = Object.entries(manifest.modulePreload ?? {}).filter(
      ([screen]) => screen === 'app' || screens === 'all' || screens.includes(screen),
    );
    const links = lists.flatMap(([screen, files]) =>
      files.map(
        (file) =>
          `<link rel="modulepreload" crossorigin href="${escapeMarkup(file)}" data-screen="${escapeMarkup(screen)}" />`,
      ),
    );
    return `<template id="${APP_PRELOADS_ELEMENT_ID}">${links.join('')}</template>`;
  };
  const everyScreen = appPreloads('all');
  // A share page opens the product screen (its hash route, #/producto/{id}), whatever else.
  const productScreen = appPreloads(['producto']);
  /**
   * `/` opens the home screen only when its hash does (#/inicio, none), which the server cannot
   * see: the home's first photos wait in an inert `<template>` that index.html's inline script
   * moves into the head for the unfiltered home screen only, so #/iniciar-sesion or #/registro do
   * not download them.
   */
  const homePreloads = (photos: string) =>
    `<template id="${HOME_PRELOADS_ELEMENT_ID}">${photos}</template>${everyScreen}`;

  const plain = (page: FirstScreenPage, preloads = ''): PageParts => ({
    page,
    results: [],
    preloads,
  });

  /**
   * The screen drawn from the page's answers, for a visitor without a session (a signed-in
   * shopper's screen has their name and cart: theirs comes from the app, as before).
   */
  const drawn = async (
    req: Request,
    page: FirstScreenPage,
    results: FirstScreenResult[],
    visitor: boolean,
  ): Promise<PageParts['drawn']> => {
    if (!options.firstScreenMarkup || !visitor || results.length === 0) {
      return undefined;
    }
    const layout = layoutFor(req);
    const markup = await options.firstScreenMarkup.render({ page, results }, layout);
    return markup === undefined ? undefined : { markup, layout };
  };

  router.get(['/', '/index.html'], ...options.before, async (req, res) => {
    const page: FirstScreenPage = { kind: 'home' };
    if (!wantsData(req)) return send(res, 200, plain(page));
    const visitor = !options.hasSession(req);
    const results = await answersFor(req, res, manifest.home, visitor);
    const home = results.filter((result) =>
      manifest.home.some((request) => request.operationName === result.operationName),
    );
    send(res, 200, {
      page,
      results,
      preloads: homePreloads(photoPreloads(photoUrls(home), manifest.photos.home)),
      drawn: home.length > 0 ? await drawn(req, page, results, visitor) : undefined,
    });
  });

  router.get(/^\/p\/.*/, ...options.before, async (req, res) => {
    const id = sharePathProductId(req.path);
    const visitor = !options.hasSession(req);
    const notFound = async () =>
      send(res, 404, {
        page: { kind: 'notFound' },
        results: wantsData(req) ? await answersFor(req, res, [], visitor) : [],
        preloads: wantsData(req) ? appPreloads([]) : '',
      });
    if (id === undefined) return notFound();

    const { operationName } = manifest.product;
    const results = await answersFor(req, res, [productRequest(id)], visitor);
    const answer = results.find((result) => result.operationName === operationName);
    // No answer (database down, too slow): the client opens the product and asks for it.
    if (!answer)
      return send(res, 503, { ...plain({ kind: 'product', id }, productScreen), results });
    const product = answer.data.product as SharedProduct | null;
    if (!product) return notFound();

    const canonical = productSharePath(product.id, product.name);
    if (req.path !== canonical) {
      const query = req.originalUrl.indexOf('?');
      return res.redirect(301, `${canonical}${query < 0 ? '' : req.originalUrl.slice(query)}`);
    }
    const page: FirstScreenPage = { kind: 'product', id };
    send(res, 200, {
      page,
      results: wantsData(req) ? results : [],
      drawn: wantsData(req) ? await drawn(req, page, results, visitor) : undefined,
      preloads: wantsData(req)
        ? photoPreloads(photoUrls([answer]), manifest.photos.product) + productScreen
        : '',
      head: sharePageHead(product, { shopUrl: options.shopUrl, shopName: options.shopName() }),
    });
  });

  /**
   * `GET /primera-pantalla?ruta=/producto/42` (DRAWN_SCREEN_PATH, DRAWN_HASH_ROUTES): a hash
   * route's screen drawn for a visitor, asked by index.html's head script when `/` was opened at
   * that hash (the server saw only `/`, and drew the home page). 200 with the page's data (the
   * shell's, `me` and the screen's own answers, as a page carries them) and the markup drawn for
   * the layout of the device that asked; 204 when nothing is drawn (a session: a signed-in
   * shopper's screen is theirs, from the app; a hidden or unknown product; no answers in time; no
   * renderer, or its budget spent), and the app starts as it would have. Never cached: prices
   * and stock are now's.
   */
  router.get(DRAWN_SCREEN_PATH, ...options.before, async (req, res) => {
    const route = req.query.ruta;
    if (typeof route !== 'string' || route.length === 0 || route.length > 64) {
      res
        .status(400)
        .json(apiError('Indica la pantalla con ruta=/producto/42.', 'INVALID_SCREEN_ROUTE'));
      return;
    }
    const screen = drawnHashRoute(route);
    if (!screen) {
      res
        .status(404)
        .json(apiError('La tienda no dibuja esa pantalla en el servidor.', 'SCREEN_NOT_DRAWN'));
      return;
    }
    res.set('Cache-Control', 'no-store').vary('Cookie').vary('Sec-CH-UA-Mobile').vary('User-Agent');
    const nothing = () => void res.status(204).end();
    if (!options.firstScreenMarkup || options.hasSession(req)) return nothing();

    const requests =
      screen.kind === 'product' ? [productRequest(screen.id)] : manifest.routes?.[screen.path];
    if (!requests) return nothing();
    const results = await answersFor(req, res, requests, true);
    // Every answer of the screen's own, and a product that is there to show (the shell's and `me`
    // may be missing, as in a page: the app then asks for them).
    const own = requests.every((request) =>
      results.some((result) => result.operationName === request.operationName),
    );
    if (!own) return nothing();
    if (screen.kind === 'product') {
      const answer = results.find(
        (result) => result.operationName === manifest.product.operationName,
      );
      if (!answer?.data.product) return nothing();
    }
    const markup = await drawn(req, screen, results, true);
    if (!markup) return nothing();
    res.status(200).json({ page: screen, results, markup: markup.markup, layout: markup.layout });
  });

  return router;
}
