import 'server-only';
/**
 * Best edition of a movie (docs/community.md "Best edition"): its releases ranked by the
 * community's picture, sound, extras and package ratings in reviews that link the release. Each
 * aspect's score is a Bayesian average, `(C·m + Σx) / (C + n)`: the release's `n` ratings `x` of
 * the aspect pulled towards the prior mean `m` (the mean of every rating of that aspect in the
 * catalogue's reviews of releases, read from the totals the database keeps, or 3 when there is
 * none) with the weight of `C` = {@link BEST_EDITION_PRIOR_WEIGHT} ratings. The overall score is
 * the mean of the four aspect scores.
 * Also the plain member ratings of one release or movie (count and mean per aspect), which their
 * pages and API answers carry.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { RELEASE_ASPECTS, type RatingAspect, type ReleaseAspect } from '@/lib/validation/review-options';
import { queryRows, resolveDb } from './sql';
import type { AspectRating, MemberRatings } from './types';

/** C of the Bayesian average: how many ratings of the prior mean every release starts with. */
export const BEST_EDITION_PRIOR_WEIGHT = 3;
/** The prior mean of an aspect nobody in the catalogue has rated yet: 3, the middle bucket (mediocre). */
export const BEST_EDITION_DEFAULT_MEAN = 3;

/** The release aspects that decide the best edition. */
export const EDITION_ASPECTS = ['picture', 'sound', 'extras', 'package'] as const;
export type EditionAspect = (typeof EDITION_ASPECTS)[number];

/** One aspect of a release: the Bayesian score (1-5), the number of ratings and their plain mean (null without any). */
export type AspectScore = { score: number; count: number; mean: number | null };

/** A release of the movie with its scores; `rank` 1 is the best, null for a release nobody rated. */
export type EditionScore = {
  release: { public_id: string; name: string; format: number };
  rank: number | null;
  /** Mean of the four aspect scores; null for an unrated release. */
  overall: number | null;
  /** Ratings of the four aspects together (a review rating all four counts 4). */
  ratings_count: number;
  /** Reviews that rate at least one aspect of the release. */
  reviews_count: number;
  aspects: Record<EditionAspect, AspectScore>;
};

/** The ranking and the prior it used (per aspect: `mean` m, and the weight C). */
export type BestEditions = { prior: { weight: number; mean: Record<EditionAspect, number> }; releases: EditionScore[] };

type Row = { public_id: string; name: string; format: number; reviews_n: number } & Record<
  `${EditionAspect}_n` | `${EditionAspect}_sum`,
  number
>;

/**
 * Whether any review rates a release of the movie (by public id): picture, sound, extras or
 * package. Without one there is no ranking to show, and pages ask this first: one index probe
 * per release of the movie, while {@link bestEditions} reads every release's ratings.
 */
export async function hasEditionRatings(moviePublicId: string, db?: Db): Promise<boolean> {
  const d = await resolveDb(db);
  const [r] = await queryRows<{ rated: boolean }>(
    d,
    sql`SELECT EXISTS (
          SELECT 1 FROM movies m
          JOIN release_movies rm ON rm.movie_id = m.id
          JOIN reviews rv ON rv.release_id = rm.release_id
          JOIN releases rel ON rel.id = rm.release_id AND rel.approved
          WHERE m.public_id = ${moviePublicId}
            AND (rv.rating_picture IS NOT NULL OR rv.rating_sound IS NOT NULL
              OR rv.rating_extras IS NOT NULL OR rv.rating_package IS NOT NULL)
        ) AS rated`,
  );
  return Boolean(r?.rated);
}

/**
 * Ranks the releases of a movie (by public id) by their Bayesian aspect scores: rated releases
 * first by overall score (ties: more ratings, then name), then the releases without a rating,
 * by name and unranked.
 * @returns the ranking, or null for an unknown movie
 */
