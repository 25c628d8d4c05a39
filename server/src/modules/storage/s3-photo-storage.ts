import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { checkKey, contentTypeOf, type PhotoStorage, type StoredObject } from './photo-storage.js';

/** A missing object: GetObject says NoSuchKey, HeadObject (no body) a bare 404 'NotFound'. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Photos in a bucket of an S3-compatible object store, shared by every app instance. */
export class S3PhotoStorage implements PhotoStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where the API requires them: several S3-compatible stores refuse the
      // newer CRC headers and streamed (aws-chunked) bodies the SDK would otherwise send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  localPath(): null {
    return null;
  }

  async put(key: string, data: Buffer, contentType = contentTypeOf(key)): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        // Photos never change under a name (new photos get new random names).
        CacheControl: 'public, max-age=604800',
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        contentType: answer.ContentType ?? contentTypeOf(key),
        size: answer.ContentLength,
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    // One request per key: DeleteObjects needs a Content-MD5 some compatible stores check
    // differently, and a product has at most a dozen keys (3 photos and their variants).
    await Promise.all(
      keys.map((key) =>
        this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })),
      ),
    );
  }
}
