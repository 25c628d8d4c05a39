import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { PRODUCT_IMAGES_DIR } from '../modules/catalog/product-image-paths.js';

/**
 * Narrower copies of product photos for `srcset` (the storefront's cards are 160–320 CSS pixels
 * wide; the stored photos are 800×800): `/uploads/products/<file>.webp?w=320` answers the photo
 * resized to that width. Each variant is made once, with sharp, on its first request, and kept on
 * disk beside the uploads (`<uploads>/.variants/w320/products/<file>`; express.static never serves
 * dot-directories), so it works for every photo already stored, seeded or uploaded, without a
 * migration, and costs nothing on the shop's start path (sharp is imported on first use).
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

export function photoVariants(uploadsDir: string): RequestHandler {
  /** Variants being made, so that concurrent first requests share one resize. */
  const making = new Map<string, Promise<void>>();

  const make = (source: string, target: string, width: number) => {
    let job = making.get(target);
    if (!job) {
      job = (async () => {
        const { default: sharp } = await import('sharp');
        const data = await sharp(source)
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
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
    const w = req.query.w;
    if (w === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const width = Number(w);
    if (
      typeof w !== 'string' ||
      !(PHOTO_VARIANT_WIDTHS as readonly number[]).includes(width) ||
      !FILE.test(req.path)
    ) {
      res.status(404).type('text/plain; charset=utf-8').send('No encontrado');
      return;
    }
    const source = path.join(uploadsDir, req.path);
    const target = path.join(uploadsDir, VARIANTS_DIR, `w${width}`, req.path);
    void (async () => {
      if (!(await exists(target))) {
        if (!(await exists(source))) {
          res.status(404).type('text/plain; charset=utf-8').send('No encontrado');
          return;
        }
        await make(source, target, width);
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
