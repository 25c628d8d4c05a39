import { randomUUID } from 'node:crypto';
import { MAX_PHOTO_BYTES, PHOTO_FORMATS, PHOTO_MESSAGES, PHOTO_REASON } from '@tienda/rules';
import type { PhotoStorage } from '../storage/photo-storage.js';
import { photoKeysOf } from '../storage/photo-variants.js';
import { badInput } from '../shared/errors.js';
import { PRODUCT_IMAGES_DIR } from './product-image-paths.js';

/**
 * Spec §9: at most 3 photos per product; each file at most 5 MB (ARCHITECTURE §6). The limits and
 * the message live in @tienda/rules (rules/src/photos.ts), which the admin's photo picker checks
 * too; re-exported here for the doors.
 */
export { MAX_PHOTO_BYTES, PHOTO_MESSAGES, PHOTO_REASON };

/** Stored photos fit in this square (the storefront shows them at most 800 CSS px wide). */
export const MAX_PHOTO_SIDE = 1200;

/** A decoded image larger than this many pixels is refused (a small file can hide a huge one). */
const MAX_INPUT_PIXELS = 40_000_000;

/** What sharp must find in a file for it to be taken as a photo. */
const ACCEPTED_FORMATS = new Set<string>(PHOTO_FORMATS);

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * A photo as it arrives, whatever the door (GraphQL upload, REST multipart): `read` gives its
 * bytes, refusing (PHOTO_MESSAGES.invalid) a file over MAX_PHOTO_BYTES.
 */
export interface PhotoUpload {
  read(): Promise<Buffer>;
}

/** A photo checked and re-encoded, ready to be written under its generated name. */
export interface PreparedPhoto {
  fileName: string;
  data: Buffer;
}

/**
 * Product photos in the photos' store (`products/<generated>.webp`, on disk or in an object store,
 * storage/photo-storage.ts). Files are checked by their content (sharp reads them: JPEG, PNG or
 * WebP only, whatever the name or MIME type claims), re-encoded to WebP without metadata, bounded
 * in size, and stored under random names.
 */
export class PhotoStore {
  constructor(private readonly storage: PhotoStorage) {}

  /** Checks and re-encodes one photo; anything that is not a valid image is a 400. */
  async prepare(upload: PhotoUpload): Promise<PreparedPhoto> {
    const bytes = await upload.read();
    if (bytes.length === 0 || bytes.length > MAX_PHOTO_BYTES) {
      throw badInput(PHOTO_MESSAGES.invalid, 'photos', PHOTO_REASON);
    }
    const { default: sharp } = await import('sharp');
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      const meta = await image.metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
        throw badInput(PHOTO_MESSAGES.invalid, 'photos', PHOTO_REASON);
      }
      const data = await image
        .rotate() // EXIF orientation applied, then metadata dropped
        .resize({
          width: MAX_PHOTO_SIDE,
          height: MAX_PHOTO_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer();
      return { fileName: `${randomUUID()}.webp`, data };
    } catch (error) {
      if (error instanceof Error && error.name === 'DomainError') throw error;
      throw badInput(PHOTO_MESSAGES.invalid, 'photos', PHOTO_REASON);
    }
  }

  /** Writes prepared photos (each whole: a reader never sees half of one). */
  async write(photos: readonly PreparedPhoto[]): Promise<void> {
    await Promise.all(
      photos.map((photo) =>
        this.storage.put(`${PRODUCT_IMAGES_DIR}/${photo.fileName}`, photo.data, 'image/webp'),
      ),
    );
  }

  /** Whether a photo of this file name is stored (the import names photos already uploaded). */
  async exists(fileName: string): Promise<boolean> {
    return FILE_NAME.test(fileName) && this.storage.exists(`${PRODUCT_IMAGES_DIR}/${fileName}`);
  }

  /** Removes photos and the variants made of them; photos already gone are fine. */
  async remove(fileNames: readonly string[]): Promise<void> {
    await this.storage.remove(
      fileNames
        .filter((name) => FILE_NAME.test(name))
        .flatMap((name) => photoKeysOf(`${PRODUCT_IMAGES_DIR}/${name}`)),
    );
  }
}
