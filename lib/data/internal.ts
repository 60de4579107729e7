import 'server-only';
/**
 * Internal helpers of lib/data (not for pages): database resolution, opaque keyset cursors,
 * shared column lists and row → DTO mappers, text-search conditions.
 */
import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Db } from '@/db';
import { AppError } from '@/lib/errors';
import { MIN_TRIGRAM_WORD, type SearchQuery } from '@/lib/search-query';
import type { FormatId } from '@/lib/validation/enums';
import type { MovieRef, ReleaseListItem, TitleListItem, CensorshipEventDto, PictureDto, VideoDto, BuyingLinkDto } from './types';

/** The given database (tests) or the process-wide one. */
export async function resolveDb(db?: Db): Promise<Db> {
  return db ?? (await getDb());
}

export { queryRows };

/** SQL type a sort key is compared as (the cursor carries it as text). */
export type KeyCast = 'int' | 'date' | 'text' | 'timestamptz';

/**
 * One keyset sort: a key expression plus the row id as tie-breaker, both in `dir`. A `nullable`
 * key puts rows without a key last (NULLS LAST), ordered by id.
 */
export type KeysetSort = { name: string; expr: SQL; cast: KeyCast; dir: 'asc' | 'desc'; nullable?: boolean };

const CAST_CHECK: Record<KeyCast, RegExp> = {
  int: /^-?\d{1,12}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/,
  text: /^[\s\S]{0,1000}$/,
};

type CursorValue = { key: string | null; id: number };

/** Opaque cursor: base64url of JSON [sort name, last sort key as text (or null), last id]. */
export function encodeCursor(sort: KeysetSort, key: string | null, id: number): string {
  return Buffer.from(JSON.stringify([sort.name, key, id]), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by {@link encodeCursor} for the same sort.
 * @throws AppError bad_cursor (HTTP 400) when malformed, for another sort, or of the wrong type
 */
export function decodeCursor(cursor: string, sort: KeysetSort): CursorValue {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,2000}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('bad_cursor');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw new AppError('bad_cursor');
  const [name, key, id] = parsed as unknown[];
  if (name !== sort.name || !Number.isSafeInteger(id) || (id as number) < 0 || (id as number) > 2 ** 31 - 1) throw new AppError('bad_cursor');
  if (key === null ? !sort.nullable : typeof key !== 'string' || !CAST_CHECK[sort.cast].test(key)) throw new AppError('bad_cursor');
  return { key: key as string | null, id: id as number };
}

function typed(value: string, cast: KeyCast): SQL {
  return sql`CAST(${value} AS ${sql.raw(cast === 'int' ? 'integer' : cast)})`;
}

/** Rows fetched for a page carry `id` and `sk` (the sort key as text). */
export type KeyedRow = { id: number; sk: string | null };

/**
 * What {@link keysetRows} selects: columns (must include the id as `id`), FROM clause, conditions.
 * `idsFirst`: find the page's ids first, then read those rows — for a sort index that also
 * carries the filtered columns (an index-only scan skips non-matching rows without reading them).
 */
export type KeysetQuery = { columns: SQL; from: SQL; conds: SQL[]; sort: KeysetSort; idCol: SQL; cursor?: string | null; limit: number; idsFirst?: boolean };

/**
 * Fetches `limit + 1` rows after the cursor in keyset order. The position is a row comparison
 * `(key, id) > (last key, last id)`, so a btree index on (key, id) serves it. A nullable key is
 * read in two index-friendly parts: rows with a key (in key order), then rows without one (by id).
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function keysetRows<R extends KeyedRow>(db: Db, k: KeysetQuery): Promise<R[]> {
  const { sort, idCol } = k;
  const dir = sql.raw(sort.dir === 'desc' ? 'DESC' : 'ASC');
  const op = sql.raw(sort.dir === 'desc' ? '<' : '>');
  const n = k.limit + 1;
  const c = k.cursor ? decodeCursor(k.cursor, sort) : null;
  const selectSql = (where: SQL[], order: SQL) =>
    k.idsFirst
      ? sql`SELECT ${k.columns}, (${sort.expr})::text AS sk FROM ${k.from}
            WHERE ${idCol} IN (SELECT ${idCol} FROM ${k.from} WHERE ${and(where)} ORDER BY ${order} LIMIT ${n}) ORDER BY ${order}`
      : sql`SELECT ${k.columns}, (${sort.expr})::text AS sk FROM ${k.from} WHERE ${and(where)} ORDER BY ${order} LIMIT ${n}`;
  const after = (key: string, id: number) => sql`(${sort.expr}, ${idCol}) ${op} (${typed(key, sort.cast)}, CAST(${id} AS integer))`;
  const keyOrder = sql`${sort.expr} ${dir}, ${idCol} ${dir}`;
  if (!sort.nullable) {
    return queryRows<R>(db, selectSql(c?.key != null ? [...k.conds, after(c.key, c.id)] : k.conds, keyOrder));
  }
  const nullPart = (extra: SQL[]) => selectSql([...k.conds, sql`${sort.expr} IS NULL`, ...extra], sql`${idCol} ${dir}`);
  if (c && c.key === null) return queryRows<R>(db, nullPart([sql`${idCol} ${op} CAST(${c.id} AS integer)`]));
  const withKey = await queryRows<R>(db, selectSql([...k.conds, sql`${sort.expr} IS NOT NULL`, ...(c?.key != null ? [after(c.key, c.id)] : [])], keyOrder));
  if (withKey.length >= n) return withKey;
  return [...withKey, ...(await queryRows<R>(db, nullPart([])))].slice(0, n);
}

/** Splits `limit + 1` fetched rows into a page and the next cursor. */
export function pageOf<R extends KeyedRow, T>(rows: R[], limit: number, sort: KeysetSort, map: (r: R) => T): { items: T[]; next_cursor: string | null } {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(map), next_cursor: more && last ? encodeCursor(sort, last.sk, last.id) : null };
}

