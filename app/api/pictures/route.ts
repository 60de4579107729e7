import { z } from 'zod';
import { pictureUpload, pictureTooLargeDoc } from '@/lib/api/picture-upload';
import { invalidResponse, route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { suggestPicture } from '@/lib/data/change-requests';
import { AppError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/** A form field's text, or null when it is missing or a file. */
function text(form: FormData, name: string): string | null {
  const v = form.get(name);
  return typeof v === 'string' ? v : null;
}

/**
 * POST /api/pictures: a member uploads a picture of a movie or a release, as a multipart form:
 * `picture` (the file: jpg, gif, png or webp, at most 20 MB), `movie` or `release` (the item's
 * public id), `type` (PICTURE_TYPES id: 1-6, 8-11), `source` (credit line, optional), `is_default`
 * ('true' to make it the item's picture), `variant` (a full cover's, optional: lowercase letters
 * and digits), `note` (optional, for the admin). The picture is stored in its sizes (lib/images.ts)
 * and waits for an admin's approval (an admin's is public at once).
 * 200 ChangeRequestDto; 400 `{ error, fields, params? }` (`picture`: required, pictureType,
 * pictureTooManyPixels, pictureUnreadable; `type`, `variant`: invalid, variantFullCover; `item`:
 * required); 413 `fields.picture` = pictureTooLarge with {0} the size and {1} the maximum in MB;
 * 404 an unknown or deleted item; 429 past the open-request limit; 401 / 403 as for writes.
 * Data: lib/data/change-requests.ts suggestPicture.
 */
export const POST = route({
  method: 'POST',
  path: '/api/pictures',
  summary: 'Uploads a picture of a movie or a release (waits for approval)',
  tags: ['changes'],
  auth: 'member',
  multipart: pictureUpload({
    movie: z.string().optional().meta({ description: "The movie's public id (or `release`)" }),
    release: z.string().optional().meta({ description: "The release's public id (or `movie`)" }),
    type: z.string().meta({ description: 'Picture type id (1-6, 8-11)' }),
    source: z.string().optional().meta({ description: 'Credit line' }),
    is_default: z.enum(['true', 'false']).optional().meta({ description: "Make it the item's picture" }),
    variant: z.string().optional().meta({ description: "A full cover's variant (a-z, 0-9)" }),
    note: z.string().optional().meta({ description: 'A note for the admin' }),
  }),
  responses: {
    200: jsonResponse('ChangeRequestDto'),
    400: invalidResponseDoc,
    413: pictureTooLargeDoc,
    429: jsonResponse('Too many pending requests'),
  },
  handler: async ({ actor, form }) => {
    if (!form) throw new AppError('bad_body');
    const file = form.get('picture');
    if (!file || typeof file === 'string' || file.size === 0) return { ok: false, errors: { picture: 'required' } };
    const result = await suggestPicture(actor, {
      movie: text(form, 'movie'),
      release: text(form, 'release'),
      file: Buffer.from(await file.arrayBuffer()),
      values: {
        type: text(form, 'type'),
        source: text(form, 'source'),
        is_default: text(form, 'is_default') === 'true',
        variant: text(form, 'variant'),
      },
      note: text(form, 'note'),
    });
    if (result.ok) return result.request;
    // The upload field is `picture` here (the data layer names it `file`).
    const { file: fileError, ...errors } = result.errors;
    const fields = fileError ? { ...errors, picture: fileError } : errors;
    if (fileError === 'pictureTooLarge') return invalidResponse(fields, result.params, 413);
    return { ok: false, errors: fields, params: result.params };
  },
});
