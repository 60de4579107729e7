import 'server-only';
/**
 * Collections and their entries (every member, a basic one too, keeps lists and collections of
 * their own). Every mutation takes the acting user, asks its policy (lib/auth/policies.ts
 * canEditCollection, canEditEntry) and touches only that user's collections (checked in the WHERE
 * clause too). Visibility (canViewCollection): a public collection that is not deleted is seen by
 * everyone; a private or deleted one by its owner only, admins included. Entries of live shortcut
 * collections (styles 2, 3, 4, 6) feed the item counters, kept in step here and in toggles.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import {
  collectionSchema,
  entrySchema,
  type CollectionCategory,
  type CollectionInput,
  type EntryData,
  type EntryInput,
} from '@/lib/validation/collections';
import type { FieldErrors } from '@/lib/validation/users';
import {
  itemJsonColumns,
  moviePicture,
  releasePicture,
  toItemPair,
  type ReleaseListRow,
  type TitleListRow,
} from './catalogue-rows';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { and, foldedSql, inList, queryRows, resolveDb, textConditions } from './sql';
import { overStored } from './partial-update';
import { foldText } from '@/lib/text';
import { rateTable } from '@/lib/collections/rates';
import { parseSearchQuery, type SearchQuery } from '@/lib/search-query';
import {
  canEditCollection,
  canEditEntry,
  canSeeSocialFeed,
  canUseMemberFeatures,
  canViewCollection,
} from '@/lib/auth/policies';
import { AppError, fieldErrors } from '@/lib/errors';
import { addEntries, removeOwnEntry, updateOwnEntry, type EntryTarget } from './collection-entries';
import { eurOf } from './collection-values';
import { collectionVisibleTo } from './collection-visibility';
import { inTransaction, publish } from './events';
import { ITEM_TABLES } from './item-counters';
import { newPublicId } from './public-id';
import type { Page, ReleaseListItem, TitleListItem } from './types';
import type { Actor } from '@/lib/auth/actor';
import type { PictureChoice } from '@/lib/validation/collection-limits';

/** A collection as a viewer may see it. `mine`: the viewer owns it (edit and delete offered). */
export type CollectionDto = {
  public_id: string;
  name: string;
  description: string | null;
  visibility: 'public' | 'private';
  category: CollectionCategory;
  /** 1 none, 2 watched, 3 owns, 4 wanted, 5 for sale, 6 want to see, 7 for trade. */
  style: number;
  shortcut_default: boolean;
  /** The chosen picture, else the picture of the newest of its PICTURE_CHOICES newest entries that has one; null without. */
  picture_url: string | null;
  entries_count: number;
  owner: { public_id: string; name: string };
  created_at: string;
  updated_at: string;
  deleted: boolean;
  mine: boolean;
};

/**
 * One entry: the movie or the release (list item shapes of the catalogue), and the owner's
 * fields. `price` is a decimal string with 2 decimals in `currency`; `acquired_on` YYYY-MM-DD.
 */
export type CollectionEntryDto = {
  id: number;
  movie: TitleListItem | null;
  release: ReleaseListItem | null;
  comment: string | null;
  comment_language: string | null;
  price: string | null;
  currency: string | null;
  condition: number | null;
  acquired_on: string | null;
  watched_method: string | null;
  created_at: string;
};

/** Collections and entries per page (API default). */
export const COLLECTION_PAGE_SIZE = 48;
/** Collections shown on an item's `user_collections` subpage (the newest ones). */
export const ITEM_COLLECTIONS_SHOWN = 48;
/** How many of the newest entries a collection's picture may be chosen from. */
export const PICTURE_CHOICES = 30;

type CollectionRow = {
  id: number;
  user_id: number;
  public_id: string;
  name: string;
  description: string | null;
  visibility: 'public' | 'private';
  category: CollectionCategory;
  style: number;
  shortcut_default: boolean;
  picture: string | null;
  entries_count: number;
  deleted_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  owner_public_id: string;
  owner_name: string;
  latest_picture: string | null;
};

/**
 * The picture of an entry's item (over `collection_entries e`), as catalogue lists show it: a
 * release's default picture, else its first movie's poster; a movie's poster.
 */
const ENTRY_PICTURE = sql`COALESCE(${releasePicture(sql`e.release_id`)},
  (SELECT ${moviePicture(sql`em`)} FROM movies em WHERE em.id = e.movie_id))`;

const COLLECTION_COLUMNS = sql`c.id, c.user_id, c.public_id, c.name, c.description, c.visibility, c.category, c.style, c.shortcut_default,
  c.picture, c.entries_count, c.deleted_at, c.created_at, c.updated_at, u.public_id AS owner_public_id, u.name AS owner_name,
  (SELECT x.picture FROM (SELECT ${ENTRY_PICTURE} AS picture FROM collection_entries e WHERE e.collection_id = c.id
     ORDER BY e.created_at DESC, e.id DESC LIMIT ${PICTURE_CHOICES}) x WHERE x.picture IS NOT NULL LIMIT 1) AS latest_picture`;

function iso(v: string | Date): string {
  return new Date(v).toISOString();
}

function toCollection(r: CollectionRow, viewer: Actor | null): CollectionDto {
  return {
    public_id: r.public_id,
    name: r.name,
    description: r.description,
    visibility: r.visibility,
    category: r.category,
    style: Number(r.style),
    shortcut_default: r.shortcut_default,
    picture_url: r.picture ?? r.latest_picture,
    entries_count: Number(r.entries_count),
    owner: { public_id: r.owner_public_id, name: r.owner_name },
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    deleted: r.deleted_at !== null,
    mine: viewer?.userId === Number(r.user_id),
  };
}

