import { route } from '@/lib/api/route';
import { entryParams, invalidResponseDoc, jsonResponse, okSchema } from '@/lib/api/schemas';
import { removeEntry, updateEntry } from '@/lib/data/collections';
import { entryPatchSchema } from '@/lib/validation/collections';

export const dynamic = 'force-dynamic';

/**
 * PATCH /api/collections/{public_id}/entries/{entry_id}: saves an entry's fields (as POST …/entries;
 * a field left out keeps its value, "" or null clears one). 200 CollectionEntryDto; 400 `{ error, fields }`; 404 for another user's entry.
 */
export const PATCH = route({
  method: 'PATCH',
  path: '/api/collections/{publicId}/entries/{entryId}',
  summary: "Saves an entry's fields",
  tags: ['collections'],
  auth: 'member',
  params: entryParams,
  body: entryPatchSchema,
  responses: { 200: jsonResponse('CollectionEntryDto'), 400: invalidResponseDoc },
  handler: async ({ actor, params, body }) => {
    const r = await updateEntry(actor, { entryId: params.entryId, ...body });
    return r.ok ? r.entry : r;
  },
});

/** DELETE /api/collections/{public_id}/entries/{entry_id}: removes the entry. 200 `{ ok: true }`; 404 for another user's. */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/collections/{publicId}/entries/{entryId}',
  summary: 'Removes an entry',
  tags: ['collections'],
  auth: 'member',
  params: entryParams,
  responses: { 200: jsonResponse('Removed', okSchema) },
  handler: async ({ actor, params }) => {
    await removeEntry(actor, params.entryId);
    return { ok: true };
  },
});
