import 'server-only';
/**
 * Comparing editions: two to four approved releases of one movie side by side, row by row, from
 * the structured release data (lib/data/releases.ts getRelease) with each release's number of
 * owners (release_counters.owned_count, the HAVE lists). The rows and their comparable values are
 * pure and shared by the page and the JSON API (lib/compare-rows.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { inList, queryRows, resolveDb } from './sql';
import { getRelease } from './releases';
import type { ReleaseDetail } from './types';

/** A release in a comparison: every release field, and how many members own it. */
export type ComparedRelease = ReleaseDetail & { owners: number };

/** The movie the compared releases belong to; runtime in minutes. */
export type ComparedMovie = { public_id: string; name: string; year: number | null; runtime_min: number | null };

/** A comparison: the movie and its releases in the order asked for. */
export type EditionComparison = { movie: ComparedMovie; releases: ComparedRelease[] };

/**
 * Why a comparison cannot be shown: `movie` the movie is unknown; `releases` the listed public
 * ids that are not approved releases of this movie.
 */
export type ComparisonMiss = { missing: 'movie' } | { missing: 'releases'; ids: string[]; movie: ComparedMovie };

/**
 * The releases `releaseIds` (public ids, 2-4 distinct, already checked by lib/compare-rows.ts
 * parseCompareIds; none for the movie alone) of the movie `moviePublicId`, each with its owners
 * count. Data source: the catalogue tables and release_counters.
 * @returns the comparison, or a {@link ComparisonMiss} for an unknown movie or ids that are not
 *   approved releases of it
 */
export async function compareEditions(
  moviePublicId: string,
  releaseIds: readonly string[],
  db?: Db,
): Promise<EditionComparison | ComparisonMiss> {
  const d = await resolveDb(db);
  const [movie] = await queryRows<ComparedMovie>(
    d,
    sql`SELECT m.public_id, m.name, m.year, m.runtime_min FROM movies m
        WHERE m.public_id = ${moviePublicId} AND m.deleted_at IS NULL`,
  );
  if (!movie) return { missing: 'movie' };
  if (!releaseIds.length) return { movie, releases: [] };
  const [releases, owners] = await Promise.all([
    Promise.all(releaseIds.map((id) => getRelease(id, d))),
    queryRows<{ public_id: string; owners: number }>(
      d,
      sql`SELECT r.public_id, COALESCE(c.owned_count, 0)::int AS owners
          FROM releases r LEFT JOIN release_counters c ON c.release_id = r.id
          WHERE ${inList(sql`r.public_id`, releaseIds)}`,
    ),
  ]);
  const missing = releaseIds.filter((id, i) => !releases[i]?.movies.some((m) => m.public_id === movie.public_id));
  if (missing.length) return { missing: 'releases', ids: missing, movie };
  return {
    movie,
    releases: releases.map((r) => {
      const release = r as ReleaseDetail;
      return { ...release, owners: Number(owners.find((o) => o.public_id === release.public_id)?.owners ?? 0) };
    }),
  };
}
