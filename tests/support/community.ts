/**
 * Shared setup of the community integration tests (reviews, posts, comments and likes, the policy
 * matrix): an empty migrated database installed as the process database with the file's own
 * movies and releases and an admin ("Moderator 1"), API requests from the site's origin, and
 * reviews and posts made without their writing limits. Recording the published domain events:
 * tests/support/published-events.ts.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbHandle } from '@/db';
import { movies, releaseMovies, releases } from '@/db/schema';
import { createPost } from '@/lib/data/posts';
import type { PostInput } from '@/lib/validation/posts';
// Not a React hook: it installs a database as the process database.
import { useAsProcessDb as installAsProcessDb } from '../integration/api-fixtures';
import { createTestDb, type Engine } from './db';
import { registerMember, type Member } from './members';

/** The site's origin: API requests in the tests come from it. */
export const ORIGIN = 'http://localhost';

/**
 * A request to the API from the site's own origin: `body` sent as JSON (with its content type) when
 * given, `cookie` (a session cookie) when given.
 */
export function apiRequest(method: string, path: string, opts: { body?: unknown; cookie?: string | null } = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: {
      origin: ORIGIN,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
}

/** The route context of a route with a `{publicId}` path parameter. */
export const publicIdContext = (publicId: string) => ({ params: Promise.resolve({ publicId }) });

/** A release of the test catalogue, with the public ids of the movies it contains. */
export type TestRelease = typeof releases.$inferInsert & { movies?: string[] };

/** Inserts movies and releases (each linked to its `movies`, which must be among these movies). */
export async function insertCatalogue(
  db: Db,
  rows: { movies: (typeof movies.$inferInsert)[]; releases?: TestRelease[] },
): Promise<void> {
  const movieIds = new Map<string, number>();
  for (const m of await db.insert(movies).values(rows.movies).returning({ id: movies.id, publicId: movies.publicId }))
    movieIds.set(m.publicId, m.id);
  for (const { movies: linked = [], ...release } of rows.releases ?? []) {
    const [row] = await db.insert(releases).values(release).returning({ id: releases.id });
    for (const m of linked) await db.insert(releaseMovies).values({ releaseId: row!.id, movieId: movieIds.get(m)! });
  }
}

/**
 * A community test database on `engine` (see tests/support/db.ts createTestDb), installed as the
 * process database for the route handlers, with `catalogue` inserted and an admin registered.
 */
export async function openCommunityDb(
  engine: Engine,
  catalogue: Parameters<typeof insertCatalogue>[1],
): Promise<{ h: DbHandle; admin: Member }> {
  const h = await createTestDb(engine);
  installAsProcessDb(h);
  await insertCatalogue(h.db, catalogue);
  const admin = await registerMember(h.db, { label: 'Moderator', n: 1, role: 'admin' });
  return { h, admin };
}

/** Forgets the writing limits' counters (tests write more than one post or comment in 15 seconds). */
export const forgetWriteLimits = (db: Db) => db.execute(sql`DELETE FROM rate_limits`);

/** A post of `who` made with createPost, writing limits forgotten first; its public id. */
export async function writePost(db: Db, who: Member, input: PostInput): Promise<string> {
  await forgetWriteLimits(db);
  const r = await createPost(who.actor, input, db);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.post.public_id;
}

/** A review of `who` of `movie` (public ids), written straight to the table (no limits, no events). */
export async function insertReview(
  db: Db,
  review: { publicId: string; author: Member; movie: string; headline: string; body: string },
): Promise<void> {
  const { publicId, author, movie, headline, body } = review;
  await db.execute(
    sql`INSERT INTO reviews (public_id, user_id, movie_id, headline, body, language)
        SELECT ${publicId}, ${author.actor.userId}, id, ${headline}, ${body}, 'en' FROM movies WHERE public_id = ${movie}`,
  );
}

/**
 * Moves a review's, post's or comment's `created_at` and `updated_at` an hour back, so that an
 * edit, which sets `updated_at` to the time of its transaction, shows as strictly later (and as
 * "edited", lib/format.ts wasEdited) without waiting.
 * @returns the row's `created_at` and `updated_at` after the move (ISO 8601)
 */
export async function backdate(
  db: Db,
  table: 'reviews' | 'posts' | 'comments',
  publicId: string,
): Promise<{ created_at: string; updated_at: string }> {
  const [row] = await queryRows<{ created_at: Date | string; updated_at: Date | string }>(
    db,
    sql`UPDATE ${sql.raw(table)} SET created_at = created_at - interval '1 hour', updated_at = updated_at - interval '1 hour'
        WHERE public_id = ${publicId} RETURNING created_at, updated_at`,
  );
  if (!row) throw new Error(`no ${table} row ${publicId}`);
  return { created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString() };
}
