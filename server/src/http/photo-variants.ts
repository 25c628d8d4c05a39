import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Sharp } from 'sharp';
import { PRODUCT_IMAGES_DIR } from '../modules/catalog/product-image-paths.js';
import { SHARE_IMAGE_QUERY, SHARE_IMAGE_SIZE } from '../modules/catalog/share-path.js';
import { contentTypeOf, isValidKey, type PhotoStorage } from '../modules/storage/photo-storage.js';

/**
 * Narrower copies of product photos for `srcset` (the storefront's cards are 160–320 CSS pixels
 * wide; the stored photos are 800×800): `/uploads/products/<file>.webp?w=320` answers the photo
 * resized to that width. Each variant is made once, with sharp, on its first request, and kept in
 * the photos' store beside the photo (`.variants/w320/products/<file>`: on disk, express.static
 * never serves dot-directories; in an object store, every instance finds it made), so it works for every photo already stored, seeded or uploaded, without a
 * migration, and costs nothing on the shop's start path (sharp is imported on first use).
 * `?og=1200x630` answers the share image (link previews' og:image) the same way.
 */
export const PHOTO_VARIANT_WIDTHS = [320, 480] as const;

const FILE = /^\/products\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.webp$/;
export const VARIANTS_DIR = '.variants';
const MAX_AGE_SECONDS = 7 * 24 * 3600;

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** A variant of a stored photo: where it is kept and how sharp makes it. */
interface Variant {
  /** Its key under `.variants/`; the extension gives the Content-Type. */
  target: string;
  render: (photo: Sharp) => Sharp;
}

const SHARE_VARIANT_DIR = `og${SHARE_IMAGE_SIZE.width}x${SHARE_IMAGE_SIZE.height}`;

/**
 * The variant a query asks for: `w=320|480` (a narrower WebP for srcset) or `og=1200x630` (the
 * share image, share-path.ts: the square photo whole, centred on white, as JPEG, so that a link
 * preview never crops a shoe). Undefined for any other value, repeated or combined parameters.
 */
function variantOf(query: Request['query'], photo: string): Variant | undefined {
  const { w, og } = query;
  if (w !== undefined && og !== undefined) return undefined;
  if (typeof w === 'string') {
    const width = Number(w);
    if (!(PHOTO_VARIANT_WIDTHS as readonly number[]).includes(width)) return undefined;
    return {
      target: `w${width}/${photo}`,
      render: (p) => p.resize({ width, withoutEnlargement: true }).webp({ quality: 78 }),
    };
  }
  if (typeof og === 'string' && `og=${og}` === SHARE_IMAGE_QUERY) {
    const { width, height } = SHARE_IMAGE_SIZE;
    return {
      target: `${SHARE_VARIANT_DIR}/${photo}.jpg`,
      render: (p) =>
        p
          .flatten({ background: WHITE })
          .resize({ width, height, fit: 'contain', background: WHITE })
          .jpeg({ quality: 82, mozjpeg: true }),
    };
  }
  return undefined;
}

/** Every key a stored product photo occupies: the photo and each variant made of it. */
export function photoKeysOf(fileName: string): string[] {
  const photo = `${PRODUCT_IMAGES_DIR}/${fileName}`;
  return [
    photo,
    ...PHOTO_VARIANT_WIDTHS.map((width) => `${VARIANTS_DIR}/w${width}/${photo}`),
    `${VARIANTS_DIR}/${SHARE_VARIANT_DIR}/${photo}.jpg`,
  ];
}

function notFound(res: Response) {
  res.status(404).type('text/plain; charset=utf-8').send('No encontrado');
}

/** The object store did not answer: the photo may come back; the request is not at fault. */
function storeUnavailable(res: Response) {
  res
    .status(503)
    .set('Retry-After', '10')
    .type('text/plain; charset=utf-8')
    .send('Las fotos no están disponibles por el momento; intenta de nuevo en unos minutos');
}

export interface PhotoServing {
  /** PHOTOS_PUBLIC_URL: objects are answered by a redirect to `<publicUrl>/<key>`. */
  publicUrl?: string | undefined;
  log?: (message: string) => void;
}

/**
 * Answers the object `key` of the store: by a redirect to the public URL when there is one,
 * else its bytes (a disk file through `sendFile`, as express.static would; an object streamed
 * from the store with its Content-Type, ETag, Last-Modified and the same Cache-Control).
 */
