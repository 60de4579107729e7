import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { getCollection, setCollectionDeleted } from '@/lib/data/collections';

export const dynamic = 'force-dynamic';

/**
 * POST /api/collections/{public_id}/restore: takes the caller's collection out of the trash.
 * 200 CollectionDto; 404 for another user's, an unknown or a not deleted one.
 */
export const POST = route({
  method: 'POST',
  path: '/api/collections/{publicId}/restore',
  summary: "Takes the caller's collection out of the trash",
  tags: ['collections'],
  auth: 'member',
  params: publicIdParams,
  responses: { 200: jsonResponse('CollectionDto') },
  handler: async ({ actor, params }) => {
    await setCollectionDeleted(actor, { publicId: params.publicId, deleted: false });
    return getCollection(actor, params.publicId);
  },
});
