/**
 * The first screen's manifest: what the client's build writes (client/src/app/first-screen-queries.ts,
 * into client/dist/first-screen.json) and the server reads to answer a page's first queries and
 * preload its photos (server/src/http/storefront-html.ts). One description for both sides.
 */

/**
 * The `<template>` in the head of `/` holding the home screen's first photos: the server cannot
 * see the address's hash, so index.html's inline script moves them into the head only when the
 * address opens the unfiltered home screen (not for #/iniciar-sesion…).
 */
export const HOME_PRELOADS_ELEMENT_ID = 'home-preloads';

/**
 * The `<template>` in the head of `/` and of a share page holding the app's chunks (`data-screen`
 * "app": main.tsx's import of boot.tsx and its imports) and each screen's an address may open
 * (`data-screen` its route's first segment: "inicio", "producto", "promociones"…), as
 * `<link rel="modulepreload">`. index.html's inline script moves into the head the app's and the
 * address's screen's when the app starts at once; over a drawn screen it moves none (the app
 * waits for the shopper) and main.tsx prefetches them once the page has loaded.
 */
export const APP_PRELOADS_ELEMENT_ID = 'app-preloads';

/**
 * The `<script type="application/json">` after `#first-screen` holding the screen the server drew,
 * as a JSON string: index.html's body script parses it into `#first-screen` only when the head's
 * script shows it, so an address or a window it does not fit neither builds its nodes (the parser
 * only scans a script's text) nor fetches its photos.
 */
export const FIRST_SCREEN_MARKUP_ELEMENT_ID = 'first-screen-markup';

/**
 * `GET /primera-pantalla?ruta=…` (server/src/http/storefront-html.ts): a hash route's screen drawn
 * on the server, for a visitor. The server cannot see the hash of the address `/` was asked
 * with, so index.html's head script asks for it when the hash is one of DRAWN_HASH_ROUTES, and
 * main.tsx shows the answer instead of running the app at once (the app then waits for the
 * shopper, as over the drawn home page).
 */
export const DRAWN_SCREEN_PATH = '/primera-pantalla';

/**
 * The hash routes (without '#') the server draws on request: a product's screen, the
 * promotions, sign-in and registration. index.html's inline head script has its twin (it cannot
 * import): keep both equal.
 */
export const DRAWN_HASH_ROUTES = /^\/(producto\/[1-9]\d{0,8}|promociones|iniciar-sesion|registro)$/;

/** A drawn hash route other than a product's: its path. */
export type DrawnRoutePath = '/promociones' | '/iniciar-sesion' | '/registro';

/** The screen a drawn hash route opens, or undefined when the server does not draw it. */
export type DrawnHashRoute =
  { kind: 'product'; id: number } | { kind: 'route'; path: DrawnRoutePath };

export function drawnHashRoute(route: string): DrawnHashRoute | undefined {
  const match = DRAWN_HASH_ROUTES.exec(route);
  if (!match) return undefined;
  const product = /^producto\/(\d+)$/.exec(match[1]!);
  if (product) return { kind: 'product', id: Number(product[1]) };
  return { kind: 'route', path: route as DrawnRoutePath };
}

/** The id of the page's `<script type="application/json">` holding the first screen's answers. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** One query the page's first screen asks, by its operation's name. */
export interface FirstScreenRequest<Operation extends string = string> {
  operationName: Operation;
  variables: Record<string, unknown>;
}

/** An `<img>`'s srcset, with a placeholder standing for the photo's URL. */
export interface PhotoSrcSetTemplate {
  /** Only photos whose URL starts with this have a srcset. */
  prefix: string;
  /** Stands for the photo's URL in `template`. */
  placeholder: string;
  template: string;
}

/** Photos the HTML preloads: the first `count`, with the `<img>`'s own sizes and srcset. */
export interface PhotoPreload {
  count: number;
  /** Absent: the `<img>` loads the photo's URL itself (no srcset). */
  sizes?: string;
  /** The `<img>`'s srcset, with a placeholder for the photo's URL. */
  srcSet?: PhotoSrcSetTemplate;
}

export interface FirstScreenManifest<Operation extends string = string> {
  dataElementId: string;
  /** Each operation's text exactly as the client sends it (with `__typename`, as Apollo adds). */
  documents: Record<Operation, string>;
  /** Every page: what the store shell asks for (public). */
  shell: FirstScreenRequest<Operation>[];
  /** Added for a visitor without a session only (`me` is then null: nothing personal). */
  anonymous: FirstScreenRequest<Operation>[];
  /** `/`, which opens #/inicio: the home page's catalogue, with the variables it computes. */
  home: FirstScreenRequest<Operation>[];
  /** A product's share page: this operation with the product's id in `idVariable`. */
  product: { operationName: Operation; idVariable: string };
  /**
   * The other drawn hash routes (DRAWN_HASH_ROUTES): what each screen asks for besides the shell's
   * and `me`, by its path (none: drawn from those alone).
   */
  routes: Record<DrawnRoutePath, FirstScreenRequest<Operation>[]>;
  photos: {
    /** The home grid's first cards (product-grid's `priority` cards). */
    home: PhotoPreload;
    /** The product page's eager gallery photo (with its srcset and sizes). */
    product: PhotoPreload;
  };
  /**
   * Added by the build (vite-first-screen.ts): the app's chunks (`app`: boot.tsx and its static
   * imports, less the entry), and each screen's an address may open, by its route's first
   * segment (`inicio`, `producto`…: its chunk and static imports, less the entry's and the
   * app's).
   */
  modulePreload?: Record<string, string[]>;
}
