/**
 * The admins' import from the external movie database (lib/data/external-import.ts) against a
 * local TMDb stand-in (tests/support/tmdb-server.ts): a new movie with its cast and crew,
 * production companies, poster and rating; a movie already in the catalogue (the same IMDb id)
 * refreshed, not duplicated, with its history kept; persons and companies joined; a series with
 * its seasons' episodes; an episode by its IMDb id; TMDb finding nothing, failing or too slow;
 * malformed input; non-admins; the import off; the API routes. Runs on PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { POST as importPost } from '@/app/api/admin/import/route';
import { POST as refreshPost } from '@/app/api/admin/import/[publicId]/route';
import { getProductionCompany, listCompanyTitles } from '@/lib/data/companies';
import {
  fetchExternalImport,
  importExternalMovie,
  refreshExternalMovie,
  writeExternalTitle,
  type ExternalImportSummary,
} from '@/lib/data/external-import';
import { inTransaction } from '@/lib/data/events';
import { getTitle, listTitles } from '@/lib/data/movies';
import { listRevisions, revertRevision, type RevisionDto } from '@/lib/data/revisions';
import { AppError } from '@/lib/errors';
import { apiRequest, openCommunityDb, publicIdContext } from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { registerMember, type Member } from '../support/members';
import { SLOW_MS, startTmdbServer, TMDB_TEST_KEY, TMDB_TEST_TOKEN, type TmdbServer } from '../support/tmdb-server';

assertPostgresConfiguredInCi();

const POSTER = 'https://image.tmdb.org/t/p/w500/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg';
const NOT_FOUND_TEXT = 'No entry matches the given id and movie type';

/** The AppError code a promise rejects with. */
async function errorCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    if (error instanceof AppError) return `${error.code} ${error.status}`;
    throw error;
  }
  throw new Error('did not reject');
}

