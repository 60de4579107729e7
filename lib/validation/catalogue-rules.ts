/**
 * The rules a suggested movie, release, person or label must follow, on the record as it
 * would be after the change: the values proposed over the values it has now. Each broken rule
 * names its field with a `forms` message key (texts such as 'This field is required',
 * 'Maximum field length is {0} chars', 'Year below {0} not allowed', "Can't be less than one",
 * '{0} can only have {1} audio tracks', …). Pure: shared by the forms and the server.
 */
import { isValidBarcode } from '@/lib/barcode';
import { COLUMN_FIELDS, type CatalogueEntity } from './catalogue-fields';
import {
  BLURAY_REGION_CODES,
  COUNTRY_IDS,
  CURRENCIES,
  DVD_REGION_CODES,
  FORMAT_GROUPS,
  FORMAT_IDS,
  MOVIE_TYPE_IDS,
  type FormatId,
} from './enums';

/** No film (or release of one) is older than this year ('Year below {0} not allowed'). */
export const YEAR_MIN = 1888;
/** Characters of a short text field (names, codes, one-line facts). */
export const SHORT_TEXT_MAX = 300;
/** Characters of a long text field (descriptions, details, notes). */
export const LONG_TEXT_MAX = 10_000;

/** Text fields that take long text; every other text field (and each item of a list) is short. */
export const LONG_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'plot',
  'synopsis',
  'biography',
  'cut_details',
  'censorship_info',
  'alternative_cuts_details',
  'backcover_text',
  'story_description',
  'sleeve_description',
  'extras',
  'extras_continued',
  'packaging_notes',
  'mastering_details',
]);

/** The most characters a text field takes. */
export function textMax(field: string): number {
  return LONG_TEXT_FIELDS.has(field) ? LONG_TEXT_MAX : SHORT_TEXT_MAX;
}

/**
 * Audio tracks a release of each format can carry ('{0} can only have {1} audio tracks'):
 * a videotape its linear and hi-fi tracks (2), a DVD the 8 audio streams of the DVD-Video
 * specification, Blu-ray and 4K UHD discs the 32 of the BD-ROM specification.
 */
export const AUDIO_TRACKS_MAX: Readonly<Record<FormatId, number>> = {
  1: 32,
  2: 2,
  3: 8,
  4: 8,
  5: 32,
  7: 32,
  11: 32,
};

/** Count fields that are at least one when given ("Can't be less than one"). */
const COUNT_FIELDS = [
  'discs_count',
  'limited_copies',
  'slipcover_limited_count',
  'alternative_cuts_count',
  'cut_seconds',
  'runtime_min',
  'seasons_amount',
  'episodes_amount',
  'season',
  'episode',
] as const;

/** What a broken rule says: field → `forms` message key, and the parameters of those messages. */
export type RuleErrors = { errors: Record<string, string>; params: Record<string, string | number> };

const has = (v: unknown) => v != null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * Checks the record an entity would have after a change.
 * @param record the values proposed over the current ones (normalised: lib/data/catalogue-writes.ts
 *   normalizeFields), for the fields the entity has; missing fields count as empty
 * @param changed the fields the change sets: a rule is checked when the change touches one of its
 *   fields (an edit of one field is not refused for an imported value elsewhere that breaks a rule)
 * @returns the errors by field (empty when every rule holds) and the message parameters
 */
