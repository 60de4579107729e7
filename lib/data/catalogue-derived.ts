/**
 * Keeps the derived columns of catalogue rows in step with what they are derived from, in the
 * database: the per-row columns through lib/derived-columns.ts (the one derivation every writer
 * uses), and the counts as SQL aggregates. Used by the data layer's writers for the rows one
 * write touched, and by the catalogue importer for everything an import touched; not marked
 * server-only, since the importer also runs in plain Node processes (`npm start`, `db:import`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@/db';
import { MIN_SEARCH_WORD } from '@/lib/import/search-words';
import { deriveLabel, deriveMovie, derivePerson, deriveRelease, type ReleaseFilmParts } from '@/lib/derived-columns';

/**
 * A stored search document before and after a write (null: the row is new, or gone).
 * The rederive functions return these so the caller can keep `search_words` in step.
 */
export type SearchTextChange = { before: string | null; after: string | null };

/** The words `search_words` keeps of a search document (lib/import/search-words.ts: 3+ characters, not only digits). */
function keptWords(text: string | null): Set<string> {
  const out = new Set<string>();
  for (const w of (text ?? '').split(' ')) if (w.length >= MIN_SEARCH_WORD && !/^[0-9]+$/.test(w)) out.add(w);
  return out;
}

/**
 * Moves `search_words` (the close-spelling index) by the words search documents gained and lost:
 * a gained word's `doc_count` goes up (a new word is added), a lost word's goes down (at 0 the
 * word is removed), as a rebuild after the write would leave them.
 */
export async function adjustSearchWords(db: Db, changes: readonly SearchTextChange[]): Promise<void> {
  const delta = new Map<string, number>();
  for (const c of changes) {
    const before = keptWords(c.before);
    const after = keptWords(c.after);
    for (const w of after) if (!before.has(w)) delta.set(w, (delta.get(w) ?? 0) + 1);
    for (const w of before) if (!after.has(w)) delta.set(w, (delta.get(w) ?? 0) - 1);
  }
  const moved = [...delta].filter(([, n]) => n !== 0);
  if (!moved.length) return;
  const words = moved.map(([w]) => w);
  const counts = moved.map(([, n]) => n);
  await db.execute(
    sql`INSERT INTO search_words (word, doc_count)
        SELECT w, n FROM unnest(${sql.param(words)}::text[], ${sql.param(counts)}::int[]) AS d(w, n) WHERE n > 0
        ON CONFLICT (word) DO UPDATE SET doc_count = search_words.doc_count + excluded.doc_count`,
  );
  await db.execute(
    sql`UPDATE search_words s SET doc_count = s.doc_count + d.n
        FROM unnest(${sql.param(words)}::text[], ${sql.param(counts)}::int[]) AS d(w, n) WHERE d.n < 0 AND s.word = d.w`,
  );
  await db.execute(sql`DELETE FROM search_words WHERE word = ANY(${sql.param(words)}::text[]) AND doc_count <= 0`);
}

/** Releases re-derived per statement (keeps parameter arrays and memory small). */
const REDERIVE_CHUNK = 2000;

type ReleaseParts = {
  id: number;
  name: string;
  edition: string[];
  label_name: string | null;
  spine_number: number | null;
  ean: string | null;
  name_key: string;
  search_text: string;
  movie_year: number | null;
  films: ReleaseFilmParts[] | null;
};

/** The ids of the releases holding any of these movies (their search documents name the films). */
export async function releasesOfMovies(db: Db, movieIds: readonly number[]): Promise<number[]> {
  if (!movieIds.length) return [];
  const rows = await queryRows<{ release_id: number }>(
    db,
    sql`SELECT DISTINCT release_id FROM release_movies WHERE movie_id = ANY(${sql.param([...movieIds])}::int[])`,
  );
  return rows.map((r) => Number(r.release_id));
}

