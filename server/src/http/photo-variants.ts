import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import type { Sharp } from 'sharp';
import { PRODUCT_IMAGES_DIR } from '../modules/catalog/product-image-paths.js';
import { SHARE_IMAGE_QUERY, SHARE_IMAGE_SIZE } from '../modules/catalog/share-path.js';

/**
 * Narrower copies of product photos for `srcset` (the storefront's cards are 160–320 CSS pixels
 * wide; the stored photos are 800×800): `/uploads/products/<file>.webp?w=320` answers the photo
 * resized to that width. Each variant is made once, with sharp, on its first request, and kept on
 * disk beside the uploads (`<uploads>/.variants/w320/products/<file>`; express.static never serves
 * dot-directories), so it works for every photo already stored, seeded or uploaded, without a
 * migration, and costs nothing on the shop's start path (sharp is imported on first use).
 * `?og=1200x630` answers the share image (link previews' og:image) the same way.
 */
export const PHOTO_VARIANT_WIDTHS = [320, 480] as const;

const FILE = /^\/products\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.webp$/;
export const VARIANTS_DIR = '.variants';
const MAX_AGE_SECONDS = 7 * 24 * 3600;

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** A variant of a stored photo: where it is kept and how sharp makes it. */
interface Variant {
  /** The file kept under `<uploads>/.variants/`; its extension gives the Content-Type. */
  target: string;
  render: (photo: Sharp) => Sharp;
}

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
      target: path.join(`w${width}`, photo),
      render: (p) => p.resize({ width, withoutEnlargement: true }).webp({ quality: 78 }),
    };
  }
  if (typeof og === 'string' && `og=${og}` === SHARE_IMAGE_QUERY) {
    const { width, height } = SHARE_IMAGE_SIZE;
    return {
      target: path.join(`og${width}x${height}`, `${photo}.jpg`),
      render: (p) =>
        p
          .flatten({ background: WHITE })
          .resize({ width, height, fit: 'contain', background: WHITE })
          .jpeg({ quality: 82, mozjpeg: true }),
    };
  }
  return undefined;
}

function notFound(res: Response) {
  res.status(404).type('text/plain; charset=utf-8').send('No encontrado');
}

export function photoVariants(uploadsDir: string): RequestHandler {
  /** Variants being made, so that concurrent first requests share one resize. */
  const making = new Map<string, Promise<void>>();

  const make = (source: string, target: string, variant: Variant) => {
    let job = making.get(target);
    if (!job) {
      job = (async () => {
        const { default: sharp } = await import('sharp');
        const data = await variant.render(sharp(source)).toBuffer();
        await mkdir(path.dirname(target), { recursive: true });
        const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temporary, data);
        await rename(temporary, target);
      })().finally(() => making.delete(target));
      making.set(target, job);
    }
    return job;
  };

  return (req, res, next) => {
    const asked = req.query.w !== undefined || req.query.og !== undefined;
    if (!asked || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const variant = FILE.test(req.path) ? variantOf(req.query, req.path) : undefined;
    if (!variant) return notFound(res);
    const source = path.join(uploadsDir, req.path);
    const target = path.join(uploadsDir, VARIANTS_DIR, variant.target);
    void (async () => {
      if (!(await exists(target))) {
        if (!(await exists(source))) return notFound(res);
        await make(source, target, variant);
      }
      res.sendFile(target, { maxAge: MAX_AGE_SECONDS * 1000, dotfiles: 'allow' }, (error) => {
        if (error && !res.headersSent) next(error);
      });
    })().catch(next);
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
