import 'server-only';
/**
 * Change requests: members suggest a new movie, release, person or label, an edit of
 * one, a duplicate of a release, or the deletion of one (optionally merged into another of its
 * kind: `merge_into`); admins approve or discard each, and the author is notified
 * (types 20 and 21). A request stores the revision it was made against and, per field, the value
 * then and the value proposed. At approval each field's value then is compared with its value now:
 * a field that changed since is never applied blindly, the admin takes the current or the
 * proposed value (`resolutions`). An approved request is applied through the catalogue writer
 * (lib/data/catalogue-writes.ts) in one transaction, with the author's points.
 *
 * A suggested new or duplicated release exists at once, unapproved (`releases.approved` false):
 * shown to its author and admins only, never listed or searched; approval makes it public,
 * discarding or withdrawing the request deletes it. New movies, persons and labels are created
 * on approval. An admin's own suggestion is applied at once and recorded like any other.
 *
 * A deletion request names its target, a note (required: why) and optionally `merge_into`, the
 * public id of the surviving item of the same kind. Its changes are `deleted` (false → true) and
 * `merged_into` (the survivor). Approval deletes through the catalogue writer
 * (deleteCatalogueEntity): a plain deletion is refused while other records depend on the item.
 *
 * Pictures, videos and shopping links of movies and releases are change requests too (entities
 * 'picture', 'video', 'shopping_link': new, edit, delete), applied by lib/data/media-changes.ts: a
 * new one exists unapproved like a suggested release; a new picture comes with its upload
 * (suggestPicture), a new or edited shopping link is checked with its shop first (lib/shop-check.ts).
 *
 * A member may ask an admin to import a movie from the external movie database (kind `import`,
 * entity `movie`: `imdb_id` and `type`); approval reads the title from TMDb before its transaction
 * and writes it through lib/data/external-import.ts, crediting the member with the import's
 * revisions and points.
 *
 * Every function checks the actor itself: members submit, amend and withdraw their own pending
 * requests; only admins approve and discard.
 *
 * A member's suggestion publishes 'change.submitted' (the admins' notice, type 22, and their
 * queue count); an approval, discard or withdrawal publishes 'change.settled' (the count). A
 * batch (a collection import's unknown discs, a bulk approval) publishes one event for all.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { FieldChanges } from '@/db/schema/changes';
import { canEditOwnContent, canModerate, canUseMemberFeatures } from '@/lib/auth/policies';
import { requireAllowed, type Actor } from '@/lib/auth/actor';
import { AppError } from '@/lib/errors';
import {
  CATALOGUE_ENTITIES,
  CHANGE_KINDS,
  catalogueFieldNames,
  pointsFor,
  type CatalogueEntity,
  type ChangeKind,
  type ChangeState,
} from '@/lib/validation/catalogue-fields';
import { checkCatalogueRecord, type RuleErrors } from '@/lib/validation/catalogue-rules';
import { CHANGE_NOTE_MAX, CHANGE_SOURCE_MAX, MODERATION_REASON_MAX } from '@/lib/validation/limits';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import type { FieldErrors } from '@/lib/validation/users';
import {
  approveNewRelease,
  assertLabelNameFree,
  assertRequiredFields,
  createCatalogueEntity,
  deleteCatalogueEntity,
  deleteUnapprovedRelease,
  dependentsOf,
  latestRevisionId,
  normalizeFields,
  readFields,
  sameValue,
  updateCatalogueEntity,
  type FieldValues,
} from './catalogue-writes';
import { isValidBarcode, normalizeBarcode } from '@/lib/barcode';
import { PictureError, removePicture, storePicture } from '@/lib/images';
import { CATALOGUE_PICTURE_SIZES, PICTURE_VARIANT } from '@/lib/picture-urls';
import { checkShoppingLink, shopCheckError } from '@/lib/shop-check';
import type { ChangeEntity } from '@/lib/validation/changes';
import { isMediaEntity, type MediaItemType } from '@/lib/validation/media-fields';
import { parseShoppingLink } from '@/lib/validation/shopping-links';
import { addEntries } from './collection-entries';
import { inTransaction, publish } from './events';
import { fetchExternalImport, writeExternalTitle } from './external-import';
import type { ExternalTitle } from '@/lib/external/tmdb-titles';
import { tmdbConfig } from '@/lib/external/tmdb';
import { externalImportSchema } from '@/lib/validation/external-import';
import {
  amendMediaChange,
  applyMediaChange,
  dropUnapprovedMedia,
  MediaValuesInvalid,
  mediaSubject,
  prepareMediaChange,
  mediaPreview,
  readMediaFields,
  type MediaPreview,
  type LinkCheck,
  type PictureUpload,
} from './media-changes';
import { keysetRows, pageOf as pageOfRows, type KeyedRow, type KeysetSort, type Paging } from './keyset';
import { storeNotices } from './notifications';
import { newPublicId } from './public-id';
import { getRelease } from './releases';
import { queryRows, resolveDb } from './sql';
import type { ReleaseDetail } from './types';

/** Pending requests a member may have open at once. */
export const OPEN_CHANGES_MAX = 50;
/** …and while the account is younger than NEW_ACCOUNT_DAYS days. */
export const OPEN_CHANGES_MAX_NEW_ACCOUNT = 10;
/** Days an account counts as new for the open-request limit. */
export const NEW_ACCOUNT_DAYS = 7;

/** The queue's preview of a picture, video or shopping link (lib/data/media-changes.ts). */
export type { MediaPreview };

/** A change request as its author and admins see it. */
export type ChangeRequestDto = {
  public_id: string;
  entity: ChangeEntity;
  kind: ChangeKind;
  status: ChangeState;
  /** The entity's public id (for a new movie, person or label: once approved). */
  entity_public_id: string | null;
  /**
   * The entity's name as it is now (null while a new movie, person or label is not approved); for
   * a picture, video or shopping link its item's name.
   */
  entity_name: string | null;
  /** A picture's, video's or shopping link's movie or release (null for catalogue entities, and once a new one is dropped). */
  item: { type: MediaItemType; public_id: string; name: string } | null;
  changes: FieldChanges;
  note: string | null;
  source: string | null;
  discard_reason: string | null;
  author: { public_id: string; name: string };
  /** ISO timestamps. */
  created_at: string;
  reviewed_at: string | null;
};

/** What a member sends: the entity, the kind, the target's public id (edit, duplicate) and the fields. */
export type ChangeInput = {
  entity: string;
  kind: string;
  /** Public id of the entity edited or duplicated. */
  target?: string | null;
  values?: FieldValues;
  note?: string | null;
  source?: string | null;
  /** A deletion: the public id of the item of the same kind to merge the deleted one into. */
  merge_into?: string | null;
};

/**
 * A submit: the request, or field problems as `forms` message keys with their parameters
 * (lib/validation/catalogue-rules.ts; `_form: 'nothingToUpdate'` when nothing changes).
 */
export type ChangeResult =
  | { ok: true; request: ChangeRequestDto }
  | { ok: false; errors: FieldErrors; params?: Record<string, string | number> };

/** Thrown inside a submit's transaction when the record would break a catalogue rule (rolls it back). */
class RulesBroken extends Error {
  constructor(readonly rules: RuleErrors) {
    super('catalogue rules broken');
  }
}

