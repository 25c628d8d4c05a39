/**
 * A product's share page: a real path (not a hash route) that link-preview crawlers and search
 * engines can read, `/p/{id}-{slug}` (the slug is the name in lower-case ASCII words, for the
 * reader of the link; only the id counts). The server answers it with the product's Open Graph
 * tags and JSON-LD, and the client opens `#/producto/{id}` on it.
 */
export const SHARE_PATH_PREFIX = '/p/';

/** The slug never makes a link longer than this many characters. */
const MAX_SLUG_LENGTH = 60;

/** 'Tenis Nike Air Zoom Pegasus 40' → 'tenis-nike-air-zoom-pegasus-40'; 'Piña & Ñandú' → 'pina-nandu'. */
export function productSlug(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  return slug;
}

/** The canonical share path of a product: `/p/42-tenis-nike-air`, or `/p/42` for a name without letters. */
export function productSharePath(id: number, name: string): string {
  const slug = productSlug(name);
  return `${SHARE_PATH_PREFIX}${id}${slug ? `-${slug}` : ''}`;
}

/**
 * The product id a share path names (`/p/42`, `/p/42-anything`), or undefined when the path is
 * not a share path or its id is not a positive 32-bit integer.
 */
export function sharePathProductId(path: string): number | undefined {
  const match = /^\/p\/([1-9][0-9]{0,9})(?:-[a-z0-9-]*)?\/?$/.exec(path);
  if (!match) return undefined;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : undefined;
}

/**
 * The query that asks `/uploads/products/<file>` for its 1200×630 JPEG variant (og:image,
 * storage/photo-variants.ts SHARE_IMAGE_SIZE).
 */
export const SHARE_IMAGE_QUERY = 'og=1200x630';

/** The share image of a photo URL (`/uploads/products/x.webp` → `/uploads/products/x.webp?og=1200x630`). */
export function shareImagePath(photoUrl: string): string {
  return `${photoUrl}?${SHARE_IMAGE_QUERY}`;
}
