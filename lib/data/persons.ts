import 'server-only';
/**
 * Persons (cast and crew): listing, one person with credits, releases of the person's titles.
 * Data source: tables persons, credits, movies, release_movies, releases.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { parseSearchQuery, type SearchQuery } from '@/lib/search-query';
import type { CreditRole } from '@/lib/validation/enums';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { queryRows, resolveDb } from './sql';
import { releasePage, releaseSort } from './releases';
import { listingTextConditions, pageWithCloseMatches, type CloseWords } from './search-words';
import type { Page, PersonDetail, PersonListItem, ReleaseListItem, SearchPage } from './types';

/** Default page size of the person listing. */
export const PERSON_PAGE_SIZE = 48;

/** Persons sort by folded name, then id. */
export const PERSON_SORT: KeysetSort = { name: 'name', expr: sql`p.name_key`, cast: 'text', dir: 'asc' };

type PersonRow = PersonListItem & { id: number; sk: string | null };

/** Conditions of the person listing over `persons p` (q folded, every word or one of its close spellings in the name). */
function personConditions(q: SearchQuery, close: CloseWords | null): SQL[] {
  // Not deleted: persons_name_key_idx covers only those, so the list stays an index-only scan.
  return [
    sql`p.deleted_at IS NULL`,
    ...listingTextConditions(q, close, {
      from: sql`persons p`,
      idCol: sql`p.id`,
      searchCol: sql`p.search_text`,
      keyCol: sql`p.name_key`,
    }),
  ];
}

/**
 * One page of persons by name. `q` matches names case-, accent- and punctuation-insensitively;
 * when its words find fewer than CLOSE_MATCH_FEW_RESULTS persons, close spellings are searched
 * too and the page carries `close` (lib/data/search-words.ts pageWithCloseMatches).
 * `credit_count` = number of credits (any role).
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listPersons(
  query: { q?: string | null },
  page: Paging = {},
  db?: Db,
): Promise<SearchPage<PersonListItem>> {
  const { cursor = null, limit = PERSON_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const q = parseSearchQuery(query.q);
  return pageWithCloseMatches(d, { q, sort: PERSON_SORT, cursor }, async (close, sort) => {
    const rows = await keysetRows<PersonRow>(d, {
      columns: sql`p.id, p.public_id, p.source_id, p.name, p.credit_count`,
      from: sql`persons p`,
      conds: personConditions(q, close),
      sort,
      idCol: sql`p.id`,
      cursor,
      limit,
      // persons_name_key_idx carries search_text: a name-word filter skips persons on the index.
      idsFirst: true,
    });
    return pageOf(rows, { limit, sort }, ({ public_id, source_id, name, credit_count }) => ({
      public_id,
      source_id,
      name,
      credit_count,
    }));
  });
}

/**
 * One person with biography, dates (YYYY-MM-DD) and credits (newest title first), each with
 * the title's public id, source id, name, year and number of releases in the catalogue.
 * @returns null when no person has this public id
 */
export async function getPerson(publicId: string, db?: Db): Promise<PersonDetail | null> {
  const d = await resolveDb(db);
  const [p] = await queryRows<
    PersonListItem & {
      id: number;
      tmdb_person_id: number | null;
      biography: string | null;
      birthday: string | null;
      date_of_death: string | null;
    }
  >(
    d,
    sql`SELECT p.id, p.public_id, p.source_id, p.name, p.credit_count, p.tmdb_person_id, p.biography, p.birthday::text AS birthday,
               p.date_of_death::text AS date_of_death
        FROM persons p WHERE p.public_id = ${publicId} AND p.deleted_at IS NULL`,
  );
  if (!p) return null;
  const credits = await queryRows<{
    role: string;
    character: string;
    public_id: string;
    source_id: string | null;
    name: string;
    year: number | null;
    release_count: number;
  }>(
    d,
    sql`SELECT c.role, c.character, m.public_id, m.source_id, m.name, m.year, m.release_count FROM credits c JOIN movies m ON m.id = c.movie_id
        WHERE c.person_id = ${p.id} AND m.deleted_at IS NULL ORDER BY m.year DESC NULLS LAST, m.title_key, m.id, c.role`,
  );
  return {
    public_id: p.public_id,
    source_id: p.source_id,
    name: p.name,
    credit_count: p.credit_count,
    tmdb_person_id: p.tmdb_person_id,
    biography: p.biography,
    birthday: p.birthday,
    date_of_death: p.date_of_death,
    credits: credits.map((c) => ({
      role: c.role as CreditRole,
      character: c.character || null,
      title: {
        public_id: c.public_id,
        source_id: c.source_id,
        name: c.name,
        year: c.year,
        release_count: Number(c.release_count),
      },
    })),
  };
}

/**
 * One page of approved releases containing a title the person is credited in, newest street
 * date first.
 * @returns null when no person has this public id
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listPersonReleases(
  publicId: string,
  page: Paging = {},
  db?: Db,
): Promise<Page<ReleaseListItem> | null> {
  const { cursor = null, limit = 24 } = page;
  const d = await resolveDb(db);
  const [p] = await queryRows<{ id: number }>(
    d,
    sql`SELECT id FROM persons WHERE public_id = ${publicId} AND deleted_at IS NULL`,
  );
  if (!p) return null;
  const conds = [
    sql`r.approved`,
    sql`EXISTS (SELECT 1 FROM release_movies rmc JOIN credits c ON c.movie_id = rmc.movie_id WHERE rmc.release_id = r.id AND c.person_id = ${p.id})`,
  ];
  return releasePage(d, { conds, sort: releaseSort(null) }, { cursor, limit });
}
