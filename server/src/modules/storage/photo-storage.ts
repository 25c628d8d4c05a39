import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';

/**
 * Where product photos and their variants are kept, by key (`products/<file>.webp`,
 * `.variants/w320/products/<file>.webp`…): the local disk (one machine) or an S3-compatible object
 * store (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces), which every app instance shares.
 * `/uploads/<key>` answers the same names whichever store holds them.
 */
export interface PhotoStorage {
  readonly kind: 'disk' | 's3';
  /** Writes an object whole (a reader never sees half of it). */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** The object as a stream with its metadata; null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's bytes; null when there is none. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes objects; keys already gone are fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** The object's file on this machine (disk only: served with `res.sendFile`). */
  localPath(key: string): string | null;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number | undefined;
  /** A quoted entity tag, as HTTP carries it. */
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** Keys are relative paths of safe names: no `..`, no empty or absolute segments. */
const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key) && key.length <= 400 && !key.split('/').some((s) => s === '.' || s === '..');
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Clave de foto inválida: ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** The Content-Type of a key, by its extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Photos under a directory of this machine (`DATA_DIR/uploads`): the default. */
export class DiskPhotoStorage implements PhotoStorage {
  readonly kind = 'disk' as const;
  constructor(readonly root: string) {}

  localPath(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.localPath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.localPath(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return {
        body: createReadStream(file),
        contentType: contentTypeOf(key),
        size: info.size,
        etag: `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch {
      return null;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.localPath(key));
    } catch {
      return null;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.localPath(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.localPath(key), { force: true })));
  }
}

/** The store the configuration names: S3_BUCKET set, the object store; else `uploadsDir`. */
export async function createPhotoStorage(
  config: Pick<Config, 'uploadsDir' | 'photoStorage'>,
): Promise<PhotoStorage> {
  const settings = config.photoStorage;
  if (settings.kind === 'disk') return new DiskPhotoStorage(config.uploadsDir);
  // The SDK is loaded only when the object store is on (not on a disk shop's start path).
  const { S3PhotoStorage } = await import('./s3-photo-storage.js');
  return new S3PhotoStorage(settings);
}
