import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config.js';
import {
  createPhotoStorage,
  DiskPhotoStorage,
  type PhotoStorage,
} from '../src/modules/storage/photo-storage.js';
import { S3PhotoStorage } from '../src/modules/storage/s3-photo-storage.js';
import { startTestS3, type TestS3 } from './support/s3.js';

/** Issue 16: photos behind one interface, on the disk or in an S3-compatible object store. */
let s3: TestS3;
let disk: string;
const stores: Record<'disk' | 's3', PhotoStorage> = {} as never;

beforeAll(async () => {
  s3 = await startTestS3();
  disk = await mkdtemp(path.join(os.tmpdir(), 'tienda-disk-store-'));
  stores.disk = new DiskPhotoStorage(disk);
  stores.s3 = new S3PhotoStorage(s3.settings);
});

afterAll(async () => {
  (stores.s3 as S3PhotoStorage).client.destroy();
  await s3.close();
  await rm(disk, { recursive: true, force: true });
});

const streamed = async (body: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

describe.each(['disk', 's3'] as const)('the %s photo store', (kind) => {
  test('put then get answers the same bytes with the Content-Type, size, ETag and date', async () => {
    const store = stores[kind];
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#1d4ed8' },
    })
      .webp()
      .toBuffer();
    await store.put('products/a.webp', photo, 'image/webp');
    const got = await store.get('products/a.webp');
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe('image/webp');
    expect(got!.size).toBe(photo.length);
    expect(got!.etag).toMatch(/^(W\/)?".+"$/);
    expect(got!.lastModified!.getTime()).toBeGreaterThan(Date.parse('2020-01-01'));
    expect((await streamed(got!.body)).equals(photo)).toBe(true);
    expect((await store.read('products/a.webp'))!.equals(photo)).toBe(true);
  });

  test('a JPEG variant under a hidden directory keeps its Content-Type', async () => {
    const store = stores[kind];
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    await store.put('.variants/og1200x630/products/a.webp.jpg', jpeg, 'image/jpeg');
    const got = await store.get('.variants/og1200x630/products/a.webp.jpg');
    expect(got!.contentType).toBe('image/jpeg');
    got!.body.destroy();
  });

  test('exists (head) says whether an object is there', async () => {
    const store = stores[kind];
    await store.put('products/b.webp', Buffer.from('RIFFxxxxWEBP'), 'image/webp');
    expect(await store.exists('products/b.webp')).toBe(true);
    expect(await store.exists('products/no-existe.webp')).toBe(false);
  });

  test('a missing object is null, not an error; remove is idempotent', async () => {
    const store = stores[kind];
    expect(await store.get('products/no-existe.webp')).toBeNull();
    expect(await store.read('products/no-existe.webp')).toBeNull();
    await store.put('products/c.webp', Buffer.from('x'), 'image/webp');
    await store.remove(['products/c.webp', 'products/nunca.webp']);
    expect(await store.exists('products/c.webp')).toBe(false);
    await expect(store.remove(['products/c.webp'])).resolves.toBeUndefined();
  });

  test('keys that climb out of the store (..), absolute or empty are refused', async () => {
    const store = stores[kind];
    for (const key of ['../fuera.webp', '/abs.webp', 'products//x.webp', 'products/../x.webp']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('Clave de foto inválida');
    }
  });
});

test('the configuration chooses the store: the disk by default, the object store with S3_BUCKET', async () => {
  const onDisk = await createPhotoStorage(loadConfig({}));
  expect(onDisk.kind).toBe('disk');
  const inBucket = await createPhotoStorage(loadConfig(s3.env));
  expect(inBucket.kind).toBe('s3');
  // It reaches the server the variables name, with their credentials.
  await inBucket.put('products/config.webp', Buffer.from('hola'), 'image/webp');
  expect((await stores.s3.read('products/config.webp'))!.toString()).toBe('hola');
  (inBucket as S3PhotoStorage).client.destroy();
});
