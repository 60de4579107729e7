import 'server-only';
/**
 * Releases: listings (keyset-paginated), one release with every field, other releases of the
 * same movies. Data source: tables releases, release_movies, movies, labels, label_groups,
 * censorship_events, pictures, videos, buying_links. Public lists show approved releases only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { parseSearchQuery, type SearchQuery } from '@/lib/search-query';
import { COUNTRIES, countryCodeFromId } from '@/lib/validation/enums';
import {
  DEFAULT_SORT,
  type ListingQuery,
  type ListSort,
  type PriceBand,
  type ReleaseListQuery,
} from '@/lib/validation/listing';
import { releaseMemberRatings } from './best-editions';
import { buyingLinksWhere, censorshipEvents, picturesWhere, videosWhere } from './catalogue-media';
import { RELEASE_LIST_COLUMNS, toReleaseListItem, type ReleaseListRow, withoutListColumns } from './catalogue-rows';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { listingTextConditions, pageWithCloseMatches, type CloseWords } from './search-words';
import { personsNamed } from './search-credits';
import { and, eurosSql, inList, queryRows, resolveDb } from './sql';
import type { Page, ReleaseDetail, ReleaseListItem, SearchPage } from './types';
import { dayIn, siteTimeZone } from '@/lib/time-zone';

/** Default page size of release listings. */
export const RELEASE_PAGE_SIZE = 24;

/** RRP bands in euros: [min inclusive, max exclusive]. */
const PRICE_BANDS: Record<PriceBand, [number, number | null]> = {
  u10: [0, 10],
  u20: [0, 20],
  u30: [0, 30],
  u50: [0, 50],
  u100: [0, 100],
  o100: [100, null],
};

/** Sort of a release listing (`so`): key expression over `releases r`, NULLS LAST, id as tie-breaker. */
export function releaseSort(so: ListSort | null): KeysetSort {
  switch (so ?? DEFAULT_SORT) {
    case 'date_asc':
      return { name: 'date_asc', expr: sql`r.street_date`, cast: 'date', dir: 'asc', nullable: true };
    case 'name':
      return { name: 'name', expr: sql`r.name_key`, cast: 'text', dir: 'asc' };
    case 'year_desc':
      return { name: 'year_desc', expr: sql`r.movie_year`, cast: 'int', dir: 'desc', nullable: true };
    case 'cut_desc':
      return { name: 'cut_desc', expr: sql`r.cut_seconds`, cast: 'int', dir: 'desc', nullable: true };
    case 'added_desc':
      return { name: 'added_desc', expr: sql`r.created_at`, cast: 'timestamptz', dir: 'desc' };
    case 'spine':
      // A label's series order (Criterion spine numbers); with a label filter it reads the
      // (label_id, spine_number, id) index, without one (spine_number, id).
      return { name: 'spine', expr: sql`r.spine_number`, cast: 'int', dir: 'asc', nullable: true };
    case 'date_desc':
    default:
      return { name: 'date_desc', expr: sql`r.street_date`, cast: 'date', dir: 'desc', nullable: true };
  }
}

/**
 * Today as YYYY-MM-DD in the site's time zone (lib/time-zone.ts; street dates are the market's
 * calendar days): the reference of `dr`/`dn`.
 */
export function todayIso(now: Date = new Date(), timeZone: string = siteTimeZone()): string {
  return dayIn(now, timeZone);
}

/** Title types selected by the `fi` type filters: movie = films (movie, short, documentary). */
export function typeFilterIds(fi: readonly string[]): number[] {
  const ids: number[] = [];
  if (fi.includes('movie')) ids.push(1, 3, 4);
  if (fi.includes('tv_series')) ids.push(2);
  if (fi.includes('tv_episode')) ids.push(5);
  return ids;
}

/**
 * Release-level conditions over `releases r` shared by release listings and (inside EXISTS) by
 * title listings: formats, countries, cut, cut duration, street-date window, RRP band,
 * production companies, language, and the `[format]` part of q.
 */
