import { z } from 'zod';
import { route } from '@/lib/api/route';
import { describedText, dto, entryParams, formFlag, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { moveEntry } from '@/lib/data/collections';

export const dynamic = 'force-dynamic';

/**
 * POST /api/collections/{public_id}/entries/{entry_id}/move: moves an entry to another of the
 * caller's collections (`{ collection, copy? }`; `copy: true` keeps it here too). The item becomes
 * a new entry there with the same fields, added now. 200 `{ entry: CollectionEntryDto, collection:
 * { public_id, name } }`; 400 `{ error, fields: { _form } }` (`alreadyInCollection`,
 * `categoryMismatchMovies`, `categoryMismatchReleases`); 404 for another user's entry or a target
 * that is not the caller's collection outside the trash. Data: lib/data/collections.ts moveEntry.
 */
export const POST = route({
  method: 'POST',
  path: '/api/collections/{publicId}/entries/{entryId}/move',
  summary: "Moves (or copies) an entry to another of the caller's collections",
  tags: ['collections'],
  auth: 'member',
  params: entryParams,
  body: z.object({
    collection: describedText("Public id of the caller's collection to move the entry to (same category)"),
    copy: formFlag.meta({ description: 'Keep the entry in its collection too (default false: move)' }),
  }),
  responses: {
    200: jsonResponse(
      'The new entry and its collection',
      z.object({
        entry: dto('CollectionEntryDto'),
        collection: z.object({ public_id: z.string(), name: z.string() }),
      }),
    ),
    400: invalidResponseDoc,
  },
  handler: async ({ actor, params, body }) => {
    const r = await moveEntry(actor, { entryId: params.entryId, collection: body.collection, copy: body.copy });
    return r.ok ? { entry: r.entry, collection: r.collection } : r;
  },
});
