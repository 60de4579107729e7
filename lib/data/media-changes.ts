import 'server-only';
/**
 * Pictures, videos and shopping links as change requests (lib/data/change-requests.ts calls in
 * here for the media entities). A member's new picture, video or link exists at once, unapproved
 * (`approved` false: shown to its author and admins only, never on the item's pages), with a
 * 'create' revision; approval makes it public, discarding or withdrawing the request deletes it
 * (an upload's files with it). An edit changes a picture's type, source and default flag, a
 * video's address, type and chapter, or a link's address; a deletion sets `deleted_at` (an upload's
 * files are removed, the row and its history stay). One default picture per item: the database
 * enforces it (partial unique indexes), and approving a default picture takes the flag from the
 * item's previous one in the same transaction. The flag asked for waits in the request, never on
 * a waiting picture's row.
 *
 * Revisions are stored as for catalogue entities (entity_type 'picture', 'video' or
 * 'shopping_link'), and an approval earns MEDIA_POINTS (lib/validation/media-fields.ts).
 * Every write publishes 'media.changed': the item's pages are revalidated after commit (a movie's
 * default picture shows on its releases without a picture of their own: their pages too).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { FieldChanges } from '@/db/schema/changes';
import { AppError } from '@/lib/errors';
import { parseShoppingLink } from '@/lib/validation/shopping-links';
import {
  checkMediaRecord,
  MEDIA_FIELDS,
  MEDIA_NEW_ONLY,
  mediaPointsFor,
  normalizeMediaValues,
  type MediaEntity,
  type MediaItemType,
} from '@/lib/validation/media-fields';
import { serviceVideoId, youtubeThumbnailUrl } from '@/lib/validation/youtube';
import { pictureSources } from './catalogue-media';
import { sameValue, type FieldValues, type WriteMeta } from './catalogue-writes';
import type { ItemPage } from './event-types';
import { publish } from './events';
import { newPublicId } from './public-id';
import { queryRows, resolveDb } from './sql';

/** The table of each media entity. */
const TABLES: Record<MediaEntity, string> = { picture: 'pictures', video: 'videos', shopping_link: 'buying_links' };

/** At most this many release pages are revalidated for a movie's default picture (older ones expire by themselves). */
const MAX_RELEASE_PAGES = 500;

/** Field problems of a media request (`forms` message keys per field); rolls its transaction back. */
export class MediaValuesInvalid extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('media values invalid');
  }
}

/** An uploaded picture's stored files (lib/images.ts storePicture), given with a new picture only. */
export type PictureUpload = { filename: string; variant: string | null; width: number; height: number };

/** The result of a shopping link's check (lib/shop-check.ts), stored with a new link; null when checks are off. */
export type LinkCheck = { code: number; checkedAt: Date } | null;

/** What a media request stores: the media row it is about, the revision it was made against, the changes. */
export type MediaDraft = { targetId: number; baseRevisionId: number | null; changes: FieldChanges };

/** A media row's state and item. */
type MediaRow = {
  id: number;
  public_id: string;
  approved: boolean;
  deleted: boolean;
  movie_id: number | null;
  release_id: number | null;
};