/** What a submit's or amendment's error answers: broken rules, nothing to update, a bad value; null for any other error. */
function failureOf(error: unknown): Extract<ChangeResult, { ok: false }> | null {
  if (error instanceof MediaValuesInvalid) return { ok: false, errors: error.errors };
  if (error instanceof RulesBroken) return { ok: false, errors: error.rules.errors, params: error.rules.params };
  if (error instanceof AppError && error.code === 'in_use')
    return { ok: false, errors: { merge_into: 'deleteInUse' }, params: { count: Number(error.params.count ?? 0) } };
  if (error instanceof AppError && error.code === 'nothing_to_update')
    return { ok: false, errors: { _form: 'nothingToUpdate' } };
  // A label name must be unique; the message names the label that has it.
  if (error instanceof AppError && error.code === 'label_name_taken')
    return { ok: false, errors: { name: 'labelNameTaken' }, params: { label: String(error.params.label) } };
  const fieldErrors = asFieldErrors(error);
  return fieldErrors ? { ok: false, errors: fieldErrors } : null;
}

/**
 * Checks the record after the change against the catalogue's rules, and a label's new name against the other
 * labels' (checked again when the request is applied).
 * @param exceptId the label edited (its own name is no clash); null for a new one
 * @throws RulesBroken when the record after the change breaks a rule; AppError label_name_taken
 */
async function checkRules(
  tx: Db,
  entity: CatalogueEntity,
  record: FieldValues,
  changed: string[],
  exceptId: number | null = null,
): Promise<void> {
  const rules = checkCatalogueRecord(entity, record, changed);
  if (Object.keys(rules.errors).length) throw new RulesBroken(rules);
  if (entity === 'label' && changed.includes('name') && typeof record.name === 'string')
    await assertLabelNameFree(tx, record.name, exceptId);
}

type RequestRow = {
  id: number;
  public_id: string;
  entity_type: ChangeEntity;
  entity_id: number | null;
  kind: ChangeKind;
  status: ChangeState;
  changes: FieldChanges | string;
  note: string | null;
  source: string | null;
  user_id: number;
};

const TABLES: Record<CatalogueEntity, string> = {
  movie: 'movies',
  release: 'releases',
  person: 'persons',
  label: 'labels',
};

/** Trimmed optional text within `max` characters; @returns the text, or a field error key. */
function optionalText(value: unknown, max: number): { value: string | null } | { error: string } {
  if (value == null) return { value: null };
  if (typeof value !== 'string') return { error: 'invalid' };
  const v = value.trim();
  if (v.length > max) return { error: 'maxLength' };
  return { value: v || null };
}

/** Field errors of an AppError('invalid_value') (the field it names), or null for any other error. */
function asFieldErrors(error: unknown): FieldErrors | null {
  if (error instanceof AppError && error.code === 'invalid_value') {
    const field = /field (\S+)$/.exec(error.message)?.[1] ?? '_form';
    // A recommended retail price is a number with at most two decimals.
    return { [field]: field === 'rrp' ? 'priceInvalid' : 'invalid' };
  }
  return null;
}

/** The id of an entity that is not deleted. @throws AppError not_found (unknown), gone (deleted) */
async function entityId(tx: Db, entity: CatalogueEntity, publicId: unknown): Promise<number> {
  if (typeof publicId !== 'string') throw new AppError('not_found');
  const [row] = await queryRows<{ id: number; deleted: boolean }>(
    tx,
    sql`SELECT id, deleted_at IS NOT NULL AS deleted FROM ${sql.identifier(TABLES[entity])} WHERE public_id = ${publicId}`,
  );
  if (!row) throw new AppError('not_found');
  if (row.deleted) throw new AppError('gone');
  return Number(row.id);
}

/** @throws AppError not_found for a release that is not approved (a suggestion) */
async function assertApprovedRelease(tx: Db, id: number): Promise<void> {
  const [row] = await queryRows<{ approved: boolean }>(tx, sql`SELECT approved FROM releases WHERE id = ${id}`);
  if (!row?.approved) throw new AppError('not_found');
}

/**
 * The id of the item a deleted one is merged into: the same kind, not deleted, not the item
 * itself (a release: approved). @throws AppError('invalid_value', merge_into) otherwise
 */
async function mergeTargetId(tx: Db, entity: CatalogueEntity, publicId: unknown, exceptId: number): Promise<number> {
  if (typeof publicId !== 'string') throw new AppError('invalid_value', { field: 'merge_into' });
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM ${sql.identifier(TABLES[entity])} WHERE public_id = ${publicId.trim()} AND id <> ${exceptId}
          AND deleted_at IS NULL ${entity === 'release' ? sql`AND approved` : sql``}`,
  );
  if (!row) throw new AppError('invalid_value', { field: 'merge_into' });
  return Number(row.id);
}

/** @throws AppError('change_limit') when the member has as many pending requests as allowed */
async function checkOpenLimit(tx: Db, actor: Actor): Promise<void> {
  if (canModerate(actor)) return;
  const [row] = await queryRows<{ open: number; young: boolean }>(
    tx,
    sql`SELECT (SELECT count(*)::int FROM change_requests WHERE user_id = ${actor.userId} AND status = 'pending') AS open,
               (SELECT created_at > now() - make_interval(days => ${NEW_ACCOUNT_DAYS}) FROM users WHERE id = ${actor.userId}) AS young`,
  );
  const max = row.young ? OPEN_CHANGES_MAX_NEW_ACCOUNT : OPEN_CHANGES_MAX;
  if (row.open >= max) throw new AppError('change_limit', { max });
}

/**
 * Suggests a change. Members' requests wait for an admin; an admin's is applied at once.
 * @returns the request, or field errors: a bad or missing field (`invalid`, `required`),
 *   `note`/`source` too long, `_form: 'nothingToUpdate'` for an edit or duplicate that changes nothing
 * @throws AppError unauthorized (visitor), not_found (unknown target), change_limit (too many
 *   pending requests), invalid_value (unknown entity or kind)
 */
export async function submitChangeRequest(actor: Actor | null, input: ChangeInput, db?: Db): Promise<ChangeResult> {
  return submit(requireAllowed(actor, canUseMemberFeatures(actor)), input, await resolveDb(db), null);
}

/** A picture a member uploads to a movie or a release. */
export type PictureSuggestion = {
  /** The item's public id: a movie's or a release's. */
  movie?: string | null;
  release?: string | null;
  /** The uploaded bytes (jpg, gif, png or webp; at most PICTURE_MAX_BYTES). */
  file: Buffer;
  /** `type` (PICTURE_TYPES id), `source` (credit line), `is_default`, `variant` (a full cover's). */
  values: FieldValues;
  note?: string | null;
};

/**
 * Suggests a new picture: the upload is checked and stored in its sizes (lib/images.ts,
 * CATALOGUE_PICTURE_SIZES) and waits, unapproved, for an admin; an admin's is public at once.
 * @returns the request, or field problems: `file` (pictureTooLarge with params {0} MB and {1} MB,
 *   pictureType, pictureTooManyPixels, pictureUnreadable), `type`, `variant`, `source`, `item`
 * @throws AppError unauthorized (visitor), not_found (unknown or deleted item), change_limit
 */
export async function suggestPicture(actor: Actor | null, input: PictureSuggestion, db?: Db): Promise<ChangeResult> {
  const member = requireAllowed(actor, canUseMemberFeatures(actor));
  const d = await resolveDb(db);
  const rawVariant = typeof input.values.variant === 'string' ? input.values.variant.trim() : '';
  if (rawVariant && !PICTURE_VARIANT.test(rawVariant)) return { ok: false, errors: { variant: 'invalid' } };
  const variant = rawVariant || null;
  let stored: { file: string; width: number; height: number };
  try {
    stored = await storePicture(input.file, CATALOGUE_PICTURE_SIZES, variant);
  } catch (error) {
    if (error instanceof PictureError) return { ok: false, errors: { file: error.key }, params: error.params };
    throw error;
  }
  const values: FieldValues = { ...input.values, movie: input.movie ?? null, release: input.release ?? null };
  delete values.variant;
  const sizes = Object.keys(CATALOGUE_PICTURE_SIZES);
  try {
    const result = await submit(member, { entity: 'picture', kind: 'new', values, note: input.note ?? null }, d, null, {
      filename: stored.file,
      variant,
      width: stored.width,
      height: stored.height,
    });
    if (!result.ok) removePicture(stored.file, sizes, variant);
    return result;
  } catch (error) {
    removePicture(stored.file, sizes, variant);
    throw error;
  }
}

/** An import request's values, and (an admin's, run at once) the title read from TMDb. */
type ImportRequest = { imdb_id: string; type: number; title: ExternalTitle | null };

/** An import request's `imdb_id` and `type`, or their problems (`invalid`, `required`). */
function parseImportRequest(values: FieldValues): { imdb_id: string; type: number } | { errors: FieldErrors } {
  const parsed = externalImportSchema.safeParse(values);
  if (parsed.success) return { imdb_id: parsed.data.imdb_id, type: parsed.data.type };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '_form');
    errors[field] = values[field] == null || values[field] === '' ? 'required' : 'invalid';
  }
  return { errors };
}

/**
 * Refuses an import request for a movie the catalogue has (`imdb_id: 'importKnown'` naming it) or
 * one already waiting (`importRequested`). @throws RulesBroken
 */
async function assertImportNew(tx: Db, imdbId: string, exceptRequestId = 0): Promise<void> {
  const [known] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT name FROM movies WHERE imdb_id = ${imdbId} AND deleted_at IS NULL LIMIT 1`,
  );
  if (known) throw new RulesBroken({ errors: { imdb_id: 'importKnown' }, params: { movie: known.name } });
  const waiting = await queryRows(
    tx,
    sql`SELECT 1 FROM change_requests WHERE kind = 'import' AND status = 'pending' AND id <> ${exceptRequestId}
          AND changes -> 'imdb_id' ->> 'after' = ${imdbId} LIMIT 1`,
  );
  if (waiting.length) throw new RulesBroken({ errors: { imdb_id: 'importRequested' }, params: {} });
}

