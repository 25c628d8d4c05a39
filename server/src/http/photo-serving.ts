import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PRODUCT_IMAGES_DIR } from '../modules/catalog/product-image-paths.js';
import { SHARE_IMAGE_QUERY } from '../modules/catalog/share-path.js';
import { isValidKey, type PhotoStorage } from '../modules/storage/photo-storage.js';
import {
  photoVariant,
  PhotoVariants,
  type PhotoVariant,
} from '../modules/storage/photo-variants.js';

/** A product photo under /uploads: `/products/<file>.webp` (the key `products/<file>.webp`). */
const FILE = /^\/products\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.webp$/;
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * The variant a query asks for (storage/photo-variants.ts): `w=320|480` (a narrower WebP for
 * srcset) or `og=1200x630` (the share image, share-path.ts). Undefined for any other value,
 * repeated or combined parameters.
 */
function variantOf(query: Request['query'], photo: string): PhotoVariant | undefined {
  const { w, og } = query;
  if (w !== undefined && og !== undefined) return undefined;
  if (typeof w === 'string') return photoVariant(photo, { width: Number(w) });
  if (typeof og === 'string' && `og=${og}` === SHARE_IMAGE_QUERY) {
    return photoVariant(photo, 'share');
  }
  return undefined;
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

/**
 * `/uploads/products/<file>.webp?w=320` answers the photo resized to that width, `?og=1200x630`
 * its share image: made on the first request and kept in the store (storage/photo-variants.ts).
 */
export function photoVariants(storage: PhotoStorage, serving: PhotoServing = {}): RequestHandler {
  const variants = new PhotoVariants(storage);
  return (req, res, next) => {
    const asked = req.query.w !== undefined || req.query.og !== undefined;
    if (!asked || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const photo = FILE.test(req.path) ? req.path.slice(1) : undefined;
    const variant = photo ? variantOf(req.query, photo) : undefined;
    if (!photo || !variant) return notFound(res);
    serve(
      res,
      serving,
      async () => {
        if (!(await variants.ensure(variant))) return notFound(res);
        await answerObject(storage, variant.key, req, res, next, serving);
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
