/**
 * The first screen's manifest: what the client's build writes (client/src/app/first-screen-queries.ts,
 * into client/dist/first-screen.json) and the server reads to answer a page's first queries and
 * preload its photos (server/src/http/storefront-html.ts). One description for both sides.
 */

/**
 * The `<template>` in the head of `/` holding the home screen's preloads (its chunks, its first
 * photos): the server cannot see the address's hash, so index.html's inline script moves them
 * into the head only when the address opens the home screen (not for #/iniciar-sesion…).
 */
export const HOME_PRELOADS_ELEMENT_ID = 'home-preloads';

/**
 * The `<template>` after `#first-screen` holding the screen the server drew: index.html's body
 * script stamps it into `#first-screen` only when the head's script shows it, so an address or a
 * window it does not fit never fetches its photos (the preload scanner skips a template).
 */
export const FIRST_SCREEN_MARKUP_ELEMENT_ID = 'first-screen-markup';

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
  photos: {
    /** The home grid's first cards (product-grid's `priority` cards). */
    home: PhotoPreload;
    /** The product page's eager gallery photo (with its srcset and sizes). */
    product: PhotoPreload;
  };
  /**
   * Added by the build (vite-first-screen.ts): the chunks of the screen a share page opens
   * (`product`) and of the home screen `/` opens (`home`), less what the entry loads anyway.
   */
  modulePreload?: { product?: string[]; home?: string[] };
}