describe.each(testEngines())('import from the external movie database on %s', (engine) => {
  let h: DbHandle;
  let admin: Member;
  let member: Member;
  let tmdb: TmdbServer;
  let matrix: ExternalImportSummary;
  let series: ExternalImportSummary;

  const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(h.db, query))[0].n);
  const adminPoints = async () => count(sql`SELECT points AS n FROM users WHERE id = ${admin.actor.userId}`);
  /** Imports and expects success. */
  async function imported(imdbId: string, type: number): Promise<ExternalImportSummary> {
    const r = await importExternalMovie(admin.actor, { imdb_id: imdbId, type }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.import;
  }

  beforeAll(async () => {
    tmdb = await startTmdbServer();
    vi.stubEnv('TMDB_API_URL', tmdb.url);
    vi.stubEnv('TMDB_API_KEY', TMDB_TEST_KEY);
    vi.stubEnv('TMDB_TIMEOUT_MS', '10000');
    // The catalogue before the imports: "The Matrix Reloaded" as the seed imports it (from
    // Wikipedia, with its IMDb id, plot and Finnish name) and a film without any id.
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [
        {
          publicId: 'seedReload1',
          sourceId: 'wp:The_Matrix_Reloaded',
          name: 'The Matrix Reloaded',
          titleKey: 'matrix reloaded',
          year: 2003,
          imdbId: 'tt0234215',
          plot: 'Neo and the rebel leaders estimate that they have 72 hours until Zion falls.',
          plotSource: 'wikipedia',
          wikipediaHref: 'The_Matrix_Reloaded',
          localizedNames: { fi: 'Matrix Reloaded' },
          genres: ['Science Fiction'],
        },
        { publicId: 'seedNoIds01', name: 'Obscure Home Video', titleKey: 'obscure home video', year: 1987 },
      ],
    }));
    member = await registerMember(h.db, { label: 'Member', n: 1 });
    await h.db.execute(
      sql`INSERT INTO movie_sources (source_id, movie_id) SELECT 'wp:The_Matrix_Reloaded', id FROM movies WHERE public_id = 'seedReload1'`,
    );
    await h.db.execute(
      sql`INSERT INTO persons (public_id, source_id, name, name_key, search_text) VALUES
            ('seedMonica1', 'name:monica bellucci', 'Monica Bellucci', 'monica bellucci', 'monica bellucci'),
            ('seedJada001', 'name:jada pinkett smith', 'Jada Pinkett Smith', 'jada pinkett smith', 'jada pinkett smith')`,
    );
    await h.db.execute(
      sql`INSERT INTO credits (movie_id, person_id, role, character, ord)
          SELECT m.id, p.id, 'actor', CASE p.public_id WHEN 'seedMonica1' THEN 'Persephone' ELSE 'Niobe' END,
                 CASE p.public_id WHEN 'seedMonica1' THEN 0 ELSE 1 END
          FROM movies m, persons p WHERE m.public_id = 'seedReload1'`,
    );
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await h?.close();
    await tmdb?.close();
  });

  it('a new movie: its fields, cast and crew, companies, poster and rating, a revision naming TMDb, 2 points', async () => {
    matrix = await imported('tt0133093', 1);
    expect(matrix).toEqual({
      movie: { public_id: matrix.movie.public_id, name: 'The Matrix', year: 1999, type: 1 },
      created: true,
      revision_id: expect.stringMatching(/^\d+$/),
      points: 2,
      series: null,
      episodes: { created: 0, updated: 0, unchanged: 0 },
      // Keanu Reeves, Laurence Fishburne, Carrie-Anne Moss, Hugo Weaving; the Wachowskis (directors
      // and writers), Joel Silver, Don Davis, Bill Pope, Zach Staenberg (the caterer is no role of ours).
      persons_created: 10,
      companies_created: 4,
    });
    const t = (await getTitle(matrix.movie.public_id, h.db))!;
    expect(t).toMatchObject({
      type: 1,
      name: 'The Matrix',
      original_name: null,
      localized_names: { fi: 'Matrix' },
      year: 1999,
      runtime_min: 136,
      genres: ['Action', 'Science Fiction'],
      countries: ['United States of America'],
      spoken_languages: ['English'],
      certifications: [
        { country: 'FI', rating: 'K-16' },
        { country: 'US', rating: 'R' },
      ],
      imdb_id: 'tt0133093',
      tmdb_id: 603,
      plot:
        'Set in the 22nd century, The Matrix tells the story of a computer hacker who joins a group of underground ' +
        'insurgents fighting the vast and powerful computers who now rule the earth.',
      ratings: [{ source: 'tmdb', value: 8.2, votes: 26011 }],
      source_ids: ['tmdb:603'],
      picture_url: POSTER,
    });
    expect(t.cast_crew.map((c) => [c.role, c.person.name, c.character])).toEqual([
      ['director', 'Lana Wachowski', null],
      ['director', 'Lilly Wachowski', null],
      ['writer', 'Lana Wachowski', null],
      ['writer', 'Lilly Wachowski', null],
      ['producer', 'Joel Silver', null],
      ['composer', 'Don Davis', null],
      ['cinematography', 'Bill Pope', null],
      ['editor', 'Zach Staenberg', null],
      ['actor', 'Keanu Reeves', 'Thomas A. Anderson / Neo'],
      ['actor', 'Laurence Fishburne', 'Morpheus'],
      ['actor', 'Carrie-Anne Moss', 'Trinity'],
      ['actor', 'Hugo Weaving', 'Agent Smith'],
    ]);
    expect(t.production_companies.map((c) => c.name)).toEqual([
      'Groucho II Film Partnership',
      'Silver Pictures',
      'Village Roadshow Pictures',
      'Warner Bros. Pictures',
    ]);
    expect(t.pictures).toEqual([
      {
        public_id: expect.any(String),
        type: 3,
        url: POSTER,
        srcset: expect.stringContaining('/w92/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg 92w'),
        source: 'TMDb',
        is_default: true,
      },
    ]);
    const [movieRow] = await queryRows<{ source_id: string | null; plot_source: string }>(
      h.db,
      sql`SELECT source_id, plot_source FROM movies WHERE public_id = ${matrix.movie.public_id}`,
    );
    // The origin is the revision's (and movie_sources'): no seed origin entry in the history.
    expect(movieRow).toEqual({ source_id: null, plot_source: 'tmdb' });
    const revisions = await queryRows<{ kind: string; source_id: string; points: number; user_id: number }>(
      h.db,
      sql`SELECT kind, source_id, points, user_id FROM revisions WHERE entity_type = 'movie' AND entity_public_id = ${matrix.movie.public_id}`,
    );
    expect(revisions).toEqual([{ kind: 'create', source_id: 'tmdb:603', points: 2, user_id: admin.actor.userId }]);
    expect(await adminPoints()).toBe(2);
    // Persons carry their TMDb id and were created through the writer (a revision each).
    const [keanu] = await queryRows<{ tmdb_person_id: number; source_id: string | null; revisions: number }>(
      h.db,
      sql`SELECT p.tmdb_person_id, p.source_id,
            (SELECT count(*)::int FROM revisions r WHERE r.entity_type = 'person' AND r.entity_id = p.id
               AND r.kind = 'create' AND r.source_id = 'tmdb-person:6384') AS revisions
          FROM persons p WHERE p.name = 'Keanu Reeves'`,
    );
    expect(keanu).toEqual({ tmdb_person_id: 6384, source_id: null, revisions: 1 });
    // The movie was read with its credits, images, ids, release dates and translations, the key as api_key.
    expect(tmdb.requests.find((r) => r.path === '/movie/603')).toEqual({
      path: '/movie/603',
      query: {
        language: 'en-US',
        append_to_response: 'credits,images,external_ids,release_dates,translations',
        include_image_language: 'en,null',
      },
      auth: 'api_key',
    });
  });

  it('the company pages and the trash video listing show the imported movie', async () => {
    const warner = (
      await queryRows<{ public_id: string }>(
        h.db,
        sql`SELECT public_id FROM production_companies WHERE name = 'Warner Bros. Pictures'`,
      )
    )[0].public_id;
    expect(await getProductionCompany(warner, h.db)).toMatchObject({
      name: 'Warner Bros. Pictures',
      country: 'US',
      movie_count: 1,
    });
    expect((await listCompanyTitles(warner, {}, h.db))!.items.map((m) => m.name)).toEqual(['The Matrix']);
    const trash = await listTitles({ pc: 'any', so: 'year_desc' }, {}, h.db);
    expect(trash.items.map((m) => m.name)).toEqual(['The Matrix']);
  });

  it('a movie already in the catalogue with the same IMDb id is refreshed, not duplicated; its history is kept', async () => {
    const r = await imported('tt0234215', 1);
    expect(r).toMatchObject({
      movie: { public_id: 'seedReload1', name: 'The Matrix Reloaded', year: 2003, type: 1 },
      created: false,
      points: 0,
      // Everyone TMDb credits is known: the cast and directors from The Matrix, Monica Bellucci by name.
      persons_created: 0,
      // NPV Entertainment; Village Roadshow, Silver Pictures and Warner Bros. are joined.
      companies_created: 1,
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM movies WHERE imdb_id = 'tt0234215'`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM movies`)).toBe(3);
    const t = (await getTitle('seedReload1', h.db))!;
    expect(t).toMatchObject({
      tmdb_id: 604,
      runtime_min: 138,
      genres: ['Adventure', 'Action', 'Science Fiction'],
      countries: ['Australia', 'United States of America'],
      spoken_languages: ['English', 'French'],
      certifications: [{ country: 'US', rating: 'R' }],
      // The Wikipedia plot and the Finnish name stay: TMDb has another plot and no Finnish name.
      plot: 'Neo and the rebel leaders estimate that they have 72 hours until Zion falls.',
      wikipedia_url: 'https://en.wikipedia.org/wiki/The_Matrix_Reloaded',
      localized_names: { fi: 'Matrix Reloaded' },
      ratings: [{ source: 'tmdb', value: 7.1, votes: 10512 }],
      source_ids: ['tmdb:604', 'wp:The_Matrix_Reloaded'],
    });
    // TMDb's credits first; Jada Pinkett Smith, whom TMDb's list here lacks, is kept.
    expect(
      t.cast_crew.map((c) => [c.role, c.person.public_id === 'seedMonica1' ? 'seedMonica1' : c.person.name]),
    ).toEqual([
      ['director', 'Lana Wachowski'],
      ['director', 'Lilly Wachowski'],
      ['producer', 'Joel Silver'],
      ['actor', 'Keanu Reeves'],
      ['actor', 'Laurence Fishburne'],
      ['actor', 'Carrie-Anne Moss'],
      ['actor', 'Hugo Weaving'],
      ['actor', 'seedMonica1'],
      ['actor', 'Jada Pinkett Smith'],
    ]);
    // Persons joined: one Keanu Reeves credited twice; Monica Bellucci is the seed's person, now with her TMDb id.
    expect(await queryRows(h.db, sql`SELECT public_id, credit_count FROM persons WHERE tmdb_person_id = 6384`)).toEqual(
      [{ public_id: expect.any(String), credit_count: 2 }],
    );
    expect(
      await queryRows(h.db, sql`SELECT public_id, tmdb_person_id FROM persons WHERE name_key = 'monica bellucci'`),
    ).toEqual([{ public_id: 'seedMonica1', tmdb_person_id: 28782 }]);
    // Companies created once and joined: Warner Bros. lists both films.
    expect(await count(sql`SELECT count(*)::int AS n FROM production_companies`)).toBe(5);
    const warner = (
      await queryRows<{ public_id: string }>(
        h.db,
        sql`SELECT public_id FROM production_companies WHERE name = 'Warner Bros. Pictures'`,
      )
    )[0].public_id;
    expect((await getProductionCompany(warner, h.db))!.movie_count).toBe(2);
    expect((await listCompanyTitles(warner, {}, h.db))!.items.map((m) => m.name)).toEqual([
      'The Matrix Reloaded',
      'The Matrix',
    ]);
    // History: the refresh as an edit by the admin naming TMDb, then the seed's origin.
    const history = (await listRevisions('movie', 'seedReload1', {}, h.db))!.items;
    expect(history.map((e) => e.kind)).toEqual(['edit', 'import']);
    expect(history[1]).toMatchObject({ kind: 'import', source_id: 'wp:The_Matrix_Reloaded' });
    const edit = history[0] as RevisionDto;
    expect(edit.author?.public_id).toBe(admin.actor.publicId);
    expect(edit.points).toBe(0);
    expect(edit.changes.runtime_min).toEqual({ before: null, after: 138 });
    expect(edit.changes.tmdb_id).toEqual({ before: null, after: 604 });
    expect(edit.changes.genres).toEqual({
      before: ['Science Fiction'],
      after: ['Adventure', 'Action', 'Science Fiction'],
    });
    expect(edit.changes.production_companies).toEqual({
      before: null,
      after: ['NPV Entertainment', 'Silver Pictures', 'Village Roadshow Pictures', 'Warner Bros. Pictures'],
    });
    expect(edit.changes.ratings).toEqual({ before: null, after: [{ source: 'tmdb', value: 7.1, votes: 10512 }] });
    expect(edit.changes.poster).toEqual({ before: null, after: '/9TGHDvWrqKBzwDxDodHYXEmOE6J.jpg' });
    expect(Object.keys(edit.changes)).not.toContain('plot');
    expect(await queryRows(h.db, sql`SELECT source_id FROM revisions WHERE id = ${Number(edit.id)}`)).toEqual([
      { source_id: 'tmdb:604' },
    ]);
    expect(await adminPoints()).toBe(2);
  });

  it('a refresh of an unchanged title writes nothing; a change at TMDb is a revision of that change, revertible', async () => {
    const before = tmdb.requests.length;
    const same = await refreshExternalMovie(admin.actor, matrix.movie.public_id, h.db);
    expect(same).toMatchObject({ created: false, revision_id: null, points: 0, persons_created: 0 });
    // By its TMDb id: no find.
    expect(tmdb.requests.slice(before).map((r) => r.path)).toEqual(['/movie/603']);

    tmdb.override('/movie/603', (b) => {
      b.runtime = 150;
      b.vote_average = 8.31;
      b.vote_count = 26100;
    });
    const changed = await refreshExternalMovie(admin.actor, matrix.movie.public_id, h.db);
    tmdb.reset();
    expect(changed).toMatchObject({ created: false, points: 0, revision_id: expect.stringMatching(/^\d+$/) });
    const history = (await listRevisions('movie', matrix.movie.public_id, {}, h.db))!.items;
    expect(history.map((e) => e.kind)).toEqual(['edit', 'create']);
    const edit = history[0] as RevisionDto;
    expect(edit.changes).toEqual({
      runtime_min: { before: 136, after: 150 },
      ratings: {
        before: [{ source: 'tmdb', value: 8.2, votes: 26011 }],
        after: [{ source: 'tmdb', value: 8.3, votes: 26100 }],
      },
    });
    // An admin reverts the refresh's field change from the history; the rating is left as it is.
    const reverted = await revertRevision(admin.actor, edit.id, h.db);
    expect(reverted).toMatchObject({ reverted: ['runtime_min'], leftAsTheyAre: ['ratings'] });
    expect((await getTitle(matrix.movie.public_id, h.db))!).toMatchObject({
      runtime_min: 136,
      ratings: [{ source: 'tmdb', value: 8.3, votes: 26100 }],
    });
    expect(await adminPoints()).toBe(2);
  });

  it('a TV series brings its seasons and episodes, linked to it with their numbers; a second import adds none', async () => {
    series = await imported('tt0903747', 2);
    expect(series).toMatchObject({
      movie: { name: 'Breaking Bad', year: 2008, type: 2 },
      created: true,
      points: 2,
      episodes: { created: 4, updated: 0, unchanged: 0 },
      companies_created: 3,
    });
    const t = (await getTitle(series.movie.public_id, h.db))!;
    expect(t).toMatchObject({
      type: 2,
      imdb_id: 'tt0903747',
      tmdb_id: null,
      year: 2008,
      runtime_min: 45,
      seasons_amount: 2,
      episodes_amount: 4,
      genres: ['Drama', 'Crime'],
      certifications: [
        { country: 'FI', rating: 'K16' },
        { country: 'US', rating: 'TV-MA' },
      ],
      source_ids: ['tmdb-tv:1396'],
      ratings: [{ source: 'tmdb', value: 8.9, votes: 13004 }],
    });
    // The Finnish name is the English one: none is stored.
    expect(t.localized_names).toEqual({});
    expect(t.cast_crew.map((c) => [c.role, c.person.name, c.character])).toEqual([
      ['writer', 'Vince Gilligan', null],
      ['actor', 'Bryan Cranston', 'Walter White'],
      ['actor', 'Aaron Paul', 'Jesse Pinkman'],
    ]);
    const episodes = await queryRows<{ name: string; type: number; season: number; episode: number; year: number }>(
      h.db,
      sql`SELECT m.name, m.type, m.season, m.episode, m.year FROM movies m JOIN movies s ON s.id = m.episode_of_id
          WHERE s.public_id = ${series.movie.public_id} ORDER BY m.season, m.episode`,
    );
    expect(episodes).toEqual([
      { name: 'Pilot', type: 5, season: 1, episode: 1, year: 2008 },
      { name: "Cat's in the Bag...", type: 5, season: 1, episode: 2, year: 2008 },
      { name: 'Seven Thirty-Seven', type: 5, season: 2, episode: 1, year: 2009 },
      { name: 'Grilled', type: 5, season: 2, episode: 2, year: 2009 },
    ]);
    // Season 0 (specials) is not asked for.
    expect(tmdb.requests.filter((r) => r.path.startsWith('/tv/1396/season/')).map((r) => r.path)).toEqual([
      '/tv/1396/season/1',
      '/tv/1396/season/2',
    ]);
    const [pilotId] = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM movies WHERE name = 'Pilot'`,
    );
    const pilot = (await getTitle(pilotId.public_id, h.db))!;
    expect(pilot).toMatchObject({
      episode_of: { public_id: series.movie.public_id, name: 'Breaking Bad', year: 2008 },
      runtime_min: 58,
      ratings: [{ source: 'tmdb', value: 8.3, votes: 200 }],
      source_ids: ['tmdb-episode:62085'],
    });
    expect(pilot.cast_crew.map((c) => [c.role, c.person.name])).toEqual([
      ['director', 'Vince Gilligan'],
      ['writer', 'Vince Gilligan'],
      ['cinematography', 'John Toll'],
      ['actor', 'Dean Norris'],
    ]);
    expect(await adminPoints()).toBe(4);

    const again = await imported('tt0903747', 2);
    expect(again).toMatchObject({
      movie: { public_id: series.movie.public_id },
      created: false,
      revision_id: null,
      points: 0,
      episodes: { created: 0, updated: 0, unchanged: 4 },
      persons_created: 0,
      companies_created: 0,
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM movies WHERE type = 5`)).toBe(4);
    expect(await adminPoints()).toBe(4);
  });

  it('a TV episode by its IMDb id is the episode the series brought, now with that id', async () => {
    const r = await imported('tt0959621', 5);
    expect(r).toMatchObject({
      movie: { name: 'Pilot', year: 2008, type: 5 },
      created: false,
      points: 0,
      series: { public_id: series.movie.public_id, name: 'Breaking Bad' },
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM movies WHERE type = 5`)).toBe(4);
    expect((await getTitle(r.movie.public_id, h.db))!.imdb_id).toBe('tt0959621');
    // Refreshed again by its series' TMDb id and its numbers, without a find.
    const before = tmdb.requests.length;
    const again = await refreshExternalMovie(admin.actor, r.movie.public_id, h.db);
    expect(again).toMatchObject({ movie: { public_id: r.movie.public_id }, created: false, revision_id: null });
    expect(tmdb.requests.slice(before).map((q) => q.path)).toEqual(['/tv/1396', '/tv/1396/season/1']);
  });

  it('no entry matches the given id and movie type: an unknown id, or an id of another kind', async () => {
    const movies = await count(sql`SELECT count(*)::int AS n FROM movies`);
    expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt9999990', type: 1 }, h.db))).toBe(
      'external_not_found 404',
    );
    // A TV series asked for as a movie, a movie as a series or as an episode.
    expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt0903747', type: 1 }, h.db))).toBe(
      'external_not_found 404',
    );
    expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt0133093', type: 2 }, h.db))).toBe(
      'external_not_found 404',
    );
    expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt0133093', type: 5 }, h.db))).toBe(
      'external_not_found 404',
    );
    expect(new AppError('external_not_found').message).toBe(NOT_FOUND_TEXT);
    expect(await count(sql`SELECT count(*)::int AS n FROM movies`)).toBe(movies);
    // A movie without an IMDb or TMDb id cannot be refreshed.
    expect(await errorCode(refreshExternalMovie(admin.actor, 'seedNoIds01', h.db))).toBe('external_no_id 409');
    expect(await errorCode(refreshExternalMovie(admin.actor, 'noSuchMovie', h.db))).toBe('not_found 404');
  });

  it('TMDb failing, failing half-way, refusing the key or too slow is a clear error, and nothing is written', async () => {
    const movies = await count(sql`SELECT count(*)::int AS n FROM movies`);
    const revisions = await count(sql`SELECT count(*)::int AS n FROM revisions`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt0000500', type: 1 }, h.db))).toBe(
        'external_unavailable 502',
      );
      expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt0000502', type: 1 }, h.db))).toBe(
        'external_unavailable 502',
      );
      vi.stubEnv('TMDB_API_KEY', 'not-the-key');
      expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt0133093', type: 1 }, h.db))).toBe(
        'external_unavailable 502',
      );
      vi.stubEnv('TMDB_API_KEY', TMDB_TEST_KEY);
      vi.stubEnv('TMDB_TIMEOUT_MS', '200');
      const started = Date.now();
      expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt0000501', type: 1 }, h.db))).toBe(
        'external_unavailable 502',
      );
      expect(Date.now() - started).toBeLessThan(SLOW_MS);
      // The log names the request, never the key.
      const logged = warn.mock.calls.flat().map(String).join('\n');
      expect(logged).toContain('GET /find/tt0000500');
      expect(logged).not.toContain(TMDB_TEST_KEY);
    } finally {
      vi.stubEnv('TMDB_TIMEOUT_MS', '10000');
      vi.stubEnv('TMDB_API_KEY', TMDB_TEST_KEY);
      warn.mockRestore();
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM movies`)).toBe(movies);
    expect(await count(sql`SELECT count(*)::int AS n FROM revisions`)).toBe(revisions);
  });

  it('a v4 read access token is sent as a Bearer token', async () => {
    vi.stubEnv('TMDB_API_KEY', TMDB_TEST_TOKEN);
    try {
      const r = await imported('tt0133093', 1);
      expect(r).toMatchObject({ movie: { public_id: matrix.movie.public_id }, created: false });
      expect(tmdb.requests.at(-1)).toMatchObject({ path: '/movie/603', auth: 'bearer' });
    } finally {
      vi.stubEnv('TMDB_API_KEY', TMDB_TEST_KEY);
    }
  });

  it('a malformed IMDb id or type is a field problem, and TMDb is not asked', async () => {
    const before = tmdb.requests.length;
    for (const imdb_id of [
      'tt12',
      'nm0000206',
      'tt01330930000000',
      '',
      'TT0133093',
      'https://www.imdb.com/title/tt0133093/',
    ])
      expect(await importExternalMovie(admin.actor, { imdb_id, type: 1 }, h.db)).toEqual({
        ok: false,
        errors: { imdb_id: 'invalid' },
      });
    for (const type of [0, 6, 'movie', null])
      expect(await importExternalMovie(admin.actor, { imdb_id: 'tt0133093', type }, h.db)).toEqual({
        ok: false,
        errors: { type: 'invalid' },
      });
    expect(await importExternalMovie(admin.actor, null, h.db)).toEqual({ ok: false, errors: { _form: 'invalid' } });
    expect(await errorCode(fetchExternalImport({ imdb_id: 'tt12', type: 1 }))).toBe('invalid_value 400');
    expect(await errorCode(fetchExternalImport({ imdb_id: 'tt0133093', type: 9 }))).toBe('invalid_value 400');
    expect(tmdb.requests.length).toBe(before);
  });

  it('only admins import or refresh, and the import is off without TMDB_API_KEY', async () => {
    const before = tmdb.requests.length;
    expect(await errorCode(importExternalMovie(null, { imdb_id: 'tt0133093', type: 1 }, h.db))).toBe(
      'unauthorized 401',
    );
    expect(await errorCode(importExternalMovie(member.actor, { imdb_id: 'tt0133093', type: 1 }, h.db))).toBe(
      'forbidden 403',
    );
    expect(await errorCode(refreshExternalMovie(member.actor, matrix.movie.public_id, h.db))).toBe('forbidden 403');
    expect(await errorCode(writeExternalTitle(member.actor, { main: null!, series: null, episodes: [] }, h.db))).toBe(
      'forbidden 403',
    );
    expect(tmdb.requests.length).toBe(before);
    vi.stubEnv('TMDB_API_KEY', '');
    try {
      expect(await errorCode(importExternalMovie(admin.actor, { imdb_id: 'tt0133093', type: 1 }, h.db))).toBe(
        'external_import_off 503',
      );
      expect(await errorCode(refreshExternalMovie(admin.actor, matrix.movie.public_id, h.db))).toBe(
        'external_import_off 503',
      );
    } finally {
      vi.stubEnv('TMDB_API_KEY', TMDB_TEST_KEY);
    }
  });

  it("reads before the caller's transaction and writes inside it (what a member's approved request would do)", async () => {
    const title = await fetchExternalImport({ imdb_id: 'tt0234215', type: 1 });
    const r = await inTransaction(h.db, async (tx) => {
      const summary = await writeExternalTitle(admin.actor, title, tx);
      await tx.execute(
        sql`UPDATE movies SET synopsis = 'Written in the same transaction' WHERE public_id = 'seedReload1'`,
      );
      return summary;
    });
    expect(r).toMatchObject({ movie: { public_id: 'seedReload1' }, created: false, revision_id: null });
    expect(
      await count(sql`SELECT count(*)::int AS n FROM movies WHERE synopsis = 'Written in the same transaction'`),
    ).toBe(1);
    // A failing caller's transaction takes the import with it.
    await expect(
      inTransaction(h.db, async (tx) => {
        await writeExternalTitle(admin.actor, await fetchExternalImport({ imdb_id: 'tt0133093', type: 4 }), tx);
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect((await getTitle(matrix.movie.public_id, h.db))!.type).toBe(1);
  });

  it('the API routes: 200 with the summary, 400 for bad input (never 500), 401, 403, 404, 409, 502', async () => {
    const post = (body: unknown, cookie: string | null = admin.cookie) =>
      importPost(apiRequest('POST', '/api/admin/import', { body, cookie }));
    const ok = await post({ imdb_id: 'tt0133093', type: '1' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ movie: { public_id: matrix.movie.public_id }, created: false, points: 0 });
    const bad = await post({ imdb_id: 'x', type: 1 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid', fields: { imdb_id: 'invalid' } });
    for (const body of [{ imdb_id: 12, type: null }, {}, { imdb_id: 'tt0133093' }])
      expect((await post(body)).status).toBe(400);
    const notJson = await importPost(
      new Request('http://localhost/api/admin/import', {
        method: 'POST',
        headers: { origin: 'http://localhost', cookie: admin.cookie, 'content-type': 'application/json' },
        body: '{imdb_id',
      }),
    );
    expect(notJson.status).toBe(400);
    expect((await post({ imdb_id: 'tt0133093', type: 1 }, member.cookie)).status).toBe(403);
    expect((await post({ imdb_id: 'tt0133093', type: 1 }, null)).status).toBe(401);
    const missing = await post({ imdb_id: 'tt9999990', type: 1 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: NOT_FOUND_TEXT, code: 'external_not_found' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = await post({ imdb_id: 'tt0000500', type: 1 });
    warn.mockRestore();
    expect(failing.status).toBe(502);
    expect(await failing.json()).toEqual({
      error: 'The external movie database did not answer as expected. Try again later.',
      code: 'external_unavailable',
    });

    const refresh = (publicId: string, cookie: string | null = admin.cookie) =>
      refreshPost(apiRequest('POST', `/api/admin/import/${publicId}`, { cookie }), publicIdContext(publicId));
    const refreshed = await refresh(series.movie.public_id);
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({
      movie: { public_id: series.movie.public_id },
      episodes: { created: 0, updated: 0, unchanged: 4 },
    });
    expect((await refresh('seedNoIds01')).status).toBe(409);
    expect((await refresh('noSuchMovie')).status).toBe(404);
    expect((await refresh(matrix.movie.public_id, member.cookie)).status).toBe(403);
  });
});
