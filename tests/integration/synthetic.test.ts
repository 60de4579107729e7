/**
 * Synthetic scale data (lib/synthetic, `npm run db:synthetic`).
 * - Always: the pure parts (seeded PRNG, samplers, title and name models, EAN check digits).
 * - On PostgreSQL (TEST_DATABASE_URL; required under CI): a small scale generated into fresh
 *   migrated databases: exact row counts, determinism (same seed → same rows in another
 *   database; another seed differs), every derived column and counter recomputed and compared
 *   (the community's too: comments and likes counts, last activity, search documents, ratings),
 *   indexes and foreign keys restored, refusal of a present seed, --replace (community rows and
 *   what real members wrote on them included), generation on top of existing rows, and the
 *   app's data layer finding synthetic rows.
 */
import crypto from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DbHandle } from '@/db';
import { isValidBarcode } from '@/lib/barcode';
import { getRelease, listReleases } from '@/lib/data/releases';
import { getTitle } from '@/lib/data/movies';
import { getPerson } from '@/lib/data/persons';
import { listPosts } from '@/lib/data/posts';
import { listReviews } from '@/lib/data/reviews';
import { searchAll } from '@/lib/data/search';
import { publicIdFor } from '@/lib/import/catalog';
import {
  generateSynthetic,
  syntheticLabelCount,
  SyntheticSeedPresentError,
  type SyntheticCounts,
} from '@/lib/synthetic';
import { PersonNameModel, TitleModel } from '@/lib/synthetic/names';
import { AliasTable, permutation, Rng } from '@/lib/synthetic/random';
import { foldText, searchDocument, titleKey } from '@/lib/text';
import { deriveLabel, deriveMovie, derivePerson, deriveRelease } from '@/lib/derived-columns';
import { COUNTRY_IDS, FORMAT_IDS } from '@/lib/validation/enums';
import { admin, assertPostgresConfiguredInCi, serverUrl } from '../support/db';

assertPostgresConfiguredInCi();

const SCALE = {
  releases: 3000,
  movies: 1500,
  persons: 3000,
  users: 300,
  reviews: 2000,
  posts: 500,
  comments: 5000,
} as const;

