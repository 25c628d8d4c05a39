import { describe, expect, it } from 'vitest';
import {
  isPhotoMimeType,
  MAX_PHOTO_BYTES,
  PHOTO_MESSAGES,
  PHOTO_MIME_TYPES,
  photoFileProblem,
} from '../src/photos.js';

describe('photo files (one rule for the picker and the server)', () => {
  it('takes JPEG, PNG and WebP up to 5 MB', () => {
    expect(MAX_PHOTO_BYTES).toBe(5 * 1024 * 1024);
    expect(PHOTO_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    for (const type of [...PHOTO_MIME_TYPES, 'image/jpg', 'IMAGE/PNG']) {
      expect(photoFileProblem({ type, size: 1000 })).toBeUndefined();
    }
    expect(photoFileProblem({ type: 'image/jpeg', size: MAX_PHOTO_BYTES })).toBeUndefined();
  });

  it("refuses a non-image with the server's message 'La foto debe ser una imagen JPEG, PNG o WebP de hasta 5 MB'", () => {
    for (const type of ['text/plain', 'image/gif', 'image/svg+xml', 'application/pdf', '']) {
      expect(photoFileProblem({ type, size: 1000 })).toEqual({
        field: 'photos',
        reason: 'INVALID_PHOTO',
        message: 'La foto debe ser una imagen JPEG, PNG o WebP de hasta 5 MB',
      });
    }
    expect(isPhotoMimeType('image/heic')).toBe(false);
  });

  it('refuses an empty file and one over 5 MB, with the same message', () => {
    expect(photoFileProblem({ type: 'image/png', size: 0 })?.message).toBe(PHOTO_MESSAGES.invalid);
    expect(photoFileProblem({ type: 'image/png', size: MAX_PHOTO_BYTES + 1 })?.reason).toBe(
      'INVALID_PHOTO',
    );
  });
});