async function mediaRowBy(
  tx: Db,
  entity: MediaEntity,
  where: { id: number } | { publicId: string },
): Promise<MediaRow | null> {
  const cond = 'id' in where ? sql`id = ${where.id}` : sql`public_id = ${where.publicId}`;
  const [row] = await queryRows<MediaRow>(
    tx,
    sql`SELECT id, public_id, approved, deleted_at IS NOT NULL AS deleted, movie_id, release_id
        FROM ${sql.identifier(TABLES[entity])} WHERE ${cond}`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/**
 * The current values of a media record's editable fields (and, for a picture, its variant).
 * @returns field → value (JSON values as the API shows them), or null for an unknown id
 */
export async function readMediaFields(tx: Db, entity: MediaEntity, id: number): Promise<FieldValues | null> {
  const columns = {
    picture: sql`type, source, is_default, variant`,
    video: sql`youtube_id, type, chapter`,
    shopping_link: sql`url`,
  }[entity];
  const [row] = await queryRows<FieldValues>(
    tx,
    sql`SELECT ${columns} FROM ${sql.identifier(TABLES[entity])} WHERE id = ${id}`,
  );
  return row ? { ...row, ...(row.type == null ? {} : { type: Number(row.type) }) } : null;
}

/** The item (movie or release) named by a new media record's `movie` or `release` value. @throws MediaValuesInvalid */
async function itemOf(tx: Db, values: FieldValues): Promise<{ type: MediaItemType; id: number; publicId: string }> {
  const given = (['movie', 'release'] as const).filter((t) => values[t] != null);
  if (given.length !== 1) throw new MediaValuesInvalid({ item: 'required' });
  const type = given[0];
  const publicId = values[type];
  const [row] =
    typeof publicId === 'string'
      ? await queryRows<{ id: number }>(
          tx,
          type === 'movie'
            ? sql`SELECT id FROM movies WHERE public_id = ${publicId} AND deleted_at IS NULL`
            : sql`SELECT id FROM releases WHERE public_id = ${publicId} AND deleted_at IS NULL AND approved`,
        )
      : [];
  if (!row) throw new AppError('not_found');
  return { type, id: Number(row.id), publicId: publicId as string };
}

/** Normalised values. @throws MediaValuesInvalid */
function normalized(entity: MediaEntity, values: FieldValues): FieldValues {
  const r = normalizeMediaValues(entity, values);
  if ('errors' in r) throw new MediaValuesInvalid(r.errors);
  return r.values;
}

/** @throws MediaValuesInvalid when the record after the change is not whole */
function checkRecord(entity: MediaEntity, record: FieldValues): void {
  const errors = checkMediaRecord(entity, record);
  if (Object.keys(errors).length) throw new MediaValuesInvalid(errors);
}

/** The newest revision of a media record, or null. */
async function latestMediaRevision(tx: Db, entity: MediaEntity, id: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM revisions WHERE entity_type = ${entity} AND entity_id = ${id} ORDER BY id DESC LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

/** Stores a media revision. @returns its id */
async function insertMediaRevision(
  tx: Db,
  entity: MediaEntity,
  row: { id: number; public_id: string },
  kind: 'create' | 'edit' | 'delete',
  changes: FieldChanges,
  meta: WriteMeta,
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO revisions (entity_type, entity_id, entity_public_id, kind, changes, user_id, approved_by_id, change_request_id)
        VALUES (${entity}, ${row.id}, ${row.public_id}, ${kind}, ${JSON.stringify(changes)}::jsonb, ${meta.userId},
                ${meta.approvedById}, ${meta.changeRequestId ?? null})
        RETURNING id`,
  );
  return Number(r.id);
}

/** Refuses the same video or shopping link twice on one item (waiting or public). @throws MediaValuesInvalid */
async function assertNotOnItem(
  tx: Db,
  entity: MediaEntity,
  item: { type: MediaItemType; id: number },
  values: FieldValues,
  exceptId: number,
): Promise<void> {
  const itemCond = item.type === 'movie' ? sql`movie_id = ${item.id}` : sql`release_id = ${item.id}`;
  if (entity === 'video' && typeof values.youtube_id === 'string') {
    const videoId = serviceVideoId(values.youtube_id);
    const hit = await queryRows(
      tx,
      sql`SELECT 1 FROM videos WHERE ${itemCond} AND deleted_at IS NULL AND id <> ${exceptId}
            AND split_part(youtube_id, '?', 1) = ${videoId} LIMIT 1`,
    );
    if (hit.length) throw new MediaValuesInvalid({ youtube_id: 'videoKnown' });
  }
  if (entity === 'shopping_link' && typeof values.url === 'string') {
    const hit = await queryRows(
      tx,
      sql`SELECT 1 FROM buying_links WHERE ${itemCond} AND deleted_at IS NULL AND id <> ${exceptId} AND url = ${values.url} LIMIT 1`,
    );
    if (hit.length) throw new MediaValuesInvalid({ url: 'shoppingLinkKnown' });
  }
}

/**
 * Prepares a member's media request inside the submit's transaction: a new picture, video or link
 * is stored unapproved with its 'create' revision; an edit or a deletion names an approved record.
 * @param input `values`: for a new one `movie` or `release` (the item's public id) and the fields;
 *   for an edit the fields to change; `target` the record's public id (edit, delete)
 * @param upload a new picture's stored files (required for a new picture, refused otherwise)
 * @param check a new or edited shopping link's check result
 * @returns the record's id, the revision the request is made against, the changes
 * @throws MediaValuesInvalid (field problems), AppError not_found (unknown item or record; a
 *   record waiting for approval: its request is amended instead), gone (deleted), invalid_value
 *   (a picture without upload, a duplicate, a merge)
 */
export async function prepareMediaChange(
  tx: Db,
  userId: number,
  entity: MediaEntity,
  kind: 'new' | 'edit' | 'duplicate' | 'delete',
  input: { target?: string | null; values?: FieldValues; merge_into?: string | null },
  upload: PictureUpload | null,
  check: LinkCheck,
): Promise<MediaDraft> {
  if (kind === 'duplicate') throw new AppError('invalid_value', { field: 'kind' });
  if ((entity === 'picture' && kind === 'new') !== (upload !== null))
    throw new AppError('invalid_value', { field: 'file' });
  const given = { ...(input.values ?? {}) };
  if (kind === 'new') {
    const item = await itemOf(tx, given);
    delete given.movie;
    delete given.release;
    if (upload) given.variant = upload.variant;
    const values = normalized(entity, given);
    checkRecord(entity, values);
    await assertNotOnItem(tx, entity, item, values, 0);
    const publicId = newPublicId();
    const movieId = item.type === 'movie' ? item.id : null;
    const releaseId = item.type === 'release' ? item.id : null;
    let inserted: { id: number }[];
    if (entity === 'picture')
      inserted = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO pictures (public_id, movie_id, release_id, type, source, variant, filename, width, height, approved, user_id)
            VALUES (${publicId}, ${movieId}, ${releaseId}, ${values.type as number}, ${(values.source as string | null) ?? null},
                    ${upload!.variant}, ${upload!.filename}, ${upload!.width}, ${upload!.height}, false, ${userId})
            RETURNING id`,
      );
    else if (entity === 'video')
      inserted = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO videos (public_id, movie_id, release_id, youtube_id, type, chapter, approved, user_id)
            VALUES (${publicId}, ${movieId}, ${releaseId}, ${values.youtube_id as string}, ${values.type as number},
                    ${(values.chapter as string | null) ?? null}, false, ${userId})
            RETURNING id`,
      );
    else {
      const link = parseShoppingLink(values.url as string);
      if ('problem' in link) throw new MediaValuesInvalid({ url: 'shoppingLinkProduct' });
      inserted = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO buying_links (public_id, movie_id, release_id, url, shop, product_id, approved, user_id, checked_at, check_code)
            VALUES (${publicId}, ${movieId}, ${releaseId}, ${link.url}, ${link.shop}, ${link.productId}, false, ${userId},
                    ${check ? check.checkedAt.toISOString() : null}::timestamptz, ${check?.code ?? null})
            RETURNING id`,
      );
    }
    const id = Number(inserted[0].id);
    const changes: FieldChanges = { [item.type]: { before: null, after: item.publicId } };
    for (const [f, v] of Object.entries(values)) if (v != null) changes[f] = { before: null, after: v };
    // The row holds what was asked for, except the default flag: that waits for approval.
    const created = { ...changes };
    delete created.is_default;
    await insertMediaRevision(tx, entity, { id, public_id: publicId }, 'create', created, {
      userId,
      approvedById: null,
    });
    return { targetId: id, baseRevisionId: null, changes };
  }
  const row = typeof input.target === 'string' ? await mediaRowBy(tx, entity, { publicId: input.target }) : null;
  if (!row || !row.approved) throw new AppError('not_found');
  if (row.deleted) throw new AppError('gone');
  const baseRevisionId = await latestMediaRevision(tx, entity, row.id);
  if (kind === 'delete') {
    if (input.merge_into) throw new AppError('invalid_value', { field: 'merge_into' });
    return { targetId: row.id, baseRevisionId, changes: { deleted: { before: false, after: true } } };
  }
  const values = editValues(entity, given);
  const now = (await readMediaFields(tx, entity, row.id))!;
  const changes: FieldChanges = {};
  for (const [f, v] of Object.entries(values))
    if (!sameValue(now[f], v)) changes[f] = { before: now[f] ?? null, after: v };
  checkRecord(entity, { ...now, ...values });
  await assertNotOnItem(tx, entity, itemOfRow(row), values, row.id);
  return { targetId: row.id, baseRevisionId, changes };
}