export async function bestEditions(moviePublicId: string, db?: Db): Promise<BestEditions | null> {
  const d = await resolveDb(db);
  const [movie] = await queryRows<{ id: number }>(
    d,
    sql`SELECT id FROM movies WHERE public_id = ${moviePublicId} AND deleted_at IS NULL`,
  );
  if (!movie) return null;
  // The catalogue's totals, kept by triggers on reviews (db/schema/community.ts reviewRatingTotals).
  const [means] = await queryRows<Record<EditionAspect, string | number | null>>(
    d,
    sql`SELECT picture_sum::float8 / NULLIF(picture_n, 0) AS picture, sound_sum::float8 / NULLIF(sound_n, 0) AS sound,
          extras_sum::float8 / NULLIF(extras_n, 0) AS extras, package_sum::float8 / NULLIF(package_n, 0) AS package
        FROM review_rating_totals WHERE id = 1`,
  );
  const mean = Object.fromEntries(
    EDITION_ASPECTS.map((a) => [a, means?.[a] == null ? BEST_EDITION_DEFAULT_MEAN : Number(means[a])]),
  ) as Record<EditionAspect, number>;
  const rows = await queryRows<Row>(
    d,
    sql`SELECT rel.public_id, rel.name, rel.format,
          count(rv.rating_picture)::int AS picture_n, coalesce(sum(rv.rating_picture), 0)::int AS picture_sum,
          count(rv.rating_sound)::int AS sound_n, coalesce(sum(rv.rating_sound), 0)::int AS sound_sum,
          count(rv.rating_extras)::int AS extras_n, coalesce(sum(rv.rating_extras), 0)::int AS extras_sum,
          count(rv.rating_package)::int AS package_n, coalesce(sum(rv.rating_package), 0)::int AS package_sum,
          count(rv.id) FILTER (WHERE rv.rating_picture IS NOT NULL OR rv.rating_sound IS NOT NULL
            OR rv.rating_extras IS NOT NULL OR rv.rating_package IS NOT NULL)::int AS reviews_n
        FROM release_movies rm JOIN releases rel ON rel.id = rm.release_id
        LEFT JOIN reviews rv ON rv.release_id = rel.id
        WHERE rm.movie_id = ${movie.id} AND rel.approved
        GROUP BY rel.id, rel.public_id, rel.name, rel.format`,
  );
  const C = BEST_EDITION_PRIOR_WEIGHT;
  const scored: EditionScore[] = rows.map((r) => {
    const aspects = Object.fromEntries(
      EDITION_ASPECTS.map((a) => {
        const n = Number(r[`${a}_n`]);
        const sum = Number(r[`${a}_sum`]);
        return [a, { score: (C * mean[a] + sum) / (C + n), count: n, mean: n ? sum / n : null }];
      }),
    ) as Record<EditionAspect, AspectScore>;
    const ratings_count = EDITION_ASPECTS.reduce((t, a) => t + aspects[a].count, 0);
    const overall = ratings_count
      ? EDITION_ASPECTS.reduce((t, a) => t + aspects[a].score, 0) / EDITION_ASPECTS.length
      : null;
    return {
      release: { public_id: r.public_id, name: r.name, format: r.format },
      rank: null,
      overall,
      ratings_count,
      reviews_count: Number(r.reviews_n),
      aspects,
    };
  });
  const byName = (a: EditionScore, b: EditionScore) =>
    a.release.name.localeCompare(b.release.name) || a.release.public_id.localeCompare(b.release.public_id);
  const rated = scored
    .filter((s) => s.overall !== null)
    .sort((a, b) => b.overall! - a.overall! || b.ratings_count - a.ratings_count || byName(a, b));
  rated.forEach((s, i) => (s.rank = i + 1));
  const unrated = scored.filter((s) => s.overall === null).sort(byName);
  return { prior: { weight: C, mean }, releases: [...rated, ...unrated] };
}

/**
 * Members' ratings of one item from its reviews (`reviews.<column> = id`): the number of reviews
 * and, per aspect, the number of ratings and their plain mean (1-5; null without any). One index
 * range of `reviews_release_idx` or `reviews_movie_idx`.
 */
async function memberRatings<A extends RatingAspect>(
  db: Db,
  where: { column: 'release_id' | 'movie_id'; id: number },
  aspects: readonly A[],
): Promise<MemberRatings<A>> {
  // Column names come from the fixed aspect list, never from input; the id is a parameter.
  const columns = aspects.map(
    (a) =>
      sql`COUNT(${sql.raw(`rating_${a}`)})::int AS ${sql.raw(`${a}_n`)}, AVG(${sql.raw(`rating_${a}`)})::float8 AS ${sql.raw(`${a}_mean`)}`,
  );
  const [r] = await queryRows<Record<string, number | null>>(
    db,
    sql`SELECT COUNT(*)::int AS reviews, ${sql.join(columns, sql`, `)} FROM reviews WHERE ${sql.raw(where.column)} = ${where.id}`,
  );
  const rated = Object.fromEntries(
    aspects.map((a) => {
      const mean = r?.[`${a}_mean`];
      return [a, { count: Number(r?.[`${a}_n`] ?? 0), mean: mean == null ? null : Number(mean) }];
    }),
  ) as Record<A, AspectRating>;
  return { reviews: Number(r?.reviews ?? 0), aspects: rated };
}

/** The member ratings of one release (by internal id), from the reviews that link it. */
export function releaseMemberRatings(db: Db, releaseId: number): Promise<MemberRatings<ReleaseAspect>> {
  return memberRatings(db, { column: 'release_id', id: releaseId }, RELEASE_ASPECTS);
}

/** The members' rating of one movie (by internal id) from its reviews. */
export function movieMemberRatings(db: Db, movieId: number): Promise<MemberRatings<'movie'>> {
  return memberRatings(db, { column: 'movie_id', id: movieId }, ['movie'] as const);
}
