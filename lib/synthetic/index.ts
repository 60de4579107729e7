/**
 * Synthetic scale data (`npm run db:synthetic`): fills a migrated PostgreSQL catalogue
 * with deterministic synthetic movies, TV series and episodes, persons and credits, labels and
 * label groups, releases and their movies, and a community (member accounts, reviews,
 * discussions, comments and likes, ./community.ts), on top of whatever it holds (normally the
 * imported seed). Rows are realistic (title words and lengths learnt from the real titles, names from the
 * real names, formats by era, all countries, street dates 1986-2028, cuts, EANs with valid check
 * digits) and every derived column is filled as the importer fills it (see ./generate.ts).
 *
 * One transaction: secondary indexes and foreign keys of the loaded tables are dropped (exact
 * definitions read first), rows are streamed with COPY, indexes and keys recreated, counters of
 * touched real rows recounted, sequences moved past the new ids, the search words
 * (lib/import/search-words.ts) rebuilt, tables analysed, and
 * the run recorded in import_runs (file "db:synthetic"). A failure or an interrupted run leaves
 * the database as it was. After the commit the loaded tables are vacuumed (plain VACUUM).
 *
 * Synthetic rows are recognisable: source_id `synthetic:<seed>:movie|person|release:<n>`;
 * synthetic labels and label groups by the id ranges recorded in import_runs; synthetic members
 * by their e-mail domain (`@synthetic.invalid`), and reviews, posts, comments and likes by their
 * synthetic author.
 */
import type postgres from 'postgres';
import { loadContext, RUN_FILE, seedPresent, type RunSummary } from './context';
import { loadCommunityContext, SyntheticCommunity } from './community';
import { copyInto, type CopyTarget } from './copy';
import { SyntheticCatalog } from './generate';
import { dropForLoad, deleteWithKeys, restoreAfterLoad, LOADED_TABLES } from './schema-ops';
import { SEARCH_WORDS_REBUILD_SQL } from '@/lib/import/search-words';

export { syntheticLabelCount } from './generate';

/** Default scale of `npm run db:synthetic` (the library's community counts default to 0). */
export const DEFAULT_SCALE = {
  releases: 1_000_000,
  movies: 500_000,
  persons: 1_000_000,
  users: 20_000,
  reviews: 200_000,
  posts: 50_000,
  comments: 500_000,
  seed: 1,
} as const;

/** Options of {@link generateSynthetic}. */
export type SyntheticOptions = {
  /** Releases to add (≥ 0). */
  releases: number;
  /** Movies (incl. TV series, episodes, shorts, documentaries) to add (≥ 0). */
  movies: number;
  /** Persons to add (≥ 0); each gets at least one credit when movies > 0. */
  persons: number;
  /** Member accounts to add, the authors of the community rows (default 0). */
  users?: number;
  /** Reviews to add (default 0; needs users and movies). */
  reviews?: number;
  /** Discussions (posts) to add (default 0; needs users and movies). */
  posts?: number;
  /** Comments on reviews and replies to posts to add (default 0; needs reviews or posts). */
  comments?: number;
  /** PRNG seed (non-negative integer, default 1): same seed and counts → the same rows. */
  seed?: number;
  /**
   * Called as work advances: stage name ("prepare", "delete", "plan", "movies", "movie sources",
   * "credits", "persons", "labels", "releases", "release movies", "users", "reviews", "comments",
   * "posts", "likes", "indexes", "foreign keys",
   * "counters", "search words", "analyze", "vacuum"), units done, units in the stage (rows; movies for "credits";
   * objects for "indexes" / "foreign keys").
   */
  onProgress?: (stage: string, done: number, total: number) => void;
  /**
   * Delete every earlier synthetic row (any seed) first, in the same transaction. Without it a
   * run refuses a seed whose rows are already present ({@link SyntheticSeedPresentError}).
   */
  replace?: boolean;
};

