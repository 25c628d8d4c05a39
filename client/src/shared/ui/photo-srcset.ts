import type { PhotoSrcSetTemplate } from '@tienda/rules';

/**
 * Which file of a product photo the browser fetches for a slot (`srcset`/`sizes`): one home for
 * the `<img>` (product-image.tsx) and the server's `<link rel="preload">` of the first cards
 * (written into the build's first-screen manifest), so the browser reuses the preloaded file.
 * No React here: the build reads it too.
 */

/** Widths the server resizes stored photos to (server/src/modules/storage/photo-variants.ts). */
const VARIANT_WIDTHS = [320, 480] as const;
/** Stored photos are 800×800. */
export const STORED_PHOTO_WIDTH = 800;
/** Only photos the shop stores have variants. */
const STORED_PHOTO_PREFIX = '/uploads/';
/** A catalogue card's slot: 2 columns on phones, 3 from md, up to 5 on wide screens. */
export const CARD_PHOTO_SIZES = '(min-width: 1536px) 20vw, (min-width: 768px) 30vw, 50vw';
/**
 * The product page's main photo (product-details.tsx): 12rem wide on a phone, 22rem from sm, about
 * half the page from lg. A 390 px phone at 2× takes the 480 px file, not the 800 px original.
 */
export const PRODUCT_PHOTO_SIZES = '(min-width: 1024px) 50vw, (min-width: 640px) 22rem, 12rem';
/** The product page's thumbnails (product-gallery.tsx): 4rem, 6rem from md. */
export const THUMBNAIL_PHOTO_SIZES = '(min-width: 768px) 6rem, 4rem';

/** `srcset` for a stored photo under /uploads: its resized variants and the original. */
export function photoSrcSet(src: string): string | undefined {
  if (!src.startsWith(STORED_PHOTO_PREFIX)) return undefined;
  return [
    ...VARIANT_WIDTHS.map((w) => `${src}?w=${w} ${w}w`),
    `${src} ${STORED_PHOTO_WIDTH}w`,
  ].join(', ');
}

export type { PhotoSrcSetTemplate };

/**
 * photoSrcSet for any stored photo, with a placeholder where its URL goes: the server fills it
 * in for the photos it preloads, so its srcset is the `<img>`'s own.
 */
export function photoSrcSetTemplate(): PhotoSrcSetTemplate {
  const placeholder = `${STORED_PHOTO_PREFIX}{photo}`;
  return {
    prefix: STORED_PHOTO_PREFIX,
    placeholder,
    template: photoSrcSet(placeholder) ?? '',
  };
}