async function answerObject(
  storage: PhotoStorage,
  key: string,
  req: Request,
  res: Response,
  next: NextFunction,
  serving: PhotoServing,
): Promise<void> {
  if (serving.publicUrl) {
    res.set('Cache-Control', 'public, max-age=86400').redirect(302, `${serving.publicUrl}/${key}`);
    return;
  }
  const file = storage.localPath(key);
  if (file) {
    res.sendFile(file, { maxAge: MAX_AGE_SECONDS * 1000, dotfiles: 'allow' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
    return;
  }
  const object = await storage.get(key);
  if (!object) return notFound(res);
  res.set('Content-Type', object.contentType);
  res.set('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
  if (object.etag) res.set('ETag', object.etag);
  if (object.lastModified) res.set('Last-Modified', object.lastModified.toUTCString());
  if (req.fresh) {
    object.body.destroy();
    res.status(304).end();
    return;
  }
  if (object.size !== undefined) res.set('Content-Length', String(object.size));
  if (req.method === 'HEAD') {
    object.body.destroy();
    res.status(200).end();
    return;
  }
  res.status(200);
  await pipeline(object.body, res).catch(() => {
    // The client went away, or the store broke off mid-answer: nothing more can be said.
    if (!res.writableEnded) res.destroy();
  });
}

/** Serves an answer, mapping an unreachable store to 503 (never a 500). */
function serve(
  res: Response,
  serving: PhotoServing,
  work: () => Promise<void>,
  next: NextFunction,
): void {
  work().catch((error: unknown) => {
    if (res.headersSent) return next(error);
    serving.log?.(
      `Almacenamiento de fotos: ${error instanceof Error ? error.message : String(error)}`,
    );
    storeUnavailable(res);
  });
}

export function photoVariants(storage: PhotoStorage, serving: PhotoServing = {}): RequestHandler {
  /** Variants being made, so that concurrent first requests share one resize. */
  const making = new Map<string, Promise<boolean>>();

  /** Makes the variant once and keeps it in the store; false when the photo does not exist. */
  const make = (source: string, target: string, variant: Variant) => {
    let job = making.get(target);
    if (!job) {
      job = (async () => {
        const bytes = await storage.read(source);
        if (!bytes) return false;
        const { default: sharp } = await import('sharp');
        const data = await variant.render(sharp(bytes)).toBuffer();
        await storage.put(target, data, contentTypeOf(target));
        return true;
      })().finally(() => making.delete(target));
      making.set(target, job);
    }
    return job;
  };

  return (req, res, next) => {
    const asked = req.query.w !== undefined || req.query.og !== undefined;
    if (!asked || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const photo = FILE.test(req.path) ? req.path.slice(1) : undefined;
    const variant = photo ? variantOf(req.query, photo) : undefined;
    if (!photo || !variant) return notFound(res);
    const target = `${VARIANTS_DIR}/${variant.target}`;
    serve(
      res,
      serving,
      async () => {
        if (!(await storage.exists(target)) && !(await make(photo, target, variant))) {
          return notFound(res);
        }
        await answerObject(storage, target, req, res, next, serving);
      },
      next,
    );
  };
}

/**
 * `/uploads/<key>` from an object store (the disk store is served by express.static): the same
 * names, never a hidden key (`.variants/…` only through `?w=`/`?og=`), 404 for a missing one.
 */
export function storedPhotos(storage: PhotoStorage, serving: PhotoServing = {}): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('Allow', 'GET, HEAD');
      res.status(405).type('text/plain; charset=utf-8').send('Método no permitido');
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      return notFound(res);
    }
    if (!isValidKey(key) || key.split('/').some((segment) => segment.startsWith('.'))) {
      return notFound(res);
    }
    serve(res, serving, () => answerObject(storage, key, req, res, next, serving), next);
  };
}

/** A bare photo file name at the top of /uploads (no directory, not hidden). */
const BARE_FILE = /^\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * `/uploads/{name}` answers the product photo `{name}`: the REST facade lists photos by file name
 * (`imagenes`) and the spec's clients build `/uploads/{name}` from it; the files live under
 * `/uploads/products/`. Narrower copies (`?w=320`) work the same way.
 */
export const productPhotoAlias: RequestHandler = (req, _res, next) => {
  if (BARE_FILE.test(req.path)) req.url = `/${PRODUCT_IMAGES_DIR}${req.url}`;
  next();
};
