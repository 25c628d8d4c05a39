import type { Sharp } from 'sharp';
import { contentTypeOf, type PhotoStorage } from './photo-storage.js';

/**
 * Narrower copies of product photos for `srcset` (the storefront's cards are 160–320 CSS pixels
 * wide; the stored photos are 800×800), and the share image of link previews (og:image). Each
 * variant is made once, with sharp, on its first request, and kept in the photos' store beside the
 * photo (`.variants/w320/products/<file>`: on disk, express.static never serves dot-directories;
 * in an object store, every instance finds it made), so it works for every photo already stored,
 * seeded or uploaded, without a migration, and costs nothing on the shop's start path (sharp is
 * imported on first use). http/photo-serving.ts answers them under /uploads.
 */
export const PHOTO_VARIANT_WIDTHS = [320, 480] as const;

/** The share image: the square photo whole, centred on white, as JPEG (a preview never crops it). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export const VARIANTS_DIR = '.variants';

const SHARE_VARIANT_DIR = `og${SHARE_IMAGE_SIZE.width}x${SHARE_IMAGE_SIZE.height}`;

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** Which variant of a photo: a narrower WebP of one of PHOTO_VARIANT_WIDTHS, or the share image. */
export type VariantKind = { width: number } | 'share';

/** A variant of a stored photo: the photo's key, the variant's key and how sharp makes it. */
export interface PhotoVariant {
  source: string;
  key: string;
  render: (photo: Sharp) => Sharp;
}

/** The variant `kind` of the stored photo `photoKey`; undefined for a width that is not offered. */
export function photoVariant(photoKey: string, kind: VariantKind): PhotoVariant | undefined {
  if (kind === 'share') {
    const { width, height } = SHARE_IMAGE_SIZE;
    return {
      source: photoKey,
      key: `${VARIANTS_DIR}/${SHARE_VARIANT_DIR}/${photoKey}.jpg`,
      render: (p) =>
        p
          .flatten({ background: WHITE })
          .resize({ width, height, fit: 'contain', background: WHITE })
          .jpeg({ quality: 82, mozjpeg: true }),
    };
  }
  const { width } = kind;
  if (!(PHOTO_VARIANT_WIDTHS as readonly number[]).includes(width)) return undefined;
  return {
    source: photoKey,
    key: `${VARIANTS_DIR}/w${width}/${photoKey}`,
    render: (p) => p.resize({ width, withoutEnlargement: true }).webp({ quality: 78 }),
  };
}

/** Every key a stored photo occupies: the photo and each variant made of it. */
export function photoKeysOf(photoKey: string): string[] {
  return [
    photoKey,
    ...PHOTO_VARIANT_WIDTHS.map((width) => photoVariant(photoKey, { width })!.key),
    photoVariant(photoKey, 'share')!.key,
  ];
}

/** Makes variants in the photos' store, once each: concurrent first requests share one resize. */
export class PhotoVariants {
  /** Variants being made, by key. */
  private readonly making = new Map<string, Promise<boolean>>();

  constructor(private readonly storage: PhotoStorage) {}

  /** Whether the variant is in the store, made now if need be; false when the photo is not. */
  async ensure(variant: PhotoVariant): Promise<boolean> {
    return (await this.storage.exists(variant.key)) || this.make(variant);
  }

  private make(variant: PhotoVariant): Promise<boolean> {
    let job = this.making.get(variant.key);
    if (!job) {
      job = (async () => {
        const bytes = await this.storage.read(variant.source);
        if (!bytes) return false;
        const { default: sharp } = await import('sharp');
        const data = await variant.render(sharp(bytes)).toBuffer();
        await this.storage.put(variant.key, data, contentTypeOf(variant.key));
        return true;
      })().finally(() => this.making.delete(variant.key));
      this.making.set(variant.key, job);
    }
    return job;
  }
}
