/**
 * Pictures, videos and shopping links as change requests name them: the media entities, their
 * editable fields, how a member's values are checked and normalised, and the points an approved
 * one earns. A media item belongs to one movie or one release (the field `movie` or `release`,
 * the item's public id, set when it is added and never edited). Pure: shared by the forms and the
 * server.
 */
import { PICTURE_VARIANT } from '@/lib/picture-urls';
import { PICTURE_TYPES, VIDEO_TYPES } from './enums';
import { PICTURE_SOURCE_MAX, VIDEO_CHAPTER_MAX } from './media-limits';
import { parseShoppingLink, type ShoppingLinkProblem } from './shopping-links';
import { parseServiceId, parseYoutubeUrl, youtubeServiceId } from './youtube';

/** The media entities members suggest through change requests. */
export const MEDIA_ENTITIES = ['picture', 'video', 'shopping_link'] as const;
export type MediaEntity = (typeof MEDIA_ENTITIES)[number];

/** Whether a change request's entity is a media entity. */
export function isMediaEntity(entity: string): entity is MediaEntity {
  return (MEDIA_ENTITIES as readonly string[]).includes(entity);
}

/** What a media item belongs to. */
export const MEDIA_ITEM_TYPES = ['movie', 'release'] as const;
export type MediaItemType = (typeof MEDIA_ITEM_TYPES)[number];

/**
 * Editable fields per media entity:
 * - picture: `type` (PICTURE_TYPES id), `source` (credit line), `is_default` (the item's picture),
 *   `variant` (a full cover's variant name, lowercase letters and digits, e.g. "reverse"; given
 *   with the upload only, as the stored files are named by it);
 * - video: `youtube_id` (the service id: the video id, `?t={seconds}` when it starts later; a
 *   YouTube address is accepted and reduced to it), `type` (VIDEO_TYPES id), `chapter`;
 * - shopping_link: `url` (the shop's canonical product address; a pasted address is reduced to it).
 */
export const MEDIA_FIELDS: { readonly [E in MediaEntity]: readonly string[] } = {
  picture: ['type', 'source', 'is_default', 'variant'],
  video: ['youtube_id', 'type', 'chapter'],
  shopping_link: ['url'],
};

/** The JSON kind of each media field's value (as lib/validation/catalogue-fields.ts ColumnKind names them). */
export const MEDIA_FIELD_KINDS: Readonly<Record<string, 'text' | 'int' | 'bool'>> = {
  type: 'int',
  source: 'text',
  is_default: 'bool',
  variant: 'text',
  youtube_id: 'text',
  chapter: 'text',
  url: 'text',
};

/** Fields given when a media item is added and never edited afterwards. */
export const MEDIA_NEW_ONLY: { readonly [E in MediaEntity]: readonly string[] } = {
  picture: ['variant'],
  video: [],
  shopping_link: [],
};

/** Fields a new media item must have. */
export const MEDIA_REQUIRED: { readonly [E in MediaEntity]: readonly string[] } = {
  picture: ['type'],
  video: ['youtube_id', 'type'],
  shopping_link: ['url'],
};

/**
 * Points an approved media contribution earns its author: a picture 2 (an upload is work: scanning
 * or photographing the disc), a video 1, a shopping link 1; an edit or a deletion 1.
 */
export const MEDIA_POINTS = {
  new: { picture: 2, video: 1, shopping_link: 1 },
  edit: 1,
  delete: 1,
} as const;

/** The points of an approved media request. Pure. */
export function mediaPointsFor(kind: 'new' | 'edit' | 'delete', entity: MediaEntity): number {
  return kind === 'new' ? MEDIA_POINTS.new[entity] : MEDIA_POINTS[kind];
}

/** The message key (`forms` namespace) of a refused shopping link. */
export const SHOPPING_LINK_ERRORS: Record<ShoppingLinkProblem, string> = {
  empty: 'shoppingLinkEmpty',
  length: 'shoppingLinkLength',
  host: 'shoppingLinkHost',
  product: 'shoppingLinkProduct',
};

