import { z } from 'zod';
import { route } from '@/lib/api/route';
import { formText, invalidResponseDoc, itemRefSchema, jsonResponse } from '@/lib/api/schemas';
import { addEntry, addEntryToNewCollection, getCollection } from '@/lib/data/collections';
import { CURRENCIES, ENTRY_FIELD_DOCS } from '@/lib/validation/collections';
import { isPublicId } from '@/lib/validation/listing';

export const dynamic = 'force-dynamic';

/**
 * The entry fields, typed as lib/data/collections.ts addEntry takes them; addEntry checks their
 * values (after the collection is chosen, or inside the transaction that creates it), so only
 * their JSON types are checked here.
 */
const entryFields = z.object({
  comment: z.string().nullish().meta({ description: ENTRY_FIELD_DOCS.comment }),
  comment_language: z.unknown().optional().meta({ description: ENTRY_FIELD_DOCS.comment_language }),
  price: z.union([z.string(), z.number()]).nullish().meta({ description: ENTRY_FIELD_DOCS.price }),
  currency: z
    .unknown()
    .optional()
    .meta({ description: ENTRY_FIELD_DOCS.currency, override: { type: 'string', enum: [...CURRENCIES] } }),
  condition: z
    .unknown()
    .optional()
    .meta({ description: ENTRY_FIELD_DOCS.condition, override: { type: 'integer', minimum: 1, maximum: 6 } }),
  acquired_on: z.string().nullish().meta({ description: ENTRY_FIELD_DOCS.acquired_on }),
  watched_method: z.unknown().optional().meta({ description: ENTRY_FIELD_DOCS.watched_method }),
});

const target = z.object({
  collection: formText.meta({ description: "One of the caller's collection public ids, or `new`" }),
  new_name: formText.meta({ description: 'Name of the new collection (collection `new`)' }),
});

/**
 * POST /api/me/collection_entries: the add-to-collection dialog's submit. Body: `{ movie } | {
 * release }` (public id), `collection` (one of the caller's collection public ids, or `new` with
 * `new_name`: a new public collection of the item's kind, created with the entry in one
 * transaction, so a refused entry leaves no collection behind), and the entry fields of POST
 * /api/collections/{id}/entries. 200 `{ collection: { public_id, name, style }, entry }`; 400
 * `{ error, fields }` (`collection: required`, `new_name` errors of the collection form, entry
 * errors, `_form` categoryMismatch…/alreadyInCollection); 404 for an unknown item or another
 * user's collection; 401 / 403 as every write.
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/collection_entries',
  summary: "The add-to-collection dialog: adds an item to one of the caller's collections (or a new one)",
  tags: ['collections'],
  auth: 'member',
  body: z.intersection(itemRefSchema, z.intersection(target, entryFields)),
  responses: {
    200: jsonResponse(
      'The collection and the entry',
      z.object({
        collection: z.object({ public_id: z.string(), name: z.string(), style: z.number() }),
        entry: z.looseObject({}),
      }),
    ),
    400: invalidResponseDoc,
  },
  handler: async ({ actor, body }) => {
    const { item, collection, new_name, ...entry } = body;
    if (!collection) return { ok: false, errors: { collection: 'required' } };
    if (collection === 'new') {
      const r = await addEntryToNewCollection(actor, { name: new_name, item, ...entry });
      if (!r.ok) return { ok: false, errors: r.errors.name ? { new_name: r.errors.name } : r.errors };
      const { public_id, name, style } = r.collection;
      return { collection: { public_id, name, style }, entry: r.entry };
    }
    if (!isPublicId(collection)) return null;
    const r = await addEntry(actor, { collection, item, ...entry });
    if (!r.ok) return r;
    const c = await getCollection(actor, collection);
    return { collection: { public_id: collection, name: c?.name ?? '', style: c?.style ?? 1 }, entry: r.entry };
  },
});
