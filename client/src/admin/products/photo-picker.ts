import {
  INVALID_PHOTO_PROBLEM,
  isPhotoMimeType,
  photoFileProblem,
  type Problem,
} from '@tienda/rules';

/**
 * The admin's photo picker (issue 28): each chosen file is checked at once by the server's own
 * rule (@tienda/rules `photoFileProblem`: JPEG, PNG or WebP of up to 5 MB, the server's message),
 * and a photo larger than it needs to be is shrunk in the browser before it is uploaded.
 */

/** Photos are shown at most 800 CSS px wide and stored at 1200 px: 2000 px is plenty. */
export const SHRINK_MAX_SIDE = 2000;
/** A photo file above this size is re-encoded smaller even when its sides are small enough. */
export const SHRINK_ABOVE_BYTES = 1024 * 1024;
export const SHRINK_QUALITY = 0.85;
/** A file this large is not even opened (a browser tab would spend its memory decoding it). */
export const MAX_SOURCE_BYTES = 50 * 1024 * 1024;

/**
 * Draws a photo at most `maxSide` px on its longest side and encodes it (WebP, else JPEG);
 * null when the browser cannot decode it (not a picture, or a broken one).
 */
export type Shrink = (file: File, maxSide: number, quality: number) => Promise<Blob | null>;

export type PreparedPhotos =
  | { ok: true; files: File[]; shrunk: number }
  | { ok: false; problem: Problem<'photos'>; fileName: string };

const SHRUNK_EXTENSION: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg' };

/**
 * The files to upload, in the order chosen: each one checked by the type the browser gives it,
 * shrunk when it is over SHRINK_ABOVE_BYTES (or over the server's limit), and checked again as
 * it will be sent. The first refused file refuses the choice, naming it.
 */
export async function preparePhotos(
  chosen: readonly File[],
  shrink: Shrink = canvasShrink,
): Promise<PreparedPhotos> {
  const files: File[] = [];
  let shrunk = 0;
  for (const file of chosen) {
    const refuse = (problem: Problem<'photos'>): PreparedPhotos => ({
      ok: false,
      problem,
      fileName: file.name,
    });
    // A text file is refused whatever its size; a huge one is not even opened.
    if (!isPhotoMimeType(file.type) || file.size === 0 || file.size > MAX_SOURCE_BYTES) {
      return refuse(INVALID_PHOTO_PROBLEM);
    }
    let sent: File = file;
    if (file.size > SHRINK_ABOVE_BYTES) {
      const blob = await shrink(file, SHRINK_MAX_SIDE, SHRINK_QUALITY).catch(() => null);
      if (!blob) {
        // Not decodable: the original goes only if the server would take it as it is.
        const problem = photoFileProblem(file);
        if (problem) return refuse(problem);
      } else if (blob.size < file.size) {
        const extension = SHRUNK_EXTENSION[blob.type] ?? 'jpg';
        const base = file.name.replace(/\.[^.]*$/, '') || 'foto';
        sent = new File([blob], `${base}.${extension}`, { type: blob.type || 'image/jpeg' });
        shrunk += 1;
      }
    }
    const problem = photoFileProblem(sent);
    if (problem) return refuse(problem);
    files.push(sent);
  }
  return { ok: true, files, shrunk };
}

/** `canvas.toBlob`, or `convertToBlob` of an OffscreenCanvas, as a promise. */
async function encode(
  canvas: OffscreenCanvas | HTMLCanvasElement,
  type: string,
  quality: number,
): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The browser's shrink: createImageBitmap, a canvas of the new size, WebP (JPEG where not). */
export const canvasShrink: Shrink = async (file, maxSide, quality) => {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(width, height)
        : Object.assign(document.createElement('canvas'), { width, height });
    const context = canvas.getContext('2d') as
      OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const webp = await encode(canvas, 'image/webp', quality);
    // A browser without a WebP encoder answers PNG: JPEG is smaller then.
    if (webp && webp.type === 'image/webp') return webp;
    return await encode(canvas, 'image/jpeg', quality);
  } finally {
    bitmap.close();
  }
};
