import { z } from 'zod';
import { pictureUpload, pictureTooLargeDoc } from '@/lib/api/picture-upload';
import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, okSchema } from '@/lib/api/schemas';
import { setUserPicture } from '@/lib/data/users';
import { AppError } from '@/lib/errors';
import { AVATAR_SIZES, PictureError, storePicture } from '@/lib/images';
import { invalidResponse } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/me/picture: multipart form with the file in `picture` (jpg, gif, png or webp, at most
 * 20 MB; lib/images.ts) becomes the logged-in user's profile picture (variants `lg` 400 px and
 * `sm` 96 px wide, metadata stripped). The request is read up to 64 KB more than the file's cap.
 * 200 `{ picture }` (file name; served as `/uploads/{lg|sm}-{picture}`); 400 `{ error, fields:
 * { picture: key }, params? }` (`pictureType`, `pictureTooManyPixels`, `pictureUnreadable`, `required`);
 * 413 with the same shape and key `pictureTooLarge`, {0} the size rounded up to one decimal and {1} the
 * maximum, both in MB as numbers (a request over the cap, or a file over 20 MB within the form margin);
 * 401 / 403 as for writes.
 * DELETE /api/me/picture removes it.
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/picture',
  summary: "Sets the caller's profile picture",
  tags: ['accounts'],
  auth: 'member',
  multipart: pictureUpload(),
  responses: {
    200: jsonResponse('The stored file name', z.object({ picture: z.string() })),
    400: invalidResponseDoc,
    413: pictureTooLargeDoc,
  },
  handler: async ({ actor, form }) => {
    if (!form) throw new AppError('bad_body');
    const file = form.get('picture');
    if (!file || typeof file === 'string' || file.size === 0) return { ok: false, errors: { picture: 'required' } };
    try {
      const stored = await storePicture(Buffer.from(await file.arrayBuffer()), AVATAR_SIZES);
      await setUserPicture(actor, { file: stored.file, sizes: Object.keys(AVATAR_SIZES) });
      return { picture: stored.file };
    } catch (e) {
      // A file over 20 MB whose request still fitted the form margin: the same 413 as a body over the cap.
      if (e instanceof PictureError)
        return invalidResponse({ picture: e.key }, e.params, e.key === 'pictureTooLarge' ? 413 : 400);
      throw e;
    }
  },
});

/** DELETE /api/me/picture: removes the logged-in user's profile picture. 200 `{ ok: true }`. */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/me/picture',
  summary: "Removes the caller's profile picture",
  tags: ['accounts'],
  auth: 'member',
  responses: { 200: jsonResponse('Removed', okSchema) },
  handler: async ({ actor }) => {
    await setUserPicture(actor, { file: null, sizes: Object.keys(AVATAR_SIZES) });
    return { ok: true };
  },
});
