import 'server-only';
/**
 * Movies and TV titles: listings (keyset-paginated) and one title with its relations.
 * Data source: tables movies, movie_sources, credits, persons, release_movies, releases,
 * movie_connections, movie_production_companies, production_companies, censorship_events,
 * pictures, videos, buying_links.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { MovieRating } from '@/db/schema/movies';
import { parseSearchQuery } from '@/lib/search-query';
import type { CreditRole } from '@/lib/validation/enums';
import { DEFAULT_SORT, type ListSort, type TitleListQuery } from '@/lib/validation/listing';
import { movieMemberRatings } from './best-editions';
import { buyingLinksWhere, censorshipEvents, picturesWhere, videosWhere } from './catalogue-media';
import { TITLE_LIST_COLUMNS, toTitleListItem, type TitleListRow } from './catalogue-rows';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { and, inList, queryRows, resolveDb } from './sql';
import { releaseLevelConditions, releasesWhere, todayIso, typeFilterIds } from './releases';
import { listingTextConditions, pageWithCloseMatches, type CloseWords } from './search-words';
import type { MovieRef, Page, SearchPage, TitleDetail, TitleListItem } from './types';

/** Default page size of title listings. */
export const TITLE_PAGE_SIZE = 24;

/**
 * Sort of a title listing over `movies m`: date_desc / year_desc = year, newest first;
 * date_asc = year, oldest first; name = folded title; added_desc = newest in the catalogue;
 * cut_desc (a release sort) falls back to year, newest first. Titles without a year come last.
 */
export function titleSort(so: ListSort | null): KeysetSort {
  switch (so ?? DEFAULT_SORT) {
    case 'date_asc':
      return { name: 'year_asc', expr: sql`m.year`, cast: 'int', dir: 'asc', nullable: true };
    case 'name':
      return { name: 'name', expr: sql`m.title_key`, cast: 'text', dir: 'asc' };
    case 'added_desc':
      return { name: 'added_desc', expr: sql`m.created_at`, cast: 'timestamptz', dir: 'desc' };
    default:
      return { name: 'year_desc', expr: sql`m.year`, cast: 'int', dir: 'desc', nullable: true };
  }
}

/**
 * Conditions of a title listing over `movies m`. Release-level filters apply to the title's
 * approved releases. `close`: close spellings of q's words (lib/data/search-words.ts), or none.
 */
export function titleListConditions(query: Partial<TitleListQuery>, today: string, close?: CloseWords | null): SQL[] {
  const q = parseSearchQuery(query.q);
  // A deleted title (a tombstone) is listed nowhere.
  const c: SQL[] = [sql`m.deleted_at IS NULL`];
  const fi = query.fi ?? [];
  const types = typeFilterIds(fi);
  if (types.length) c.push(inList(sql`m.type`, types));
  const { pc, ...releaseQuery } = query;
  const releaseConds = releaseLevelConditions(releaseQuery, today, q.formats);
  if (fi.includes('cut')) releaseConds.push(sql`r.is_cut`);
  if (releaseConds.length || fi.includes('release')) {
    c.push(
      sql`EXISTS (SELECT 1 FROM release_movies rmr JOIN releases r ON r.id = rmr.release_id WHERE rmr.movie_id = m.id AND r.approved AND ${and(releaseConds)})`,
    );
  }
  // Reviewed: at least one review of the title (reviews_movie_idx).
  if (fi.includes('reviewed')) c.push(sql`EXISTS (SELECT 1 FROM reviews rv WHERE rv.movie_id = m.id)`);
  if (fi.includes('video')) c.push(sql`EXISTS (SELECT 1 FROM videos v WHERE v.movie_id = m.id)`);
  if (pc === 'any') c.push(sql`EXISTS (SELECT 1 FROM movie_production_companies mpc WHERE mpc.movie_id = m.id)`);
  else if (pc?.length) {
    c.push(sql`EXISTS (SELECT 1 FROM movie_production_companies mpc JOIN production_companies pco ON pco.id = mpc.company_id
                WHERE mpc.movie_id = m.id AND ${inList(sql`pco.public_id`, pc)})`);
  }
  // Lower-cased spoken languages (generated column, GIN index).
  if (query.la) c.push(sql`m.language_keys @> ARRAY[${query.la}]::text[]`);
  c.push(
    ...listingTextConditions(q, close ?? null, {
      from: sql`movies m`,
      idCol: sql`m.id`,
      searchCol: sql`m.search_text`,
      keyCol: sql`m.title_key`,
    }),
  );
  if (q.year !== null) c.push(sql`m.year = ${q.year}`);
  return c;
}