/** The normalised values of an edit: editable fields only. @throws MediaValuesInvalid */
function editValues(entity: MediaEntity, given: FieldValues): FieldValues {
  const fixed = Object.keys(given).filter(
    (f) => MEDIA_NEW_ONLY[entity].includes(f) || !MEDIA_FIELDS[entity].includes(f),
  );
  if (fixed.length) throw new MediaValuesInvalid(Object.fromEntries(fixed.map((f) => [f, 'invalid'])));
  return normalized(entity, given);
}

function itemOfRow(row: { movie_id: number | null; release_id: number | null }): { type: MediaItemType; id: number } {
  return row.movie_id != null
    ? { type: 'movie', id: Number(row.movie_id) }
    : { type: 'release', id: Number(row.release_id) };
}

/**
 * The author amends a pending media request: a new record's fields are written to its waiting row
 * (the default flag stays in the request), an edit's proposed values are merged as for catalogue
 * edits (a value equal to the current one drops the field).
 * @returns the request's changes after the amendment
 * @throws MediaValuesInvalid, AppError invalid_value (a deletion's values, a field that cannot change)
 */
export async function amendMediaChange(
  tx: Db,
  entity: MediaEntity,
  kind: string,
  entityId: number,
  changes: FieldChanges,
  given: FieldValues,
): Promise<FieldChanges> {
  if (kind === 'delete') {
    if (Object.keys(given).length) throw new AppError('invalid_value', { field: 'values' });
    return changes;
  }
  const values = editValues(entity, given);
  const out = { ...changes };
  const now = (await readMediaFields(tx, entity, entityId))!;
  const row = (await mediaRowBy(tx, entity, { id: entityId }))!;
  if (kind === 'new') {
    const proposed = { ...now, is_default: changes.is_default?.after ?? false, ...values };
    checkRecord(entity, proposed);
    await assertNotOnItem(tx, entity, itemOfRow(row), values, entityId);
    for (const [f, v] of Object.entries(values)) {
      if (v == null || (f === 'is_default' && v === false)) delete out[f];
      else out[f] = { before: null, after: v };
    }
    const { is_default: _flag, ...columns } = values;
    await writeColumns(tx, entity, entityId, columns);
    return out;
  }
  for (const [f, v] of Object.entries(values)) {
    const before = changes[f]?.before ?? now[f] ?? null;
    if (sameValue(before, v)) delete out[f];
    else out[f] = { before, after: v };
  }
  const proposed = Object.fromEntries(Object.entries(out).map(([f, c]) => [f, c.after]));
  checkRecord(entity, { ...now, ...proposed });
  await assertNotOnItem(tx, entity, itemOfRow(row), values, entityId);
  return out;
}