export function checkCatalogueRecord(
  entity: CatalogueEntity,
  record: Readonly<Record<string, unknown>>,
  changed: readonly string[],
): RuleErrors {
  const errors: Record<string, string> = {};
  const params: Record<string, string | number> = {};
  const touched = new Set(changed);
  const fail = (field: string, key: string) => {
    errors[field] ??= key;
  };
  /** Whether the change touches any of these fields. */
  const touches = (...fields: string[]) => fields.some((f) => touched.has(f));
  for (const field of changed) {
    const def = COLUMN_FIELDS[entity][field];
    const v = record[field];
    if (def?.kind === 'text' && typeof v === 'string' && v.length > textMax(field)) fail(field, 'maxLength');
    if (def?.kind === 'texts' && Array.isArray(v) && v.some((s) => typeof s === 'string' && s.length > SHORT_TEXT_MAX))
      fail(field, 'maxLength');
  }
  if (touches('name') && !has(record.name)) fail('name', 'required');
  for (const field of ['year', 'release_year'])
    if (touches(field) && typeof record[field] === 'number' && (record[field] as number) < YEAR_MIN) {
      fail(field, 'yearBelow');
      params.min = YEAR_MIN;
    }
  for (const field of COUNT_FIELDS)
    if (touches(field) && typeof record[field] === 'number' && (record[field] as number) < 1)
      fail(field, 'lessThanOne');

  if (entity === 'movie') {
    if (touches('type') && record.type != null && !MOVIE_TYPE_IDS.includes(record.type as never))
      fail('type', 'invalid');
    if (touches('imdb_id') && typeof record.imdb_id === 'string' && !/^tt\d{7,10}$/.test(record.imdb_id))
      fail('imdb_id', 'invalid');
  }
  if (entity === 'release') checkRelease(record, touches, fail, params);
  return { errors, params };
}

function checkRelease(
  r: Readonly<Record<string, unknown>>,
  touches: (...fields: string[]) => boolean,
  fail: (field: string, key: string) => void,
  params: Record<string, string | number>,
): void {
  const format = r.format as FormatId | null | undefined;
  if (touches('format')) {
    if (!has(format)) fail('format', 'required');
    else if (!FORMAT_IDS.includes(format!)) fail('format', 'invalid');
  }
  if (touches('movies') && !has(r.movies)) fail('movies', 'required');
  // A box type needs the format first; a label series needs the label first.
  if (touches('box_type', 'format') && has(r.box_type) && !has(format)) fail('box_type', 'boxTypeNeedsFormat');
  if (touches('label_series', 'label') && has(r.label_series) && !has(r.label))
    fail('label_series', 'labelSeriesNeedsLabel');
  // The release year stays blank when the exact street date is known.
  if (touches('release_year', 'street_date') && has(r.release_year) && has(r.street_date))
    fail('release_year', 'releaseYearWithStreetDate');
  if (touches('country') && r.country != null && !COUNTRY_IDS.includes(r.country as never)) fail('country', 'invalid');
  // Region codes: DVDs 0-6, Blu-ray discs A, B, C, ABC (other formats are not checked).
  if (touches('region_code', 'format') && typeof r.region_code === 'string' && format != null) {
    const isDvd = (FORMAT_GROUPS.dvd as readonly number[]).includes(format);
    const isBluray = (FORMAT_GROUPS.bluray as readonly number[]).includes(format);
    const codes: readonly string[] | null = isDvd ? DVD_REGION_CODES : isBluray ? BLURAY_REGION_CODES : null;
    if (codes && !codes.includes(r.region_code)) fail('region_code', 'invalid');
  }
  if (touches('ean') && typeof r.ean === 'string' && !isValidBarcode(r.ean)) fail('ean', 'invalid');
  if (touches('ean', 'no_ean') && r.ean != null && r.no_ean === true) fail('no_ean', 'invalid');
  if (touches('rrp_currency') && typeof r.rrp_currency === 'string' && !CURRENCIES.includes(r.rrp_currency as never))
    fail('rrp_currency', 'invalid');
  if (touches('rrp', 'rrp_currency') && r.rrp != null && r.rrp_currency == null) fail('rrp_currency', 'required');
  for (const field of ['slipcover', 'format_3d'])
    if (touches(field) && r[field] != null && ![0, 1, 2, 3].includes(r[field] as number)) fail(field, 'invalid');
  const tracks = r.audio_tracks;
  if (touches('audio_tracks', 'format') && tracks != null) {
    if (
      !Array.isArray(tracks) ||
      tracks.some(
        (t) =>
          !t ||
          typeof (t as { language?: unknown }).language !== 'string' ||
          typeof (t as { system?: unknown }).system !== 'string' ||
          !(t as { language: string }).language.trim() ||
          !(t as { system: string }).system.trim(),
      )
    )
      fail('audio_tracks', 'invalid');
    else if (format != null && FORMAT_IDS.includes(format) && tracks.length > AUDIO_TRACKS_MAX[format]) {
      fail('audio_tracks', 'audioTracksLimit');
      params.format = format;
      params.max = AUDIO_TRACKS_MAX[format];
    }
  }
}