/** Runs a keyset page of titles with the given conditions (over `movies m`). */
export async function titlePage(
  db: Db,
  query: { conds: SQL[]; sort: KeysetSort },
  page: { cursor?: string | null; limit: number },
): Promise<Page<TitleListItem>> {
  const { conds, sort } = query;
  const { cursor, limit } = page;
  const rows = await keysetRows<TitleListRow & { sk: string | null }>(db, {
    columns: TITLE_LIST_COLUMNS,
    from: sql`movies m`,
    conds,
    sort,
    idCol: sql`m.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort }, toTitleListItem);
}

/**
 * One page of titles (movies, shorts, documentaries, TV series and episodes) matching the
 * listing query. `fi=movie` selects films (types 1 movie, 3 short, 4 documentary), `tv_series`
 * type 2, `tv_episode` type 5; `release` titles with at least one release; fo/co/cut/cd/dr/dn/pr
 * and `[format]` in q select titles having such a release; `la` matches a spoken language.
 * When q's words find fewer than CLOSE_MATCH_FEW_RESULTS titles, close spellings are searched
 * too and the page carries `close` (lib/data/search-words.ts pageWithCloseMatches).
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listTitles(
  query: Partial<TitleListQuery>,
  page: Paging = {},
  db?: Db,
): Promise<SearchPage<TitleListItem>> {
  const { cursor = null, limit = TITLE_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const today = todayIso();
  return pageWithCloseMatches(
    d,
    { q: parseSearchQuery(query.q), sort: titleSort(query.so ?? null), cursor },
    (close, sort) => titlePage(d, { conds: titleListConditions(query, today, close), sort }, { cursor, limit }),
  );
}

type TitleDetailRow = TitleListRow & {
  localized_names: Record<string, string> | null;
  akas: string[] | null;
  plot: string | null;
  plot_source: string | null;
  wikipedia_href: string | null;
  synopsis: string | null;
  countries: string[] | null;
  spoken_languages: string[] | null;
  certifications: { country: string; rating: string }[] | null;
  ratings: MovieRating[] | string | null;
  adults_only: boolean;
  imdb_id: string | null;
  tmdb_id: number | null;
  season: number | null;
  episode: number | null;
  seasons_amount: number | null;
  episodes_amount: number | null;
  episode_of_public_id: string | null;
  episode_of_name: string | null;
  episode_of_year: number | null;
};

/** English Wikipedia page of a `wikipedia_href` ("Alien_(film)" → https://en.wikipedia.org/wiki/Alien_(film)). */
export function wikipediaUrl(href: string | null): string | null {
  if (!href) return null;
  if (/^https?:\/\//.test(href)) return href;
  return `https://en.wikipedia.org/wiki/${href.replace(/^\/?wiki\//, '').replace(/^\//, '')}`;
}

/**
 * One title with its relations: cast and crew (billing order) with persons, approved releases of
 * every format, connections, production companies, censorship events (with the release each
 * produced), pictures, videos, buying links, all source ids, and the members' rating of the movie
 * from its reviews. Runtime in minutes.
 * @returns null when no title has this public id
 */
export async function getTitle(publicId: string, db?: Db): Promise<TitleDetail | null> {
  const d = await resolveDb(db);
  const [m] = await queryRows<TitleDetailRow>(
    d,
    sql`SELECT ${TITLE_LIST_COLUMNS}, m.localized_names, m.akas, m.plot, m.plot_source, m.wikipedia_href, m.synopsis, m.countries,
               m.spoken_languages, m.certifications, m.ratings, m.adults_only, m.imdb_id, m.tmdb_id, m.season, m.episode, m.seasons_amount,
               m.episodes_amount, e.public_id AS episode_of_public_id, e.name AS episode_of_name, e.year AS episode_of_year
        FROM movies m LEFT JOIN movies e ON e.id = m.episode_of_id
        WHERE m.public_id = ${publicId} AND m.deleted_at IS NULL`,
  );
  if (!m) return null;
  const [
    sources,
    credits,
    releases,
    connections,
    companies,
    censorship,
    pictures,
    videos,
    buying_links,
    member_ratings,
  ] = await Promise.all([
    queryRows<{ source_id: string }>(
      d,
      sql`SELECT source_id FROM movie_sources WHERE movie_id = ${m.id} ORDER BY source_id`,
    ),
    queryRows<{ role: string; character: string; person_public_id: string; person_name: string }>(
      d,
      sql`SELECT c.role, c.character, p.public_id AS person_public_id, p.name AS person_name
          FROM credits c JOIN persons p ON p.id = c.person_id WHERE c.movie_id = ${m.id} ORDER BY c.ord, c.id`,
    ),
    releasesWhere(d, sql`r.id IN (SELECT release_id FROM release_movies WHERE movie_id = ${m.id})`),
    queryRows<{ kind: number; info: string | null } & MovieRef>(
      d,
      sql`SELECT mc.kind, mc.info, cm.public_id, cm.name, cm.year FROM movie_connections mc JOIN movies cm ON cm.id = mc.connected_movie_id
          WHERE mc.movie_id = ${m.id} AND cm.deleted_at IS NULL ORDER BY mc.kind, cm.year NULLS LAST, cm.id`,
    ),
    queryRows<{ public_id: string; name: string }>(
      d,
      sql`SELECT pc.public_id, pc.name FROM movie_production_companies mpc JOIN production_companies pc ON pc.id = mpc.company_id
          WHERE mpc.movie_id = ${m.id} ORDER BY pc.name_key, pc.id`,
    ),
    censorshipEvents(d, sql`ce.movie_id = ${m.id}`),
    picturesWhere(d, sql`p.movie_id = ${m.id}`),
    videosWhere(d, sql`v.movie_id = ${m.id}`),
    buyingLinksWhere(d, sql`b.movie_id = ${m.id}`),
    movieMemberRatings(d, m.id),
  ]);
  if (m.source_id && !sources.some((s) => s.source_id === m.source_id)) sources.unshift({ source_id: m.source_id });
  return {
    ...toTitleListItem(m),
    localized_names: m.localized_names ?? {},
    akas: m.akas ?? [],
    plot: m.plot,
    plot_source: m.plot_source,
    wikipedia_url: wikipediaUrl(m.wikipedia_href),
    synopsis: m.synopsis,
    countries: m.countries ?? [],
    spoken_languages: m.spoken_languages ?? [],
    certifications: (m.certifications ?? []).map((c) => ({ country: c.country, rating: c.rating })),
    ratings: (typeof m.ratings === 'string' ? (JSON.parse(m.ratings) as MovieRating[]) : (m.ratings ?? [])).map(
      (r) => ({
        source: r.source,
        value: Number(r.value),
        votes: r.votes ?? null,
      }),
    ),
    adults_only: m.adults_only,
    imdb_id: m.imdb_id,
    tmdb_id: m.tmdb_id,
    season: m.season,
    episode: m.episode,
    seasons_amount: m.seasons_amount,
    episodes_amount: m.episodes_amount,
    episode_of:
      m.episode_of_public_id && m.episode_of_name
        ? { public_id: m.episode_of_public_id, name: m.episode_of_name, year: m.episode_of_year }
        : null,
    source_ids: sources.map((s) => s.source_id),
    cast_crew: credits.map((c) => ({
      role: c.role as CreditRole,
      character: c.character || null,
      person: { public_id: c.person_public_id, name: c.person_name },
    })),
    releases,
    connections: connections.map((c) => ({
      kind: c.kind,
      info: c.info,
      movie: { public_id: c.public_id, name: c.name, year: c.year },
    })),
    production_companies: companies,
    censorship,
    pictures,
    videos,
    buying_links,
    member_ratings,
  };
}
