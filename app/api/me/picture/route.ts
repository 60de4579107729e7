import { requireWriter } from '@/lib/auth/request';
import { setUserPicture } from '@/lib/data/users';
import { AppError, withApiErrors } from '@/lib/errors';
import { AVATAR_SIZES, PICTURE_MAX_BYTES, PictureError, storePicture } from '@/lib/images';
import { json } from '../../_lib/http';

export const dynamic = 'force-dynamic';


/**
 * POST /api/me/picture: multipart form with the file in `picture` (jpg, gif, png or webp, at most
 * 20 MB; lib/images.ts) becomes the logged-in user's profile picture (variants `lg` 400 px and
 * `sm` 96 px wide, metadata stripped). 200 `{ picture }` (file name; served as
 * `/uploads/{lg|sm}-{picture}`); 400 `{ error, fields: { picture: key }, params }` (`pictureTooLarge`
 * with {0} the size and {1} the maximum in MB, `pictureType`, `pictureTooManyPixels`,
 * `pictureUnreadable`, `required`); 401 / 403 as for writes.
 * DELETE /api/me/picture removes it.
 */
export const POST = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  const declared = Number(request.headers.get('content-length') || 0);
  if (declared > PICTURE_MAX_BYTES + 64 * 1024) {
    return json({ error: 'invalid', fields: { picture: 'pictureTooLarge' }, params: { 0: (declared / 1024 / 1024).toFixed(1), 1: PICTURE_MAX_BYTES / 1024 / 1024 } }, 400);
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get('picture');
  } catch {
    throw new AppError('bad_body');
  }
  if (!file || typeof file === 'string' || file.size === 0) return json({ error: 'invalid', fields: { picture: 'required' } }, 400);
  try {
    const stored = await storePicture(Buffer.from(await file.arrayBuffer()), AVATAR_SIZES);
    await setUserPicture(actor, stored.file, Object.keys(AVATAR_SIZES));
    return json({ picture: stored.file });
  } catch (e) {
    if (e instanceof PictureError) return json({ error: 'invalid', fields: { picture: e.key }, params: e.params }, 400);
    throw e;
  }
});

/** DELETE /api/me/picture: removes the logged-in user's profile picture. 200 `{ ok: true }`. */
export const DELETE = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  await setUserPicture(actor, null, Object.keys(AVATAR_SIZES));
  return json({ ok: true });
});