/**
 * Recomputes `name_key`, `search_text` and `movie_year` of releases from their name, edition,
 * label, spine number, EAN and contained movies (lib/derived-columns.ts deriveRelease) and writes
 * the rows whose stored values differ.
 * @param releaseIds the releases to re-derive; `'all'` for every release (after a bulk import)
 * @returns the search documents that changed
 */
export async function rederiveReleases(db: Db, releaseIds: readonly number[] | 'all'): Promise<SearchTextChange[]> {
  let ids: number[];
  if (releaseIds === 'all')
    ids = (await queryRows<{ id: number }>(db, sql`SELECT id FROM releases ORDER BY id`)).map((r) => Number(r.id));
  else ids = [...new Set(releaseIds)];
  const changed: SearchTextChange[] = [];
  for (let i = 0; i < ids.length; i += REDERIVE_CHUNK) {
    const chunk = ids.slice(i, i + REDERIVE_CHUNK);
    const rows = await queryRows<ReleaseParts>(
      db,
      sql`SELECT r.id, r.name, r.edition, l.name AS label_name, r.spine_number, r.ean, r.name_key, r.search_text,
                 r.movie_year,
                 (SELECT json_agg(json_build_object('name', m.name, 'localizedNames', m.localized_names, 'year', m.year)
                                  ORDER BY rm.position, rm.movie_id)
                  FROM release_movies rm JOIN movies m ON m.id = rm.movie_id WHERE rm.release_id = r.id) AS films
          FROM releases r LEFT JOIN labels l ON l.id = r.label_id
          WHERE r.id = ANY(${sql.param(chunk)}::int[])`,
    );
    const updates: { id: number; nameKey: string; searchText: string; movieYear: number | null }[] = [];
    for (const r of rows) {
      const films = typeof r.films === 'string' ? (JSON.parse(r.films) as ReleaseFilmParts[]) : (r.films ?? []);
      const d = deriveRelease({
        name: r.name,
        edition: r.edition,
        labelName: r.label_name,
        spineNumber: r.spine_number,
        ean: r.ean,
        films,
      });
      const movieYear = r.movie_year == null ? null : Number(r.movie_year);
      if (d.nameKey !== r.name_key || d.searchText !== r.search_text || d.movieYear !== movieYear)
        updates.push({ id: Number(r.id), ...d });
      if (d.searchText !== r.search_text) changed.push({ before: r.search_text, after: d.searchText });
    }
    if (!updates.length) continue;
    await db.execute(
      sql`UPDATE releases r SET name_key = u.name_key, search_text = u.search_text, movie_year = u.movie_year
          FROM unnest(${sql.param(updates.map((u) => u.id))}::int[], ${sql.param(updates.map((u) => u.nameKey))}::text[],
                      ${sql.param(updates.map((u) => u.searchText))}::text[],
                      ${sql.param(updates.map((u) => u.movieYear))}::smallint[]) AS u(id, name_key, search_text, movie_year)
          WHERE r.id = u.id`,
    );
  }
  return changed;
}

/**
 * Recomputes `title_key` and `search_text` of movies (lib/derived-columns.ts deriveMovie) and
 * writes the rows whose stored values differ.
 * @returns the search documents that changed
 */
export async function rederiveMovies(db: Db, movieIds: readonly number[]): Promise<SearchTextChange[]> {
  const ids = [...new Set(movieIds)];
  const changed: SearchTextChange[] = [];
  for (let i = 0; i < ids.length; i += REDERIVE_CHUNK) {
    const rows = await queryRows<{
      id: number;
      name: string;
      original_name: string | null;
      localized_names: Record<string, string> | string;
      akas: string[];
      year: number | null;
      title_key: string;
      search_text: string;
    }>(
      db,
      sql`SELECT id, name, original_name, localized_names, akas, year, title_key, search_text FROM movies
          WHERE id = ANY(${sql.param(ids.slice(i, i + REDERIVE_CHUNK))}::int[])`,
    );
    for (const m of rows) {
      const localizedNames = typeof m.localized_names === 'string' ? JSON.parse(m.localized_names) : m.localized_names;
      const d = deriveMovie({
        name: m.name,
        originalName: m.original_name,
        localizedNames,
        akas: m.akas,
        year: m.year,
      });
      if (d.titleKey === m.title_key && d.searchText === m.search_text) continue;
      await db.execute(
        sql`UPDATE movies SET title_key = ${d.titleKey}, search_text = ${d.searchText} WHERE id = ${m.id}`,
      );
      if (d.searchText !== m.search_text) changed.push({ before: m.search_text, after: d.searchText });
    }
  }
  return changed;
}