/** `expr IN (v1, v2, …)` with parameters; FALSE for an empty list. */
export function inList(expr: SQL, values: readonly (string | number)[]): SQL {
  if (!values.length) return sql`FALSE`;
  return sql`${expr} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** AND of conditions (TRUE when none). */
export function and(conds: SQL[]): SQL {
  return conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`;
}

/**
 * Text conditions of a parsed query on a stored search document (folded, GIN trigram index):
 * every word must occur. Words of 3+ characters use `search_text LIKE '%word%'` (trigram
 * index); when every word is shorter, a prefix match on the btree-indexed folded key
 * (`keyCol LIKE 'ab%'`) replaces it; short words next to long ones are checked on the rows the
 * long words found.
 */
export function textConditions(q: SearchQuery, searchCol: SQL, keyCol: SQL): SQL[] {
  if (!q.words.length) return [];
  const long = q.words.filter((w) => w.length >= MIN_TRIGRAM_WORD);
  if (!long.length) return [sql`${keyCol} LIKE ${`${q.text}%`}`];
  return q.words.map((w) => sql`${searchCol} LIKE ${`%${w}%`}`);
}

/** Folded words contain only [a-z0-9 ]; other characters are not LIKE wildcards either. */
export function similarityTo(searchCol: SQL, q: SearchQuery): SQL {
  return sql`similarity(${searchCol}, ${q.text})`;
}

// ---------- releases: list columns ----------

/** Picture of a release: its default picture, else the first contained movie's poster / default picture. */
const RELEASE_PICTURE = sql`COALESCE(
  (SELECT p.external_url FROM pictures p WHERE p.release_id = r.id AND p.is_default AND p.external_url IS NOT NULL ORDER BY p.id LIMIT 1),
  (SELECT COALESCE(m.poster_url, (SELECT p2.external_url FROM pictures p2 WHERE p2.movie_id = m.id AND p2.is_default AND p2.external_url IS NOT NULL ORDER BY p2.id LIMIT 1))
     FROM release_movies rm JOIN movies m ON m.id = rm.movie_id WHERE rm.release_id = r.id ORDER BY rm.position, m.id LIMIT 1))`;

