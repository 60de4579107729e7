/**
 * The bodies and queries of the change-request API (app/api/changes): what a member suggests,
 * how an admin resolves fields changed since, the discard reason, a bulk approval. Field values
 * are checked by the data layer against lib/validation/catalogue-fields.ts. Pure: shared by forms
 * and the server.
 */
import { z } from 'zod';
import { CATALOGUE_ENTITIES, CHANGE_KINDS, CHANGE_STATES, type CatalogueEntity } from './catalogue-fields';
import { CHANGE_NOTE_MAX, CHANGE_SOURCE_MAX, MODERATION_REASON_MAX } from './limits';
import { MEDIA_ENTITIES, type MediaEntity } from './media-fields';

/** What a change request is about: a catalogue entity, or a picture, video or shopping link of a movie or release. */
export const CHANGE_ENTITIES = [...CATALOGUE_ENTITIES, ...MEDIA_ENTITIES] as const;
export type ChangeEntity = CatalogueEntity | MediaEntity;

/** Public id of a change request or catalogue entity in a body. */
const publicIdText = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** POST /api/changes: `{ entity, kind, target?, values, note?, source?, merge_into? }` (a deletion: target, note, merge_into?). */
export const changeRequestSchema = z.object({
  entity: z.enum(CHANGE_ENTITIES),
  kind: z.enum(CHANGE_KINDS),
  target: publicIdText.nullish().meta({ description: 'Public id of the entity edited, duplicated or deleted' }),
  values: z
    .record(z.string(), z.unknown())
    .default({})
    .meta({ description: 'Field name → proposed value (lib/validation/catalogue-fields.ts)' }),
  note: z.string().max(CHANGE_NOTE_MAX).nullish().meta({ description: 'Why, and what the source says' }),
  source: z.string().max(CHANGE_SOURCE_MAX).nullish().meta({ description: 'The disc in hand, a photo, a URL' }),
  merge_into: publicIdText
    .nullish()
    .meta({ description: 'A deletion: the public id of the item of the same kind the deleted one is merged into' }),
});

/** PATCH /api/changes/{id}: the author's amendment of a pending request. */
export const amendSchema = z.object({
  values: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'Field name → proposed value, merged over the values sent before' }),
  note: z.string().max(CHANGE_NOTE_MAX).nullish().meta({ description: 'Replaces the note when given' }),
  source: z.string().max(CHANGE_SOURCE_MAX).nullish().meta({ description: 'Replaces the source when given' }),
});

/** POST /api/changes/{id}/approve: per field changed since the suggestion, keep `current` or take `proposed`. */
export const approveSchema = z.object({
  resolutions: z
    .record(z.string(), z.enum(['current', 'proposed']))
    .default({})
    .meta({ description: "Field name → 'current' (keep today's value) or 'proposed' (take the suggestion's)" }),
});

/** POST /api/changes/{id}/discard: the reason the author sees. */
export const discardSchema = z.object({
  reason: z.string().max(MODERATION_REASON_MAX).nullish().meta({ description: 'Why (required; the author sees it)' }),
});

/** POST /api/changes/bulk_approve: the requests to approve (at most 200 at once). */
export const bulkApproveSchema = z.object({
  ids: z.array(publicIdText).min(1).max(200).meta({ description: 'Public ids of pending change requests (1-200)' }),
});

/** POST /api/collections/{id}/suggestions: the unknown discs of an import, suggested as new releases. */
export const discSuggestionsSchema = z.object({
  discs: z
    .array(
      z.object({
        ean: z.string().max(20).meta({ description: 'The barcode the import read (EAN-13 or UPC-A)' }),
        values: z
          .record(z.string(), z.unknown())
          .meta({ description: 'The release fields: name, format, movies (public ids), label, release_year, …' }),
      }),
    )
    .min(1)
    .max(200)
    .meta({ description: 'The discs to suggest (1-200)' }),
});

/** GET /api/changes filters. */
export const changeListFilters = {
  status: z.enum(CHANGE_STATES).optional(),
  entity: z.enum(CHANGE_ENTITIES).optional(),
  kind: z.enum(CHANGE_KINDS).optional(),
  batch: publicIdText.optional().meta({ description: 'Suggestions sent together (one collection import)' }),
};

/** Longest merge target a member types in the deletion dialog (a public id, or an item's address). */
export const MERGE_INTO_MAX = 300;

/**
 * The public id in what a member typed as a deletion's merge target: an item's address of the
 * same kind (`https://…/fi/release/abc`, `/release/abc/photos`) or the id itself (trimmed).
 */
export function mergeTargetOf(text: string, entity: CatalogueEntity): string {
  const v = text.trim();
  const m = new RegExp(`/${entity}/([A-Za-z0-9_-]+)`).exec(v);
  return m ? m[1] : v;
}
