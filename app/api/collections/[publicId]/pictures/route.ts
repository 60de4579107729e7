import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { pictureChoices } from '@/lib/data/collections';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/pictures: the pictures the caller's collection may show
 * (distinct pictures of its 30 newest entries, newest first): `{ items: { url, name }[] }`, `name`
 * the entry's item (a release's name, a movie's name and year). 401 without a session; an unknown
 * or another user's collection gives an empty list.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/pictures',
  summary: "The pictures the caller's collection may show",
  tags: ['collections'],
  auth: 'member',
  params: publicIdParams,
  responses: {
    200: jsonResponse(
      'Pictures of the newest entries',
      z.object({
        items: z.array(
          z.object({
            url: z.string().meta({ description: 'The picture: an absolute URL' }),
            name: z.string().meta({ description: "The entry's item: a release's name, or a movie's name and year" }),
          }),
        ),
      }),
    ),
  },
  handler: async ({ actor, params }) => ({ items: await pictureChoices(actor, params.publicId) }),
});