async function collectionRow(d: Db, publicId: string): Promise<CollectionRow | null> {
  const rows = await queryRows<CollectionRow>(
    d,
    sql`SELECT ${COLLECTION_COLUMNS} FROM collections c JOIN users u ON u.id = c.user_id WHERE c.public_id = ${publicId} LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** The policy's view of a collection row. */
function accessOf(r: { user_id: number; visibility: 'public' | 'private'; deleted_at: string | Date | null }) {
  return { userId: Number(r.user_id), visibility: r.visibility, deleted: r.deleted_at !== null };
}

/** The collection row when the viewer may see it (lib/auth/policies.ts canViewCollection), else null. */
async function visibleCollectionRow(d: Db, viewer: Actor | null, publicId: string): Promise<CollectionRow | null> {
  const r = await collectionRow(d, publicId);
  return r && canViewCollection(viewer, accessOf(r)) ? r : null;
}

/** The collection row when the actor may change it (canEditCollection), else null. */
async function editableCollectionRow(d: Db, actor: Actor, publicId: string): Promise<CollectionRow | null> {
  const r = await collectionRow(d, publicId);
  return r && canEditCollection(actor, accessOf(r)) ? r : null;
}

/** The entry-writing view of a collection row. */
function targetOf(r: {
  id: number;
  user_id: number;
  style: number;
  shortcut_default: boolean;
  deleted_at: string | Date | null;
}): EntryTarget {
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    style: Number(r.style),
    shortcut_default: r.shortcut_default,
    deleted: r.deleted_at !== null,
  };
}

/**
 * One collection as `viewer` may see it.
 * @returns null when it does not exist or is private or deleted and not the viewer's
 */
export async function getCollection(viewer: Actor | null, publicId: string, db?: Db): Promise<CollectionDto | null> {
  const d = await resolveDb(db);
  const r = await visibleCollectionRow(d, viewer, publicId);
  return r ? toCollection(r, viewer) : null;
}

const COLLECTION_SORT: KeysetSort = { name: 'created', expr: sql`c.created_at`, cast: 'timestamptz', dir: 'desc' };

/**
 * One page of collections, newest first, that `viewer` may see: all users' (`/collections`) or
 * one user's (`owner`: a user public id; `/user/{id}/collections`). The all-users list leaves out
 * empty collections. `deleted: true` lists the
 * viewer's own deleted collections (the trash) instead. `category` narrows to movies or releases,
 * `style` to one kind of list (1-7), `q` to collections whose name or owner's name holds every
 * word (folded as lib/text.ts foldText: letter case, accents and punctuation do not matter).
 */
export async function listCollections(
  viewer: Actor | null,
  query: {
    owner?: string | null;
    category?: CollectionCategory | null;
    style?: number | null;
    q?: string | null;
    deleted?: boolean;
  } & Paging,
  db?: Db,
): Promise<Page<CollectionDto>> {
  const { cursor = null, limit = COLLECTION_PAGE_SIZE } = query;
  const d = await resolveDb(db);
  const conds: SQL[] = [];
  if (query.deleted) conds.push(viewer ? sql`c.user_id = ${viewer.userId} AND c.deleted_at IS NOT NULL` : sql`FALSE`);
  else conds.push(collectionVisibleTo(viewer), sql`c.deleted_at IS NULL`);
  if (query.owner) conds.push(sql`u.public_id = ${query.owner}`);
  // The all-users list skips empty collections (every user has empty default lists).
  else if (!query.deleted) conds.push(sql`c.entries_count > 0`);
  if (query.category) conds.push(sql`c.category = ${query.category}`);
  if (query.style) conds.push(sql`c.style = ${query.style}`);
  const words = [...new Set(foldText(query.q).split(' ').filter(Boolean))];
  if (words.length) {
    const haystack = sql`(${foldedSql(sql`c.name`)} || ' ' || u.name_key)`;
    for (const w of words) conds.push(sql`${haystack} LIKE ${`%${w}%`}`);
  }
  const rows = await keysetRows<CollectionRow & { sk: string | null }>(d, {
    columns: COLLECTION_COLUMNS,
    from: sql`collections c JOIN users u ON u.id = c.user_id`,
    conds,
    sort: COLLECTION_SORT,
    idCol: sql`c.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: COLLECTION_SORT }, (r) => toCollection(r, viewer));
}

/** Outcome of a collection write: the collection, or message keys per field (namespace `forms`). */
export type CollectionResult = { ok: true; collection: CollectionDto } | { ok: false; errors: FieldErrors };

/**
 * Creates a collection of the actor. A `shortcut_default` collection becomes the list its toggle
 * fills (one per style: 'shortcutTaken' when the actor has one; 'shortcutInvalid' for a style
 * without a toggle or of the other category).
 * @throws AppError unauthorized for an actor without member features (canUseMemberFeatures)
 */