/** Writes field values to a media row (a link's shop and product id follow its address). */
async function writeColumns(tx: Db, entity: MediaEntity, id: number, values: FieldValues): Promise<void> {
  const sets = Object.entries(values).map(
    ([f, v]) => sql`${sql.identifier(f)} = ${v as string | number | boolean | null}`,
  );
  if (entity === 'shopping_link' && typeof values.url === 'string') {
    const link = parseShoppingLink(values.url);
    if (!('problem' in link)) sets.push(sql`shop = ${link.shop}`, sql`product_id = ${link.productId}`);
  }
  if (!sets.length) return;
  await tx.execute(sql`UPDATE ${sql.identifier(TABLES[entity])} SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

/** Makes picture `id` its item's default, taking the flag from the item's previous default first. */
async function makeDefault(tx: Db, id: number): Promise<void> {
  await tx.execute(
    sql`UPDATE pictures o SET is_default = false FROM pictures p
        WHERE p.id = ${id} AND o.id <> p.id AND o.is_default
          AND (o.movie_id = p.movie_id OR o.release_id = p.release_id)`,
  );
  await tx.execute(sql`UPDATE pictures SET is_default = true WHERE id = ${id}`);
}

/** The cached pages that show a media record: its item's, and for a movie's picture its releases'. */
async function pagesOf(tx: Db, entity: MediaEntity, row: MediaRow): Promise<ItemPage[]> {
  if (row.release_id != null) {
    const [r] = await queryRows<{ public_id: string }>(
      tx,
      sql`SELECT public_id FROM releases WHERE id = ${row.release_id}`,
    );
    return r ? [{ type: 'release', publicId: r.public_id }] : [];
  }
  const [m] = await queryRows<{ public_id: string }>(tx, sql`SELECT public_id FROM movies WHERE id = ${row.movie_id}`);
  if (!m) return [];
  const pages: ItemPage[] = [{ type: 'movie', publicId: m.public_id }];
  if (entity === 'picture') {
    const releases = await queryRows<{ public_id: string }>(
      tx,
      sql`SELECT r.public_id FROM release_movies rm JOIN releases r ON r.id = rm.release_id
          WHERE rm.movie_id = ${row.movie_id} AND r.approved AND r.deleted_at IS NULL
          ORDER BY r.id DESC LIMIT ${MAX_RELEASE_PAGES}`,
    );
    for (const r of releases) pages.push({ type: 'release', publicId: r.public_id });
  }
  return pages;
}

/** A picture's stored files (null for other media, or a picture without upload). */
async function filesOf(
  tx: Db,
  entity: MediaEntity,
  id: number,
): Promise<{ filename: string; variant: string | null } | null> {
  if (entity !== 'picture') return null;
  const [p] = await queryRows<{ filename: string | null; variant: string | null }>(
    tx,
    sql`SELECT filename, variant FROM pictures WHERE id = ${id}`,
  );
  return p?.filename ? { filename: p.filename, variant: p.variant } : null;
}

/** What an approval did: the record, the changes applied, the revision and the author's points. */
export type MediaApplied = { entityId: number; applied: FieldChanges; revisionId: number; points: number };

/**
 * Applies an approved media request (inside the approval's transaction): a new record becomes
 * public (and the item's default picture when asked), an edit is applied field by field (a field
 * changed since the request needs the admin's `resolutions`), a deletion sets `deleted_at`.
 * @throws AppError not_found (the record is gone), gone (deleted since), change_conflict
 */
export async function applyMediaChange(
  tx: Db,
  entity: MediaEntity,
  kind: string,
  entityId: number,
  changes: FieldChanges,
  resolutions: Readonly<Record<string, 'current' | 'proposed'>>,
  meta: WriteMeta,
): Promise<MediaApplied> {
  const row = await mediaRowBy(tx, entity, { id: entityId });
  if (!row) throw new AppError('not_found');
  if (row.deleted) throw new AppError('gone');
  let applied: FieldChanges = changes;
  let revisionId: number;
  let files: { filename: string; variant: string | null } | null = null;
  if (kind === 'new') {
    await tx.execute(sql`UPDATE ${sql.identifier(TABLES[entity])} SET approved = true WHERE id = ${entityId}`);
    if (entity === 'picture' && changes.is_default?.after === true) await makeDefault(tx, entityId);
    const [r] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE revisions SET approved_by_id = ${meta.approvedById}, change_request_id = ${meta.changeRequestId ?? null},
            changes = ${JSON.stringify(changes)}::jsonb
          WHERE id = (SELECT min(id) FROM revisions WHERE entity_type = ${entity} AND entity_id = ${entityId})
          RETURNING id`,
    );
    revisionId = r ? Number(r.id) : await insertMediaRevision(tx, entity, row, 'create', changes, meta);
  } else if (kind === 'delete') {
    files = await filesOf(tx, entity, entityId);
    await tx.execute(
      sql`UPDATE ${sql.identifier(TABLES[entity])} SET deleted_at = now() ${entity === 'picture' ? sql`, is_default = false` : sql``}
          WHERE id = ${entityId}`,
    );
    revisionId = await insertMediaRevision(tx, entity, row, 'delete', changes, meta);
  } else {
    const now = (await readMediaFields(tx, entity, entityId))!;
    const values: FieldValues = {};
    const unresolved: string[] = [];
    for (const [f, c] of Object.entries(changes)) {
      const stale = !sameValue(now[f], c.before);
      if (!stale || resolutions[f] === 'proposed') values[f] = c.after;
      else if (!resolutions[f]) unresolved.push(f);
    }
    if (unresolved.length) throw new AppError('change_conflict', { fields: unresolved.join(', ') });
    checkRecord(entity, { ...now, ...values });
    applied = {};
    for (const [f, v] of Object.entries(values))
      if (!sameValue(now[f], v)) applied[f] = { before: now[f] ?? null, after: v };
    const { is_default: flag, ...columns } = values;
    if (flag === true) await makeDefault(tx, entityId);
    else if (flag === false) columns.is_default = false;
    await writeColumns(tx, entity, entityId, columns);
    revisionId = await insertMediaRevision(tx, entity, row, 'edit', applied, meta);
  }
  const points = mediaPointsFor(kind === 'new' || kind === 'delete' ? kind : 'edit', entity);
  await publish(tx, 'media.changed', { entity, id: entityId, pages: await pagesOf(tx, entity, row), files });
  return { entityId, applied, revisionId, points };
}

