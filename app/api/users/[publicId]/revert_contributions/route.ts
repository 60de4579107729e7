import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { revertMemberRevisions } from '@/lib/data/revisions';

export const dynamic = 'force-dynamic';

/**
 * POST /api/users/{public_id}/revert_contributions (admins): reverts every catalogue edit the member
 * made, newest first, in one transaction. 200 `{ items: [{ revertedId, entity, entityPublicId,
 * revisionId, reverted, leftAsTheyAre }] }` (an edit whose entity is gone or whose old values no
 * longer fit is listed with all its fields left); 403 for members; 404 unknown member.
 * Data: lib/data/revisions.ts revertMemberRevisions.
 */
export const POST = route({
  method: 'POST',
  path: '/api/users/{publicId}/revert_contributions',
  summary: "Reverts all of a member's catalogue edits (admins)",
  tags: ['changes'],
  auth: 'admin',
  params: publicIdParams,
  responses: { 200: jsonResponse('MemberRevertResult') },
  handler: async ({ actor, params }) => ({ items: await revertMemberRevisions(actor, params.publicId) }),
});