/** Normalised media values, or field problems as `forms` message keys. */
export type MediaValuesResult = { values: Record<string, unknown> } | { errors: Record<string, string> };

const PICTURE_TYPE_IDS: readonly number[] = Object.values(PICTURE_TYPES);
const VIDEO_TYPE_IDS: readonly number[] = Object.values(VIDEO_TYPES);

/** Trimmed text or null within `max` characters; undefined for a value that is not text. */
function text(value: unknown, max: number): { ok: string | null } | { error: string } {
  if (value == null) return { ok: null };
  if (typeof value !== 'string') return { error: 'invalid' };
  const v = value.trim();
  if (v.length > max) return { error: 'maxLength' };
  return { ok: v || null };
}

/** An integer id out of `ids` (a number or a string of digits), or null. */
function typeId(value: unknown, ids: readonly number[]): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && ids.includes(n) ? n : null;
}

/**
 * Checks and normalises the values of a media entity's fields (only the fields given; unknown
 * fields are refused). A video's `youtube_id` accepts a YouTube address or a service id; a
 * shopping link's `url` is reduced to the shop's canonical product address.
 * @returns the normalised values, or per field a `forms` key: invalid, maxLength, youtubeInvalid,
 *   shoppingLinkEmpty, shoppingLinkLength, shoppingLinkHost, shoppingLinkProduct
 */
export function normalizeMediaValues(entity: MediaEntity, values: Record<string, unknown>): MediaValuesResult {
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    if (!MEDIA_FIELDS[entity].includes(field)) {
      errors[field] = 'invalid';
      continue;
    }
    if (field === 'type') {
      const id = typeId(value, entity === 'picture' ? PICTURE_TYPE_IDS : VIDEO_TYPE_IDS);
      if (id == null) errors.type = 'invalid';
      else out.type = id;
    } else if (field === 'is_default') {
      if (typeof value !== 'boolean') errors.is_default = 'invalid';
      else out.is_default = value;
    } else if (field === 'source' || field === 'chapter') {
      const t = text(value, field === 'source' ? PICTURE_SOURCE_MAX : VIDEO_CHAPTER_MAX);
      if ('error' in t) errors[field] = t.error;
      else out[field] = t.ok;
    } else if (field === 'variant') {
      const t = text(value, 20);
      if ('error' in t) errors.variant = t.error;
      else if (t.ok !== null && !PICTURE_VARIANT.test(t.ok)) errors.variant = 'invalid';
      else out.variant = t.ok;
    } else if (field === 'youtube_id') {
      const id = typeof value === 'string' ? youtubeIdOf(value) : null;
      if (!id) errors.youtube_id = 'youtubeInvalid';
      else out.youtube_id = id;
    } else if (field === 'url') {
      const link = parseShoppingLink(typeof value === 'string' ? value : '');
      if ('problem' in link) errors.url = SHOPPING_LINK_ERRORS[link.problem];
      else out.url = link.url;
    }
  }
  return Object.keys(errors).length ? { errors } : { values: out };
}

/** The service id of a YouTube address or of a service id (`ID` or `ID?t=SECONDS`), or null. */
function youtubeIdOf(value: string): string | null {
  const v = value.trim();
  const asId = parseServiceId(v);
  if (asId) return youtubeServiceId(asId);
  const parsed = parseYoutubeUrl(v);
  return parsed ? youtubeServiceId(parsed) : null;
}

/**
 * Checks a media record as it would be after a change: the required fields are there, and a
 * variant belongs to a full cover only.
 * @returns per field a `forms` key (`required`, `variantFullCover`), empty when the record is whole
 */
export function checkMediaRecord(entity: MediaEntity, record: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of MEDIA_REQUIRED[entity]) if (record[f] == null || record[f] === '') errors[f] = 'required';
  if (entity === 'picture' && record.variant != null && record.type !== PICTURE_TYPES.full_cover)
    errors.variant = 'variantFullCover';
  return errors;
}
