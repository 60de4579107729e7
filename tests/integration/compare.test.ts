/**
 * Comparing editions on the seed: lib/data/compare.ts and GET /api/titles/{id}/compare against
 * real releases (PGlite; PostgreSQL too when TEST_DATABASE_URL is set).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as compareRoute } from '@/app/api/titles/[publicId]/compare/route';
import { compareEditions } from '@/lib/data/compare';
import type { CompareRow } from '@/lib/compare-rows';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

type Body = {
  error?: string;
  code?: string;
  movie: { public_id: string; name: string; runtime_min: number | null };
  canonical: string;
  releases: { public_id: string; format: number; owners: number }[];
  rows: CompareRow[];
};

async function api(movie: string, query: string): Promise<{ status: number; body: Body }> {
  const res = await compareRoute(new Request(`http://localhost/api/titles/${movie}/compare${query}`), {
    params: Promise.resolve({ publicId: movie }),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

describe.each(testEngines())('comparing editions on %s', (engine) => {
  let h: DbHandle;
  /** The movie with a runtime and the most approved releases in the seed (three or more), and those releases by id. */
  let movie: { public_id: string; runtime_min: number };
  let releases: { public_id: string; format: number }[];
  /** A cut release with a known cut length, its movie (with a runtime) and another release of that movie. */
  let cut: { movie: string; runtime_min: number; cut: string; cut_seconds: number; other: string };

  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    useAsProcessDb(h);
    [movie] = await queryRows<{ public_id: string; runtime_min: number }>(
      h.db,
      sql`SELECT m.public_id, m.runtime_min FROM movies m
          JOIN release_movies rm ON rm.movie_id = m.id JOIN releases r ON r.id = rm.release_id AND r.approved
          WHERE m.runtime_min > 0 GROUP BY m.id HAVING count(*) >= 3 ORDER BY count(*) DESC, m.id LIMIT 1`,
    );
    releases = await queryRows<{ public_id: string; format: number }>(
      h.db,
      sql`SELECT r.public_id, r.format FROM releases r JOIN release_movies rm ON rm.release_id = r.id
          JOIN movies m ON m.id = rm.movie_id WHERE m.public_id = ${movie.public_id} AND r.approved ORDER BY r.id`,
    );
    [cut] = await queryRows<typeof cut>(
      h.db,
      sql`SELECT m.public_id AS movie, m.runtime_min, r.public_id AS cut, r.cut_seconds, o.public_id AS other
          FROM releases r JOIN release_movies rm ON rm.release_id = r.id JOIN movies m ON m.id = rm.movie_id
          JOIN release_movies orm ON orm.movie_id = m.id AND orm.release_id <> r.id
          JOIN releases o ON o.id = orm.release_id AND o.approved AND NOT o.is_cut
          WHERE r.approved AND r.is_cut AND r.cut_seconds > 0 AND m.runtime_min > 0
          ORDER BY r.id, o.id LIMIT 1`,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it('finds the seed rows the cases use', () => {
    expect(movie?.runtime_min).toBeGreaterThan(0);
    expect(releases.length).toBeGreaterThanOrEqual(3);
    expect(cut?.cut_seconds).toBeGreaterThan(0);
  });

  it('gives the releases in the order asked for, each with its owners count', async () => {
    const ids = [releases[2].public_id, releases[0].public_id];
    const result = await compareEditions(movie.public_id, ids, h.db);
    if ('missing' in result) throw new Error(`missing ${result.missing}`);
    expect(result.movie.public_id).toBe(movie.public_id);
    expect(result.releases.map((r) => r.public_id)).toEqual(ids);
    const [owned] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT COALESCE((SELECT owned_count FROM release_counters c JOIN releases r ON r.id = c.release_id
          WHERE r.public_id = ${ids[0]}), 0)::int AS n`,
    );
    expect(result.releases[0].owners).toBe(owned.n);
  });

  it('names releases that are not of this movie, and an unknown movie', async () => {
    const result = await compareEditions(movie.public_id, [releases[0].public_id, cut.cut], h.db);
    expect(result).toMatchObject({ missing: 'releases', ids: [cut.cut] });
    expect(await compareEditions('no-such-movie', [releases[0].public_id, releases[1].public_id], h.db)).toEqual({
      missing: 'movie',
    });
  });

  it('GET /api/titles/{id}/compare: rows with one value per release, the differing ones marked, a sorted canonical address', async () => {
    const [a, b, c] = releases.map((r) => r.public_id);
    const { status, body } = await api(movie.public_id, `?r=${c},${a}&r=${b}`);
    expect(status).toBe(200);
    expect(body.releases.map((r) => r.public_id)).toEqual([c, a, b]);
    expect(body.canonical).toBe(`/movie/${movie.public_id}/compare?r=${[a, b, c].sort().join(',')}`);
    expect(body.rows.length).toBeGreaterThan(3);
    for (const row of body.rows) {
      expect(row.values).toHaveLength(3);
      expect(row.values.some((v) => v !== null)).toBe(true);
      expect(row.differs).toBe(new Set(row.values.map((v) => JSON.stringify(v))).size > 1);
    }
    const format = body.rows.find((r) => r.key === 'format');
    expect(format?.values).toEqual([c, a, b].map((id) => releases.find((r) => r.public_id === id)?.format));
    expect(body.rows.find((r) => r.key === 'runtime')?.values).toEqual([
      movie.runtime_min * 60,
      movie.runtime_min * 60,
      movie.runtime_min * 60,
    ]);
  });

  it('gives a cut release its runtime less the cuts, and marks the cut rows as differing', async () => {
    const { status, body } = await api(cut.movie, `?r=${cut.cut},${cut.other}`);
    expect(status).toBe(200);
    expect(body.rows.find((r) => r.key === 'runtime')).toMatchObject({
      values: [cut.runtime_min * 60 - cut.cut_seconds, cut.runtime_min * 60],
      differs: true,
    });
    expect(body.rows.find((r) => r.key === 'cut')).toMatchObject({
      values: [
        { cut: true, seconds: cut.cut_seconds },
        { cut: false, seconds: null, approx: false },
      ],
      differs: true,
    });
  });

  it.each([
    [
      'one release',
      (a: string) => `?r=${a}`,
      'compare_count',
      'Compare two to four releases: give their public ids in r, separated by commas (1 given)',
    ],
    ['five releases', (a: string) => `?r=${a},b,c,d,e`, 'compare_count', null],
    ['the same release twice', (a: string) => `?r=${a},${a}`, 'compare_count', null],
    ['an id that is no public id', (a: string) => `?r=${a},x%20y`, 'bad_param', null],
    ['no r', () => '', 'bad_param', null],
  ])('answers 400 with its code for %s', async (_case, query, code, text) => {
    const { status, body } = await api(movie.public_id, query(releases[0].public_id));
    expect(status).toBe(400);
    expect(body.code).toBe(code);
    if (text) expect(body.error).toBe(text);
  });

  it('answers 400 compare_releases for a release of another movie, and 404 for an unknown movie', async () => {
    const other = await api(movie.public_id, `?r=${releases[0].public_id},${cut.cut}`);
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 'compare_releases',
      error: `Not approved releases of this movie: ${cut.cut}`,
    });
    const unknown = await api('no-such-movie', `?r=${releases[0].public_id},${releases[1].public_id}`);
    expect(unknown.status).toBe(404);
  });
});
