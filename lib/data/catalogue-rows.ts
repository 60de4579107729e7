import 'server-only';
/**
 * Catalogue row shapes shared by the lib/data domains: the explicit column lists of release and
 * title list items, their raw row types, and the mappers to the DTOs of lib/data/types.ts; also
 * the movie-or-release columns of list entries and likes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { EXTERNAL_IMAGE_WIDTHS, externalImageBaseUrl } from '@/lib/external-images';
import type { CataloguePictureSize } from '@/lib/picture-urls';
import type { FormatId } from '@/lib/validation/enums';
import type { MovieRef, ReleaseListItem, TitleListItem } from './types';

// ---------- releases: list columns ----------

/**
 * The large (500 px) address of the picture row aliased `p`, built in SQL as lib/data/catalogue-media.ts
 * pictureSources builds it in JavaScript (an upload's `/uploads/lg-…`, the external film database's
 * `w500` image, or the external address); a test holds the two equal.
 */
function pictureUrlSql(p: SQL): SQL {
  const size = `${'lg' satisfies CataloguePictureSize}-`;
  return sql`CASE WHEN ${p}.filename IS NOT NULL THEN '/uploads/' || ${size} || COALESCE(${p}.variant || '-', '') || ${p}.filename
    WHEN ${p}.external_filename IS NOT NULL THEN ${externalImageBaseUrl()} || '/w' || ${EXTERNAL_IMAGE_WIDTHS.lg}::text || ${p}.external_filename
    ELSE ${p}.external_url END`;
}

/** The default picture (approved, not deleted) of the movie or release whose id is `id`, as an address or null. */
function defaultPicture(column: 'movie_id' | 'release_id', id: SQL): SQL {
  return sql`(SELECT ${pictureUrlSql(sql`p`)} FROM pictures p
    WHERE p.${sql.raw(column)} = ${id} AND p.is_default AND p.deleted_at IS NULL AND p.approved)`;
}

/**
 * Picture of a movie (the movie row aliased `m`): its default picture, else its imported poster;
 * an URL or null.
 */
export function moviePicture(m: SQL): SQL {
  return sql`COALESCE(${defaultPicture('movie_id', sql`${m}.id`)}, ${m}.poster_url)`;
}

/**
 * Picture of the release whose id is `releaseId`: its default picture, else the first contained
 * movie's ({@link moviePicture}); an URL or null.
 */
export function releasePicture(releaseId: SQL): SQL {
  return sql`COALESCE(
  ${defaultPicture('release_id', releaseId)},
  (SELECT ${moviePicture(sql`m`)}
     FROM release_movies rm JOIN movies m ON m.id = rm.movie_id WHERE rm.release_id = ${releaseId} ORDER BY rm.position, m.id LIMIT 1))`;
}

/** Explicit column list of a release list item over `releases r LEFT JOIN labels l`. */
export const RELEASE_LIST_COLUMNS = sql`r.id, r.public_id, r.source_id, r.name, r.format, r.country, r.spine_number,
  r.street_date::text AS street_date, r.release_year, r.ean, r.edition, r.is_cut, r.cut_seconds,
  l.public_id AS label_public_id, l.name AS label_name,
  (SELECT COALESCE(json_agg(json_build_object('public_id', m.public_id, 'name', m.name, 'year', m.year) ORDER BY rm.position, m.id), '[]'::json)
     FROM release_movies rm JOIN movies m ON m.id = rm.movie_id WHERE rm.release_id = r.id) AS movies,
  ${releasePicture(sql`r.id`)} AS picture_url`;

export type ReleaseListRow = {
  id: number;
  public_id: string;
  source_id: string | null;
  name: string;
  format: number;
  country: number | null;
  spine_number: number | null;
  street_date: string | null;
  release_year: number | null;
  ean: string | null;
  edition: string[] | null;
  is_cut: boolean;
  cut_seconds: number | null;
  label_public_id: string | null;
  label_name: string | null;
  movies: MovieRef[] | string;
  picture_url: string | null;
};