/** A request's link to a collection import: the list its entry joins on approval, and the batch. */
type ImportLink = { collectionId: number; batchId: string };

/**
 * submitChangeRequest for a checked member, optionally linked to a collection import; `upload` the
 * stored files of a new picture (suggestPicture).
 */
async function submit(
  member: Actor,
  input: ChangeInput,
  d: Db,
  link: ImportLink | null,
  upload: PictureUpload | null = null,
): Promise<ChangeResult> {
  const entity = input.entity as ChangeEntity;
  const kind = input.kind as ChangeKind;
  if (!(CATALOGUE_ENTITIES as readonly string[]).includes(entity) && !isMediaEntity(entity))
    throw new AppError('invalid_value', { field: 'entity' });
  // A duplicate is a release's.
  // A duplicate is a release's; an import request a movie's.
  if (
    !CHANGE_KINDS.includes(kind) ||
    (kind === 'duplicate' && entity !== 'release') ||
    (kind === 'import' && entity !== 'movie')
  )
    throw new AppError('invalid_value', { field: 'kind' });
  const note = optionalText(input.note, CHANGE_NOTE_MAX);
  const source = optionalText(input.source, CHANGE_SOURCE_MAX);
  const errors: FieldErrors = {};
  if ('error' in note) errors.note = note.error;
  // A deletion says why.
  else if (kind === 'delete' && !note.value) errors.note = 'required';
  if ('error' in source) errors.source = source.error;
  if (Object.keys(errors).length) return { ok: false, errors };
  // A shopping link is checked with its shop before anything is stored (outside the transaction).
  let check: LinkCheck = null;
  const url = input.values?.url;
  if (
    entity === 'shopping_link' &&
    kind !== 'delete' &&
    typeof url === 'string' &&
    !('problem' in parseShoppingLink(url))
  ) {
    const code = await checkShoppingLink(url);
    const refused = shopCheckError(code);
    if (refused) return { ok: false, errors: { url: refused } };
    if (code !== null) check = { code, checkedAt: new Date() };
  }
  // An import request: the id and type are checked, the import must be on; an admin's runs at once (TMDb read first).
  let imported: ImportRequest | null = null;
  if (kind === 'import') {
    const parsed = parseImportRequest(input.values ?? {});
    if ('errors' in parsed) return { ok: false, errors: parsed.errors };
    if (!tmdbConfig()) throw new AppError('external_import_off');
    imported = { ...parsed, title: canModerate(member) ? await fetchExternalImport(parsed) : null };
  }
  let publicId = '';
  try {
    await inTransaction(d, async (tx) => {
      await checkOpenLimit(tx, member);
      const values =
        kind === 'delete' || kind === 'import' || isMediaEntity(entity)
          ? {}
          : normalizeFields(entity, input.values ?? {});
      let changes: FieldChanges = {};
      let targetId: number | null = null;
      let baseRevisionId: number | null = null;
      if (imported) {
        await assertImportNew(tx, imported.imdb_id);
        changes = {
          imdb_id: { before: null, after: imported.imdb_id },
          type: { before: null, after: imported.type },
        };
      } else if (isMediaEntity(entity)) {
        if (kind === 'import') throw new AppError('invalid_value', { field: 'kind' });
        const draft = await prepareMediaChange(tx, member.userId, entity, kind, input, upload, check);
        targetId = draft.targetId;
        baseRevisionId = draft.baseRevisionId;
        changes = draft.changes;
      } else if (kind === 'delete') {
        targetId = await entityId(tx, entity, input.target);
        // A suggested release not approved yet is withdrawn or discarded, not deleted.
        if (entity === 'release') await assertApprovedRelease(tx, targetId);
        baseRevisionId = await latestRevisionId(tx, entity, targetId);
        changes = { deleted: { before: false, after: true } };
        if (input.merge_into) {
          const intoId = await mergeTargetId(tx, entity, input.merge_into, targetId);
          const [into] = await queryRows<{ public_id: string }>(
            tx,
            sql`SELECT public_id FROM ${sql.identifier(TABLES[entity])} WHERE id = ${intoId}`,
          );
          changes.merged_into = { before: null, after: into.public_id };
        } else {
          const count = await dependentsOf(tx, entity, targetId);
          if (count > 0) throw new AppError('in_use', { count });
        }
      } else if (kind === 'edit') {
        targetId = await entityId(tx, entity, input.target);
        baseRevisionId = await latestRevisionId(tx, entity, targetId);
        const now = (await readFields(tx, entity, targetId, catalogueFieldNames(entity)))!;
        for (const [f, v] of Object.entries(values))
          if (!sameValue(now[f], v)) changes[f] = { before: now[f] ?? null, after: v };
        await checkRules(tx, entity, { ...now, ...values }, Object.keys(changes), targetId);
      } else if (kind === 'duplicate') {
        const originalId = await entityId(tx, entity, input.target);
        // A duplicate copies every field of its original release.
        const original = (await readFields(tx, 'release', originalId, catalogueFieldNames('release')))!;
        for (const [f, v] of Object.entries(values))
          if (!sameValue(original[f], v)) changes[f] = { before: original[f] ?? null, after: v };
        if (Object.keys(changes).length) {
          await checkRules(tx, entity, { ...original, ...values }, Object.keys(changes));
          const made = await createCatalogueEntity(
            tx,
            'release',
            { ...original, ...values },
            { userId: member.userId, approvedById: null, approved: false },
          );
          targetId = made.id;
          changes = { duplicate_of: { before: null, after: input.target }, ...changes };
        }
      } else {
        await checkRules(tx, entity, values, Object.keys(values));
        assertRequiredFields(entity, values);
        changes = Object.fromEntries(Object.entries(values).map(([f, v]) => [f, { before: null, after: v }]));
        if (entity === 'release') {
          const made = await createCatalogueEntity(tx, 'release', values, {
            userId: member.userId,
            approvedById: null,
            approved: false,
          });
          targetId = made.id;
        }
      }
      if (!Object.keys(changes).length) throw new AppError('nothing_to_update');
      publicId = newPublicId();
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO change_requests (public_id, entity_type, entity_id, kind, base_revision_id, changes, note, source, user_id,
                                         collection_id, batch_id)
            VALUES (${publicId}, ${entity}, ${targetId}, ${kind}, ${baseRevisionId}, ${JSON.stringify(changes)}::jsonb,
                    ${'value' in note ? note.value : null}, ${'value' in source ? source.value : null}, ${member.userId},
                    ${link?.collectionId ?? null}, ${link?.batchId ?? null})
            RETURNING id`,
      );
      if (canModerate(member)) await applyRequest(tx, member, Number(row.id), {}, imported?.title ?? null);
      // The admins hear of it (a batch from a collection import once, by suggestUnknownDiscs).
      else if (!link) await announceSubmitted(tx, member, Number(row.id), 1);
    });
  } catch (error) {
    const failure = failureOf(error);
    if (failure) return failure;
    throw error;
  }
  return { ok: true, request: (await getChangeRequest(member, publicId, d))! };
}

/** An empty queue for a change event, filled by its subscriber (lib/data/pending-changes.ts). */
const emptyQueue = () => ({ pending: 0, admins: [] });

/** Publishes 'change.submitted': `count` suggestions of `member` from `requestId` on wait for approval. */
async function announceSubmitted(tx: Db, member: Actor, requestId: number, count: number): Promise<void> {
  await publish(tx, 'change.submitted', { userId: member.userId, requestId, count, queue: emptyQueue() });
}

/** Publishes 'change.settled': `count` pending requests left the queue. */
async function announceSettled(tx: Db, status: 'approved' | 'discarded' | 'withdrawn', count: number): Promise<void> {
  await publish(tx, 'change.settled', { status, count, queue: emptyQueue() });
}

/** A pending request row, locked for the transaction. @throws AppError not_found, change_state */
async function pendingRow(tx: Db, publicId: string): Promise<RequestRow> {
  const [row] = await queryRows<RequestRow>(
    tx,
    sql`SELECT id, public_id, entity_type, entity_id, kind, status, changes, note, source, user_id
        FROM change_requests WHERE public_id = ${publicId} FOR UPDATE`,
  );
  if (!row) throw new AppError('not_found');
  if (row.status !== 'pending') throw new AppError('change_state');
  return row;
}

const changesOf = (row: RequestRow): FieldChanges =>
  typeof row.changes === 'string' ? (JSON.parse(row.changes) as FieldChanges) : row.changes;

/**
 * Applies a pending request through the catalogue writer and marks it approved, with the
 * author's points and notice. `resolutions` chooses, per field that changed since the request was
 * made, the value `now` or the `proposed` one.
 * @throws AppError change_conflict naming the fields that changed since and have no resolution
 */
async function applyRequest(
  tx: Db,
  admin: Actor,
  requestId: number,
  resolutions: Readonly<Record<string, 'current' | 'proposed'>>,
  title: ExternalTitle | null = null,
): Promise<void> {
  const [row] = await queryRows<RequestRow>(
    tx,
    sql`SELECT id, public_id, entity_type, entity_id, kind, status, changes, note, source, user_id
        FROM change_requests WHERE id = ${requestId}`,
  );
  const changes = changesOf(row);
  const meta = { userId: Number(row.user_id), approvedById: admin.userId, changeRequestId: Number(row.id) };
  let entityIdNow = row.entity_id == null ? null : Number(row.entity_id);
  let applied: FieldChanges = {};
  let revisionId: number | null = null;
  // A deletion's notice names the item as it was (a movie merged away is gone afterwards).
  let subject: Awaited<ReturnType<typeof noticeSubject>> | null = null;
  let mediaPoints: number | null = null;
  if (row.kind === 'import') {
    // The title was read before the transaction (approveOne); the import credits the author itself.
    if (!title) throw new AppError('external_unavailable');
    const summary = await writeExternalTitle(admin, title, tx, {
      authorId: Number(row.user_id),
      changeRequestId: Number(row.id),
    });
    const [movie] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM movies WHERE public_id = ${summary.movie.public_id}`,
    );
    entityIdNow = Number(movie.id);
    applied = changes;
    revisionId = summary.revision_id == null ? null : Number(summary.revision_id);
    mediaPoints = 0;
  } else if (isMediaEntity(row.entity_type)) {
    const result = await applyMediaChange(tx, row.entity_type, row.kind, entityIdNow!, changes, resolutions, meta);
    applied = result.applied;
    revisionId = result.revisionId;
    mediaPoints = result.points;
  } else if (row.kind === 'delete') {
    subject = { subjectText: (await noticeSubject(tx, row.entity_type, entityIdNow, changes)).subjectText };
    const into = changes.merged_into?.after;
    const intoId = into == null ? null : await mergeTargetId(tx, row.entity_type, into, entityIdNow!);
    const result = await deleteCatalogueEntity(tx, row.entity_type, entityIdNow!, intoId, meta);
    applied = result.changes;
    revisionId = result.revisionId;
  } else if (row.kind === 'edit') {
    const fields = Object.keys(changes);
    const now = await readFields(tx, row.entity_type, entityIdNow!, fields);
    if (!now) throw new AppError('not_found');
    // An edit of an item deleted since applies to nothing: the admin discards it.
    const [state] = await queryRows<{ deleted: boolean }>(
      tx,
      sql`SELECT deleted_at IS NOT NULL AS deleted FROM ${sql.identifier(TABLES[row.entity_type])} WHERE id = ${entityIdNow}`,
    );
    if (state.deleted) throw new AppError('gone');
    const values: FieldValues = {};
    const unresolved: string[] = [];
    for (const f of fields) {
      const stale = !sameValue(now[f], changes[f].before);
      if (!stale || resolutions[f] === 'proposed') values[f] = changes[f].after;
      else if (!resolutions[f]) unresolved.push(f);
    }
    if (unresolved.length) throw new AppError('change_conflict', { fields: unresolved.join(', ') });
    const result = await updateCatalogueEntity(tx, row.entity_type, entityIdNow!, values, meta);
    applied = result.changes;
    revisionId = result.revisionId;
  } else if (row.entity_type === 'release') {
    // A new or duplicated release: it exists, unapproved, since the request was made.
    revisionId = await approveNewRelease(tx, entityIdNow!, meta);
    applied = changes;
    await addToImportedCollection(tx, Number(row.id), entityIdNow!);
  } else {
    const values = Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.after]));
    const made = await createCatalogueEntity(tx, row.entity_type, values, meta);
    entityIdNow = made.id;
    applied = made.changes;
    revisionId = made.revisionId;
  }
  const points =
    revisionId == null
      ? 0
      : (mediaPoints ?? pointsFor(row.kind, row.entity_type as CatalogueEntity, Object.keys(applied).length));
  if (revisionId != null && points) {
    await tx.execute(sql`UPDATE revisions SET points = ${points} WHERE id = ${revisionId}`);
    await tx.execute(sql`UPDATE users SET points = points + ${points} WHERE id = ${row.user_id}`);
  }
  await tx.execute(
    sql`UPDATE change_requests SET status = 'approved', entity_id = ${entityIdNow}, reviewed_by_id = ${admin.userId},
          reviewed_at = now(), updated_at = now() WHERE id = ${row.id}`,
  );
  await storeNotices(tx, (name, event) => publish(tx, name, event), [
    {
      userId: Number(row.user_id),
      type: NOTIFICATION_TYPES.contributionApproved,
      actorId: admin.userId,
      changeRequestId: Number(row.id),
      ...(subject ?? (await noticeSubject(tx, row.entity_type, entityIdNow, changes))),
    },
  ]);
}

