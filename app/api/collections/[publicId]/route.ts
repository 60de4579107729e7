import { z } from 'zod';
import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, okSchema, publicIdParams } from '@/lib/api/schemas';
import { getCollection, setCollectionDeleted, updateCollection } from '@/lib/data/collections';
import { FORM_ERRORS } from '@/lib/validation/users';
import {
  COLLECTION_CATEGORIES,
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  VISIBILITIES,
} from '@/lib/validation/collections';

export const dynamic = 'force-dynamic';

/**
 * The fields PATCH may send, typed as lib/data/collections.ts updateCollection takes them (it
 * checks the values itself); a wrong type gets the form's own message key; a field left out
 * keeps its value.
 */
const collectionPatchSchema = z.object({
  name: z
    .string({ error: FORM_ERRORS.required })
    .optional()
    .meta({ description: `Name, 1-${COLLECTION_NAME_MAX} characters` }),
  description: z
    .string()
    .nullish()
    .meta({ description: `Description, plain text, at most ${COLLECTION_DESCRIPTION_MAX} characters` }),
  visibility: z.enum(VISIBILITIES, { error: FORM_ERRORS.invalid }).optional(),
  category: z
    .enum(COLLECTION_CATEGORIES, { error: 'categoryLocked' })
    .optional()
    .meta({ description: 'May only repeat the current category' }),
  style: z
    .unknown()
    .optional()
    .meta({ description: 'Style 1-7', override: { type: 'integer', minimum: 1, maximum: 7 } }),
  shortcut_default: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  picture: z
    .string({ error: FORM_ERRORS.invalid })
    .nullish()
    .meta({ description: "One of GET …/pictures, or '' for the automatic one" }),
});

/**
 * GET /api/collections/{public_id}: one collection (CollectionDto); 404 when it does not exist or
 * is private or deleted and not the caller's. Data: lib/data/collections.ts getCollection.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}',
  summary: 'One collection',
  tags: ['collections'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('CollectionDto') },
  handler: async ({ params, viewer }) => getCollection(await viewer(), params.publicId),
});

/**
 * PATCH /api/collections/{public_id}: saves the caller's collection (`name`, `description`,
 * `visibility`, `style`, `shortcut_default`, `picture` from GET …/pictures or '' for automatic;
 * `category` may only repeat the current one; a field left out keeps its value). 200 CollectionDto; 400 `{ error, fields }`
 * (categoryLocked, nothingToUpdate, shortcutTaken, …); 404 for another user's collection.
 */
export const PATCH = route({
  method: 'PATCH',
  path: '/api/collections/{publicId}',
  summary: "Saves the caller's collection",
  tags: ['collections'],
  auth: 'member',
  params: publicIdParams,
  body: collectionPatchSchema,
  responses: { 200: jsonResponse('CollectionDto'), 400: invalidResponseDoc },
  handler: async ({ actor, params, body }) => {
    // The category cannot change: one in the body must repeat the current one (else categoryLocked).
    const r = await updateCollection(actor, { publicId: params.publicId, ...body });
    return r.ok ? r.collection : r;
  },
});

/**
 * DELETE /api/collections/{public_id}: moves the caller's collection to the trash (undo with POST
 * …/restore). 200 `{ ok: true }`; 404 for another user's, an unknown or an already deleted one.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/collections/{publicId}',
  summary: "Moves the caller's collection to the trash",
  tags: ['collections'],
  auth: 'member',
  params: publicIdParams,
  responses: { 200: jsonResponse('Moved to the trash', okSchema) },
  handler: async ({ actor, params }) => {
    await setCollectionDeleted(actor, { publicId: params.publicId, deleted: true });
    return { ok: true };
  },
});