/**
 * The columns of a wider release row beyond {@link ReleaseListRow}'s (which toReleaseListItem
 * shapes), so they can pass through to a DTO without leaking the internal id. Keep in step with
 * ReleaseListRow.
 */
export function withoutListColumns<T extends ReleaseListRow>(row: T): Omit<T, keyof ReleaseListRow> {
  const {
    id: _id,
    public_id: _publicId,
    source_id: _sourceId,
    name: _name,
    format: _format,
    country: _country,
    spine_number: _spine,
    street_date: _streetDate,
    release_year: _year,
    ean: _ean,
    edition: _edition,
    is_cut: _isCut,
    cut_seconds: _cutSeconds,
    label_public_id: _labelPublicId,
    label_name: _labelName,
    movies: _movies,
    picture_url: _pictureUrl,
    ...rest
  } = row;
  return rest;
}

function jsonValue<T>(v: T | string): T {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

export function toReleaseListItem(r: ReleaseListRow): ReleaseListItem {
  return {
    public_id: r.public_id,
    source_id: r.source_id,
    name: r.name,
    format: r.format as FormatId,
    country: r.country,
    label: r.label_public_id && r.label_name ? { public_id: r.label_public_id, name: r.label_name } : null,
    spine_id: r.spine_number,
    street_date: r.street_date,
    release_year: r.release_year,
    ean: r.ean,
    edition: r.edition ?? [],
    is_cut: r.is_cut,
    cut_seconds: r.cut_seconds,
    movies: jsonValue(r.movies).map((m) => ({ public_id: m.public_id, name: m.name, year: m.year ?? null })),
    picture_url: r.picture_url,
  };
}

// ---------- titles: list columns ----------

/** Explicit column list of a title list item over `movies m`. */
export const TITLE_LIST_COLUMNS = sql`m.id, m.public_id, m.source_id, m.type, m.name, m.original_name, m.year, m.runtime_min, m.genres, m.release_count,
  ${moviePicture(sql`m`)} AS picture_url`;

export type TitleListRow = {
  id: number;
  public_id: string;
  source_id: string | null;
  type: number;
  name: string;
  original_name: string | null;
  year: number | null;
  runtime_min: number | null;
  genres: string[] | null;
  release_count: number;
  picture_url: string | null;
};

export function toTitleListItem(m: TitleListRow): TitleListItem {
  return {
    public_id: m.public_id,
    source_id: m.source_id,
    type: m.type,
    name: m.name,
    original_name: m.original_name,
    year: m.year,
    runtime_min: m.runtime_min,
    genres: m.genres ?? [],
    release_count: m.release_count,
    picture_url: m.picture_url,
  };
}

// ---------- a movie or a release of a user's list (entries, likes) ----------

/**
 * The list-item JSON of the movie and of the release a row of `alias` points at (`movie_id`,
 * `release_id`; one of them null), as columns `movie` and `release`.
 */
export function itemJsonColumns(alias: SQL): SQL {
  return sql`(SELECT row_to_json(x) FROM (SELECT ${TITLE_LIST_COLUMNS} FROM movies m WHERE m.id = ${alias}.movie_id) x) AS movie,
    (SELECT row_to_json(x) FROM (SELECT ${RELEASE_LIST_COLUMNS} FROM releases r LEFT JOIN labels l ON l.id = r.label_id WHERE r.id =
      ${alias}.release_id) x) AS release`;
}

/** The `movie` and `release` columns of {@link itemJsonColumns} as list items. */
export function toItemPair(
  movie: TitleListRow | string | null,
  release: ReleaseListRow | string | null,
): { movie: TitleListItem | null; release: ReleaseListItem | null } {
  const m = movie === null ? null : jsonValue(movie);
  const r = release === null ? null : jsonValue(release);
  return { movie: m ? toTitleListItem(m) : null, release: r ? toReleaseListItem(r) : null };
}