/**
 * Approves a pending request (admins).
 * @param resolutions per field that changed since the request was made: keep the `current` value or take the `proposed` one
 * @throws AppError unauthorized, forbidden (not an admin), not_found, change_state (not pending),
 *   change_conflict (a field changed since and has no resolution), invalid_value (a proposed value
 *   no longer fits, e.g. a movie since merged away), gone (the item was deleted since), in_use (a
 *   plain deletion of an item that records use by now)
 */
export async function approveChangeRequest(
  actor: Actor | null,
  publicId: string,
  resolutions: Readonly<Record<string, 'current' | 'proposed'>> = {},
  db?: Db,
): Promise<ChangeRequestDto> {
  const admin = requireAllowed(actor, canModerate(actor));
  const d = await resolveDb(db);
  await approveOne(admin, publicId, resolutions, d, true);
  return (await getChangeRequest(admin, publicId, d))!;
}

/** Approves one pending request in its own transaction; `announce`: publish 'change.settled' for it. */
async function approveOne(
  admin: Actor,
  publicId: string,
  resolutions: Readonly<Record<string, 'current' | 'proposed'>>,
  d: Db,
  announce: boolean,
): Promise<void> {
  // An import request's title is read from TMDb before the transaction opens.
  const [request] = await queryRows<{ kind: string; changes: FieldChanges | string }>(
    d,
    sql`SELECT kind, changes FROM change_requests WHERE public_id = ${publicId} AND status = 'pending'`,
  );
  let title: ExternalTitle | null = null;
  if (request?.kind === 'import') {
    const c = typeof request.changes === 'string' ? (JSON.parse(request.changes) as FieldChanges) : request.changes;
    title = await fetchExternalImport({ imdb_id: String(c.imdb_id?.after), type: Number(c.type?.after) });
  }
  await inTransaction(d, async (tx) => {
    const row = await pendingRow(tx, publicId);
    await applyRequest(tx, admin, Number(row.id), resolutions, title);
    if (announce) await announceSettled(tx, 'approved', 1);
  });
}

