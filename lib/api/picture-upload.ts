/**
 * The multipart body of a picture upload (the profile picture, a movie's or release's picture):
 * the file in `picture`, the request read up to 64 KB more than the file's cap, and the 413 of a
 * body over it (`fields.picture` = pictureTooLarge with {0} the size and {1} the maximum, in MB).
 */
import { z } from 'zod';
import { toMegabytes } from '@/lib/format';
import { PICTURE_MAX_BYTES } from '@/lib/validation/limits';
import { invalidResponse, type MultipartSpec } from './route';
import { invalidSchema, jsonResponse } from './schemas';

/** The spec of an upload with the picture and `fields` (documented form fields beside it). */
export function pictureUpload(fields: z.ZodRawShape = {}): MultipartSpec {
  return {
    maxBytes: PICTURE_MAX_BYTES + 64 * 1024,
    tooLarge: (size) =>
      invalidResponse({ picture: 'pictureTooLarge' }, { 0: toMegabytes(size), 1: toMegabytes(PICTURE_MAX_BYTES) }),
    schema: z.object({
      picture: z.string().meta({ format: 'binary', description: 'jpg, gif, png or webp, at most 20 MB' }),
      ...fields,
    }),
  };
}

/** The OpenAPI answer of a picture over 20 MB. */
export const pictureTooLargeDoc = jsonResponse(
  'The picture is over 20 MB (`fields.picture` = pictureTooLarge, with params)',
  invalidSchema,
);