/** Explicit column list of a release list item over `releases r LEFT JOIN labels l`. */
export const RELEASE_LIST_COLUMNS = sql`r.id, r.public_id, r.source_id, r.name, r.format, r.country, r.spine_number,
  r.street_date::text AS street_date, r.release_year, r.ean, r.edition, r.is_cut, r.cut_seconds,
  l.public_id AS label_public_id, l.name AS label_name,
  (SELECT COALESCE(json_agg(json_build_object('public_id', m.public_id, 'name', m.name, 'year', m.year) ORDER BY rm.position, m.id), '[]'::json)
     FROM release_movies rm JOIN movies m ON m.id = rm.movie_id WHERE rm.release_id = r.id) AS movies,
  ${RELEASE_PICTURE} AS picture_url`;

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
    id: _id, public_id: _publicId, source_id: _sourceId, name: _name, format: _format, country: _country, spine_number: _spine,
    street_date: _streetDate, release_year: _year, ean: _ean, edition: _edition, is_cut: _isCut, cut_seconds: _cutSeconds,
    label_public_id: _labelPublicId, label_name: _labelName, movies: _movies, picture_url: _pictureUrl,
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
  COALESCE(m.poster_url, (SELECT p.external_url FROM pictures p WHERE p.movie_id = m.id AND p.is_default AND p.external_url IS NOT NULL ORDER BY p.id LIMIT 1)) AS picture_url`;

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

// ---------- shared detail parts ----------

type CensorshipRow = Omit<CensorshipEventDto, 'release' | 'local_titles'> & {
  local_titles: string[] | null;
  release_public_id: string | null;
  release_name: string | null;
};

/** Censorship events matching `where` (over `censorship_events ce`), oldest first, with their release ref. */
export async function censorshipEvents(db: Db, where: SQL): Promise<CensorshipEventDto[]> {
  const rows = await queryRows<CensorshipRow>(
    db,
    sql`SELECT ce.source_id, ce.country, ce.event, ce.date, ce.date_precision, ce.medium, ce.authority, ce.rating, ce.cut_seconds,
               ce.cut_seconds_approx, ce.details, ce.local_titles, ce.source_url, ce.confidence, ce.notes,
               r.public_id AS release_public_id, r.name AS release_name
        FROM censorship_events ce LEFT JOIN releases r ON r.id = ce.release_id AND r.approved
        WHERE ${where}
        ORDER BY ce.date NULLS LAST, ce.source_id`,
  );
  return rows.map(({ release_public_id, release_name, local_titles, ...e }) => ({
    ...e,
    local_titles: local_titles ?? [],
    release: release_public_id && release_name ? { public_id: release_public_id, name: release_name } : null,
  }));
}

/** Path prefix of uploaded pictures (`pictures.filename`), served by the app. */
export const UPLOADED_PICTURE_PREFIX = '/media/';

/** Pictures matching `where` (over `pictures p`), default first. */
export async function picturesWhere(db: Db, where: SQL): Promise<PictureDto[]> {
  const rows = await queryRows<{ public_id: string; type: number; external_url: string | null; filename: string | null; source: string | null; is_default: boolean }>(
    db,
    sql`SELECT p.public_id, p.type, p.external_url, p.filename, p.source, p.is_default FROM pictures p
        WHERE ${where} AND (p.external_url IS NOT NULL OR p.filename IS NOT NULL) ORDER BY p.is_default DESC, p.type, p.id`,
  );
  return rows.map((p) => ({
    public_id: p.public_id,
    type: p.type,
    url: p.external_url ?? `${UPLOADED_PICTURE_PREFIX}${p.filename}`,
    source: p.source,
    is_default: p.is_default,
  }));
}

/** High-quality YouTube thumbnail of a video id (a "?t=30" suffix is dropped). */
export function youtubeThumbnail(youtubeId: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(youtubeId.split(/[?&#]/)[0] ?? '')}/hqdefault.jpg`;
}

/** Videos matching `where` (over `videos v`), oldest first. */
export async function videosWhere(db: Db, where: SQL): Promise<VideoDto[]> {
  const rows = await queryRows<{ public_id: string; youtube_id: string; type: number; chapter: string | null }>(
    db,
    sql`SELECT v.public_id, v.youtube_id, v.type, v.chapter FROM videos v WHERE ${where} ORDER BY v.type, v.id`,
  );
  return rows.map((v) => ({ ...v, thumbnail_url: youtubeThumbnail(v.youtube_id) }));
}

/** Buying links matching `where` (over `buying_links b`). */
export async function buyingLinksWhere(db: Db, where: SQL): Promise<BuyingLinkDto[]> {
  return queryRows<{ url: string; shop: string }>(db, sql`SELECT b.url, b.shop FROM buying_links b WHERE ${where} ORDER BY b.shop, b.id`);
}

// ---------- a movie or a release of a user's list (entries, likes) ----------

/**
 * The list-item JSON of the movie and of the release a row of `alias` points at (`movie_id`,
 * `release_id`; one of them null), as columns `movie` and `release`.
 */
export function itemJsonColumns(alias: SQL): SQL {
  return sql`(SELECT row_to_json(x) FROM (SELECT ${TITLE_LIST_COLUMNS} FROM movies m WHERE m.id = ${alias}.movie_id) x) AS movie,
    (SELECT row_to_json(x) FROM (SELECT ${RELEASE_LIST_COLUMNS} FROM releases r LEFT JOIN labels l ON l.id = r.label_id WHERE r.id = ${alias}.release_id) x) AS release`;
}

/** The `movie` and `release` columns of {@link itemJsonColumns} as list items. */
export function toItemPair(movie: TitleListRow | string | null, release: ReleaseListRow | string | null): { movie: TitleListItem | null; release: ReleaseListItem | null } {
  const m = movie === null ? null : jsonValue(movie);
  const r = release === null ? null : jsonValue(release);
  return { movie: m ? toTitleListItem(m) : null, release: r ? toReleaseListItem(r) : null };
}