/**
 * Discards a pending request with a reason its author sees (admins); a suggested new or
 * duplicated release is deleted with it.
 * @returns the request, or `reason: 'required' | 'maxLength'`
 * @throws AppError unauthorized, forbidden, not_found, change_state
 */
export async function discardChangeRequest(
  actor: Actor | null,
  publicId: string,
  reason: string | null | undefined,
  db?: Db,
): Promise<{ ok: true; request: ChangeRequestDto } | { ok: false; errors: FieldErrors }> {
  const admin = requireAllowed(actor, canModerate(actor));
  const text = optionalText(reason, MODERATION_REASON_MAX);
  if ('error' in text) return { ok: false, errors: { reason: text.error } };
  if (!text.value) return { ok: false, errors: { reason: 'required' } };
  const d = await resolveDb(db);
  await inTransaction(d, async (tx) => {
    const row = await pendingRow(tx, publicId);
    // Named before a suggested release or media record goes with the request (a media record by its item).
    const subject = await noticeSubject(
      tx,
      row.entity_type,
      row.kind === 'edit' || row.kind === 'delete' || isMediaEntity(row.entity_type) ? row.entity_id : null,
      changesOf(row),
    );
    await dropSuggested(tx, row);
    await tx.execute(
      sql`UPDATE change_requests SET status = 'discarded', discard_reason = ${text.value}, reviewed_by_id = ${admin.userId},
            reviewed_at = now(), updated_at = now() WHERE id = ${row.id}`,
    );
    await storeNotices(tx, (name, event) => publish(tx, name, event), [
      {
        userId: Number(row.user_id),
        type: NOTIFICATION_TYPES.contributionDiscarded,
        actorId: admin.userId,
        changeRequestId: Number(row.id),
        reason: text.value,
        ...subject,
      },
    ]);
    await announceSettled(tx, 'discarded', 1);
  });
  return { ok: true, request: (await getChangeRequest(admin, publicId, d))! };
}

/**
 * What a contribution notice names: the entity's name (as it is now, else as suggested) and, for
 * a movie or release that exists, the item the notice links to; for a picture, video or shopping
 * link, its movie or release.
 */
async function noticeSubject(
  tx: Db,
  entity: ChangeEntity,
  entityId: number | null,
  changes: FieldChanges,
): Promise<{ subjectText: string | null; movieId?: number; releaseId?: number }> {
  if (isMediaEntity(entity)) {
    const media = entityId == null ? null : await mediaSubject(tx, entity, entityId);
    if (!media) return { subjectText: null };
    return {
      subjectText: media.item.name,
      ...(media.movieId != null ? { movieId: media.movieId } : {}),
      ...(media.releaseId != null ? { releaseId: media.releaseId } : {}),
    };
  }
  const suggested = changes.name?.after ?? changes.name?.before ?? changes.imdb_id?.after;
  let name = typeof suggested === 'string' ? suggested : null;
  if (entityId != null) {
    const [row] = await queryRows<{ name: string }>(
      tx,
      sql`SELECT name FROM ${sql.identifier(TABLES[entity])} WHERE id = ${entityId}`,
    );
    if (!row) return { subjectText: name };
    name = row.name;
    if (entity === 'movie') return { subjectText: name, movieId: entityId };
    if (entity === 'release') return { subjectText: name, releaseId: entityId };
  }
  return { subjectText: name };
}

/**
 * A release suggested from a collection import joins the list it came from once approved (if the
 * list still is the author's and not in the trash), and the author's unknown barcode is settled.
 */
async function addToImportedCollection(tx: Db, requestId: number, releaseId: number): Promise<void> {
  const [c] = await queryRows<{
    id: number;
    user_id: number;
    style: number;
    shortcut_default: boolean;
    deleted_at: string | null;
    public_id: string;
    ean: string | null;
  }>(
    tx,
    sql`SELECT c.id, c.user_id, c.style, c.shortcut_default, c.deleted_at, r.public_id, r.ean
        FROM change_requests q JOIN collections c ON c.id = q.collection_id AND c.user_id = q.user_id
        JOIN releases r ON r.id = ${releaseId}
        WHERE q.id = ${requestId} AND c.category = 'releases'`,
  );
  if (!c) return;
  if (c.deleted_at === null)
    await addEntries(
      tx,
      {
        id: Number(c.id),
        user_id: Number(c.user_id),
        style: Number(c.style),
        shortcut_default: c.shortcut_default,
        deleted: false,
      },
      { entries: [{ item: { type: 'release', id: releaseId, publicId: c.public_id } }], via: 'import' },
    );
  if (c.ean) await tx.execute(sql`DELETE FROM unknown_barcodes WHERE user_id = ${c.user_id} AND ean = ${c.ean}`);
}