/** What a run wrote (rows per table), what `replace` deleted, and how long each stage took. */
export type SyntheticCounts = {
  seed: number;
  movies: number;
  movieSources: number;
  persons: number;
  credits: number;
  labels: number;
  labelGroups: number;
  releases: number;
  releaseMovies: number;
  users: number;
  reviews: number;
  posts: number;
  comments: number;
  likes: number;
  /** Rows deleted per table by `replace` ({} without it). */
  deleted: Record<string, number>;
  /** Wall-clock seconds per stage, in stage order. */
  seconds: Record<string, number>;
  /** Wall-clock seconds of the whole run. */
  totalSeconds: number;
};

/** Thrown when the seed's synthetic rows are already in the database and `replace` is not set. */
export class SyntheticSeedPresentError extends Error {
  constructor(readonly seed: number) {
    super(
      `Synthetic rows of seed ${seed} are already in the database (source_id 'synthetic:${seed}:…'). ` +
        `Run with --replace to delete every synthetic row first, or choose another --seed.`,
    );
    this.name = 'SyntheticSeedPresentError';
  }
}

function checkCount(name: string, v: unknown, max: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max)
    throw new RangeError(`${name} must be an integer from 0 to ${max.toLocaleString('en')}, got ${String(v)}`);
  return v;
}

/** Largest accepted count per table (ids are 32-bit). */
export const MAX_ROWS = 50_000_000;

/**
 * Adds synthetic rows to the PostgreSQL catalogue behind `sql` (migrated; may hold the seed
 * import or earlier synthetic runs). See the module doc for what is written and how.
 * @param sql a postgres.js client (one connection is used, inside one transaction)
 * @returns rows written per table, rows deleted by `replace`, seconds per stage
 * @throws SyntheticSeedPresentError when the seed's rows exist and `replace` is not set;
 *   RangeError for bad counts or seed; Error when the database is not migrated or releases are
 *   asked for without any movie; any database error (everything is rolled back)
 */