/**
 * Deletes a media record that was never approved (its request discarded or withdrawn) with its
 * revisions; an upload's files are removed after commit. An approved record is left alone.
 */
export async function dropUnapprovedMedia(tx: Db, entity: MediaEntity, id: number): Promise<void> {
  const files = await filesOf(tx, entity, id);
  const gone = await queryRows(
    tx,
    sql`DELETE FROM ${sql.identifier(TABLES[entity])} WHERE id = ${id} AND NOT approved RETURNING id`,
  );
  if (!gone.length) return;
  await tx.execute(sql`DELETE FROM revisions WHERE entity_type = ${entity} AND entity_id = ${id}`);
  await publish(tx, 'media.changed', { entity, id, pages: [], files });
}

/** The item a media record belongs to and what shows it, for the queue and the notices. */
export type MediaSubject = {
  item: { type: MediaItemType; public_id: string; name: string };
  /** The picture's address and srcset, a video's service id, a link's address and shop. */
  preview:
    | { filename: string | null; variant: string | null; external_filename: string | null; external_url: string | null }
    | { youtube_id: string }
    | { url: string; shop: string };
  movieId: number | null;
  releaseId: number | null;
};

/** A media record's item and preview data (deleted or waiting records too), or null for an unknown id. */
export async function mediaSubject(tx: Db, entity: MediaEntity, id: number): Promise<MediaSubject | null> {
  const extra = {
    picture: sql`m.filename, m.variant, m.external_filename, m.external_url`,
    video: sql`m.youtube_id`,
    shopping_link: sql`m.url, m.shop`,
  }[entity];
  const [row] = await queryRows<
    Record<string, unknown> & {
      movie_id: number | null;
      release_id: number | null;
      item_public_id: string;
      item_name: string;
    }
  >(
    tx,
    sql`SELECT m.movie_id, m.release_id, ${extra},
               coalesce(mv.public_id, rl.public_id) AS item_public_id, coalesce(mv.name, rl.name) AS item_name
        FROM ${sql.identifier(TABLES[entity])} m
        LEFT JOIN movies mv ON mv.id = m.movie_id LEFT JOIN releases rl ON rl.id = m.release_id
        WHERE m.id = ${id}`,
  );
  if (!row || row.item_public_id == null) return null;
  const { movie_id, release_id, item_public_id, item_name, ...preview } = row;
  return {
    item: { type: movie_id != null ? 'movie' : 'release', public_id: item_public_id, name: item_name },
    preview: preview as MediaSubject['preview'],
    movieId: movie_id == null ? null : Number(movie_id),
    releaseId: release_id == null ? null : Number(release_id),
  };
}