/**
 * Recomputes `name_key` and `search_text` of persons or labels from their names and writes the
 * rows whose stored values differ.
 * @returns the search documents that changed
 */
export async function rederiveNames(
  db: Db,
  table: 'persons' | 'labels',
  ids: readonly number[],
): Promise<SearchTextChange[]> {
  if (!ids.length) return [];
  const derive = table === 'persons' ? derivePerson : deriveLabel;
  const rows = await queryRows<{ id: number; name: string; name_key: string; search_text: string }>(
    db,
    sql`SELECT id, name, name_key, search_text FROM ${sql.identifier(table)} WHERE id = ANY(${sql.param([...ids])}::int[])`,
  );
  const changed: SearchTextChange[] = [];
  for (const r of rows) {
    const d = derive(r);
    if (d.nameKey === r.name_key && d.searchText === r.search_text) continue;
    await db.execute(
      sql`UPDATE ${sql.identifier(table)} SET name_key = ${d.nameKey}, search_text = ${d.searchText} WHERE id = ${r.id}`,
    );
    if (d.searchText !== r.search_text) changed.push({ before: r.search_text, after: d.searchText });
  }
  return changed;
}

/** Which rows' counts to recompute: ids per table, or `'all'`. */
export type CountScope = {
  movies?: readonly number[] | 'all';
  persons?: readonly number[] | 'all';
  labels?: readonly number[] | 'all';
};

function scoped(column: SQL, ids: readonly number[] | 'all'): SQL {
  return ids === 'all' ? sql`TRUE` : sql`${column} = ANY(${sql.param([...ids])}::int[])`;
}

/**
 * Recomputes the stored counts: `movies.release_count` (approved releases holding the movie),
 * `persons.credit_count` (credits in any role, in movies not deleted) and `labels.release_count` (approved releases),
 * writing only the rows whose count changed.
 */
export async function recountCatalogue(db: Db, scope: CountScope): Promise<void> {
  if (scope.movies === 'all' || scope.movies?.length)
    await db.execute(
      sql`UPDATE movies m SET release_count = c.n
          FROM (SELECT m2.id, (SELECT count(*) FROM release_movies rm JOIN releases r ON r.id = rm.release_id AND r.approved
                               WHERE rm.movie_id = m2.id)::int AS n
                FROM movies m2 WHERE ${scoped(sql`m2.id`, scope.movies)}) c
          WHERE c.id = m.id AND m.release_count <> c.n`,
    );
  if (scope.persons === 'all' || scope.persons?.length)
    await db.execute(
      sql`UPDATE persons p SET credit_count = c.n
          FROM (SELECT p2.id, (SELECT count(*) FROM credits cr JOIN movies mc ON mc.id = cr.movie_id AND mc.deleted_at IS NULL
                               WHERE cr.person_id = p2.id)::int AS n
                FROM persons p2 WHERE ${scoped(sql`p2.id`, scope.persons)}) c
          WHERE c.id = p.id AND p.credit_count <> c.n`,
    );
  if (scope.labels === 'all' || scope.labels?.length)
    await db.execute(
      sql`UPDATE labels l SET release_count = c.n
          FROM (SELECT l2.id, (SELECT count(*) FROM releases r WHERE r.label_id = l2.id AND r.approved)::int AS n
                FROM labels l2 WHERE ${scoped(sql`l2.id`, scope.labels)}) c
          WHERE c.id = l.id AND l.release_count <> c.n`,
    );
}
