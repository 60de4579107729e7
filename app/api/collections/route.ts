import { z } from 'zod';
import { route } from '@/lib/api/route';
import {
  invalidResponseDoc,
  jsonResponse,
  listQueryText,
  pageOf,
  pagingQuery,
  publicIdSchema,
} from '@/lib/api/schemas';
import { COLLECTION_PAGE_SIZE, createCollection, listCollections } from '@/lib/data/collections';
import { COLLECTION_STYLES } from '@/lib/validation/collection-limits';
import { COLLECTION_CATEGORIES, collectionSchema } from '@/lib/validation/collections';

export const dynamic = 'force-dynamic';

/** The kinds of list as query values ('1'-'7'). */
const STYLE_VALUES = Object.values(COLLECTION_STYLES).map(String) as [string, ...string[]];

/**
 * GET /api/collections: one page of collections, newest first: public ones, and the caller's own
 * private ones (without `user`, only collections with entries). Query: `user` (a user public id: that user's collections), `category` (`movies` or
 * `releases`), `style` (kind of list, 1-7), `q` (every word in the collection's or its owner's
 * name), `deleted=1` (the caller's own deleted collections), `cursor`, `limit` 1-100
 * (default 48). 200 `{ items: CollectionDto[], next_cursor }`; 400 `{ error }` for a bad parameter.
 * Data: lib/data/collections.ts listCollections.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections',
  summary: "Collections, newest first: public ones and the caller's own private ones",
  tags: ['collections'],
  auth: 'public',
  query: z.object({
    user: publicIdSchema.optional().meta({ description: "A user's public id: that user's collections" }),
    category: z.enum(COLLECTION_CATEGORIES).optional(),
    style: z.enum(STYLE_VALUES).optional().meta({
      description: 'Kind of list: 1 none, 2 watched, 3 owns, 4 wanted, 5 for sale, 6 want to see, 7 for trade',
    }),
    q: listQueryText,
    deleted: z.enum(['0', '1']).optional().meta({ description: "1: the caller's own deleted collections" }),
    ...pagingQuery(COLLECTION_PAGE_SIZE),
  }),
  responses: { 200: jsonResponse('A page of CollectionDto', pageOf('CollectionDto')) },
  handler: async ({ query, viewer }) =>
    listCollections(await viewer(), {
      owner: query.user ?? null,
      category: query.category ?? null,
      style: query.style ? Number(query.style) : null,
      q: query.q,
      deleted: query.deleted === '1',
      cursor: query.cursor,
      limit: query.limit,
    }),
});

/**
 * POST /api/collections: creates a collection of the caller: `{ name, description, visibility
 * ('public'|'private'), category ('movies'|'releases', fixed afterwards), style (1-7),
 * shortcut_default }`. 200 CollectionDto; 400 `{ error, fields }` (message keys of `forms`:
 * required, maxLength, invalid, shortcutInvalid, shortcutTaken); 401 without a session; 403 from
 * another origin. Data: lib/data/collections.ts createCollection.
 */
export const POST = route({
  method: 'POST',
  path: '/api/collections',
  summary: 'Creates a collection of the caller',
  tags: ['collections'],
  auth: 'member',
  body: collectionSchema,
  responses: { 200: jsonResponse('CollectionDto'), 400: invalidResponseDoc },
  handler: async ({ actor, body }) => {
    const r = await createCollection(actor, body);
    return r.ok ? r.collection : r;
  },
});