/** A disc of a collection import whose barcode no release has, as the member suggests it. */
export type DiscSuggestion = {
  /** The barcode (EAN-13, or a UPC-A), as the import read it. */
  ean: string;
  /** The release's fields (name, format, movies at least; label, release year, … as the member gave them). */
  values: FieldValues;
};

/** Whether the member has a pending or approved suggestion of a new release with this EAN-13. */
async function suggestedBefore(d: Db, member: Actor, ean: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    d,
    sql`SELECT id FROM change_requests WHERE user_id = ${member.userId} AND entity_type = 'release' AND kind = 'new'
          AND status IN ('pending', 'approved') AND changes -> 'ean' ->> 'after' = ${ean} LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Suggests the unknown discs of a collection import as new releases, in one batch: each becomes a
 * pending change request (a suggested release, hidden until approved) linked to the collection,
 * which the release joins when an admin approves it. A barcode the member has suggested already
 * (pending or approved) is refused with `ean: 'alreadySuggested'`.
 * @returns the batch id and, per disc, the request or its field problems
 * @throws AppError unauthorized, not_found (not the member's collection), invalid_value (a movies collection)
 */
export async function suggestUnknownDiscs(
  actor: Actor | null,
  collectionPublicId: string,
  discs: readonly DiscSuggestion[],
  db?: Db,
): Promise<{ batch_id: string; results: ({ ean: string } & ChangeResult)[] }> {
  const member = requireAllowed(actor, canUseMemberFeatures(actor));
  const d = await resolveDb(db);
  const [c] = await queryRows<{ id: number; user_id: number; category: string }>(
    d,
    sql`SELECT id, user_id, category FROM collections WHERE public_id = ${collectionPublicId} AND deleted_at IS NULL`,
  );
  if (!c || !canEditOwnContent(member, Number(c.user_id))) throw new AppError('not_found');
  if (c.category !== 'releases') throw new AppError('invalid_value', { field: 'collection' });
  const batchId = newPublicId();
  const results: ({ ean: string } & ChangeResult)[] = [];
  for (const disc of discs) {
    // A disc is suggested once: not again while the member's suggestion of it waits or after its approval.
    if (isValidBarcode(disc.ean) && (await suggestedBefore(d, member, normalizeBarcode(disc.ean)))) {
      results.push({ ean: disc.ean, ok: false, errors: { ean: 'alreadySuggested' } });
      continue;
    }
    const r = await submit(
      member,
      {
        entity: 'release',
        kind: 'new',
        values: { ...disc.values, ean: isValidBarcode(disc.ean) ? normalizeBarcode(disc.ean) : disc.ean },
      },
      d,
      { collectionId: Number(c.id), batchId },
    );
    results.push({ ean: disc.ean, ...r });
  }
  // The admins hear of the batch once (an admin's own suggestions were applied at once).
  const sent = results.filter((r) => r.ok).length;
  if (sent && !canModerate(member))
    await inTransaction(d, async (tx) => {
      const [first] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM change_requests WHERE batch_id = ${batchId} ORDER BY id LIMIT 1`,
      );
      await announceSubmitted(tx, member, Number(first.id), sent);
    });
  return { batch_id: batchId, results };
}

/** A pending new or duplicated release, or a new picture, video or shopping link, goes with its request. */
async function dropSuggested(tx: Db, row: RequestRow): Promise<void> {
  if ((row.kind !== 'new' && row.kind !== 'duplicate') || row.entity_id == null) return;
  if (isMediaEntity(row.entity_type)) await dropUnapprovedMedia(tx, row.entity_type, Number(row.entity_id));
  else if (row.entity_type === 'release') await deleteUnapprovedRelease(tx, Number(row.entity_id));
}

/**
 * Withdraws one's own pending request (a suggested release goes with it).
 * @throws AppError unauthorized, forbidden (another member's), not_found, change_state
 */
export async function withdrawChangeRequest(actor: Actor | null, publicId: string, db?: Db): Promise<ChangeRequestDto> {
  const member = requireAllowed(actor, canUseMemberFeatures(actor));
  const d = await resolveDb(db);
  await inTransaction(d, async (tx) => {
    const row = await pendingRow(tx, publicId);
    if (!canEditOwnContent(member, Number(row.user_id))) throw new AppError('forbidden');
    await dropSuggested(tx, row);
    await tx.execute(
      sql`UPDATE change_requests SET status = 'withdrawn', updated_at = now() WHERE id = ${row.id} AND user_id = ${member.userId}`,
    );
    await announceSettled(tx, 'withdrawn', 1);
  });
  return (await getChangeRequest(member, publicId, d))!;
}

/** A change request row with its author and entity, as the reads select it. */
type RequestListRow = RequestRow & {
  entity_public_id: string | null;
  entity_name: string | null;
  media_item: ChangeRequestDto['item'] | string | null;
  discard_reason: string | null;
  author_public_id: string;
  author_name: string;
  created_at: string;
  reviewed_at: string | null;
  age_seconds: number;
};

const REQUEST_COLUMNS = sql`c.id, c.public_id, c.entity_type, c.entity_id, c.kind, c.status, c.changes, c.note, c.source,
  c.user_id, c.discard_reason, u.public_id AS author_public_id, u.name AS author_name,
  to_json(c.created_at)#>>'{}' AS created_at, to_json(c.reviewed_at)#>>'{}' AS reviewed_at,
  extract(epoch FROM now() - c.created_at)::int AS age_seconds,
  CASE c.entity_type
    WHEN 'movie' THEN (SELECT public_id FROM movies WHERE id = c.entity_id)
    WHEN 'release' THEN (SELECT public_id FROM releases WHERE id = c.entity_id)
    WHEN 'person' THEN (SELECT public_id FROM persons WHERE id = c.entity_id)
    WHEN 'label' THEN (SELECT public_id FROM labels WHERE id = c.entity_id)
    WHEN 'picture' THEN (SELECT public_id FROM pictures WHERE id = c.entity_id)
    WHEN 'video' THEN (SELECT public_id FROM videos WHERE id = c.entity_id)
    WHEN 'shopping_link' THEN (SELECT public_id FROM buying_links WHERE id = c.entity_id) END AS entity_public_id,
  CASE WHEN c.entity_type IN ('picture', 'video', 'shopping_link') THEN (
    SELECT json_build_object('type', CASE WHEN m.movie_id IS NULL THEN 'release' ELSE 'movie' END,
                             'public_id', coalesce(mv.public_id, rl.public_id), 'name', coalesce(mv.name, rl.name))
    FROM (SELECT movie_id, release_id FROM pictures WHERE c.entity_type = 'picture' AND id = c.entity_id
          UNION ALL SELECT movie_id, release_id FROM videos WHERE c.entity_type = 'video' AND id = c.entity_id
          UNION ALL SELECT movie_id, release_id FROM buying_links WHERE c.entity_type = 'shopping_link' AND id = c.entity_id) m
    LEFT JOIN movies mv ON mv.id = m.movie_id LEFT JOIN releases rl ON rl.id = m.release_id) END AS media_item,
  CASE c.entity_type
    WHEN 'movie' THEN (SELECT name FROM movies WHERE id = c.entity_id)
    WHEN 'release' THEN (SELECT name FROM releases WHERE id = c.entity_id)
    WHEN 'person' THEN (SELECT name FROM persons WHERE id = c.entity_id)
    WHEN 'label' THEN (SELECT name FROM labels WHERE id = c.entity_id) END AS entity_name`;
