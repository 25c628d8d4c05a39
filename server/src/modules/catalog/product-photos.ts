import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_VARIANT_WIDTHS, VARIANTS_DIR } from '../../http/photo-variants.js';
import { badInput } from '../shared/errors.js';
import { PRODUCT_IMAGES_DIR } from './product-image-paths.js';

/** Spec §9: at most 3 photos per product; each file at most 5 MB (ARCHITECTURE §6). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Stored photos fit in this square (the storefront shows them at most 800 CSS px wide). */
export const MAX_PHOTO_SIDE = 1200;

/** A decoded image larger than this many pixels is refused (a small file can hide a huge one). */
const MAX_INPUT_PIXELS = 40_000_000;

/** What sharp must find in a file for it to be taken as a photo. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const PHOTO_MESSAGES = {
  invalid: 'La foto debe ser una imagen JPEG, PNG o WebP de hasta 5 MB',
} as const;

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
 * Product photos on disk (`<uploads>/products/<generated>.webp`). Files are checked by their
 * content (sharp reads them: JPEG, PNG or WebP only, whatever the name or MIME type claims),
 * re-encoded to WebP without metadata, bounded in size, and stored under random names.
 */
export class PhotoStore {
  constructor(private readonly uploadsDir: string) {}

  private get dir(): string {
    return path.join(this.uploadsDir, PRODUCT_IMAGES_DIR);
  }

  /** Checks and re-encodes one photo; anything that is not a valid image is a 400. */
  async prepare(upload: PhotoUpload): Promise<PreparedPhoto> {
    const bytes = await upload.read();
    if (bytes.length === 0 || bytes.length > MAX_PHOTO_BYTES) {
      throw badInput(PHOTO_MESSAGES.invalid, 'photos');
    }
    const { default: sharp } = await import('sharp');
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      const meta = await image.metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
        throw badInput(PHOTO_MESSAGES.invalid, 'photos');
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
      throw badInput(PHOTO_MESSAGES.invalid, 'photos');
    }
  }

  /** Writes prepared photos (each atomically: a temporary file renamed). */
  async write(photos: readonly PreparedPhoto[]): Promise<void> {
    if (photos.length === 0) return;
    await mkdir(this.dir, { recursive: true });
    await Promise.all(
      photos.map(async (photo) => {
        const target = path.join(this.dir, photo.fileName);
        const temporary = `${target}.${process.pid}.tmp`;
        await writeFile(temporary, photo.data);
        await rename(temporary, target);
      }),
    );
  }

  /** Removes photos and their cached narrower copies; files already gone are fine. */
  async remove(fileNames: readonly string[]): Promise<void> {
    const targets: string[] = [];
    for (const name of fileNames) {
      if (!FILE_NAME.test(name)) continue;
      targets.push(path.join(this.dir, name));
      for (const width of PHOTO_VARIANT_WIDTHS) {
        targets.push(
          path.join(this.uploadsDir, VARIANTS_DIR, `w${width}`, PRODUCT_IMAGES_DIR, name),
        );
      }
    }
    await Promise.all(targets.map((file) => rm(file, { force: true })));
  }
}