export async function generateSynthetic(sql: postgres.Sql, opts: SyntheticOptions): Promise<SyntheticCounts> {
  const scale = {
    releases: checkCount('releases', opts.releases, MAX_ROWS),
    movies: checkCount('movies', opts.movies, MAX_ROWS),
    persons: checkCount('persons', opts.persons, MAX_ROWS),
    users: checkCount('users', opts.users ?? 0, MAX_ROWS),
    reviews: checkCount('reviews', opts.reviews ?? 0, MAX_ROWS),
    posts: checkCount('posts', opts.posts ?? 0, MAX_ROWS),
    comments: checkCount('comments', opts.comments ?? 0, MAX_ROWS),
    seed: checkCount('seed', opts.seed ?? DEFAULT_SCALE.seed, 2 ** 31 - 1),
  };
  const progress = opts.onProgress ?? (() => {});
  const started = performance.now();
  const seconds: Record<string, number> = {};
  let stageName = '';
  let stageStart = started;
  const stage = (name: string) => {
    const now = performance.now();
    if (stageName) seconds[stageName] = Math.round((seconds[stageName] ?? 0) * 1000 + (now - stageStart)) / 1000;
    stageName = name;
    stageStart = now;
  };

  const counts = await sql.begin(async (tx) => {
    stage('prepare');
    progress('prepare', 0, 1);
    await tx`SELECT pg_advisory_xact_lock(hashtext('discshelf:db:synthetic'))`;
    await tx.unsafe(`SET LOCAL maintenance_work_mem = '1GB'`);
    await tx.unsafe(`SET LOCAL work_mem = '256MB'`);
    await tx.unsafe(`SET LOCAL synchronous_commit = off`);
    await tx.unsafe(`SET LOCAL statement_timeout = 0`);
    const [tables] = await tx<
      { ok: boolean }[]
    >`SELECT to_regclass('releases') IS NOT NULL AND to_regclass('import_runs') IS NOT NULL AS ok`;
    if (!tables?.ok)
      throw new Error('The database has no catalogue tables: apply the migrations first (npm run db:migrate).');
    if (!opts.replace && (await seedPresent(tx, scale.seed))) throw new SyntheticSeedPresentError(scale.seed);
    const earlier = (
      await tx<{ summary: RunSummary }[]>`SELECT summary FROM import_runs WHERE file = ${RUN_FILE} ORDER BY id`
    ).map((r) => r.summary);
    const { dropped, foreignKeys } = await dropForLoad(tx, LOADED_TABLES);
    progress('prepare', 1, 1);

    let deleted: Record<string, number> = {};
    if (opts.replace) {
      stage('delete');
      progress('delete', 0, 1);
      deleted = await deleteWithKeys(tx, {
        foreignKeys,
        labelRanges: earlier.flatMap((r) => (r.labelIds ? [r.labelIds] : [])),
        groupRanges: earlier.flatMap((r) => (r.labelGroupIds ? [r.labelGroupIds] : [])),
      });
      await tx`DELETE FROM import_runs WHERE file = ${RUN_FILE}`;
      progress('delete', 1, 1);
    }

    stage('plan');
    progress('plan', 0, 1);
    const ctx = await loadContext(tx);
    const cat = new SyntheticCatalog(ctx, scale);
    cat.plan();
    const community = new SyntheticCommunity(cat, await loadCommunityContext(tx), scale);
    community.plan();
    progress('plan', 1, 1);

    // One timed stage `name`: COPY the lines into the table, progress reported against `total` rows.
    const copy = async ({
      name,
      table,
      columns,
      lines,
      total,
    }: Omit<CopyTarget, 'onRows'> & { name: string; total: number }) => {
      stage(name);
      progress(name, 0, total);
      await copyInto(tx, { table, columns, lines, onRows: (n) => progress(name, Math.min(n, total), total) });
      progress(name, total, total);
    };
    await copy({
      name: 'movies',
      table: 'movies',
      columns: SyntheticCatalog.MOVIE_COLUMNS,
      lines: cat.movieLines(),
      total: scale.movies,
    });
    await copy({
      name: 'movie sources',
      table: 'movie_sources',
      columns: SyntheticCatalog.MOVIE_SOURCE_COLUMNS,
      lines: cat.movieSourceLines(),
      total: scale.movies,
    });
    stage('credits');
    progress('credits', 0, scale.movies);
    await copyInto(tx, {
      table: 'credits',
      columns: SyntheticCatalog.CREDIT_COLUMNS,
      lines: cat.creditLines((m) => progress('credits', m, scale.movies)),
    });
    progress('credits', scale.movies, scale.movies);
    await copy({
      name: 'persons',
      table: 'persons',
      columns: SyntheticCatalog.PERSON_COLUMNS,
      lines: cat.personLines(),
      total: scale.persons,
    });
    await copy({
      name: 'labels',
      table: 'labels',
      columns: SyntheticCatalog.LABEL_COLUMNS,
      lines: cat.labelLines(),
      total: cat.labels.length,
    });
    await copyInto(tx, { table: 'label_groups', columns: SyntheticCatalog.GROUP_COLUMNS, lines: cat.groupLines() });
    await copy({
      name: 'releases',
      table: 'releases',
      columns: SyntheticCatalog.RELEASE_COLUMNS,
      lines: cat.releaseLines(),
      total: scale.releases,
    });
    await copy({
      name: 'release movies',
      table: 'release_movies',
      columns: SyntheticCatalog.RELEASE_MOVIE_COLUMNS,
      lines: cat.releaseMovieLines(),
      total: cat.releaseMovieCount,
    });

    // The community, after the catalogue (reviews and posts name its movies). Comments before
    // posts: a post's last activity is its newest reply; likes last: comments' likes come from
    // the comment stage.
    await copy({
      name: 'users',
      table: 'users',
      columns: SyntheticCommunity.USER_COLUMNS,
      lines: community.userLines(),
      total: scale.users,
    });
    await copy({
      name: 'reviews',
      table: 'reviews',
      columns: SyntheticCommunity.REVIEW_COLUMNS,
      lines: community.reviewLines(),
      total: scale.reviews,
    });
    await copy({
      name: 'comments',
      table: 'comments',
      columns: SyntheticCommunity.COMMENT_COLUMNS,
      lines: community.commentLines(),
      total: scale.comments,
    });
    await copy({
      name: 'posts',
      table: 'posts',
      columns: SyntheticCommunity.POST_COLUMNS,
      lines: community.postLines(),
      total: scale.posts,
    });
    await copy({
      name: 'likes',
      table: 'likes',
      columns: SyntheticCommunity.LIKE_COLUMNS,
      lines: community.likeLines(),
      total: community.likeCount,
    });

    const indexCount = dropped.filter((d) => d.kind === 'index').length;
    const keyCount = dropped.length - indexCount;
    stage('indexes');
    await restoreAfterLoad(tx, dropped, (kind, done) => {
      if (kind === 'foreign key' && done === 0) stage('foreign keys');
      progress(kind === 'index' ? 'indexes' : 'foreign keys', done, kind === 'index' ? indexCount : keyCount);
    });

    // Counters of rows that existed before (real movies and labels the new releases contain,
    // or that lost synthetic releases / credits with replace), as lib/import/catalog.ts finish().
    // After the index rebuild: an UPDATE before it would leave broken HOT chains, and PostgreSQL
    // would then mark the new indexes indcheckxmin (unusable to snapshots older than this run).
    stage('counters');
    progress('counters', 0, 1);
    const b = cat.base;
    await tx`
      WITH c AS (SELECT rm.movie_id, count(*)::int AS n FROM release_movies rm JOIN releases r ON r.id = rm.release_id AND r.approved
                 WHERE rm.movie_id <= ${b.movies} GROUP BY rm.movie_id)
      UPDATE movies m SET release_count = coalesce(c.n, 0) FROM movies m2 LEFT JOIN c ON c.movie_id = m2.id
      WHERE m2.id = m.id AND m.id <= ${b.movies} AND m.release_count <> coalesce(c.n, 0)`;
    await tx`
      WITH c AS (SELECT label_id, count(*)::int AS n FROM releases WHERE approved AND label_id <= ${b.labels} GROUP BY label_id)
      UPDATE labels l SET release_count = coalesce(c.n, 0) FROM labels l2 LEFT JOIN c ON c.label_id = l2.id
      WHERE l2.id = l.id AND l.id <= ${b.labels} AND l.release_count <> coalesce(c.n, 0)`;
    if (opts.replace) {
      await tx`
        WITH c AS (SELECT person_id, count(*)::int AS n FROM credits WHERE person_id <= ${b.persons} GROUP BY person_id)
        UPDATE persons p SET credit_count = coalesce(c.n, 0) FROM persons p2 LEFT JOIN c ON c.person_id = p2.id
        WHERE p2.id = p.id AND p.id <= ${b.persons} AND p.credit_count <> coalesce(c.n, 0)`;
    }
    if (opts.replace) {
      // Threads and comments that stay (not synthetic) may have lost comments and likes.
      const cb = community.base;
      await tx`
        WITH c AS (SELECT review_id, count(*)::int AS n FROM comments WHERE review_id <= ${cb.reviews} GROUP BY review_id),
             l AS (SELECT review_id, count(*)::int AS n FROM likes WHERE review_id <= ${cb.reviews} GROUP BY review_id)
        UPDATE reviews r SET comments_count = coalesce(c.n, 0), likes_count = coalesce(l.n, 0)
        FROM reviews r2 LEFT JOIN c ON c.review_id = r2.id LEFT JOIN l ON l.review_id = r2.id
        WHERE r2.id = r.id AND r.id <= ${cb.reviews} AND (r.comments_count <> coalesce(c.n, 0) OR r.likes_count <> coalesce(l.n, 0))`;
      await tx`
        WITH c AS (SELECT post_id, count(*)::int AS n FROM comments WHERE post_id <= ${cb.posts} GROUP BY post_id),
             l AS (SELECT post_id, count(*)::int AS n FROM likes WHERE post_id <= ${cb.posts} GROUP BY post_id)
        UPDATE posts p SET comments_count = coalesce(c.n, 0), likes_count = coalesce(l.n, 0)
        FROM posts p2 LEFT JOIN c ON c.post_id = p2.id LEFT JOIN l ON l.post_id = p2.id
        WHERE p2.id = p.id AND p.id <= ${cb.posts} AND (p.comments_count <> coalesce(c.n, 0) OR p.likes_count <> coalesce(l.n, 0))`;
      await tx`
        WITH l AS (SELECT comment_id, count(*)::int AS n FROM likes WHERE comment_id <= ${cb.comments} GROUP BY comment_id)
        UPDATE comments c SET likes_count = coalesce(l.n, 0) FROM comments c2 LEFT JOIN l ON l.comment_id = c2.id
        WHERE c2.id = c.id AND c.id <= ${cb.comments} AND c.likes_count <> coalesce(l.n, 0)`;
    }
    for (const table of [
      'movies',
      'persons',
      'labels',
      'label_groups',
      'releases',
      'credits',
      'users',
      'reviews',
      'posts',
      'comments',
    ]) {
      await tx.unsafe(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT coalesce(max(id), 0) FROM ${table}), 1))`,
      );
    }
    progress('counters', 1, 1);

    // The words of every name for close spelling matches, as the importer leaves them.
    stage('search words');
    progress('search words', 0, 1);
    for (const statement of SEARCH_WORDS_REBUILD_SQL) await tx.unsafe(statement);
    progress('search words', 1, 1);

    stage('analyze');
    progress('analyze', 0, LOADED_TABLES.length);
    let analyzed = 0;
    for (const table of LOADED_TABLES) {
      await tx.unsafe(`ANALYZE ${table}`);
      progress('analyze', ++analyzed, LOADED_TABLES.length);
    }
    // The tables not loaded too (small, possibly empty): an unanalysed empty table is assumed to
    // hold rows, which can turn an EXISTS filter (e.g. `pc=any`) into a walk over a whole index.
    await tx.unsafe('ANALYZE');

    const w = cat.written;
    const labelIds: [number, number] | null = cat.labels.length
      ? [cat.labels[0].id, cat.labels[cat.labels.length - 1].id]
      : null;
    const labelGroupIds: [number, number] | null = cat.groups.length
      ? [cat.groups[0].id, cat.groups[cat.groups.length - 1].id]
      : null;
    const cw = community.written;
    const userIds: [number, number] | null = cw.users
      ? [community.base.users + 1, community.base.users + cw.users]
      : null;
    const summary: RunSummary & Record<string, unknown> = {
      ...scale,
      labelIds,
      labelGroupIds,
      userIds,
      written: { ...w, ...cw },
    };
    await tx`
      INSERT INTO import_runs (file, content_hash, summary, duration_ms)
      VALUES (${RUN_FILE}, ${
        `synthetic:seed=${scale.seed}:releases=${scale.releases}:movies=${scale.movies}:persons=${scale.persons}` +
        `:users=${scale.users}:reviews=${scale.reviews}:posts=${scale.posts}:comments=${scale.comments}`
      },
              ${tx.json(summary as unknown as postgres.JSONValue)}, ${Math.round(performance.now() - started)})`;
    stage('commit');
    return {
      seed: scale.seed,
      movies: w.movies,
      movieSources: w.movie_sources,
      persons: w.persons,
      credits: w.credits,
      labels: w.labels,
      labelGroups: w.label_groups,
      releases: w.releases,
      releaseMovies: w.release_movies,
      users: cw.users,
      reviews: cw.reviews,
      posts: cw.posts,
      comments: cw.comments,
      likes: cw.likes,
      deleted,
    };
  });
  // Vacuum the loaded tables once (visibility map and hint bits set now, not by the first
  // readers or a later autovacuum in the middle of a benchmark). Outside the transaction.
  stage('vacuum');
  let vacuumed = 0;
  const vacuumTables = [...LOADED_TABLES, 'users'];
  progress('vacuum', 0, vacuumTables.length);
  for (const table of vacuumTables) {
    await sql.unsafe(`VACUUM ${table}`);
    progress('vacuum', ++vacuumed, vacuumTables.length);
  }
  stage('');
  return { ...counts, seconds, totalSeconds: Math.round(performance.now() - started) / 1000 };
}