const REQUEST_FROM = sql`change_requests c JOIN users u ON u.id = c.user_id`;

function toDto(row: RequestListRow): ChangeRequestDto {
  const item =
    typeof row.media_item === 'string' ? (JSON.parse(row.media_item) as ChangeRequestDto['item']) : row.media_item;
  return {
    public_id: row.public_id,
    entity: row.entity_type,
    kind: row.kind,
    status: row.status,
    entity_public_id: row.entity_public_id,
    entity_name: row.entity_name ?? item?.name ?? null,
    item,
    changes: changesOf(row),
    note: row.note,
    source: row.source,
    discard_reason: row.discard_reason,
    author: { public_id: row.author_public_id, name: row.author_name },
    created_at: row.created_at,
    reviewed_at: row.reviewed_at,
  };
}

/**
 * One change request, for its author and admins (others: null).
 * @returns the request, or null when it does not exist or the actor may not see it
 */
export async function getChangeRequest(
  actor: Actor | null,
  publicId: string,
  db?: Db,
): Promise<ChangeRequestDto | null> {
  const d = await resolveDb(db);
  const [row] = await queryRows<RequestListRow>(
    d,
    sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE c.public_id = ${publicId}`,
  );
  if (!row || !(canEditOwnContent(actor, Number(row.user_id)) || canModerate(actor))) return null;
  return toDto(row);
}

/**
 * A suggested release (new or duplicate, not approved yet) with its pending request, for the
 * request's author and admins: what `/release/{id}/suggestion` shows them before approval.
 * @returns null for anyone else (visitors included), an unknown id, or a release that is public
 *   (approved) or has no pending request
 */
export async function getSuggestedRelease(
  actor: Actor | null,
  publicId: string,
  db?: Db,
): Promise<{ release: ReleaseDetail; request: ChangeRequestDto } | null> {
  if (!actor) return null;
  const d = await resolveDb(db);
  // Index change_requests_entity_idx (pending requests by entity).
  const [row] = await queryRows<{ public_id: string; user_id: number }>(
    d,
    sql`SELECT c.public_id, c.user_id FROM releases r
        JOIN change_requests c ON c.entity_type = 'release' AND c.entity_id = r.id AND c.status = 'pending'
          AND c.kind IN ('new', 'duplicate')
        WHERE r.public_id = ${publicId} AND NOT r.approved`,
  );
  if (!row || !(canEditOwnContent(actor, Number(row.user_id)) || canModerate(actor))) return null;
  const [release, request] = await Promise.all([
    getRelease(publicId, d, { unapproved: true }),
    getChangeRequest(actor, row.public_id, d),
  ]);
  return release && request ? { release, request } : null;
}

/** Filters of the change-request list: state (default pending), entity, kind, author (public id). */
export type ChangeListQuery = {
  status?: ChangeState | null;
  entity?: ChangeEntity | null;
  kind?: ChangeKind | null;
  user?: string | null;
  /** Suggestions sent together (the unknown discs of one collection import). */
  batch?: string | null;
};

/** A change request in a list: the request and its age in seconds (for the queue). */
export type ChangeRequestListItem = ChangeRequestDto & { age_seconds: number };

/**
 * One page of change requests: admins see everyone's (the queue: pending ones oldest first),
 * members only their own (newest first). Keyset paging on (created_at, id).
 * @returns `{ items, next_cursor }`
 * @throws AppError unauthorized (visitor), bad_cursor
 */
export async function listChangeRequests(
  actor: Actor | null,
  query: ChangeListQuery,
  page: Paging = {},
  db?: Db,
): Promise<{ items: ChangeRequestListItem[]; next_cursor: string | null }> {
  const member = requireAllowed(actor, canUseMemberFeatures(actor));
  const d = await resolveDb(db);
  const status = query.status ?? 'pending';
  const conds: SQL[] = [sql`c.status = ${status}`];
  if (query.entity) conds.push(sql`c.entity_type = ${query.entity}`);
  if (query.kind) conds.push(sql`c.kind = ${query.kind}`);
  if (query.batch) conds.push(sql`c.batch_id = ${query.batch}`);
  if (!canModerate(member)) conds.push(sql`c.user_id = ${member.userId}`);
  else if (query.user) conds.push(sql`c.user_id = (SELECT id FROM users WHERE public_id = ${query.user})`);
  const limit = page.limit ?? 24;
  const sort: KeysetSort = {
    name: status === 'pending' ? 'oldest' : 'newest',
    expr: sql`c.created_at`,
    cast: 'timestamptz',
    dir: status === 'pending' && canModerate(member) ? 'asc' : 'desc',
  };
  const rows = await keysetRows<RequestListRow & KeyedRow>(d, {
    columns: REQUEST_COLUMNS,
    from: REQUEST_FROM,
    conds,
    sort,
    idCol: sql`c.id`,
    cursor: page.cursor,
    limit,
  });
  return pageOfRows(rows, { limit, sort }, (r) => ({ ...toDto(r), age_seconds: Number(r.age_seconds) }));
}

/** One field of a change request as the admin queue compares it: as suggested against, as it is now, proposed. */
export type FieldDiff = { field: string; before: unknown; now: unknown; proposed: unknown; stale: boolean };

/** What helps an admin judge a request: the three-value diff and warning flags. */
export type ChangeReview = {
  request: ChangeRequestDto;
  fields: FieldDiff[];
  flags: {
    /** Fields changed since the suggestion (never applied blindly). */
    stale: boolean;
    /** The proposed EAN is another approved release's: its public id. */
    barcode_known: string | null;
    /** Another release with the same name key, format and year: its public id. */
    likely_duplicate: string | null;
    /** The request names no source. */
    no_source: boolean;
    /**
     * A deletion: how many records depend on the item now (list entries, reviews, posts, releases
     * holding a movie, a person's credits, a label's releases). A plain deletion is refused while
     * any is left; a merge moves them to `merge_into`. Null for other kinds.
     */
    in_use: number | null;
  };
  /** A picture's, video's or shopping link's item and what it shows (null for catalogue entities, and a dropped one). */
  media: MediaPreview | null;
};

/**
 * A request with its field-by-field diff and flags, for an admin's decision.
 * @returns null when the request does not exist
 * @throws AppError unauthorized, forbidden (not an admin)
 */
export async function reviewChangeRequest(
  actor: Actor | null,
  publicId: string,
  db?: Db,
): Promise<ChangeReview | null> {
  const admin = requireAllowed(actor, canModerate(actor));
  const d = await resolveDb(db);
  const request = await getChangeRequest(admin, publicId, d);
  if (!request) return null;
  const [row] = await queryRows<{ entity_id: number | null }>(
    d,
    sql`SELECT entity_id FROM change_requests WHERE public_id = ${publicId}`,
  );
  const fields = Object.keys(request.changes).filter((f) => f !== 'duplicate_of');
  const entityId = row.entity_id == null ? null : Number(row.entity_id);
  let now: FieldValues = {};
  if (request.kind === 'edit' && entityId != null)
    now = isMediaEntity(request.entity)
      ? ((await readMediaFields(d, request.entity, entityId)) ?? {})
      : ((await readFields(d, request.entity, entityId, fields)) ?? {});
  const diffs: FieldDiff[] = fields.map((f) => {
    const c = request.changes[f];
    const current = request.kind === 'edit' ? (now[f] ?? null) : c.before;
    return { field: f, before: c.before, now: current, proposed: c.after, stale: !sameValue(current, c.before) };
  });
  let barcodeKnown: string | null = null;
  let likelyDuplicate: string | null = null;
  let inUse: number | null = null;
  if (request.kind === 'delete' && entityId != null && !isMediaEntity(request.entity))
    inUse = await dependentsOf(d, request.entity, entityId);
  if (request.entity === 'release' && request.kind !== 'delete') {
    const ean = request.changes.ean?.after;
    const exceptId = row.entity_id ?? 0;
    if (typeof ean === 'string') {
      const [hit] = await queryRows<{ public_id: string }>(
        d,
        sql`SELECT public_id FROM releases WHERE ean = ${ean} AND approved AND id <> ${exceptId} LIMIT 1`,
      );
      barcodeKnown = hit?.public_id ?? null;
    }
    if (request.kind !== 'edit' && row.entity_id != null) {
      const [hit] = await queryRows<{ public_id: string }>(
        d,
        sql`SELECT o.public_id FROM releases r JOIN releases o ON o.name_key = r.name_key AND o.format = r.format
              AND o.id <> r.id AND o.approved
              AND coalesce(o.release_year, extract(year FROM o.street_date)::int) IS NOT DISTINCT FROM
                  coalesce(r.release_year, extract(year FROM r.street_date)::int)
            WHERE r.id = ${row.entity_id} LIMIT 1`,
      );
      likelyDuplicate = hit?.public_id ?? null;
    }
  }
  return {
    request,
    fields: diffs,
    flags: {
      stale: diffs.some((x) => x.stale),
      barcode_known: barcodeKnown,
      likely_duplicate: likelyDuplicate,
      no_source: !request.source,
      in_use: inUse,
    },
    media: isMediaEntity(request.entity) && entityId != null ? await mediaPreview(d, request.entity, entityId) : null,
  };
}

/**
 * Approves several pending requests at once (all suggestions of one collection import, say), each
 * in its own transaction: one that cannot be applied (a conflict) is reported and the rest go on.
 * The admins' top bars get one new count at the end, not one per request.
 * @returns per request: approved, or the error code
 * @throws AppError unauthorized, forbidden
 */
export async function approveChangeRequests(
  actor: Actor | null,
  publicIds: readonly string[],
  db?: Db,
): Promise<{ public_id: string; ok: boolean; error: string | null }[]> {
  const admin = requireAllowed(actor, canModerate(actor));
  const d = await resolveDb(db);
  const out: { public_id: string; ok: boolean; error: string | null }[] = [];
  for (const publicId of publicIds) {
    try {
      await approveOne(admin, publicId, {}, d, false);
      out.push({ public_id: publicId, ok: true, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      out.push({ public_id: publicId, ok: false, error: error.code });
    }
  }
  // One count for the admins' top bars, not one per request.
  const approved = out.filter((r) => r.ok).length;
  if (approved) await inTransaction(d, (tx) => announceSettled(tx, 'approved', approved));
  return out;
}

/** What an author changes in a pending request: proposed values (merged over the ones sent), note, source. */
export type ChangeAmendment = { values?: FieldValues; note?: string | null; source?: string | null };

/**
 * The author amends a pending request: the values given replace or join the proposed ones (a
 * value equal to the entity's current one drops that field), `note` and `source` replace theirs
 * when given. A suggested release is updated in place. The request keeps its age in the queue.
 * @returns the request, or field problems as submitChangeRequest gives them
 * @throws AppError unauthorized, forbidden (another member's), not_found, change_state (not pending)
 */
export async function amendChangeRequest(
  actor: Actor | null,
  publicId: string,
  amendment: ChangeAmendment,
  db?: Db,
): Promise<ChangeResult> {
  const member = requireAllowed(actor, canUseMemberFeatures(actor));
  const note = amendment.note === undefined ? null : optionalText(amendment.note, CHANGE_NOTE_MAX);
  const source = amendment.source === undefined ? null : optionalText(amendment.source, CHANGE_SOURCE_MAX);
  const errors: FieldErrors = {};
  if (note && 'error' in note) errors.note = note.error;
  if (source && 'error' in source) errors.source = source.error;
  if (Object.keys(errors).length) return { ok: false, errors };
  const d = await resolveDb(db);
  try {
    await inTransaction(d, async (tx) => {
      const row = await pendingRow(tx, publicId);
      if (!canEditOwnContent(member, Number(row.user_id))) throw new AppError('forbidden');
      const entity = row.entity_type;
      // A deletion has no field values: its note, source (and merge target, through a new request) say it all.
      if (row.kind === 'delete' && Object.keys(amendment.values ?? {}).length)
        throw new AppError('invalid_value', { field: 'values' });
      const values =
        row.kind === 'delete' || row.kind === 'import' || isMediaEntity(entity)
          ? {}
          : normalizeFields(entity, amendment.values ?? {});
      let changes = { ...changesOf(row) };
      const entityId = row.entity_id == null ? null : Number(row.entity_id);
      if (row.kind === 'import') {
        const merged = { imdb_id: changes.imdb_id?.after, type: changes.type?.after, ...(amendment.values ?? {}) };
        const parsed = parseImportRequest(merged);
        if ('errors' in parsed) throw new RulesBroken({ errors: parsed.errors, params: {} });
        await assertImportNew(tx, parsed.imdb_id, Number(row.id));
        changes = { imdb_id: { before: null, after: parsed.imdb_id }, type: { before: null, after: parsed.type } };
      } else if (isMediaEntity(entity)) {
        changes = await amendMediaChange(tx, entity, row.kind, entityId!, changes, amendment.values ?? {});
      } else if (row.kind === 'delete') {
        // Nothing but the note and source change.
      } else if (row.kind === 'edit') {
        const now = (await readFields(tx, entity, entityId!, catalogueFieldNames(entity)))!;
        for (const [f, v] of Object.entries(values)) {
          const before = changes[f]?.before ?? now[f] ?? null;
          if (sameValue(before, v)) delete changes[f];
          else changes[f] = { before, after: v };
        }
        const proposed = Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.after]));
        await checkRules(tx, entity, { ...now, ...proposed }, Object.keys(changes), entityId);
      } else if (entity === 'release' && entityId != null) {
        // A suggested (unapproved) release: the values go to its row, and the request shows them.
        const now = (await readFields(tx, 'release', entityId, catalogueFieldNames('release')))!;
        await checkRules(tx, 'release', { ...now, ...values }, Object.keys(values));
        await updateCatalogueEntity(tx, 'release', entityId, values, { userId: member.userId, approvedById: null });
        for (const [f, v] of Object.entries(values)) changes[f] = { before: changes[f]?.before ?? null, after: v };
      } else {
        const proposed = Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.after]));
        const next = { ...proposed, ...values };
        await checkRules(tx, entity, next, Object.keys(values));
        assertRequiredFields(entity, next);
        for (const [f, v] of Object.entries(values)) changes[f] = { before: null, after: v };
      }
      if (!Object.keys(changes).filter((f) => f !== 'duplicate_of').length) throw new AppError('nothing_to_update');
      await tx.execute(
        sql`UPDATE change_requests SET changes = ${JSON.stringify(changes)}::jsonb,
              note = CASE WHEN ${note !== null} THEN ${note && 'value' in note ? note.value : null} ELSE note END,
              source = CASE WHEN ${source !== null} THEN ${source && 'value' in source ? source.value : null} ELSE source END,
              updated_at = now()
            WHERE id = ${row.id} AND user_id = ${member.userId}`,
      );
    });
  } catch (error) {
    const failure = failureOf(error);
    if (failure) return failure;
    throw error;
  }
  return { ok: true, request: (await getChangeRequest(member, publicId, d))! };
}
