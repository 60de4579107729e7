/**
 * The catalogue's writers and its one derivation of derived columns, on PGlite and PostgreSQL:
 * - every row the bulk import wrote holds the columns lib/derived-columns.ts derives;
 * - the single-row writers (lib/data/catalogue-writes.ts), given the same fields, write the same
 *   derived columns and counts as the bulk import did;
 * - an update writes only changed fields, records a revision with before/after values and marks
 *   the fields edited; unknown fields, bad values and a taken label name are refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db, type DbHandle } from '@/db';
import { createCatalogueEntity, updateCatalogueEntity } from '@/lib/data/catalogue-writes';
import { inTransaction } from '@/lib/data/events';
import { searchAll } from '@/lib/data/search';
import { deriveLabel, deriveMovie, derivePerson, deriveRelease } from '@/lib/derived-columns';
import { AppError } from '@/lib/errors';
import { assertPostgresConfiguredInCi, createTestDb, getSeededTestDb, testEngines } from '../support/db';

assertPostgresConfiguredInCi();

const NO_ONE = { userId: null, approvedById: null };

type MovieRow = {
  id: number;
  public_id: string;
  type: number;
  name: string;
  original_name: string | null;
  localized_names: Record<string, string>;
  akas: string[];
  year: number | null;
  title_key: string;
  search_text: string;
  release_count: number;
};
type ReleaseRow = {
  id: number;
  public_id: string;
  name: string;
  format: number;
  edition: string[];
  label: string | null;
  spine_number: number | null;
  ean: string | null;
  name_key: string;
  search_text: string;
  movie_year: number | null;
  movies: number[];
};

async function movieRows(db: Db, where = sql`TRUE`): Promise<MovieRow[]> {
  return queryRows<MovieRow>(
    db,
    sql`SELECT id, public_id, type, name, original_name, localized_names, akas, year, title_key, search_text, release_count
        FROM movies WHERE ${where} ORDER BY id`,
  );
}

async function releaseRows(db: Db, where = sql`TRUE`): Promise<ReleaseRow[]> {
  return queryRows<ReleaseRow>(
    db,
    sql`SELECT r.id, r.public_id, r.name, r.format, r.edition, l.name AS label, r.spine_number, r.ean, r.name_key,
               r.search_text, r.movie_year,
               ARRAY(SELECT rm.movie_id FROM release_movies rm WHERE rm.release_id = r.id ORDER BY rm.position, rm.movie_id) AS movies
        FROM releases r LEFT JOIN labels l ON l.id = r.label_id WHERE ${where} ORDER BY r.id`,
  );
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

describe.each(testEngines())('catalogue writers on %s', (engine) => {
  let seeded: DbHandle;
  let empty: DbHandle;
  beforeAll(async () => {
    [seeded, empty] = await Promise.all([getSeededTestDb(engine), createTestDb(engine)]);
  });
  afterAll(async () => {
    await Promise.all([seeded?.close(), empty?.close()]);
  });

  it('the bulk import writes every derived column as lib/derived-columns.ts derives it', async () => {
    const bad: string[] = [];
    const movies = await movieRows(seeded.db);
    const byId = new Map(movies.map((m) => [Number(m.id), m]));
    for (const m of movies) {
      const d = deriveMovie({ ...m, localizedNames: json(m.localized_names), originalName: m.original_name });
      if (d.titleKey !== m.title_key || d.searchText !== m.search_text) bad.push(`movie ${m.public_id} ${m.name}`);
    }
    for (const r of await releaseRows(seeded.db)) {
      const d = deriveRelease({
        name: r.name,
        edition: r.edition,
        labelName: r.label,
        spineNumber: r.spine_number,
        ean: r.ean,
        films: r.movies.map((id) => {
          const m = byId.get(Number(id))!;
          return { name: m.name, localizedNames: json(m.localized_names), year: m.year };
        }),
      });
      if (d.nameKey !== r.name_key || d.searchText !== r.search_text || d.movieYear !== r.movie_year)
        bad.push(`release ${r.public_id} ${r.name}`);
    }
    for (const p of await queryRows<{ name: string; name_key: string; search_text: string }>(
      seeded.db,
      sql`SELECT name, name_key, search_text FROM persons`,
    )) {
      const d = derivePerson(p);
      if (d.nameKey !== p.name_key || d.searchText !== p.search_text) bad.push(`person ${p.name}`);
    }
    for (const l of await queryRows<{ name: string; name_key: string; search_text: string }>(
      seeded.db,
      sql`SELECT name, name_key, search_text FROM labels`,
    )) {
      const d = deriveLabel(l);
      if (d.nameKey !== l.name_key || d.searchText !== l.search_text) bad.push(`label ${l.name}`);
    }
    expect(bad.slice(0, 20)).toEqual([]);
    // The listed word order is searchable beside the natural one ("Godfather, The").
    const [godfather] = await movieRows(seeded.db, sql`name = 'The Godfather'`);
    expect(godfather.search_text).toContain('the godfather godfather the');
  });

  it('the single-row writers give imported releases, their films, label and credits the same derived columns and counts', async () => {
    // A sample with labels, spine numbers, several films, Finnish titles and listed articles.
    const sample = await releaseRows(
      seeded.db,
      sql`r.id IN (
        (SELECT id FROM releases WHERE spine_number IS NOT NULL ORDER BY id LIMIT 4)
        UNION (SELECT release_id FROM release_movies GROUP BY release_id HAVING count(*) > 1 ORDER BY release_id LIMIT 3)
        UNION (SELECT rm.release_id FROM release_movies rm JOIN movies m ON m.id = rm.movie_id
               WHERE m.localized_names ? 'fi' ORDER BY rm.release_id LIMIT 3)
        UNION (SELECT id FROM releases WHERE name LIKE 'The %' ORDER BY id LIMIT 3))`,
    );
    expect(sample.length).toBeGreaterThanOrEqual(8);
    const movieIds = [...new Set(sample.flatMap((r) => r.movies.map(Number)))];
    const films = await movieRows(seeded.db, sql`id = ANY(${sql.param(movieIds)}::int[])`);
    const credits = await queryRows<{ movie_id: number; person: string; role: string; character: string }>(
      seeded.db,
      sql`SELECT c.movie_id, p.name AS person, c.role, c.character FROM credits c JOIN persons p ON p.id = c.person_id
          WHERE c.movie_id = ANY(${sql.param(movieIds)}::int[]) ORDER BY c.movie_id, c.ord, c.id`,
    );

    // The same entities written one by one through the writers into an empty database.
    const newMovie = new Map<number, string>();
    const newPerson = new Map<string, string>();
    const newLabel = new Map<string, string>();
    await inTransaction(empty.db, async (tx) => {
      for (const m of films) {
        const made = await createCatalogueEntity(
          tx,
          'movie',
          {
            type: m.type,
            name: m.name,
            original_name: m.original_name,
            localized_names: json(m.localized_names),
            akas: m.akas,
            year: m.year,
          },
          NO_ONE,
        );
        newMovie.set(Number(m.id), made.publicId);
      }
      for (const c of credits)
        if (!newPerson.has(c.person))
          newPerson.set(c.person, (await createCatalogueEntity(tx, 'person', { name: c.person }, NO_ONE)).publicId);
      for (const m of films) {
        const list = credits.filter((c) => Number(c.movie_id) === Number(m.id));
        if (!list.length) continue;
        const [{ id }] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM movies WHERE public_id = ${newMovie.get(Number(m.id))!}`,
        );
        await updateCatalogueEntity(
          tx,
          'movie',
          Number(id),
          { credits: list.map((c) => ({ person: newPerson.get(c.person)!, role: c.role, character: c.character })) },
          NO_ONE,
        );
      }
      for (const r of sample) {
        if (r.label && !newLabel.has(r.label))
          newLabel.set(r.label, (await createCatalogueEntity(tx, 'label', { name: r.label }, NO_ONE)).publicId);
        await createCatalogueEntity(
          tx,
          'release',
          {
            name: r.name,
            format: r.format,
            edition: r.edition,
            spine_number: r.spine_number,
            ean: r.ean,
            label: r.label ? newLabel.get(r.label)! : null,
            movies: r.movies.map((id) => newMovie.get(Number(id))!),
          },
          { ...NO_ONE, approved: true },
        );
      }
    });

    const written = await releaseRows(empty.db);
    const derivedOf = (r: ReleaseRow) => ({
      name: r.name,
      nameKey: r.name_key,
      searchText: r.search_text,
      movieYear: r.movie_year,
    });
    expect(written.map(derivedOf)).toEqual(sample.map(derivedOf));
    const writtenFilms = await movieRows(empty.db);
    const filmOf = (m: MovieRow) => ({ name: m.name, titleKey: m.title_key, searchText: m.search_text });
    expect(writtenFilms.map(filmOf)).toEqual(films.map(filmOf));
    // Counts over what this database holds: the films' releases among the sample.
    const sampleIds = sample.map((r) => Number(r.id));
    const expectedCounts = films.map((m) => sample.filter((r) => r.movies.map(Number).includes(Number(m.id))).length);
    expect(writtenFilms.map((m) => m.release_count)).toEqual(expectedCounts);
    expect(sampleIds.length).toBe(written.length);
    const creditCounts = await queryRows<{ name: string; credit_count: number }>(
      empty.db,
      sql`SELECT name, credit_count FROM persons ORDER BY name, id`,
    );
    for (const p of creditCounts)
      expect(p.credit_count, p.name).toBe(credits.filter((c) => c.person === p.name).length);
    const labels = await queryRows<{ name: string; release_count: number }>(
      empty.db,
      sql`SELECT name, release_count FROM labels`,
    );
    for (const l of labels) expect(l.release_count, l.name).toBe(sample.filter((r) => r.label === l.name).length);
  });

  it('an edit writes the changed fields only, with a revision of their values before and after', async () => {
    const [release] = await releaseRows(
      seeded.db,
      sql`r.id = (SELECT min(id) FROM releases WHERE spine_number IS NOT NULL AND label_id IS NOT NULL)`,
    );
    const id = Number(release.id);
    const first = await inTransaction(seeded.db, (tx) =>
      updateCatalogueEntity(
        tx,
        'release',
        id,
        { name: 'Zyzzogeton Restored Edition', spine_number: release.spine_number, region_code: ' B ', rrp: '19.9' },
        { userId: null, approvedById: null },
      ),
    );
    expect(Object.keys(first.changes).sort()).toEqual(['name', 'region_code', 'rrp']);
    expect(first.changes.name).toEqual({ before: release.name, after: 'Zyzzogeton Restored Edition' });
    expect(first.changes.rrp.after).toBe('19.90');
    expect(first.changes.region_code.after).toBe('B');
    const [rev] = await queryRows<{ kind: string; entity_type: string; entity_public_id: string; changes: unknown }>(
      seeded.db,
      sql`SELECT kind, entity_type, entity_public_id, changes FROM revisions WHERE id = ${first.revisionId}`,
    );
    expect(rev).toMatchObject({ kind: 'edit', entity_type: 'release', entity_public_id: release.public_id });
    expect(json(rev.changes as object)).toEqual(first.changes);
    const [after] = await queryRows<{ edited_fields: string[]; rrp: string; search_text: string }>(
      seeded.db,
      sql`SELECT edited_fields, rrp::text AS rrp, search_text FROM releases WHERE id = ${id}`,
    );
    expect(after.edited_fields).toEqual(['name', 'region_code', 'rrp']);
    expect(after.rrp).toBe('19.90');
    expect(after.search_text.startsWith('zyzzogeton restored edition')).toBe(true);
    // Found by search at once.
    const found = await searchAll('zyzzogeton', seeded.db);
    expect(found.releases.map((r) => r.public_id)).toContain(release.public_id);

    // The same values again change nothing and store no revision.
    const again = await inTransaction(seeded.db, (tx) =>
      updateCatalogueEntity(tx, 'release', id, { name: 'Zyzzogeton Restored Edition', rrp: 19.9 }, NO_ONE),
    );
    expect(again.revisionId).toBeNull();
  });

  it('refuses unknown fields, bad values, a release without movies and a label name another label has', async () => {
    const [release] = await releaseRows(seeded.db, sql`r.id = (SELECT min(id) FROM releases)`);
    const code = async (work: (tx: Db) => Promise<unknown>) => {
      try {
        await inTransaction(seeded.db, work);
        return null;
      } catch (e) {
        return e instanceof AppError ? e.code : String(e);
      }
    };
    expect(
      await code((tx) => updateCatalogueEntity(tx, 'release', Number(release.id), { password_hash: 'x' }, NO_ONE)),
    ).toBe('invalid_value');
    expect(
      await code((tx) => updateCatalogueEntity(tx, 'release', Number(release.id), { discs_count: 1.5 }, NO_ONE)),
    ).toBe('invalid_value');
    expect(
      await code((tx) =>
        updateCatalogueEntity(tx, 'release', Number(release.id), { street_date: '2020-13-45' }, NO_ONE),
      ),
    ).toBe('invalid_value');
    expect(
      await code((tx) => updateCatalogueEntity(tx, 'release', Number(release.id), { movies: ['noSuchMovie'] }, NO_ONE)),
    ).toBe('invalid_value');
    expect(await code((tx) => updateCatalogueEntity(tx, 'release', 0, { name: 'x' }, NO_ONE))).toBe('not_found');
    expect(await code((tx) => createCatalogueEntity(tx, 'release', { name: 'No films', format: 1 }, NO_ONE))).toBe(
      'invalid_value',
    );
    const [label] = await queryRows<{ name: string }>(seeded.db, sql`SELECT name FROM labels ORDER BY id LIMIT 1`);
    expect(
      await code((tx) => createCatalogueEntity(tx, 'label', { name: ` ${label.name.toUpperCase()} ` }, NO_ONE)),
    ).toBe('label_name_taken');
  });
});