/** What the queue shows of a picture (its address), a video (its thumbnail) or a shopping link (its address and shop). */
export type MediaPreview = {
  item: { type: MediaItemType; public_id: string; name: string };
  picture: { url: string; srcset: string | null } | null;
  video: { youtube_id: string; thumbnail_url: string } | null;
  link: { url: string; shop: string } | null;
};

/** What a media record shows: its picture's sources, its video's thumbnail or its link (deleted or waiting ones too); null when it is gone. */
export async function mediaPreview(d: Db, entity: MediaEntity, id: number): Promise<MediaPreview | null> {
  const media = await mediaSubject(d, entity, id);
  if (!media) return null;
  const p = media.preview;
  return {
    item: media.item,
    picture: 'filename' in p ? pictureSources(p) : null,
    video:
      'youtube_id' in p
        ? { youtube_id: p.youtube_id, thumbnail_url: youtubeThumbnailUrl(serviceVideoId(p.youtube_id)) }
        : null,
    link: 'shop' in p ? { url: p.url, shop: p.shop } : null,
  };
}

/** A movie or release that media can be added to, by public id (approved, not deleted), or null. */
export async function mediaItemRef(
  type: MediaItemType,
  publicId: string,
  db?: Db,
): Promise<{ type: MediaItemType; public_id: string; name: string } | null> {
  const d = await resolveDb(db);
  const [row] = await queryRows<{ public_id: string; name: string }>(
    d,
    type === 'movie'
      ? sql`SELECT public_id, name FROM movies WHERE public_id = ${publicId} AND deleted_at IS NULL`
      : sql`SELECT public_id, name FROM releases WHERE public_id = ${publicId} AND deleted_at IS NULL AND approved`,
  );
  return row ? { type, public_id: row.public_id, name: row.name } : null;
}

/** A public picture or video as its edit page shows it: its fields, item and what it shows. */
export type MediaForEdit = {
  entity: 'picture' | 'video';
  public_id: string;
  /** The editable fields' current values (MEDIA_FIELDS). */
  values: FieldValues;
  item: { type: MediaItemType; public_id: string; name: string };
  /** A picture's address, or a video's thumbnail address. */
  image_url: string | null;
};

/**
 * A picture or video that is approved and not deleted, for its edit page (`/photo/{id}/edit`,
 * `/video/{id}/edit`): anyone may read it (the item pages show it).
 * @returns null for an unknown, waiting or deleted one
 */
export async function getMediaForEdit(
  entity: 'picture' | 'video',
  publicId: string,
  db?: Db,
): Promise<MediaForEdit | null> {
  const d = await resolveDb(db);
  const row = await mediaRowBy(d, entity, { publicId });
  if (!row || !row.approved || row.deleted) return null;
  const [values, preview] = await Promise.all([readMediaFields(d, entity, row.id), mediaPreview(d, entity, row.id)]);
  if (!values || !preview) return null;
  const image_url = preview.picture?.url ?? preview.video?.thumbnail_url ?? null;
  return { entity, public_id: row.public_id, values, item: preview.item, image_url };
}
