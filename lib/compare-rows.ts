/**
 * The rows of an edition comparison (`/movie/{id}/compare?r=…`, `GET /api/titles/{id}/compare`):
 * which releases were asked for, the rows in their groups, each release's comparable value per
 * row, and which rows differ. Pure: the page renders the values in the reader's language, the API
 * returns them as they are; both mark the same rows as differing.
 */
import type { ReleaseDetail } from '@/lib/data/types';
import { isPublicId } from '@/lib/validation/listing';

/** Fewest and most releases compared at once. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** Why a list of release ids cannot be compared: too few or too many, or a value that is no public id. */
export type CompareIdsError = 'compareCount' | 'compareInvalid';

/**
 * The release ids of the `r` parameter: its values (repeated `r=a&r=b` from the releases tab's
 * form, or `r=a,b` from a shared link) split on commas, trimmed, duplicates dropped, in the order
 * given.
 * @returns the ids, or the error and the number of distinct values given: `compareInvalid` for a
 *   value that is no public id, `compareCount` for fewer than COMPARE_MIN or more than COMPARE_MAX
 *   distinct ids
 */
export function parseCompareIds(
  values: readonly string[],
): { ids: string[] } | { error: CompareIdsError; count: number } {
  const ids = [
    ...new Set(
      values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.some((id) => !isPublicId(id))) return { error: 'compareInvalid', count: ids.length };
  if (ids.length < COMPARE_MIN || ids.length > COMPARE_MAX) return { error: 'compareCount', count: ids.length };
  return { ids };
}

/**
 * The comparison's one address for search engines and sharing: the release ids sorted, joined by
 * commas (`/movie/{id}/compare?r=a,b`), whatever order and form the request gave them in.
 */
export function compareHref(moviePublicId: string, releaseIds: readonly string[]): string {
  return `/movie/${moviePublicId}/compare?r=${[...releaseIds].sort().join(',')}`;
}

/** The row groups, in display order, with their rows. */
export const COMPARE_GROUPS = {
  release: ['format', 'country', 'label', 'regionCode', 'streetDate'],
  cut: ['runtime', 'cut', 'cutDetails', 'censorshipInfo', 'alternativeCuts'],
  pictureSound: ['aspectRatio', 'hdr', 'audioTracks', 'subtitles', 'format3d'],
  extras: ['extras'],
  packaging: ['packageType', 'boxType', 'slipcover', 'limitedCopies'],
  mastering: ['scanResolution', 'scanSource', 'processing'],
  price: ['rrp'],
  community: ['ratingPicture', 'ratingSound', 'ratingExtras', 'ratingPackage', 'owners'],
} as const;

export type CompareGroup = keyof typeof COMPARE_GROUPS;
export type CompareRowKey = (typeof COMPARE_GROUPS)[CompareGroup][number];

/** The release fields the rows read (lib/data/compare.ts ComparedRelease has them all). */
export type CompareInput = Pick<
  ReleaseDetail,
  | 'format'
  | 'country'
  | 'label'
  | 'spine_id'
  | 'region_code'
  | 'street_date'
  | 'release_year'
  | 'is_cut'
  | 'cut_seconds'
  | 'cut_seconds_approx'
  | 'cut_details'
  | 'censorship_info'
  | 'alternative_cuts_count'
  | 'alternative_cuts_details'
  | 'aspect_ratio'
  | 'anamorphic'
  | 'hdr'
  | 'audio_tracks'
  | 'subtitles'
  | 'format_3d'
  | 'extras'
  | 'extras_continued'
  | 'package_type'
  | 'box_type'
  | 'slipcover'
  | 'slipcover_limited_count'
  | 'limited_copies'
  | 'scan_resolution'
  | 'scan_source'
  | 'processing'
  | 'rrp'
  | 'rrp_currency'
  | 'member_ratings'
> & { owners: number };

/** A JSON value of one release in one row; null when the release has no data for it. */
export type CompareValue = string | number | boolean | null | CompareValue[] | { [key: string]: CompareValue };

const text = (v: string | null | undefined): string | null => (v && v.trim() ? v : null);
const list = <T extends CompareValue>(v: T[]): T[] | null => (v.length ? v : null);

/** A members' rating: how many rated the aspect and their mean (one decimal); null without ratings. */
function rating(r: { count: number; mean: number | null }): CompareValue {
  return r.count > 0 && r.mean != null ? { count: r.count, mean: Math.round(r.mean * 10) / 10 } : null;
}

/**
 * The value of row `key` for one release: what the page shows and the API returns, and what
 * "differs" compares. `runtimeMin` is the movie's runtime in minutes; the `runtime` row is it in
 * seconds less the release's cuts (seconds).
 */
export function compareValue(key: CompareRowKey, r: CompareInput, runtimeMin: number | null): CompareValue {
  switch (key) {
    case 'format':
      return r.format;
    case 'country':
      return r.country;
    case 'label':
      return r.label || r.spine_id != null
        ? { label: r.label ? { public_id: r.label.public_id, name: r.label.name } : null, spine: r.spine_id }
        : null;
    case 'regionCode':
      return text(r.region_code);
    case 'streetDate':
      return r.street_date ?? r.release_year;
    case 'runtime':
      return runtimeMin != null && runtimeMin > 0 ? runtimeMin * 60 - (r.is_cut ? (r.cut_seconds ?? 0) : 0) : null;
    case 'cut':
      return { cut: r.is_cut, seconds: r.is_cut ? r.cut_seconds : null, approx: r.is_cut && r.cut_seconds_approx };
    case 'cutDetails':
      return text(r.cut_details);
    case 'censorshipInfo':
      return text(r.censorship_info);
    case 'alternativeCuts':
      return r.alternative_cuts_count != null || text(r.alternative_cuts_details)
        ? { count: r.alternative_cuts_count, details: text(r.alternative_cuts_details) }
        : null;
    case 'aspectRatio':
      return text(r.aspect_ratio) ? { ratio: r.aspect_ratio, anamorphic: r.anamorphic } : null;
    case 'hdr':
      return list([...r.hdr].sort());
    case 'audioTracks':
      return list(r.audio_tracks.map((a) => ({ language: a.language || null, system: a.system || null })));
    case 'subtitles':
      return list([...r.subtitles].sort());
    case 'format3d':
      return r.format_3d > 0 ? r.format_3d : null;
    case 'extras':
      return text([r.extras, r.extras_continued].filter(Boolean).join('\n'));
    case 'packageType':
      return text(r.package_type);
    case 'boxType':
      return text(r.box_type);
    case 'slipcover':
      return r.slipcover > 0 ? { kind: r.slipcover, limited_count: r.slipcover_limited_count } : null;
    case 'limitedCopies':
      return r.limited_copies;
    case 'scanResolution':
      return text(r.scan_resolution);
    case 'scanSource':
      return text(r.scan_source);
    case 'processing':
      return text(r.processing);
    case 'rrp':
      return r.rrp ? { price: r.rrp, currency: r.rrp_currency } : null;
    case 'ratingPicture':
      return rating(r.member_ratings.aspects.picture);
    case 'ratingSound':
      return rating(r.member_ratings.aspects.sound);
    case 'ratingExtras':
      return rating(r.member_ratings.aspects.extras);
    case 'ratingPackage':
      return rating(r.member_ratings.aspects.package);
    case 'owners':
      return r.owners;
  }
}

/** One row of a comparison: its key and group, each release's value (in the releases' order), and whether they differ. */
export type CompareRow = { key: CompareRowKey; group: CompareGroup; values: CompareValue[]; differs: boolean };

/**
 * Every row that at least one release has data for, in group order. A row differs when two
 * releases' values are not the same (a missing value against a present one differs too).
 */
export function compareRows(releases: readonly CompareInput[], runtimeMin: number | null): CompareRow[] {
  const rows: CompareRow[] = [];
  for (const [group, keys] of Object.entries(COMPARE_GROUPS) as [CompareGroup, readonly CompareRowKey[]][]) {
    for (const key of keys) {
      const values = releases.map((r) => compareValue(key, r, runtimeMin));
      if (values.every((v) => v === null)) continue;
      const differs = new Set(values.map((v) => JSON.stringify(v))).size > 1;
      rows.push({ key, group, values, differs });
    }
  }
  return rows;
}
