import { problem, type Problem } from './problem.js';

/**
 * A product photo as the server takes it (spec §9, ARCHITECTURE): JPEG, PNG or WebP, at most
 * 5 MB. The server checks the bytes themselves (sharp reads them); the admin's photo picker
 * checks the file's type and size the moment a file is chosen, with the same message.
 */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The MIME types of PHOTO_FORMATS, for a file input's `accept` and the picker's check. */
export const PHOTO_MIME_TYPES: readonly string[] = PHOTO_FORMATS.map((f) => `image/${f}`);

/** The largest photo file the server takes: 5 MB. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Why a photo is refused (not an image, or over 5 MB): the refusal's stable reason. */
export const PHOTO_REASON = 'INVALID_PHOTO';

export const PHOTO_MESSAGES = {
  invalid: 'La foto debe ser una imagen JPEG, PNG o WebP de hasta 5 MB',
} as const;

/** The picker's refusal of a chosen file: the server's message, on the photos field. */
export const INVALID_PHOTO_PROBLEM: Problem<'photos'> = problem(
  'photos',
  PHOTO_REASON,
  PHOTO_MESSAGES.invalid,
);

/** Whether a MIME type is one of the photo formats ('image/jpg' is a common alias of JPEG). */
export function isPhotoMimeType(type: string): boolean {
  const t = type.trim().toLowerCase();
  return PHOTO_MIME_TYPES.includes(t) || t === 'image/jpg';
}

/**
 * A chosen file as it will be sent: refused when it is not a photo format, is empty, or is over
 * MAX_PHOTO_BYTES (a browser that can shrink a large photo checks the shrunk file).
 */
export function photoFileProblem(file: {
  type: string;
  size: number;
}): Problem<'photos'> | undefined {
  if (!isPhotoMimeType(file.type)) return INVALID_PHOTO_PROBLEM;
  if (file.size <= 0 || file.size > MAX_PHOTO_BYTES) return INVALID_PHOTO_PROBLEM;
  return undefined;
}