export async function createCollection(actor: Actor, input: CollectionInput, db?: Db): Promise<CollectionResult> {
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const parsed = collectionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const d = await resolveDb(db);
  const publicId = newPublicId();
  const inserted = await queryRows<{ id: number }>(
    d,
    sql`INSERT INTO collections (public_id, user_id, name, description, visibility, category, style, shortcut_default)
        VALUES (${publicId}, ${actor.userId}, ${v.name}, ${v.description}, ${v.visibility}, ${v.category}, ${v.style}, ${v.shortcut_default})
        ON CONFLICT (user_id, style) WHERE shortcut_default AND deleted_at IS NULL DO NOTHING RETURNING id`,
  );
  if (!inserted.length) return { ok: false, errors: { shortcut_default: 'shortcutTaken' } };
  const created = await getCollection(actor, publicId, d);
  return created ? { ok: true, collection: created } : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * Saves the actor's collection: name, description, visibility, style, shortcut flag, and a
 * picture chosen from the pictures of its newest PICTURE_CHOICES entries (`picture`: one of
 * {@link pictureChoices}, or '' for the automatic one). A field left out (undefined: an API
 * client's partial PATCH) keeps its stored value, so a private list never turns public by
 * omission. The category cannot change ('categoryLocked'); unchanged input gives
 * `_form: nothingToUpdate`.
 * @throws AppError not_found for another user's or an unknown collection
 */
export async function updateCollection(
  actor: Actor,
  input: Partial<Omit<CollectionInput, 'category'>> & {
    publicId: string;
    category?: CollectionCategory;
    picture?: string | null;
  },
  db?: Db,
): Promise<CollectionResult> {
  const { publicId } = input;
  const d = await resolveDb(db);
  const current = await editableCollectionRow(d, actor, publicId);
  if (!current) throw new AppError('not_found');
  if (input.category !== undefined && input.category !== current.category)
    return { ok: false, errors: { category: 'categoryLocked' } };
  const stored: CollectionInput = {
    name: current.name,
    description: current.description,
    visibility: current.visibility,
    category: current.category,
    style: Number(current.style),
    shortcut_default: current.shortcut_default,
  };
  // The category is the stored one whatever the input says (a different one was refused above).
  const parsed = collectionSchema.safeParse(overStored(stored, { ...input, category: current.category }));
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  let picture = current.picture;
  if (input.picture !== undefined) {
    picture = input.picture || null;
    if (picture && !(await pictureChoices(actor, publicId, d)).some((c) => c.url === picture))
      return { ok: false, errors: { picture: 'invalid' } };
  }
  const same =
    v.name === current.name &&
    v.description === current.description &&
    v.visibility === current.visibility &&
    v.style === Number(current.style) &&
    v.shortcut_default === current.shortcut_default &&
    picture === current.picture;
  if (same) return { ok: false, errors: { _form: 'nothingToUpdate' } };
  const before = targetOf(current);
  const saved = await inTransaction(d, async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE collections SET name = ${v.name}, description = ${v.description}, visibility = ${v.visibility}, style = ${v.style},
            shortcut_default = ${v.shortcut_default}, picture = ${picture}, updated_at = now()
          WHERE id = ${current.id} AND user_id = ${actor.userId}
            AND NOT (${v.shortcut_default} AND deleted_at IS NULL AND EXISTS (
              SELECT 1 FROM collections o WHERE o.user_id = ${actor.userId} AND o.style = ${v.style} AND o.shortcut_default AND o.deleted_at IS NULL
                AND o.id <> ${current.id}))
          RETURNING id`,
    );
    if (!rows.length) return false;
    const after = { style: v.style, shortcut_default: v.shortcut_default, deleted: before.deleted };
    await publish(tx, 'collection.changed', {
      collectionId: before.id,
      publicId,
      userId: actor.userId,
      before,
      after,
      pages: [],
    });
    return true;
  });
  if (!saved) return { ok: false, errors: { shortcut_default: 'shortcutTaken' } };
  const collection = await getCollection(actor, publicId, d);
  return collection ? { ok: true, collection } : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * Moves the actor's collection to the trash (`deleted: true`) or back (`deleted: false`). A
 * shortcut list restored while another list has taken its shortcut comes back without the flag.
 * @throws AppError not_found for an unknown or another user's collection, or one already in that state
 */
export async function setCollectionDeleted(
  actor: Actor,
  change: { publicId: string; deleted: boolean },
  db?: Db,
): Promise<void> {
  const { publicId, deleted } = change;
  const d = await resolveDb(db);
  return inTransaction(d, async (tx) => {
    const [c] = await queryRows<{ id: number; user_id: number; style: number; shortcut_default: boolean }>(
      tx,
      sql`SELECT id, user_id, style, shortcut_default FROM collections WHERE public_id = ${publicId}
          AND deleted_at IS ${deleted ? sql`NULL` : sql`NOT NULL`} FOR UPDATE`,
    );
    if (!c || !canEditCollection(actor, { userId: Number(c.user_id) })) throw new AppError('not_found');
    const before = { style: Number(c.style), shortcut_default: c.shortcut_default, deleted: !deleted };
    let shortcut = c.shortcut_default;
    if (deleted) {
      await tx.execute(sql`UPDATE collections SET deleted_at = now(), updated_at = now() WHERE id = ${c.id}`);
    } else {
      const [taken] = c.shortcut_default
        ? await queryRows<{ id: number }>(
            tx,
            sql`SELECT id FROM collections WHERE user_id = ${actor.userId} AND style = ${c.style} AND shortcut_default AND deleted_at IS NULL LIMIT 1`,
          )
        : [];
      shortcut = c.shortcut_default && !taken;
      await tx.execute(
        sql`UPDATE collections SET deleted_at = NULL, shortcut_default = ${shortcut}, updated_at = now() WHERE id = ${c.id}`,
      );
    }
    await publish(tx, 'collection.changed', {
      collectionId: Number(c.id),
      publicId,
      userId: actor.userId,
      before,
      after: { ...before, shortcut_default: shortcut, deleted },
      pages: [],
    });
  });
}

/**
 * The distinct pictures of the newest PICTURE_CHOICES entries of the actor's collection (for its
 * picture), newest entry first, each named after its item (a release's name, a movie's name and
 * year). Another member's or an unknown collection gives an empty list (canEditCollection).
 */
export async function pictureChoices(actor: Actor, publicId: string, db?: Db): Promise<PictureChoice[]> {
  const d = await resolveDb(db);
  const [owner] = await queryRows<{ user_id: number }>(
    d,
    sql`SELECT user_id FROM collections WHERE public_id = ${publicId}`,
  );
  if (!owner || !canEditCollection(actor, { userId: Number(owner.user_id) })) return [];
  const rows = await queryRows<{ url: string | null; name: string }>(
    d,
    sql`SELECT ${ENTRY_PICTURE} AS url,
          COALESCE((SELECT r.name FROM releases r WHERE r.id = e.release_id),
            (SELECT m.name || COALESCE(' (' || m.year || ')', '') FROM movies m WHERE m.id = e.movie_id)) AS name
        FROM collection_entries e JOIN collections c ON c.id = e.collection_id
        WHERE c.public_id = ${publicId} AND c.user_id = ${actor.userId} ORDER BY e.created_at DESC, e.id DESC LIMIT ${PICTURE_CHOICES}`,
  );
  const seen = new Set<string>();
  return rows.flatMap((r) => (r.url && !seen.has(r.url) && seen.add(r.url) ? [{ url: r.url, name: r.name }] : []));
}

type EntryRow = {
  id: number;
  sk: string | null;
  comment: string | null;
  comment_language: string | null;
  price: string | null;
  currency: string | null;
  condition: number | null;
  acquired_on: string | null;
  watched_method: string | null;
  created_at: string | Date;
  movie: TitleListRow | string | null;
  release: ReleaseListRow | string | null;
};

const ENTRY_SORT: KeysetSort = { name: 'added', expr: sql`e.created_at`, cast: 'timestamptz', dir: 'desc' };

/**
 * Orders of a collection's entries: `added` (newest addition first; the default), `name` (the
 * item's name A-Z, a leading article ignored, as the catalogue lists sort) and `acquired` (the
 * entry's date, `acquired_on`: when a release was acquired or a movie watched; newest first,
 * entries without one last) and `price` (highest first, compared in euros at the rates of
 * lib/collections/rates.ts, so 300 SEK comes after 30 EUR; entries without a price last).
 */
export const ENTRY_SORTS = ['added', 'name', 'acquired', 'price'] as const;
export type EntrySort = (typeof ENTRY_SORTS)[number];

function entrySort(so: EntrySort | null | undefined): KeysetSort {
  switch (so) {
    case 'name':
      // The item's name key, copied onto the entry (index (collection_id, item_key, id)).
      return { name: 'name', expr: sql`e.item_key`, cast: 'text', dir: 'asc' };
    case 'acquired':
      return { name: 'acquired', expr: sql`e.acquired_on`, cast: 'date', dir: 'desc', nullable: true };
    case 'price':
      return { name: 'price', expr: eurOf(rateTable()), cast: 'numeric', dir: 'desc', nullable: true };
    default:
      return ENTRY_SORT;
  }
}

/**
 * The entries whose item matches a search (lib/search-query.ts syntax): every word in the
 * release's or movie's search document (names, akas, the release's films and label), a `(year)`
 * the movie's year or a release's film's, a `[format]` the release's format (no movie has one).
 * Null without words, year or format.
 *
 * A list holds items of its category only, so the condition looks in that one table: one
 * `EXISTS` that the planner can turn into a join either way, walking the list newest first and
 * testing each item when the words are common, or finding the few items that match through the
 * search document's trigram index when they are rare. (Asking both tables with `OR` left it only
 * the second way: every release holding a common word such as "the" was read on each search.)
 */
function entrySearchCondition(q: SearchQuery, category: CollectionCategory): SQL | null {
  if (category === 'releases') {
    const release = [
      ...textConditions(q, sql`r.search_text`, sql`r.name_key`),
      ...(q.formats ? [inList(sql`r.format`, q.formats)] : []),
      ...(q.year !== null
        ? [
            sql`EXISTS (SELECT 1 FROM release_movies rmy JOIN movies my ON my.id = rmy.movie_id
              WHERE rmy.release_id = r.id AND my.year = ${q.year})`,
          ]
        : []),
    ];
    return release.length ? sql`EXISTS (SELECT 1 FROM releases r WHERE r.id = e.release_id AND ${and(release)})` : null;
  }
  // A format asks for releases: a movie never matches it.
  if (q.formats) return sql`FALSE`;
  const movie = [
    ...textConditions(q, sql`m.search_text`, sql`m.title_key`),
    ...(q.year !== null ? [sql`m.year = ${q.year}`] : []),
  ];
  return movie.length ? sql`EXISTS (SELECT 1 FROM movies m WHERE m.id = e.movie_id AND ${and(movie)})` : null;
}

const ENTRY_COLUMNS = sql`e.id, e.comment, e.comment_language, e.price::text AS price, e.currency, e.condition, e.acquired_on::text AS acquired_on,
  e.watched_method, e.created_at, ${itemJsonColumns(sql`e`)}`;

function toEntry(r: EntryRow): CollectionEntryDto {
  return {
    id: Number(r.id),
    ...toItemPair(r.movie, r.release),
    comment: r.comment,
    comment_language: r.comment_language,
    price: r.price,
    currency: r.currency,
    condition: r.condition === null ? null : Number(r.condition),
    acquired_on: r.acquired_on,
    watched_method: r.watched_method,
    created_at: iso(r.created_at),
  };
}

/**
 * One page of a collection's entries for a viewer who may see the collection: those whose item
 * matches `q` (see {@link entrySearchCondition}; all without it), in the order `so` (default
 * `added`, newest first).
 * @returns null when the viewer may not see it (or it does not exist)
 * @throws AppError bad_cursor (HTTP 400) for a cursor of another order or a forged one
 */
export async function listEntries(
  viewer: Actor | null,
  query: { publicId: string; q?: string | null; so?: EntrySort | null } & Paging,
  db?: Db,
): Promise<Page<CollectionEntryDto> | null> {
  const { publicId, cursor = null, limit = COLLECTION_PAGE_SIZE } = query;
  const d = await resolveDb(db);
  const c = await visibleCollectionRow(d, viewer, publicId);
  if (!c) return null;
  const sort = entrySort(query.so);
  const search = entrySearchCondition(parseSearchQuery(query.q), c.category);
  const rows = await keysetRows<EntryRow>(d, {
    columns: ENTRY_COLUMNS,
    from: sql`collection_entries e`,
    conds: [sql`e.collection_id = ${c.id}`, ...(search ? [search] : [])],
    sort,
    idCol: sql`e.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort }, toEntry);
}

/** Outcome of an entry write: the entry, a message key for the whole request, or field errors. */
export type EntryResult = { ok: true; entry: CollectionEntryDto } | { ok: false; errors: FieldErrors };

/**
 * Adds a movie or release to the actor's collection with the entry fields (comment, comment
 * language, price with currency, condition, date, watched-on method). Field problems (`_form`):
 * 'categoryMismatchMovies' / 'categoryMismatchReleases' (an item of the other kind),
 * 'alreadyInCollection'; the entry fields' message keys.
 * @throws AppError not_found for no such collection of the actor, or no such item
 */
export async function addEntry(
  actor: Actor,
  input: EntryInput & { collection: string; item: { type: 'movie' | 'release'; publicId: string } },
  db?: Db,
): Promise<EntryResult> {
  const { collection: publicId, item } = input;
  const parsed = entrySchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const d = await resolveDb(db);
  const c = await editableCollectionRow(d, actor, publicId);
  if (!c) throw new AppError('not_found');
  const it = ITEM_TABLES[item.type];
  if (c.category !== it.category)
    return {
      ok: false,
      errors: { _form: c.category === 'movies' ? 'categoryMismatchMovies' : 'categoryMismatchReleases' },
    };
  const [target] = await queryRows<{ id: number }>(
    d,
    // A deleted movie or release (a tombstone) joins no list.
    sql`SELECT id FROM ${it.table} WHERE public_id = ${item.publicId} AND deleted_at IS NULL`,
  );
  if (!target) throw new AppError('not_found');
  const [id] = await inTransaction(d, (tx) =>
    addEntries(tx, targetOf(c), {
      entries: [{ item: { type: item.type, id: Number(target.id), publicId: item.publicId }, data: v }],
      via: 'entry',
    }),
  );
  if (id === null) return { ok: false, errors: { _form: 'alreadyInCollection' } };
  const entry = await entryById(d, id);
  return entry ? { ok: true, entry } : { ok: false, errors: { _form: 'submitFailed' } };
}

/** Outcome of {@link addEntryToNewCollection}: the new collection and its entry, or message keys per field. */
export type NewCollectionEntryResult =
  { ok: true; collection: CollectionDto; entry: CollectionEntryDto } | { ok: false; errors: FieldErrors };

/** Carries a refused write's result out of the transaction it rolls back. */
class RolledBack extends Error {
  constructor(readonly result: { ok: false; errors: FieldErrors }) {
    super('rolled back');
  }
}

/**
 * Creates a public collection of the actor, of the item's kind, named `name`, and adds the item to
 * it with the entry fields, in one transaction: when the entry cannot be added (its fields are
 * invalid, the item is unknown) the collection is not created either. Field problems: the
 * collection's (`name`: required, tooLong…, as {@link createCollection}) and the entry's (as
 * {@link addEntry}). `db` is a database, not a transaction already open: the refusal rolls back
 * the transaction this function opens.
 * @throws AppError not_found for no such item (nothing is written)
 */
export async function addEntryToNewCollection(
  actor: Actor,
  input: EntryInput & { name: string; item: { type: 'movie' | 'release'; publicId: string } },
  db?: Db,
): Promise<NewCollectionEntryResult> {
  const { name, ...entry } = input;
  const d = await resolveDb(db);
  try {
    return await inTransaction(d, async (tx) => {
      const created = await createCollection(actor, { name, category: ITEM_TABLES[entry.item.type].category }, tx);
      if (!created.ok) throw new RolledBack(created);
      const added = await addEntry(actor, { ...entry, collection: created.collection.public_id }, tx);
      if (!added.ok) throw new RolledBack(added);
      const collection = (await getCollection(actor, created.collection.public_id, tx)) ?? created.collection;
      return { ok: true as const, collection, entry: added.entry };
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result;
    throw error;
  }
}

async function entryById(d: Db, id: number): Promise<CollectionEntryDto | null> {
  const rows = await queryRows<EntryRow>(d, sql`SELECT ${ENTRY_COLUMNS} FROM collection_entries e WHERE e.id = ${id}`);
  return rows[0] ? toEntry(rows[0]) : null;
}

/**
 * One entry of a collection of the actor, when the actor may change it (canEditEntry); null for
 * an unknown entry or another user's.
 */
async function editableEntryById(d: Db, actor: Actor, id: number): Promise<CollectionEntryDto | null> {
  const rows = await queryRows<EntryRow & { owner_id: number }>(
    d,
    sql`SELECT ${ENTRY_COLUMNS}, c.user_id AS owner_id FROM collection_entries e JOIN collections c ON c.id = e.collection_id
        WHERE e.id = ${id} AND c.user_id = ${actor.userId}`,
  );
  const r = rows[0];
  return r && canEditEntry(actor, { userId: Number(r.owner_id) }) ? toEntry(r) : null;
}

/**
 * Saves the fields of one entry of the actor's collections; field problems as message keys. A
 * field left out (undefined: an API client's partial PATCH) keeps its stored value.
 * @throws AppError not_found for an unknown entry or another user's
 */
export async function updateEntry(
  actor: Actor,
  input: Partial<EntryInput> & { entryId: number },
  db?: Db,
): Promise<EntryResult> {
  const { entryId, ...fields } = input;
  const d = await resolveDb(db);
  // Another user's entry answers as an unknown one, whatever the input.
  const current = await editableEntryById(d, actor, entryId);
  if (!current) throw new AppError('not_found');
  const stored: EntryInput = {
    comment: current.comment,
    comment_language: current.comment_language,
    price: current.price,
    currency: current.currency,
    condition: current.condition,
    acquired_on: current.acquired_on,
    watched_method: current.watched_method,
  };
  const parsed = entrySchema.safeParse(overStored(stored, fields));
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const found = await inTransaction(d, (tx) => updateOwnEntry(tx, { actor, entryId, data: v }));
  if (!found) throw new AppError('not_found');
  const entry = await entryById(d, entryId);
  return entry ? { ok: true, entry } : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * Removes one entry of the actor's collections (its counter moves when the list feeds one;
 * canEditEntry, asked by lib/data/collection-entries.ts removeOwnEntry).
 * @throws AppError not_found for an unknown entry or another user's
 */
export async function removeEntry(actor: Actor, entryId: number, db?: Db): Promise<void> {
  const d = await resolveDb(db);
  const removed = await inTransaction(d, (tx) => removeOwnEntry(tx, { actor, entryId, via: 'entry' }));
  if (!removed) throw new AppError('not_found');
}

/** Outcome of a move or copy: the new entry and the collection it went to, or a message key. */
export type MoveResult =
  | { ok: true; entry: CollectionEntryDto; collection: { public_id: string; name: string } }
  | { ok: false; errors: FieldErrors };

type MovingRow = {
  movie_id: number | null;
  release_id: number | null;
  public_id: string;
  comment: string | null;
  comment_language: EntryData['comment_language'];
  price: string | null;
  currency: EntryData['currency'];
  condition: number | null;
  acquired_on: string | null;
  watched_method: EntryData['watched_method'];
};

/**
 * Moves one entry of the actor's collections to another of them (wanted → owned when a release
 * is bought), or with `copy` adds it there and keeps it here too. The item becomes a new entry of
 * the target, added now, with the entry's fields (comment and its language, price and currency,
 * condition, date, watched-on method); a move removes the old entry in the same transaction, so
 * the counters that lists feed (HAVE, WANTED, seen, want to see) move from one to the other.
 * Field problems (`_form`): 'categoryMismatchMovies' / 'categoryMismatchReleases', and
 * 'alreadyInCollection' when the target holds the item (the entry's own collection included).
 * @throws AppError not_found for an unknown entry or another user's, or a target that is not one
 *   of the actor's collections outside the trash
 */
export async function moveEntry(
  actor: Actor,
  input: { entryId: number; collection: string; copy?: boolean },
  db?: Db,
): Promise<MoveResult> {
  const { entryId, collection: publicId, copy = false } = input;
  const d = await resolveDb(db);
  const c = await editableCollectionRow(d, actor, publicId);
  if (!c || c.deleted_at !== null) throw new AppError('not_found');
  const outcome = await inTransaction(d, async (tx): Promise<{ id: number } | { error: string }> => {
    const [e] = await queryRows<MovingRow & { owner_id: number }>(
      tx,
      sql`SELECT s.user_id AS owner_id, e.movie_id, e.release_id, COALESCE(m.public_id, r.public_id) AS public_id, e.comment, e.comment_language,
                 e.price::text AS price, e.currency, e.condition, e.acquired_on::text AS acquired_on, e.watched_method
          FROM collection_entries e JOIN collections s ON s.id = e.collection_id
          LEFT JOIN movies m ON m.id = e.movie_id LEFT JOIN releases r ON r.id = e.release_id
          WHERE e.id = ${entryId} AND s.user_id = ${actor.userId} FOR UPDATE OF e`,
    );
    if (!e || !canEditEntry(actor, { userId: Number(e.owner_id) })) throw new AppError('not_found');
    const type = e.movie_id !== null ? 'movie' : 'release';
    if (ITEM_TABLES[type].category !== c.category)
      return { error: c.category === 'movies' ? 'categoryMismatchMovies' : 'categoryMismatchReleases' };
    const data: EntryData = {
      comment: e.comment,
      comment_language: e.comment_language,
      price: e.price,
      currency: e.currency,
      condition: e.condition === null ? null : (Number(e.condition) as EntryData['condition']),
      acquired_on: e.acquired_on,
      watched_method: e.watched_method,
    };
    const item = { type, id: Number(e.movie_id ?? e.release_id), publicId: e.public_id } as const;
    const [id] = await addEntries(tx, targetOf(c), { entries: [{ item, data }], via: 'entry' });
    if (id === null) return { error: 'alreadyInCollection' };
    if (!copy) await removeOwnEntry(tx, { actor, entryId, via: 'entry' });
    return { id };
  });
  if ('error' in outcome) return { ok: false, errors: { _form: outcome.error } };
  const entry = await entryById(d, outcome.id);
  return entry
    ? { ok: true, entry, collection: { public_id: c.public_id, name: c.name } }
    : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * The actor's live collections that can take an item (its category), with whether each already
 * holds it: the choices of the add-to-collection dialog, newest first.
 * @throws AppError unauthorized for an actor without member features (canUseMemberFeatures)
 */
export async function collectionsForItem(
  actor: Actor,
  item: { type: 'movie' | 'release'; publicId: string },
  db?: Db,
): Promise<{ public_id: string; name: string; style: number; has_item: boolean }[]> {
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const it = ITEM_TABLES[item.type];
  const rows = await queryRows<{ public_id: string; name: string; style: number; has_item: boolean }>(
    d,
    sql`SELECT c.public_id, c.name, c.style, EXISTS (
          SELECT 1 FROM collection_entries e JOIN ${it.table} x ON x.id = e.${it.fk} WHERE e.collection_id = c.id AND x.public_id = ${item.publicId})
            AS has_item
        FROM collections c WHERE c.user_id = ${actor.userId} AND c.deleted_at IS NULL AND c.category = ${it.category}
        ORDER BY c.created_at DESC, c.id DESC LIMIT 200`,
  );
  return rows.map((r) => ({ ...r, style: Number(r.style) }));
}

/** One of a member's collections as an item's "in your collections" line names it. */
export type HoldingRef = { public_id: string; name: string; style: number };

/**
 * Which of the actor's collections (not in the trash) hold each of the given movies and releases,
 * by `release:{public_id}` / `movie:{public_id}`, each list by style then age: what a member
 * browsing someone else's collection sees of their own ("In your collections: Owned releases").
 * Items the actor does not hold are absent. Two index lookups per item kind.
 * @throws AppError unauthorized for an actor without member features (canUseMemberFeatures)
 */
export async function holdingsOf(
  actor: Actor,
  items: readonly { type: 'movie' | 'release'; publicId: string }[],
  db?: Db,
): Promise<Map<string, HoldingRef[]>> {
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const releaseIds = items.filter((i) => i.type === 'release').map((i) => i.publicId);
  const movieIds = items.filter((i) => i.type === 'movie').map((i) => i.publicId);
  if (!releaseIds.length && !movieIds.length) return new Map();
  const d = await resolveDb(db);
  const rows = await queryRows<HoldingRef & { item: string }>(
    d,
    sql`SELECT CASE WHEN e.release_id IS NOT NULL THEN 'release:' || r.public_id ELSE 'movie:' || m.public_id END AS item,
          c.public_id, c.name, c.style
        FROM collection_entries e
        JOIN collections c ON c.id = e.collection_id AND c.user_id = ${actor.userId} AND c.deleted_at IS NULL
        LEFT JOIN releases r ON r.id = e.release_id
        LEFT JOIN movies m ON m.id = e.movie_id
        WHERE e.release_id IN (SELECT id FROM releases WHERE ${inList(sql`public_id`, releaseIds)})
          OR e.movie_id IN (SELECT id FROM movies WHERE ${inList(sql`public_id`, movieIds)})
        ORDER BY c.style, c.created_at, c.id`,
  );
  const byItem = new Map<string, HoldingRef[]>();
  for (const { item, ...ref } of rows)
    byItem.set(item, [...(byItem.get(item) ?? []), { ...ref, style: Number(ref.style) }]);
  return byItem;
}

/** Collection styles that mean the member has a copy: owns (3), for sale (5), for trade (7). */
export const COPY_STYLES: readonly number[] = [3, 5, 7];

/**
 * The releases (public ids) of which the actor has a copy: those in one of their owned, for-sale
 * or for-trade collections not in the trash ({@link holdingsOf}).
 */
export async function releasesWithCopy(
  actor: Actor,
  releasePublicIds: readonly string[],
  db?: Db,
): Promise<Set<string>> {
  const held = await holdingsOf(
    actor,
    releasePublicIds.map((publicId) => ({ type: 'release' as const, publicId })),
    db,
  );
  return new Set(
    releasePublicIds.filter((id) => held.get(`release:${id}`)?.some((c) => COPY_STYLES.includes(c.style))),
  );
}

/**
 * One page of the public collections that hold a movie or release (the `user_collections`
 * subpage of its page), newest first. The same for every viewer (item pages are cached).
 */
export async function collectionsWithItem(
  item: { type: 'movie' | 'release'; publicId: string },
  page: Paging = {},
  db?: Db,
): Promise<Page<CollectionDto>> {
  const { cursor = null, limit = COLLECTION_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const it = ITEM_TABLES[item.type];
  const rows = await keysetRows<CollectionRow & { sk: string | null }>(d, {
    columns: COLLECTION_COLUMNS,
    from: sql`collections c JOIN users u ON u.id = c.user_id`,
    conds: [
      collectionVisibleTo(null),
      sql`EXISTS (SELECT 1 FROM collection_entries e JOIN ${it.table} x ON x.id = e.${it.fk} WHERE e.collection_id = c.id AND x.public_id = ${item.publicId})`,
    ],
    sort: COLLECTION_SORT,
    idCol: sql`c.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: COLLECTION_SORT }, (r) => toCollection(r, null));
}

/** Styles of the lists that offer an item to others: for sale (5) and for trade (7). */
export const OFFER_STYLES = [5, 7] as const;

/** Offers of each kind (for sale, for trade) a release's page lists at most. */
export const OFFERS_SHOWN = 48;

/**
 * A member's offer of a release: its entry in one of their public for-sale (5) or for-trade (7)
 * collections not in the trash, with the entry's asking price (a decimal string in `currency`),
 * condition (1-6), comment and when it was added (ISO 8601).
 */
export type ReleaseOffer = {
  style: (typeof OFFER_STYLES)[number];
  price: string | null;
  currency: string | null;
  condition: number | null;
  comment: string | null;
  added_at: string;
  collection: { public_id: string; name: string };
  owner: { public_id: string; name: string };
};

/** A release's offers: the first of each kind, and how many there are of each in all. */
export type ReleaseOffers = { items: ReleaseOffer[]; for_sale: number; for_trade: number };

/**
 * The offers of a release (by public id) that anyone may see, for sale first, cheapest first in
 * euros at the value rates (lib/collections/rates.ts; unpriced last), then for trade, newest
 * first; at most OFFERS_SHOWN of each kind, with the totals of each. The same for every viewer
 * (the release page is cached; collection events refresh it).
 * @returns the offers, or null for an unknown release
 */
export async function releaseOffers(releasePublicId: string, db?: Db): Promise<ReleaseOffers | null> {
  const d = await resolveDb(db);
  const [release] = await queryRows<{ id: number }>(
    d,
    sql`SELECT id FROM releases WHERE public_id = ${releasePublicId}`,
  );
  if (!release) return null;
  const rows = await queryRows<
    Omit<ReleaseOffer, 'collection' | 'owner' | 'added_at'> & {
      added_at: string | Date;
      collection_public_id: string;
      collection_name: string;
      owner_public_id: string;
      owner_name: string;
      of_style: number | string;
    }
  >(
    d,
    sql`SELECT * FROM (
          SELECT c.style, e.price::text AS price, e.currency, e.condition, e.comment, e.created_at AS added_at,
            c.public_id AS collection_public_id, c.name AS collection_name, u.public_id AS owner_public_id,
            u.name AS owner_name, count(*) OVER (PARTITION BY c.style) AS of_style,
            row_number() OVER (PARTITION BY c.style
              ORDER BY ${eurOf(rateTable())} ASC NULLS LAST, e.created_at DESC, e.id DESC) AS place
          FROM collection_entries e
          JOIN collections c ON c.id = e.collection_id
          JOIN users u ON u.id = c.user_id
          WHERE e.release_id = ${release.id}
            AND ${inList(sql`c.style`, OFFER_STYLES)} AND ${collectionVisibleTo(null)}
        ) o
        WHERE o.place <= ${OFFERS_SHOWN}
        ORDER BY o.style, o.place`,
  );
  const total = (style: number) => Number(rows.find((r) => Number(r.style) === style)?.of_style ?? 0);
  const items = rows.map((r) => ({
    style: Number(r.style) as ReleaseOffer['style'],
    price: r.price,
    currency: r.currency,
    condition: r.condition == null ? null : Number(r.condition),
    comment: r.comment,
    added_at: iso(r.added_at),
    collection: { public_id: r.collection_public_id, name: r.collection_name },
    owner: { public_id: r.owner_public_id, name: r.owner_name },
  }));
  return { items, for_sale: total(5), for_trade: total(7) };
}

/** Wanted releases listed on /trades at most. */
export const WANTED_OFFERS_SHOWN = 48;

/**
 * A release on the member's wanted lists that other members offer: how many offers (`offers`),
 * how many of them for sale (`for_sale`), the cheapest asking price in euros at the value rates
 * (a decimal string with 2 decimals; null when no offer has a price), and that offer's own price
 * and currency (`cheapest`, as the seller asks it; null likewise).
 */
export type WantedOffer = {
  release: { public_id: string; name: string; format: number };
  offers: number;
  for_sale: number;
  cheapest_eur: string | null;
  cheapest: { price: string; currency: string } | null;
};

/**
 * The releases on the actor's wanted lists (style 4, not in the trash) that other members offer
 * in public for-sale or for-trade lists ({@link releaseOffers}), friends or not, the most recently
 * offered first; at most WANTED_OFFERS_SHOWN.
 * @throws AppError unauthorized when the actor may not see its own social pages (canSeeSocialFeed)
 */
export async function wantedOffers(actor: Actor, db?: Db): Promise<WantedOffer[]> {
  if (!canSeeSocialFeed(actor, actor.userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const eur = eurOf(rateTable());
  const rows = await queryRows<{
    public_id: string;
    name: string;
    format: number;
    offers: number;
    for_sale: number;
    cheapest_eur: string | null;
    cheapest_price: string | null;
    cheapest_currency: string | null;
  }>(
    d,
    // The offers (ids, times, prices) of the wanted releases are read once; the shown releases are
    // chosen by their newest offer alone, and only their offers are priced and grouped.
    sql`WITH wanted AS (
          SELECT DISTINCT w.release_id FROM collection_entries w JOIN collections wc ON wc.id = w.collection_id
          WHERE wc.user_id = ${actor.userId} AND wc.style = 4 AND wc.deleted_at IS NULL AND w.release_id IS NOT NULL
        ), offers AS MATERIALIZED (
          SELECT e.id, e.release_id, e.price, e.currency, e.created_at, c.style
          FROM wanted JOIN collection_entries e ON e.release_id = wanted.release_id
            JOIN collections c ON c.id = e.collection_id
          WHERE ${inList(sql`c.style`, OFFER_STYLES)} AND ${collectionVisibleTo(null)} AND c.user_id <> ${actor.userId}
        ), shown AS (
          SELECT release_id, max(created_at) AS latest FROM offers
          GROUP BY release_id ORDER BY latest DESC, release_id DESC LIMIT ${WANTED_OFFERS_SHOWN}
        )
        SELECT r.public_id, r.name, r.format, count(*)::int AS offers,
          count(*) FILTER (WHERE e.style = 5)::int AS for_sale,
          round(min(${eur}), 2)::text AS cheapest_eur,
          (array_agg(e.price::text ORDER BY ${eur}, e.id) FILTER (WHERE e.price IS NOT NULL))[1] AS cheapest_price,
          (array_agg(e.currency ORDER BY ${eur}, e.id) FILTER (WHERE e.price IS NOT NULL))[1] AS cheapest_currency
        FROM shown s JOIN releases r ON r.id = s.release_id JOIN offers e ON e.release_id = s.release_id
        GROUP BY s.latest, r.id, r.public_id, r.name, r.format
        ORDER BY s.latest DESC, r.id DESC`,
  );
  return rows.map((r) => ({
    release: { public_id: r.public_id, name: r.name, format: Number(r.format) },
    offers: Number(r.offers),
    for_sale: Number(r.for_sale),
    cheapest_eur: r.cheapest_eur,
    cheapest:
      r.cheapest_price && r.cheapest_currency ? { price: r.cheapest_price, currency: r.cheapest_currency } : null,
  }));
}

/** Most entries an export reads (a collection larger than this is cut, which the README states). */
export const EXPORT_MAX_ENTRIES = 100_000;

/**
 * A collection and all its entries, newest first, for export.
 * @returns null when the viewer may not see the collection
 */
export async function exportCollection(
  viewer: Actor | null,
  publicId: string,
  db?: Db,
): Promise<{ collection: CollectionDto; entries: CollectionEntryDto[] } | null> {
  const d = await resolveDb(db);
  const collection = await getCollection(viewer, publicId, d);
  if (!collection) return null;
  const entries: CollectionEntryDto[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<CollectionEntryDto> | null = await listEntries(viewer, { publicId, cursor, limit: 100 }, d);
    if (!page) return null;
    entries.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && entries.length < EXPORT_MAX_ENTRIES);
  return { collection, entries };
}