export function releaseLevelConditions(
  query: Partial<ListingQuery>,
  today: string,
  formatsFromQ: readonly number[] | null = null,
): SQL[] {
  const c: SQL[] = [];
  if (query.fo?.length) c.push(inList(sql`r.format`, query.fo));
  if (formatsFromQ?.length) c.push(inList(sql`r.format`, formatsFromQ));
  if (query.co?.length) c.push(inList(sql`r.country`, query.co));
  if (query.cd === 'over10') c.push(sql`r.is_cut AND r.cut_seconds > 600`);
  else if (query.cd === 'over5') c.push(sql`r.is_cut AND r.cut_seconds > 300`);
  else if (query.cd === 'upto5') c.push(sql`r.is_cut AND r.cut_seconds <= 300`);
  const dir = query.dr ?? (query.dn ? 'past' : null);
  if (dir === 'past') {
    c.push(sql`r.street_date <= CAST(${today} AS date)`);
    if (query.dn) c.push(sql`r.street_date >= CAST(${today} AS date) - ${query.dn}::int`);
  } else if (dir === 'future') {
    c.push(sql`r.street_date > CAST(${today} AS date)`);
    if (query.dn) c.push(sql`r.street_date <= CAST(${today} AS date) + ${query.dn}::int`);
  }
  if (query.pr) {
    const [min, max] = PRICE_BANDS[query.pr];
    const eur = eurosSql(sql`r.rrp`, sql`r.rrp_currency`);
    c.push(sql`r.rrp IS NOT NULL AND ${eur} >= ${String(min)}::numeric`);
    if (max !== null) c.push(sql`${eur} < ${String(max)}::numeric`);
  }
  if (query.pc === 'any') {
    c.push(
      sql`EXISTS (SELECT 1 FROM release_movies rmp JOIN movie_production_companies mpc ON mpc.movie_id = rmp.movie_id WHERE rmp.release_id = r.id)`,
    );
  } else if (query.pc?.length) {
    c.push(sql`EXISTS (SELECT 1 FROM release_movies rmp JOIN movie_production_companies mpc ON mpc.movie_id = rmp.movie_id
                JOIN production_companies pco ON pco.id = mpc.company_id WHERE rmp.release_id = r.id AND ${inList(sql`pco.public_id`, query.pc)})`);
  }
  return c;
}

/**
 * Every condition of a release listing over `releases r` (approved only). `close`: close
 * spellings of q's words (lib/data/search-words.ts), or none.
 */
function releaseListConditions(
  query: Partial<ReleaseListQuery>,
  today: string,
  close?: CloseWords | null,
  ofTypes?: readonly number[] | null,
  credited?: readonly number[] | null,
): SQL[] {
  const q = parseSearchQuery(query.q);
  const c: SQL[] = [sql`r.approved`, ...releaseLevelConditions(query, today, q.formats)];
  const fi = query.fi ?? [];
  const types = typeFilterIds(fi);
  if (ofTypes) c.push(inList(sql`r.id`, ofTypes));
  else if (types.length)
    c.push(
      sql`EXISTS (SELECT 1 FROM release_movies rmt JOIN movies mt ON mt.id = rmt.movie_id WHERE rmt.release_id = r.id AND ${inList(sql`mt.type`, types)})`,
    );
  if (fi.includes('cut')) c.push(sql`r.is_cut`);
  // Reviewed: at least one review linking the release (reviews_release_idx).
  if (fi.includes('reviewed')) c.push(sql`EXISTS (SELECT 1 FROM reviews rv WHERE rv.release_id = r.id)`);
  if (fi.includes('video')) c.push(sql`EXISTS (SELECT 1 FROM videos v WHERE v.release_id = r.id)`);
  // Lower-cased audio and subtitle languages (generated column, GIN index).
  if (query.la) c.push(sql`r.language_keys @> ARRAY[${query.la}]::text[]`);
  const text = listingTextConditions(q, close ?? null, {
    from: sql`releases r`,
    idCol: sql`r.id`,
    searchCol: sql`r.search_text`,
    keyCol: sql`r.name_key`,
  });
  // `credited`: releases of films credited to the persons q's words name match as well.
  if (text.length && credited?.length) c.push(sql`(${and(text)} OR ${inList(sql`r.id`, credited)})`);
  else c.push(...text);
  if (q.year !== null)
    c.push(
      sql`EXISTS (SELECT 1 FROM release_movies rmy JOIN movies my ON my.id = rmy.movie_id WHERE rmy.release_id = r.id AND my.year = ${q.year})`,
    );
  if (query.label) c.push(sql`r.label_id = (SELECT lb.id FROM labels lb WHERE lb.public_id = ${query.label})`);
  if (query.spine != null) c.push(sql`r.spine_number = ${query.spine}`);
  if (query.ean) c.push(sql`r.ean = ${query.ean}`);
  return c;
}