describe('synthetic generator: pure parts', () => {
  it('the PRNG is deterministic per seed and stream, and differs between them', () => {
    const draw = (seed: number, stream: string) => {
      const r = new Rng(seed, stream);
      return Array.from({ length: 5 }, () => r.u32());
    };
    expect(draw(1, 'movies')).toEqual(draw(1, 'movies'));
    expect(draw(1, 'movies')).not.toEqual(draw(2, 'movies'));
    expect(draw(1, 'movies')).not.toEqual(draw(1, 'persons'));
    const r = new Rng(7);
    for (let i = 0; i < 1000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('alias tables sample by weight; permutations are bijections', () => {
    const t = new AliasTable([1, 0, 3]);
    const r = new Rng(3);
    const hits = [0, 0, 0];
    for (let i = 0; i < 20000; i++) hits[t.sample(r)]++;
    expect(hits[1]).toBe(0);
    expect(hits[2] / hits[0]).toBeGreaterThan(2.6);
    expect(hits[2] / hits[0]).toBeLessThan(3.4);
    const p = permutation(1000, 5);
    expect(new Set(Array.from({ length: 1000 }, (_, i) => p(i))).size).toBe(1000);
  });

  it('titles follow the length of the titles they learn from; names have first and last names', () => {
    const words = [
      'Night',
      'Harbor',
      'Shadow',
      'Crimson',
      'River',
      'Dance',
      'Love',
      'Stranger',
      'Golden',
      'Storm',
      'Island',
      'Secret',
    ];
    const real: string[] = [];
    const r = new Rng(11);
    for (let i = 0; i < 400; i++) {
      const n = 1 + (i % 4);
      real.push(['The', ...Array.from({ length: n }, () => r.pick(words))].slice(n === 1 ? 1 : 0).join(' '));
    }
    const model = new TitleModel(real);
    expect(model.sourceTitles).toBe(400);
    const mean = (xs: string[]) => xs.reduce((a, s) => a + s.length, 0) / xs.length;
    const generated = Array.from({ length: 4000 }, () => model.title(r));
    expect(Math.abs(mean(generated) - mean(real)) / mean(real)).toBeLessThan(0.2);
    expect(generated.every((t) => titleKey(t).length > 0)).toBe(true);
    // Empty database: built-in words.
    const fallback = new TitleModel([]);
    expect(fallback.sourceTitles).toBe(0);
    expect(fallback.title(r).length).toBeGreaterThan(0);
    const names = new PersonNameModel([]);
    for (let i = 0; i < 200; i++) expect(names.fullName(r)).toMatch(/^\S+ (\S+ )?\S+( Jr\.)?$/);
  });
});

/** A throwaway PostgreSQL database (migrated) with a raw client for the generator and a Drizzle handle for lib/data. */
type TestDb = { name: string; sql: postgres.Sql; handle: DbHandle; close: () => Promise<void> };

async function freshDb(): Promise<TestDb> {
  const name = `discshelf_t_synth_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await admin((q) => q.unsafe(`CREATE DATABASE ${name}`));
  const handle = await openDatabase({ url: serverUrl(name) });
  await migrateDatabase(handle);
  const sql = postgres(serverUrl(name), { max: 1, onnotice: () => {} });
  return {
    name,
    sql,
    handle,
    close: async () => {
      await sql.end({ timeout: 5 });
      await handle.close();
      await admin((q) => q.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

type ReleaseRow = {
  id: number;
  source_id: string;
  public_id: string;
  name: string;
  street_date: string | null;
  ean: string | null;
  format: number;
  country: number;
};

async function releaseRows(sql: postgres.Sql, seed: number): Promise<ReleaseRow[]> {
  return sql<ReleaseRow[]>`SELECT id, source_id, public_id, name, street_date::text, ean, format, country FROM releases
                            WHERE source_id LIKE ${`synthetic:${seed}:%`} ORDER BY id`;
}

async function namesOf(sql: postgres.Sql, table: 'movies' | 'persons', seed: number): Promise<string[]> {
  return (
    await sql.unsafe<{ v: string }[]>(
      `SELECT public_id || ' ' || name AS v FROM ${table} WHERE source_id LIKE 'synthetic:${seed}:%' ORDER BY id`,
    )
  ).map((r) => r.v);
}

/** Indexes PostgreSQL hides from snapshots older than their creation (built over broken HOT chains). */
async function uncheckedIndexes(sql: postgres.Sql): Promise<string[]> {
  return (
    await sql<{ v: string }[]>`SELECT indexrelid::regclass::text AS v FROM pg_index WHERE indcheckxmin ORDER BY 1`
  ).map((r) => r.v);
}

async function schemaObjects(sql: postgres.Sql): Promise<string[]> {
  const idx = await sql<
    { v: string }[]
  >`SELECT indexdef AS v FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`;
  const fks = await sql<
    { v: string }[]
  >`SELECT conname || ' ' || convalidated || ' ' || pg_get_constraintdef(oid) AS v FROM pg_constraint WHERE contype = 'f' ORDER BY conname`;
  return [...idx, ...fks].map((r) => r.v);
}

/** Every counter and derived column that can be checked in SQL: rows that disagree, per check. */
async function inconsistencies(sql: postgres.Sql): Promise<Record<string, number>> {
  const [row] = await sql<Record<string, number>[]>`
    SELECT
      (SELECT count(*) FROM movies m WHERE m.release_count <> (SELECT count(*) FROM release_movies rm JOIN releases r ON r.id = rm.release_id AND
        r.approved WHERE rm.movie_id = m.id))::int AS movie_release_count,
      (SELECT count(*) FROM persons p WHERE p.credit_count <> (SELECT count(*) FROM credits c WHERE c.person_id = p.id))::int AS person_credit_count,
      (SELECT count(*) FROM labels l WHERE l.release_count <> (SELECT count(*) FROM releases r WHERE r.label_id = l.id AND r.approved))::int AS
        label_release_count,
      (SELECT count(*) FROM releases r WHERE NOT EXISTS (SELECT 1 FROM release_movies rm WHERE rm.release_id = r.id))::int AS release_without_movie,
      (SELECT count(*) FROM releases r WHERE r.movie_year IS DISTINCT FROM (SELECT m.year FROM release_movies rm JOIN movies m ON m.id = rm.movie_id
        WHERE rm.release_id = r.id AND rm.position = 0))::int AS movie_year,
      (SELECT count(*) FROM (SELECT release_id FROM release_movies GROUP BY release_id HAVING max(position) <> count(*) - 1 OR min(position) <> 0)
        x)::int AS positions,
      (SELECT count(*) FROM movies WHERE type = 5 AND (episode_of_id IS NULL OR (SELECT type FROM movies s WHERE s.id = movies.episode_of_id) <>
        2))::int AS episodes,
      (SELECT count(*) FROM movies m WHERE m.type IN (1, 3, 4, 5) AND m.source_id LIKE 'synthetic:%' AND NOT EXISTS (SELECT 1 FROM credits c WHERE
        c.movie_id = m.id AND c.role = 'director'))::int AS no_director,
      (SELECT count(*) FROM persons WHERE source_id LIKE 'synthetic:%' AND credit_count < 1)::int AS uncredited,
      (SELECT count(*) FROM movies m WHERE m.source_id LIKE 'synthetic:%' AND NOT EXISTS (SELECT 1 FROM movie_sources s WHERE s.movie_id = m.id AND
        s.source_id = m.source_id))::int AS movie_sources,
      (SELECT count(*) FROM pg_sequences s JOIN (VALUES ('movies_id_seq', (SELECT max(id) FROM movies)), ('persons_id_seq', (SELECT max(id) FROM persons)),
          ('releases_id_seq', (SELECT max(id) FROM releases)), ('labels_id_seq', (SELECT max(id) FROM labels)), ('credits_id_seq', (SELECT max(id)
            FROM credits))) v(seq, m)
          ON v.seq = s.sequencename WHERE s.last_value IS DISTINCT FROM v.m)::int AS sequences`;
  return row;
}

/** The checks that found rows (empty when everything is consistent). */
const allZero = (checks: Record<string, number>) =>
  Object.fromEntries(Object.entries(checks).filter(([, n]) => n !== 0));

type DerivedRow = Record<string, unknown> & { name: string; public_id: string; source_id: string | null };

/** Recomputes title_key/name_key/search_text/movie_year (lib/derived-columns.ts, the one derivation) and public_id in JS; returns mismatches. */
async function derivedMismatches(sql: postgres.Sql): Promise<string[]> {
  const bad: string[] = [];
  const movies = await sql<
    (DerivedRow & {
      title_key: string;
      search_text: string;
      original_name: string | null;
      localized_names: Record<string, string>;
      akas: string[];
      year: number | null;
    })[]
  >`
    SELECT public_id, source_id, name, title_key, search_text, original_name, localized_names, akas, year FROM movies WHERE source_id LIKE 'synthetic:%'`;
  for (const m of movies) {
    const d = deriveMovie({
      name: m.name,
      originalName: m.original_name,
      localizedNames: m.localized_names,
      akas: m.akas,
      year: m.year,
    });
    if (m.title_key !== d.titleKey) bad.push(`movie title_key ${m.source_id}`);
    if (m.search_text !== d.searchText) bad.push(`movie search_text ${m.source_id}`);
    if (m.public_id !== publicIdFor('movie', m.source_id!)) bad.push(`movie public_id ${m.source_id}`);
  }
  const persons = await sql<(DerivedRow & { name_key: string; search_text: string })[]>`
    SELECT public_id, source_id, name, name_key, search_text FROM persons WHERE source_id LIKE 'synthetic:%'`;
  for (const p of persons) {
    if (
      p.name_key !== derivePerson(p).nameKey ||
      p.search_text !== derivePerson(p).searchText ||
      p.public_id !== publicIdFor('person', p.source_id!)
    )
      bad.push(`person ${p.source_id}`);
  }
  const labels = await sql<
    (DerivedRow & { name_key: string; search_text: string })[]
  >`SELECT public_id, NULL AS source_id, name, name_key, search_text FROM labels`;
  for (const l of labels) {
    if (
      l.name_key !== deriveLabel(l).nameKey ||
      l.search_text !== deriveLabel(l).searchText ||
      l.public_id !== publicIdFor('label', l.name_key)
    )
      bad.push(`label ${l.name}`);
  }
  const releases = await sql<
    (DerivedRow & {
      name_key: string;
      search_text: string;
      edition: string[];
      label: string | null;
      spine_number: number | null;
      ean: string | null;
      movie_year: number | null;
      movies: { name: string; fi: string | null; year: number | null }[];
    })[]
  >`
    SELECT r.public_id, r.source_id, r.name, r.name_key, r.search_text, r.movie_year, r.edition, l.name AS label, r.spine_number, r.ean,
           (SELECT json_agg(json_build_object('name', m.name, 'fi', m.localized_names->>'fi', 'year', m.year) ORDER BY rm.position)
              FROM release_movies rm JOIN movies m ON m.id = rm.movie_id WHERE rm.release_id = r.id) AS movies
    FROM releases r LEFT JOIN labels l ON l.id = r.label_id WHERE r.source_id LIKE 'synthetic:%'`;
  for (const r of releases) {
    const d = deriveRelease({
      name: r.name,
      edition: r.edition,
      labelName: r.label,
      spineNumber: r.spine_number,
      ean: r.ean,
      films: r.movies.map((m) => ({ name: m.name, localizedNames: m.fi ? { fi: m.fi } : null, year: m.year })),
    });
    if (r.name_key !== d.nameKey) bad.push(`release name_key ${r.source_id}`);
    if (r.search_text !== d.searchText) bad.push(`release search_text ${r.source_id}`);
    if (r.movie_year !== d.movieYear) bad.push(`release movie_year ${r.source_id}`);
    if (r.public_id !== publicIdFor('release', r.source_id!)) bad.push(`release public_id ${r.source_id}`);
    if (r.ean !== null && !(r.ean.length === 13 && isValidBarcode(r.ean)))
      bad.push(`release ean ${r.source_id} ${r.ean}`);
  }
  return bad;
}

/** Community counters and rules that can be checked in SQL: rows that disagree, per check. */
async function communityInconsistencies(sql: postgres.Sql): Promise<Record<string, number>> {
  const [row] = await sql<Record<string, number>[]>`
    SELECT
      (SELECT count(*) FROM reviews r WHERE r.comments_count <> (SELECT count(*) FROM comments c WHERE c.review_id = r.id))::int AS review_comments,
      (SELECT count(*) FROM posts p WHERE p.comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id))::int AS post_comments,
      (SELECT count(*) FROM reviews r WHERE r.likes_count <> (SELECT count(*) FROM likes l WHERE l.review_id = r.id))::int AS review_likes,
      (SELECT count(*) FROM posts p WHERE p.likes_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id))::int AS post_likes,
      (SELECT count(*) FROM comments c WHERE c.likes_count <> (SELECT count(*) FROM likes l WHERE l.comment_id = c.id))::int AS comment_likes,
      (SELECT count(*) FROM posts p WHERE p.last_activity_at <> greatest(p.created_at,
        coalesce((SELECT max(c.created_at) FROM comments c WHERE c.post_id = p.id), p.created_at)))::int AS last_activity,
      (SELECT count(*) FROM reviews WHERE release_id IS NULL
        AND num_nonnulls(rating_release, rating_picture, rating_sound, rating_extras, rating_package) > 0)::int AS aspects_without_release,
      (SELECT count(*) FROM reviews r WHERE r.release_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM release_movies rm
        WHERE rm.release_id = r.release_id AND rm.movie_id = r.movie_id))::int AS release_not_of_movie,
      (SELECT count(*) FROM comments c JOIN reviews r ON r.id = c.review_id WHERE c.created_at < r.created_at)::int AS comment_before_review,
      (SELECT count(*) FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.created_at < p.created_at)::int AS reply_before_post,
      (SELECT count(*) FROM comments c JOIN comments t ON t.id = c.reply_to_id WHERE t.created_at > c.created_at
        OR t.review_id IS DISTINCT FROM c.review_id OR t.post_id IS DISTINCT FROM c.post_id)::int AS reply_to_other_thread,
      (SELECT count(*) FROM posts p JOIN reviews r ON r.id = p.review_id WHERE r.created_at > p.created_at)::int AS post_before_review,
      (SELECT count(*) FROM (SELECT user_id, created_at FROM reviews UNION ALL SELECT user_id, created_at FROM posts
        UNION ALL SELECT user_id, created_at FROM comments UNION ALL SELECT user_id, created_at FROM likes) x
        JOIN users u ON u.id = x.user_id WHERE u.created_at > x.created_at)::int AS before_joining,
      (SELECT count(*) FROM likes l WHERE l.user_id = coalesce((SELECT user_id FROM reviews WHERE id = l.review_id),
        (SELECT user_id FROM posts WHERE id = l.post_id), (SELECT user_id FROM comments WHERE id = l.comment_id)))::int AS own_likes,
      (SELECT count(*) FROM review_rating_totals t, (
          SELECT count(rating_picture) AS pn, coalesce(sum(rating_picture), 0) AS ps, count(rating_sound) AS sn,
            coalesce(sum(rating_sound), 0) AS ss, count(rating_extras) AS en, coalesce(sum(rating_extras), 0) AS es,
            count(rating_package) AS kn, coalesce(sum(rating_package), 0) AS ks
          FROM reviews WHERE release_id IS NOT NULL) c
        WHERE (t.picture_n, t.picture_sum, t.sound_n, t.sound_sum, t.extras_n, t.extras_sum, t.package_n, t.package_sum)
          IS DISTINCT FROM (c.pn, c.ps, c.sn, c.ss, c.en, c.es, c.kn, c.ks))::int AS rating_totals,
      (SELECT count(*) FROM pg_sequences s JOIN (VALUES ('users_id_seq', (SELECT max(id) FROM users)), ('reviews_id_seq', (SELECT max(id) FROM reviews)),
          ('posts_id_seq', (SELECT max(id) FROM posts)), ('comments_id_seq', (SELECT max(id) FROM comments))) v(seq, m)
          ON v.seq = s.sequencename WHERE v.m IS NOT NULL AND s.last_value IS DISTINCT FROM v.m)::int AS sequences`;
  return row;
}

/** Search documents and public ids of the community rows recomputed in JS as the data layer makes them; returns mismatches. */
async function communityMismatches(sql: postgres.Sql, seed: number): Promise<string[]> {
  const bad: string[] = [];
  const reviews = await sql<
    { id: number; public_id: string; headline: string; ingress: string | null; body: string; search_text: string }[]
  >`SELECT r.id - (SELECT coalesce(min(id), 1) - 1 FROM reviews) AS id, public_id, headline, ingress, body, search_text FROM reviews r ORDER BY r.id`;
  for (const r of reviews) {
    if (r.search_text !== searchDocument(r.headline, r.ingress, r.body)) bad.push(`review search_text ${r.id}`);
    if (r.public_id !== publicIdFor('review', `synthetic:${seed}:review:${r.id}`)) bad.push(`review public_id ${r.id}`);
  }
  const posts = await sql<{ id: number; headline: string; body: string; search_text: string }[]>`
    SELECT id, headline, body, search_text FROM posts`;
  for (const p of posts) if (p.search_text !== searchDocument(p.headline, p.body)) bad.push(`post search_text ${p.id}`);
  const users = await sql<{ name: string; name_key: string; email: string }[]>`SELECT name, name_key, email FROM users`;
  for (const u of users) if (u.name_key !== foldText(u.name)) bad.push(`user name_key ${u.email}`);
  return bad;
}

/** The community rows of a database as comparable text, id order. */
async function communityRows(sql: postgres.Sql): Promise<Record<string, string[]>> {
  const rows = async (table: string, cols: string) =>
    (await sql.unsafe<{ v: string }[]>(`SELECT concat_ws('|', ${cols}) AS v FROM ${table} ORDER BY id`)).map(
      (r) => r.v,
    );
  return {
    users: await rows('users', 'id, public_id, name, email, country, created_at'),
    reviews: await rows(
      'reviews',
      'id, public_id, user_id, movie_id, release_id, headline, ingress, body, language, rating_movie, rating_release, likes_count, comments_count, created_at',
    ),
    posts: await rows(
      'posts',
      'id, public_id, user_id, headline, body, movie_id, release_id, review_id, comments_count, last_activity_at',
    ),
    comments: await rows('comments', 'id, public_id, user_id, review_id, post_id, reply_to_id, body, created_at'),
    likes: await rows('likes', 'user_id, review_id, post_id, comment_id, created_at'),
  };
}

const engines = process.env.TEST_DATABASE_URL ? (['postgres'] as const) : ([] as const);

describe.each(engines)('db:synthetic on %s', () => {
  let a: TestDb;
  let b: TestDb;
  let countsA: SyntheticCounts;
  let schemaBefore: string[];
  const stages = new Set<string>();

  beforeAll(async () => {
    a = await freshDb();
    b = await freshDb();
    schemaBefore = await schemaObjects(a.sql);
    countsA = await generateSynthetic(a.sql, { ...SCALE, seed: 1, onProgress: (stage) => stages.add(stage) });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('writes exactly the requested rows, labels by scale, credits for every movie and person', async () => {
    expect(countsA).toMatchObject({
      seed: 1,
      releases: 3000,
      movies: 1500,
      persons: 3000,
      movieSources: 1500,
      labels: syntheticLabelCount(3000),
    });
    expect(countsA).toMatchObject({ users: 300, reviews: 2000, posts: 500, comments: 5000 });
    expect(countsA.likes).toBeGreaterThan(SCALE.reviews);
    expect(countsA.credits).toBeGreaterThan(SCALE.movies * 4);
    const [db] = await a.sql<Record<string, number>[]>`
      SELECT (SELECT count(*) FROM releases)::int AS releases, (SELECT count(*) FROM movies)::int AS movies, (SELECT count(*) FROM persons)::int AS persons,
             (SELECT count(*) FROM credits)::int AS credits, (SELECT count(*) FROM labels)::int AS labels,
             (SELECT count(*) FROM label_groups)::int AS label_groups,
             (SELECT count(*) FROM release_movies)::int AS release_movies, (SELECT count(*) FROM import_runs WHERE file = 'db:synthetic')::int AS runs`;
    expect(db).toEqual({
      releases: 3000,
      movies: 1500,
      persons: 3000,
      credits: countsA.credits,
      labels: countsA.labels,
      label_groups: countsA.labelGroups,
      release_movies: countsA.releaseMovies,
      runs: 1,
    });
    expect(Object.keys(countsA.seconds)).toEqual(
      expect.arrayContaining(['movies', 'credits', 'persons', 'releases', 'indexes', 'analyze']),
    );
    expect([...stages]).toEqual(
      expect.arrayContaining([
        'movies',
        'credits',
        'persons',
        'labels',
        'releases',
        'release movies',
        'indexes',
        'foreign keys',
        'users',
        'reviews',
        'comments',
        'posts',
        'likes',
      ]),
    );
    const [community] = await a.sql<Record<string, number>[]>`
      SELECT (SELECT count(*) FROM users WHERE email LIKE '%@synthetic.invalid')::int AS users, (SELECT count(*) FROM reviews)::int AS reviews,
             (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM comments)::int AS comments, (SELECT count(*) FROM likes)::int AS likes`;
    expect(community).toEqual({ users: 300, reviews: 2000, posts: 500, comments: 5000, likes: countsA.likes });
  });

  it('fills the community as the data layer does: counters, last activity, search documents, ratings, times', async () => {
    expect(allZero(await communityInconsistencies(a.sql))).toEqual({});
    expect(await communityMismatches(a.sql, 1)).toEqual([]);
    const [mix] = await a.sql<Record<string, number>[]>`
      SELECT (SELECT count(DISTINCT language) FROM reviews)::int AS review_languages, (SELECT count(DISTINCT language) FROM posts)::int AS post_languages,
             (SELECT count(*) FROM reviews WHERE release_id IS NOT NULL)::int AS with_release,
             (SELECT count(*) FROM reviews WHERE rating_picture IS NOT NULL)::int AS picture_rated,
             (SELECT count(DISTINCT rating_movie) FROM reviews)::int AS movie_ratings,
             (SELECT count(*) FROM comments WHERE post_id IS NOT NULL)::int AS replies,
             (SELECT count(*) FROM comments WHERE reply_to_id IS NOT NULL)::int AS replies_to_comments,
             (SELECT count(*) FROM posts WHERE movie_id IS NOT NULL OR release_id IS NOT NULL OR review_id IS NOT NULL)::int AS linked_posts,
             (SELECT count(DISTINCT extract(year FROM created_at)) FROM reviews)::int AS review_years,
             (SELECT count(*) FROM reviews WHERE youtube_id IS NOT NULL AND youtube_url LIKE '%v=' || youtube_id)::int AS videos`;
    expect(mix.review_languages).toBe(3);
    expect(mix.post_languages).toBe(3);
    expect(mix.with_release / SCALE.reviews).toBeGreaterThan(0.3);
    expect(mix.picture_rated).toBeGreaterThan(0);
    expect(mix.movie_ratings).toBe(5);
    expect(mix.replies / SCALE.comments).toBeGreaterThan(0.4);
    expect(mix.replies / SCALE.comments).toBeLessThan(0.8);
    expect(mix.replies_to_comments).toBeGreaterThan(0);
    expect(mix.linked_posts / SCALE.posts).toBeGreaterThan(0.3);
    expect(mix.review_years).toBeGreaterThan(15);
    expect(mix.videos).toBeGreaterThan(0);
  });

  it('fills every derived column and counter as the importer does', async () => {
    expect(await derivedMismatches(a.sql)).toEqual([]);
    expect(allZero(await inconsistencies(a.sql))).toEqual({});
  });

  it('rebuilds the search words: every word of 3+ characters, not only digits, of every name, with the names holding it', async () => {
    expect([...stages]).toContain('search words');
    const docs = await a.sql<{ search_text: string }[]>`
      SELECT search_text FROM movies UNION ALL SELECT search_text FROM releases
      UNION ALL SELECT search_text FROM labels UNION ALL SELECT search_text FROM persons`;
    const want = new Map<string, number>();
    for (const { search_text } of docs)
      for (const w of new Set(search_text.split(' ')))
        if (w.length >= 3 && !/^[0-9]+$/.test(w)) want.set(w, (want.get(w) ?? 0) + 1);
    const rows = await a.sql<{ word: string; doc_count: number }[]>`SELECT word, doc_count FROM search_words`;
    expect(want.size).toBeGreaterThan(1000);
    expect(new Map(rows.map((r) => [r.word, r.doc_count]))).toEqual(want);
  });

  it('restores every index and foreign key it dropped, usable at once', async () => {
    expect(await schemaObjects(a.sql)).toEqual(schemaBefore);
    expect(await uncheckedIndexes(a.sql)).toEqual([]);
  });

  it('covers every format and country, 40 years of street dates, cuts, TV series and episodes', async () => {
    const rows = await releaseRows(a.sql, 1);
    expect(new Set(rows.map((r) => r.format))).toEqual(new Set(FORMAT_IDS));
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(COUNTRY_IDS));
    const dates = rows
      .map((r) => r.street_date)
      .filter((d): d is string => d !== null)
      .sort();
    expect(dates[0] < '1988-01-01').toBe(true);
    expect(dates[dates.length - 1] >= '2028-01-01').toBe(true);
    const [c] = await a.sql<{ cut: number; cut_seconds: number; types: number[]; accented: number }[]>`
      SELECT count(*) FILTER (WHERE is_cut)::int AS cut, count(*) FILTER (WHERE is_cut AND cut_seconds > 0)::int AS cut_seconds,
             (SELECT array_agg(DISTINCT type ORDER BY type) FROM movies) AS types,
             (SELECT count(*) FROM movies WHERE name ~ '[^\\x01-\\x7f]' OR original_name ~ '[^\\x01-\\x7f]')::int AS accented
      FROM releases`;
    expect(c.cut / rows.length).toBeGreaterThan(0.01);
    expect(c.cut / rows.length).toBeLessThan(0.1);
    expect(c.cut_seconds).toBe(c.cut);
    expect(c.types).toEqual([1, 2, 3, 4, 5]);
    expect(c.accented).toBeGreaterThan(0);
  });

  it('the data layer finds synthetic releases, titles and persons', async () => {
    const db = a.handle.db;
    const [rel] = await a.sql<{ public_id: string; name: string }[]>`
      SELECT public_id, name FROM releases WHERE source_id = 'synthetic:1:release:17' AND approved`;
    const found = await listReleases({ q: rel.name }, { cursor: null, limit: 100 }, db);
    expect(found.items.map((r) => r.public_id)).toContain(rel.public_id);
    const detail = await getRelease(rel.public_id, db);
    expect(detail?.movies.length).toBeGreaterThan(0);
    const [movie] = await a.sql<{ public_id: string; name: string; year: number | null }[]>`
      SELECT public_id, name, year FROM movies WHERE source_id LIKE 'synthetic:1:%' AND type = 1 AND release_count > 0 ORDER BY release_count DESC, id LIMIT 1`;
    const search = await searchAll(movie.year ? `${movie.name} (${movie.year})` : movie.name, db);
    expect(search.movies.map((m) => m.public_id)).toContain(movie.public_id);
    expect((await getTitle(movie.public_id, db))?.cast_crew.length).toBeGreaterThan(0);
    const uhd = await listReleases({ fo: [7, 11] }, { cursor: null, limit: 24 }, db);
    expect(uhd.items.length).toBe(24);
    expect(uhd.items.every((r) => r.format === 7 || r.format === 11)).toBe(true);
    const [person] = await a.sql<
      { public_id: string }[]
    >`SELECT public_id FROM persons ORDER BY credit_count DESC, id LIMIT 1`;
    expect((await getPerson(person.public_id, db))?.credits.length).toBeGreaterThan(1);
    // Reviews and discussions, newest first and by text.
    const reviews = await listReviews({}, { cursor: null }, db);
    expect(reviews.items).toHaveLength(24);
    const [review] = await a.sql<{ public_id: string; headline: string }[]>`
      SELECT public_id, headline FROM reviews ORDER BY id LIMIT 1 OFFSET 100`;
    const byText = await listReviews({ q: review.headline }, { cursor: null, limit: 100 }, db);
    expect(byText.items.map((r) => r.public_id)).toContain(review.public_id);
    const [post] = await a.sql<{ public_id: string; headline: string }[]>`
      SELECT public_id, headline FROM posts ORDER BY comments_count DESC, id LIMIT 1`;
    const posts = await listPosts({ q: post.headline }, { cursor: null, limit: 100 }, db);
    expect(posts.items.map((p) => p.public_id)).toContain(post.public_id);
  });

  it('refuses a seed that is already present and leaves the database as it was', async () => {
    await expect(generateSynthetic(a.sql, { ...SCALE, seed: 1 })).rejects.toBeInstanceOf(SyntheticSeedPresentError);
    const [n] = await a.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM releases`;
    expect(n.n).toBe(3000);
    expect(await schemaObjects(a.sql)).toEqual(schemaBefore);
  });

  it('the same seed gives the same rows in another database; another seed gives others', async () => {
    await generateSynthetic(b.sql, { ...SCALE, seed: 1 });
    expect(await releaseRows(b.sql, 1)).toEqual(await releaseRows(a.sql, 1));
    expect(await namesOf(b.sql, 'movies', 1)).toEqual(await namesOf(a.sql, 'movies', 1));
    expect(await namesOf(b.sql, 'persons', 1)).toEqual(await namesOf(a.sql, 'persons', 1));
    expect(await communityRows(b.sql)).toEqual(await communityRows(a.sql));

    const c2 = await generateSynthetic(b.sql, { releases: 500, movies: 300, persons: 400, seed: 2 });
    expect(c2.releases).toBe(500);
    const one = (await releaseRows(b.sql, 1)).slice(0, 500);
    const two = await releaseRows(b.sql, 2);
    expect(two).toHaveLength(500);
    expect(two.filter((r, i) => r.name === one[i].name).length).toBeLessThan(50);
    expect(new Set([...one, ...two].map((r) => r.public_id)).size).toBe(1000);
    expect(await derivedMismatches(b.sql)).toEqual([]);
    expect(allZero(await inconsistencies(b.sql))).toEqual({});
  });

  it('--replace deletes every synthetic row first and writes the seed again', async () => {
    // A real member's comment on a synthetic review, like of a synthetic post, and discussion
    // linked to a synthetic review: the comment and like go with the synthetic rows, the
    // discussion stays, unlinked.
    const [realUser] = await b.sql<{ id: number }[]>`
      INSERT INTO users (public_id, name, name_key, email) VALUES ('realMember', 'Real Member', 'real member', 'real@example.com') RETURNING id`;
    const [synthReview] = await b.sql<{ id: number }[]>`SELECT id FROM reviews ORDER BY id LIMIT 1`;
    const [synthPost] = await b.sql<{ id: number }[]>`SELECT id FROM posts ORDER BY id LIMIT 1`;
    await b.sql`INSERT INTO comments (public_id, user_id, review_id, body) VALUES ('realComment', ${realUser.id}, ${synthReview.id}, 'Nice')`;
    await b.sql`INSERT INTO likes (user_id, post_id) VALUES (${realUser.id}, ${synthPost.id})`;
    await b.sql`
      INSERT INTO posts (public_id, user_id, headline, body, language, review_id, search_text)
      VALUES ('realPost', ${realUser.id}, 'About that review', 'Indeed', 'en', ${synthReview.id}, 'about that review indeed')`;
    const r = await generateSynthetic(b.sql, { ...SCALE, seed: 1, replace: true });
    expect(r.deleted).toMatchObject({
      releases: 3500,
      movies: 1800,
      persons: 3400,
      users: 300,
      reviews: 2000,
      posts: 500,
      comments: 5001,
    });
    const [real] = await b.sql<{ users: number; comments: number; likes: number; review_id: number | null }[]>`
      SELECT (SELECT count(*) FROM users WHERE id = ${realUser.id})::int AS users,
             (SELECT count(*) FROM comments WHERE user_id = ${realUser.id})::int AS comments,
             (SELECT count(*) FROM likes WHERE user_id = ${realUser.id})::int AS likes,
             (SELECT review_id FROM posts WHERE public_id = 'realPost') AS review_id`;
    expect(real).toEqual({ users: 1, comments: 0, likes: 0, review_id: null });
    await b.sql`DELETE FROM posts WHERE public_id = 'realPost'`;
    await b.sql`DELETE FROM users WHERE id = ${realUser.id}`;
    // The real member and discussion held ids during the run, so the synthetic members and
    // posts took ids after them; the rows are otherwise the same.
    const texts = async (sql: postgres.Sql) =>
      (
        await sql<{ v: string }[]>`
        SELECT concat_ws('|', r.public_id, r.headline, r.body, r.created_at, u.public_id, u.name) AS v
        FROM reviews r JOIN users u ON u.id = r.user_id ORDER BY r.id`
      ).map((x) => x.v);
    expect(await texts(b.sql)).toEqual(await texts(a.sql));
    expect(await communityMismatches(b.sql, 1)).toEqual([]);
    expect(allZero(await communityInconsistencies(b.sql))).toEqual({});
    expect(await releaseRows(b.sql, 1)).toEqual(await releaseRows(a.sql, 1));
    expect(await releaseRows(b.sql, 2)).toEqual([]);
    const [n] = await b.sql<{ labels: number; runs: number }[]>`
      SELECT (SELECT count(*) FROM labels)::int AS labels, (SELECT count(*) FROM import_runs WHERE file = 'db:synthetic')::int AS runs`;
    expect(n).toEqual({ labels: syntheticLabelCount(3000), runs: 1 });
    expect(allZero(await inconsistencies(b.sql))).toEqual({});
    expect(await schemaObjects(b.sql)).toEqual(schemaBefore);
    expect(await uncheckedIndexes(b.sql)).toEqual([]);
  });

  it('adds to existing rows: uses real movies and labels, keeps their counters right, ids after theirs', async () => {
    const c = await freshDb();
    try {
      // 300 "real" movies (one with a Finnish name), 600 persons with credits, a label with a release.
      await c.sql.unsafe(
        `
        INSERT INTO labels (id, public_id, name, name_key, search_text, release_count) VALUES (1, '${publicIdFor('label', 'real label')}', 'Real ` +
          `Label', 'real label', 'real label', 1);
        INSERT INTO movies (id, public_id, source_id, name, title_key, year, search_text, localized_names)
          SELECT g, 'realMovie' || g, 'test:movie:' || g, 'Real Movie ' || chr(65 + g % 26) || ' ' || g, 'real movie ' || lower(chr(65 + g % 26)) || ' ` +
          `' || g, 1950 + g % 70, '',
                 CASE WHEN g = 1 THEN '{"fi": "Oikea elokuva"}'::jsonb ELSE '{}'::jsonb END
          FROM generate_series(1, 300) g;
        INSERT INTO persons (id, public_id, source_id, name, name_key, credit_count) SELECT g, 'realPerson' || g, 'name:p' || g, 'Real Person' || g, ` +
          `'real person' || g, 1 FROM generate_series(1, 600) g;
        INSERT INTO credits (id, movie_id, person_id, role) SELECT g, 1 + g % 300, g, 'actor' FROM generate_series(1, 600) g;
        INSERT INTO releases (id, public_id, source_id, name, format, label_id, name_key, search_text, movie_year) VALUES (1, 'realRelease', ` +
          `'test:release:1', 'Real Movie', 3, 1, 'real movie', '', 1951);
        INSERT INTO release_movies (release_id, movie_id, position) VALUES (1, 1, 0);
        UPDATE movies SET release_count = 1 WHERE id = 1;
        SELECT setval('movies_id_seq', 300); SELECT setval('persons_id_seq', 600); SELECT setval('credits_id_seq', 600);
        SELECT setval('labels_id_seq', 1); SELECT setval('releases_id_seq', 1);`,
      );
      await generateSynthetic(c.sql, { ...SCALE, seed: 1 });
      const [x] = await c.sql<Record<string, number>[]>`
        SELECT (SELECT min(id) FROM movies WHERE source_id LIKE 'synthetic:%')::int AS first_movie,
               (SELECT min(id) FROM releases WHERE source_id LIKE 'synthetic:%')::int AS first_release,
               (SELECT count(*) FROM release_movies rm JOIN releases r ON r.id = rm.release_id
                 WHERE r.source_id LIKE 'synthetic:%' AND rm.movie_id <= 300)::int AS real_movie_links,
               (SELECT count(*) FROM releases WHERE label_id = 1)::int AS real_label_releases,
               (SELECT release_count FROM labels WHERE id = 1)::int AS real_label_count`;
      expect(x.first_movie).toBe(301);
      expect(x.first_release).toBe(2);
      expect(x.real_movie_links).toBeGreaterThan(0);
      expect(x.real_label_releases).toBeGreaterThan(1);
      expect(allZero(await inconsistencies(c.sql))).toEqual({});
      expect(await derivedMismatches(c.sql)).toEqual([]);
      expect(await uncheckedIndexes(c.sql)).toEqual([]);
      // Public ids come from the seed's source ids alone, whatever the database held before.
      expect((await releaseRows(c.sql, 1)).map((r) => r.public_id)).toEqual(
        (await releaseRows(a.sql, 1)).map((r) => r.public_id),
      );
    } finally {
      await c.close();
    }
  });

  it('rejects bad counts and an unmigrated database', async () => {
    await expect(generateSynthetic(a.sql, { releases: -1, movies: 1, persons: 1 })).rejects.toBeInstanceOf(RangeError);
    await expect(generateSynthetic(a.sql, { releases: 1.5, movies: 1, persons: 1 })).rejects.toBeInstanceOf(RangeError);
    const name = `discshelf_t_synth_empty_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    await admin((q) => q.unsafe(`CREATE DATABASE ${name}`));
    const raw = postgres(serverUrl(name), { max: 1, onnotice: () => {} });
    try {
      await expect(generateSynthetic(raw, { releases: 1, movies: 1, persons: 1 })).rejects.toThrow(/migrations/);
    } finally {
      await raw.end({ timeout: 5 });
      await admin((q) => q.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
});
