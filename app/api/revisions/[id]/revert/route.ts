import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { previewRevert, revertRevision } from '@/lib/data/revisions';

export const dynamic = 'force-dynamic';

/** A revision id in a path: 1-15 digits (a bigint id; anything else answers 404). */
const revisionParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/)
    .meta({
      description: 'Revision id (whole number, from the history)',
      override: { type: 'string', pattern: '^\\d+$' },
    }),
});

/**
 * GET /api/revisions/{id}/revert (admins): what a revert of the revision would do, without doing
 * it: each field it changed with its value `before`, `after` and `now`, `revertible` when it still
 * holds `after` (a field changed since is left as it is). 200 RevertPreview; 403 for members; 404
 * unknown revision; 409 `not_revertible` (a creation, merge or deletion, or an entity that is gone).
 * Data: lib/data/revisions.ts previewRevert.
 */
export const GET = route({
  method: 'GET',
  path: '/api/revisions/{id}/revert',
  summary: 'Preview of reverting a catalogue revision (admins)',
  tags: ['changes'],
  auth: 'admin',
  params: revisionParams,
  responses: { 200: jsonResponse('RevertPreview'), 409: jsonResponse('Not revertible') },
  handler: async ({ actor, params }) => previewRevert(actor, params.id),
});

/**
 * POST /api/revisions/{id}/revert (admins): reverts the revision in one transaction: the fields that
 * still hold its value are written back to their value before, as a new `revert` revision by the
 * admin; the author loses the points it earned. 200 `{ revisionId (the new revision's id, null when
 * nothing was left to write back), reverted: fields, leftAsTheyAre: fields }`; 403 for members; 404
 * unknown revision; 409 `not_revertible`; 400 `invalid_value` when an old value no longer fits.
 * Data: lib/data/revisions.ts revertRevision.
 */
export const POST = route({
  method: 'POST',
  path: '/api/revisions/{id}/revert',
  summary: 'Reverts a catalogue revision (admins)',
  tags: ['changes'],
  auth: 'admin',
  params: revisionParams,
  responses: { 200: jsonResponse('RevertResult'), 409: jsonResponse('Not revertible') },
  handler: async ({ actor, params }) => revertRevision(actor, params.id),
});
