import { z } from 'zod';
import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, pageOf, pagingQuery, publicIdSchema } from '@/lib/api/schemas';
import { listChangeRequests, submitChangeRequest } from '@/lib/data/change-requests';
import { changeListFilters, changeRequestSchema } from '@/lib/validation/changes';

export const dynamic = 'force-dynamic';

/**
 * GET /api/changes: one page of change requests. Admins: everyone's (the queue: pending ones
 * oldest first), filtered by `status` (default pending), `entity`, `kind`, `user` (author's public
 * id), `batch` (one collection import's suggestions); members: their own, newest first. `cursor`, `limit` 1-100 (default 24). 200
 * `{ items: ChangeRequestListItem[], next_cursor }` (each with `age_seconds`); 401 for visitors.
 * Data: lib/data/change-requests.ts listChangeRequests.
 */
export const GET = route({
  method: 'GET',
  path: '/api/changes',
  summary: 'Change requests: the admin queue, or the caller’s own',
  tags: ['changes'],
  auth: 'member',
  query: z.object({
    ...changeListFilters,
    user: publicIdSchema.optional().meta({ description: "Admins: this member's requests" }),
    ...pagingQuery(24),
  }),
  responses: { 200: jsonResponse('A page of ChangeRequestListItem', pageOf('ChangeRequestListItem')) },
  handler: async ({ actor, query }) =>
    listChangeRequests(
      actor,
      {
        status: query.status ?? null,
        entity: query.entity ?? null,
        kind: query.kind ?? null,
        user: query.user ?? null,
      },
      { cursor: query.cursor, limit: query.limit },
    ),
});

/**
 * POST /api/changes: the caller suggests a change: `{ entity ('movie'|'release'|'person'|'label'),
 * kind ('new'|'edit'|'duplicate'|'delete'), target? (public id of the entity edited, duplicated or
 * deleted), values (field → proposed value), note? (required for a deletion), source?, merge_into?
 * (a deletion: the public id of the item of the same kind that stays) }`. A member's request waits for an admin (a suggested
 * release exists unapproved, visible to its author and admins); an admin's is applied at once.
 * 200 ChangeRequestDto; 400 `{ error, fields }` (a field's key: invalid, required, maxLength;
 * `_form: nothingToUpdate` when nothing changes; a deletion's `merge_into: deleteInUse` with
 * `params.count` while other records use the item); 401 visitors; 404 unknown target; 410 a deleted
 * target; 429
 * `change_limit` past the open-request limit. Data: lib/data/change-requests.ts submitChangeRequest.
 */
export const POST = route({
  method: 'POST',
  path: '/api/changes',
  summary: 'Suggests a new entity, an edit, a duplicate of a release, or a deletion',
  tags: ['changes'],
  auth: 'member',
  body: changeRequestSchema,
  responses: {
    200: jsonResponse('ChangeRequestDto'),
    400: invalidResponseDoc,
    410: jsonResponse('The target was removed from the catalogue'),
    429: jsonResponse('Too many pending requests'),
  },
  handler: async ({ actor, body }) => {
    const r = await submitChangeRequest(actor, body);
    return r.ok ? r.request : r;
  },
});