/** Runs a keyset page of releases with the given conditions (over `releases r`). */
export async function releasePage(
  db: Db,
  query: { conds: SQL[]; sort: KeysetSort },
  page: { cursor?: string | null; limit: number },
): Promise<Page<ReleaseListItem>> {
  const { conds, sort } = query;
  const { cursor, limit } = page;
  const rows = await keysetRows<ReleaseListRow & { sk: string | null }>(db, {
    columns: RELEASE_LIST_COLUMNS,
    from: sql`releases r LEFT JOIN labels l ON l.id = r.label_id`,
    conds,
    sort,
    idCol: sql`r.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort }, toReleaseListItem);
}

/**
 * One page of approved releases matching the listing query (lib/validation/listing.ts), sorted
 * by `so` (default street date, newest first; releases without a date last). When q's words find
 * fewer than CLOSE_MATCH_FEW_RESULTS releases, close spellings are searched too and the page
 * carries `close` (lib/data/search-words.ts pageWithCloseMatches). On a label's listing (`label`)
 * the words also find the label's releases of films credited to the persons they name
 * ("kurosawa" on the Criterion label: the releases named after him and his films' releases), and
 * the page carries `credited` naming those persons when the label has approved releases of their
 * films.
 * @param cursor `next_cursor` of the previous page (same query and sort)
 * @param limit page size, 1-100
 * @throws AppError bad_cursor (HTTP 400) for a malformed cursor or one of another sort
 */
export async function listReleases(
  query: Partial<ReleaseListQuery>,
  page: Paging = {},
  db?: Db,
): Promise<SearchPage<ReleaseListItem>> {
  const { cursor = null, limit = RELEASE_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const today = todayIso();
  const ofTypes = await fewReleasesOfTypes(d, query.fi ?? []);
  const q = parseSearchQuery(query.q);
  const credited = query.label ? await labelCredits(d, query.label, q) : null;
  const found = await pageWithCloseMatches(d, { q, sort: releaseSort(query.so ?? null), cursor }, (close, sort) =>
    releasePage(
      d,
      { conds: releaseListConditions(query, today, close, ofTypes, credited?.ids), sort },
      { cursor, limit },
    ),
  );
  return credited ? { ...found, credited: credited.persons } : found;
}

/**
 * The releases of a label holding a film credited to the persons q's words name (the
 * CREDIT_PERSON_LIMIT most credited whose search document holds every word), and those persons;
 * null when the words name nobody or the label has none of their films. Collected from the
 * persons' credits, so the cost follows their filmographies.
 */
async function labelCredits(
  db: Db,
  label: string,
  q: SearchQuery,
): Promise<{ ids: number[]; persons: { public_id: string; name: string }[] } | null> {
  const persons = await personsNamed(db, q);
  if (!persons.length) return null;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT rm.release_id AS id FROM credits cc
        JOIN release_movies rm ON rm.movie_id = cc.movie_id
        JOIN releases rr ON rr.id = rm.release_id
        WHERE ${inList(
          sql`cc.person_id`,
          persons.map((p) => p.id),
        )} AND rr.approved AND rr.label_id = (SELECT lb.id FROM labels lb WHERE lb.public_id = ${label})`,
  );
  if (!rows.length) return null;
  return { ids: rows.map((r) => r.id), persons: persons.map(({ public_id, name }) => ({ public_id, name })) };
}

/** The most releases a TV type filter collects as a set of ids (see {@link fewReleasesOfTypes}). */
export const TYPE_SET_MAX = 1000;

/**
 * The ids of the releases holding a TV series or an episode, for the `fi` filters `tv_series`
 * and `tv_episode` without `movie`, when there are at most {@link TYPE_SET_MAX}: a walk of the
 * movies of those types, one index probe of their releases each, stopping after the limit. A
 * listing then reads those releases alone, where testing each release for the type while walking
 * its sort order would go through the whole catalogue to find few or none (the planner cannot
 * tell how many of those titles have releases: most episodes have none). Null when the filters
 * hold no TV type, hold films (most of any catalogue: the walk finds them at once), or the types
 * have more releases than the limit.
 */
export async function fewReleasesOfTypes(db: Db, fi: readonly string[]): Promise<number[] | null> {
  const types = typeFilterIds(fi);
  if (!types.length || fi.includes('movie')) return null;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT x.release_id AS id FROM movies mt
        CROSS JOIN LATERAL (
          -- The LIMIT keeps this a probe per movie (a plain join would read all release_movies).
          SELECT rmt.release_id FROM release_movies rmt WHERE rmt.movie_id = mt.id LIMIT ${TYPE_SET_MAX + 1}
        ) x
        WHERE ${inList(sql`mt.type`, types)} LIMIT ${TYPE_SET_MAX + 1}`,
  );
  // A box set of several episodes is there once per episode: the set is complete below the limit.
  const ids = [...new Set(rows.map((r) => r.id))];
  return rows.length > TYPE_SET_MAX ? null : ids;
}

/** Fields of a release detail that a listing row does not carry, as the DTO types them. */
type ReleaseDetailFields = Omit<
  ReleaseDetail,
  keyof ReleaseListItem | 'censorship' | 'pictures' | 'videos' | 'buying_links'
>;
/** Detail fields stored as nullable JSON/arrays; the DTO gives an empty array/object instead of null. */
type NullableDetailField = 'audio_tracks' | 'subtitles' | 'hdr' | 'immersive_audio' | 'identifiers' | 'tech_flags';
type ReleaseDetailRow = ReleaseListRow &
  Omit<ReleaseDetailFields, NullableDetailField> & { [K in NullableDetailField]: ReleaseDetailFields[K] | null };

/**
 * One approved release with every field, its movies, label, censorship events (those that
 * produced it, and those of its movies in its country; Nordic releases count as Finnish),
 * pictures, videos and buying links. Durations in seconds, RRP as "19.99" in `rrp_currency`.
 * `opts.unapproved`: a suggested release not approved yet is returned too (only for its author and
 * admins: lib/data/change-requests.ts getSuggestedRelease checks them).
 * @returns null when no approved release has this public id
 */
export async function getRelease(
  publicId: string,
  db?: Db,
  opts: { unapproved?: boolean } = {},
): Promise<ReleaseDetail | null> {
  const d = await resolveDb(db);
  const [row] = await queryRows<ReleaseDetailRow>(
    d,
    sql`SELECT ${RELEASE_LIST_COLUMNS}, lg.name AS label_group, r.label_catalog_id, r.package_type, r.box_type, r.discs_count, r.slipcover,
               r.slipcover_limited_count, r.limited_copies, r.region_code, r.aspect_ratio, r.anamorphic, r.audio_tracks, r.subtitles, r.hdr,
               r.immersive_audio, r.format3d AS format_3d, r.out_of_print, r.no_ean, r.identifiers, r.age_rating, r.cut_seconds_approx, r.cut_details,
               r.censorship_info, r.cut_source, r.alternative_cuts_count, r.alternative_cuts_details, r.backcover_text, r.story_description,
               r.sleeve_description, r.extras, r.extras_continued, r.packaging_notes, r.rrp::text AS rrp, r.rrp_currency, r.scan_resolution,
               r.scan_source, r.processing, r.mastering_details, r.tech_flags, r.notes, r.review_url
        FROM releases r LEFT JOIN labels l ON l.id = r.label_id LEFT JOIN label_groups lg ON lg.id = r.label_group_id
        WHERE r.public_id = ${publicId} AND (r.approved OR ${opts.unapproved === true})`,
  );
  if (!row) return null;
  const country = row.country === COUNTRIES.NORDIC ? 'FI' : countryCodeFromId(row.country);
  const censorshipWhere = country
    ? sql`(ce.release_id = ${row.id} OR (ce.country = ${country} AND ce.movie_id IN (SELECT movie_id FROM release_movies WHERE release_id = ${row.id})))`
    : sql`ce.release_id = ${row.id}`;
  const [censorship, pictures, videos, buying_links, member_ratings] = await Promise.all([
    censorshipEvents(d, censorshipWhere),
    picturesWhere(d, sql`p.release_id = ${row.id}`),
    videosWhere(d, sql`v.release_id = ${row.id}`),
    buyingLinksWhere(d, sql`b.release_id = ${row.id}`),
    releaseMemberRatings(d, row.id),
  ]);
  return {
    ...toReleaseListItem(row),
    ...withoutListColumns(row),
    audio_tracks: row.audio_tracks ?? [],
    subtitles: row.subtitles ?? [],
    hdr: row.hdr ?? [],
    immersive_audio: row.immersive_audio ?? [],
    identifiers: row.identifiers ?? [],
    tech_flags: row.tech_flags ?? {},
    censorship,
    pictures,
    videos,
    buying_links,
    member_ratings,
  };
}

/** Most releases returned by {@link listOtherReleases} and a title's release list. */
export const MAX_RELATED_RELEASES = 200;

/** Approved releases matching `where` over `releases r`, by format, then street date / year, at most MAX_RELATED_RELEASES. */
export async function releasesWhere(db: Db, where: SQL): Promise<ReleaseListItem[]> {
  const rows = await queryRows<ReleaseListRow>(
    db,
    sql`SELECT ${RELEASE_LIST_COLUMNS} FROM releases r LEFT JOIN labels l ON l.id = r.label_id
        WHERE r.approved AND ${where}
        ORDER BY r.format, COALESCE(r.street_date, make_date(r.release_year, 1, 1)) NULLS LAST, r.id
        LIMIT ${MAX_RELATED_RELEASES}`,
  );
  return rows.map(toReleaseListItem);
}

/**
 * Other approved releases of the movies of a release (the release itself excluded), by format
 * then date. [] when the release is unknown.
 */
export async function listOtherReleases(publicId: string, db?: Db): Promise<ReleaseListItem[]> {
  const d = await resolveDb(db);
  return releasesWhere(
    d,
    sql`r.public_id <> ${publicId} AND r.id IN (SELECT rm2.release_id FROM release_movies rm2 WHERE rm2.movie_id IN
          (SELECT rm1.movie_id FROM release_movies rm1 JOIN releases r1 ON r1.id = rm1.release_id WHERE r1.public_id = ${publicId}))`,
  );
}
