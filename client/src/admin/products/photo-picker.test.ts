import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '@tienda/rules';
import { describe, expect, it, vi } from 'vitest';
import {
  MAX_SOURCE_BYTES,
  preparePhotos,
  SHRINK_ABOVE_BYTES,
  SHRINK_MAX_SIDE,
  SHRINK_QUALITY,
  type Shrink,
} from './photo-picker';

/** A file of `size` bytes claiming `type` (the picker trusts the browser's type, then the size). */
const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

const MESSAGE = 'La foto debe ser una imagen JPEG, PNG o WebP de hasta 5 MB';

describe("the photo picker's checks (issue 28)", () => {
  it("refuses a text file at once with the server's message, naming the file", async () => {
    const shrink = vi.fn<Shrink>();
    const result = await preparePhotos(
      [file('foto.png', 'image/png', 100), file('notas.txt', 'text/plain', 20)],
      shrink,
    );
    expect(PHOTO_MESSAGES.invalid).toBe(MESSAGE);
    expect(result).toEqual({
      ok: false,
      fileName: 'notas.txt',
      problem: { field: 'photos', reason: 'INVALID_PHOTO', message: MESSAGE },
    });
    expect(shrink).not.toHaveBeenCalled();
  });

  it('refuses an empty file and one too large to open, without decoding them', async () => {
    const shrink = vi.fn<Shrink>();
    for (const chosen of [
      file('vacia.jpg', 'image/jpeg', 0),
      { name: 'enorme.jpg', type: 'image/jpeg', size: MAX_SOURCE_BYTES + 1 } as File,
    ]) {
      const result = await preparePhotos([chosen], shrink);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problem.message).toBe(MESSAGE);
    }
    expect(shrink).not.toHaveBeenCalled();
  });

  it('keeps a small photo as it is', async () => {
    const shrink = vi.fn<Shrink>();
    const small = file('rojo.png', 'image/png', 50_000);
    expect(await preparePhotos([small], shrink)).toEqual({ ok: true, files: [small], shrunk: 0 });
    expect(shrink).not.toHaveBeenCalled();
  });

  it('shrinks a 6 MB photo to 2000 px at quality 0.85 and sends the smaller file', async () => {
    const shrink = vi.fn<Shrink>(
      async () => new Blob([new Uint8Array(400_000)], { type: 'image/webp' }),
    );
    const big = file('playa.jpeg', 'image/jpeg', 6 * 1024 * 1024);
    const result = await preparePhotos([big], shrink);
    expect(shrink).toHaveBeenCalledWith(big, SHRINK_MAX_SIDE, SHRINK_QUALITY);
    expect(SHRINK_MAX_SIDE).toBe(2000);
    expect(SHRINK_QUALITY).toBe(0.85);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.shrunk).toBe(1);
    expect(result.files[0]?.name).toBe('playa.webp');
    expect(result.files[0]?.type).toBe('image/webp');
    expect(result.files[0]?.size).toBe(400_000);
  });

  it('shrinks a photo over 1 MB even under the limit, keeping it when shrinking does not help', async () => {
    const mid = file('mediana.png', 'image/png', SHRINK_ABOVE_BYTES + 1);
    const bigger = vi.fn<Shrink>(async () => new Blob([new Uint8Array(SHRINK_ABOVE_BYTES + 10)]));
    expect(await preparePhotos([mid], bigger)).toEqual({ ok: true, files: [mid], shrunk: 0 });
  });

  it('refuses an oversized photo the browser cannot shrink (or that stays over 5 MB)', async () => {
    const big = file('rota.jpg', 'image/jpeg', MAX_PHOTO_BYTES + 1);
    const undecodable = await preparePhotos([big], async () => null);
    expect(undecodable).toMatchObject({ ok: false, fileName: 'rota.jpg' });
    const stillBig = await preparePhotos(
      [file('gigante.png', 'image/png', MAX_PHOTO_BYTES * 2)],
      async () => new Blob([new Uint8Array(MAX_PHOTO_BYTES + 1)], { type: 'image/webp' }),
    );
    expect(stillBig).toMatchObject({ ok: false, fileName: 'gigante.png' });
    if (!stillBig.ok) expect(stillBig.problem.message).toBe(MESSAGE);
  });

  it('an undecodable small file goes as it is: the server reads its bytes and decides', async () => {
    const odd = file('rara.webp', 'image/webp', SHRINK_ABOVE_BYTES + 5);
    expect(await preparePhotos([odd], async () => null)).toEqual({
      ok: true,
      files: [odd],
      shrunk: 0,
    });
  });
});
