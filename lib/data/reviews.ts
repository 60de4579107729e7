import 'server-only';
/**
 * Reviews: a member's review of a movie, optionally of one of its releases,
 * with ratings in buckets 5 (excellent) .. 1 (worst). Writes check the policies
 * (lib/auth/policies.ts), count against the writing limits below and publish `review.created`,
 * `review.updated` and `review.deleted` in their transaction. Reads return DTOs whose author is
 * a public id and a name only (never an e-mail address).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { canEditOwnContent, canUseMemberFeatures } from '@/lib/auth/policies';
import { AppError, fieldErrors } from '@/lib/errors';
import { parseSearchQuery } from '@/lib/search-query';
import { searchDocument } from '@/lib/text';
import type { FieldErrors } from '@/lib/validation/users';
import {
  reviewSchema,
  reviewUpdateSchema,
  type ReviewInput,
  type ReviewLanguage,
  type ReviewUpdateData,
} from '@/lib/validation/reviews';
import type { ReviewEvent } from './event-types';
import { decideRemoval } from './removal';
import { inTransaction, publish } from './events';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { newPublicId } from './public-id';
import { countAction } from './action-limits';
import { hitLimit, type LimitName } from './rate-limits';
import { queryRows, resolveDb, textConditions } from './sql';
import { overStored } from './partial-update';
import type { MovieRef, Page, ReviewDto, ReviewListItem } from './types';

/** Default and largest page size of review lists. */
export const REVIEW_PAGE_SIZE = 24;

/** An account younger than this many milliseconds writes under the new-account daily limit. */
export const NEW_ACCOUNT_MS = 86_400_000;

/** Outcome of a review write: the review, or field problems as message keys of `forms`. */
export type ReviewResult = { ok: true; review: ReviewDto } | { ok: false; errors: FieldErrors };

type ReviewRow = {
  id: number;
  public_id: string;
  user_id: number;
  movie_id: number;
  release_id: number | null;
  headline: string;
  ingress: string | null;
  body: string;
  language: ReviewLanguage;
  watch_source: number | null;
  youtube_url: string | null;
  youtube_id: string | null;
  rating_movie: number | null;
  rating_release: number | null;
  rating_picture: number | null;
  rating_sound: number | null;
  rating_extras: number | null;
  rating_package: number | null;
  likes_count: number;
  comments_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  movie_public_id: string;
  movie_name: string;
  movie_year: number | null;
  release_public_id: string | null;
  release_name: string | null;
  release_format: number | null;
  author_public_id: string;
  author_name: string;
};

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Columns of a review with its movie, release and author (public id and name only). */
const COLUMNS = (
  withBody: boolean,
) => sql`r.id, r.public_id, r.user_id, r.movie_id, r.release_id, r.headline, r.ingress,
  ${withBody ? sql`r.body` : sql`''`} AS body, r.language, r.watch_source, r.youtube_url, r.youtube_id,
  r.rating_movie, r.rating_release, r.rating_picture, r.rating_sound, r.rating_extras, r.rating_package,
  r.likes_count, r.comments_count, r.created_at, r.updated_at,
  m.public_id AS movie_public_id, m.name AS movie_name, m.year AS movie_year,
  rel.public_id AS release_public_id, rel.name AS release_name, rel.format AS release_format,
  u.public_id AS author_public_id, u.name AS author_name`;

const FROM = sql`reviews r JOIN movies m ON m.id = r.movie_id LEFT JOIN releases rel ON rel.id = r.release_id
  JOIN users u ON u.id = r.user_id`;

function toListItem(r: ReviewRow): ReviewListItem {
  return {
    public_id: r.public_id,
    headline: r.headline,
    ingress: r.ingress,
    language: r.language,
    watch_source: r.watch_source,
    youtube_url: r.youtube_url,
    youtube_id: r.youtube_id,
    ratings: {
      movie: r.rating_movie,
      release: r.rating_release,
      picture: r.rating_picture,
      sound: r.rating_sound,
      extras: r.rating_extras,
      package: r.rating_package,
    },
    movie: { public_id: r.movie_public_id, name: r.movie_name, year: r.movie_year },
    release: r.release_public_id
      ? { public_id: r.release_public_id, name: r.release_name ?? '', format: r.release_format ?? 0 }
      : null,
    author: { public_id: r.author_public_id, name: r.author_name },
    likes_count: r.likes_count,
    comments_count: r.comments_count,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

function toDto(r: ReviewRow): ReviewDto {
  return { ...toListItem(r), body: r.body };
}

async function reviewRow(d: Db, publicId: string): Promise<ReviewRow | null> {
  const [row] = await queryRows<ReviewRow>(
    d,
    sql`SELECT ${COLUMNS(true)} FROM ${FROM} WHERE r.public_id = ${publicId}`,
  );
  return row ?? null;
}

/**
 * One review by public id, for everyone (reviews are public).
 * @returns the review with its body, or null when there is none
 */
export async function getReview(publicId: string, db?: Db): Promise<ReviewDto | null> {
  const row = await reviewRow(await resolveDb(db), publicId);
  return row ? toDto(row) : null;
}

/**
 * Filters of {@link listReviews}: `la` a review language; `fi` `video` (a YouTube video) or
 * `release` (a linked release); `q` text every folded word of which must occur in the headline,
 * ingress or body (`search_text LIKE`, GIN trigram index); `movie`, `release`, `user` public ids
 * (an unknown one gives an empty list).
 */
export type ReviewQuery = {
  la?: ReviewLanguage | null;
  fi?: 'video' | 'release' | null;
  q?: string | null;
  movie?: string | null;
  release?: string | null;
  user?: string | null;
};

const NEWEST: KeysetSort = { name: 'new', expr: sql`r.created_at`, cast: 'timestamptz', dir: 'desc' };

/**
 * One page of reviews, newest first (keyset on `(created_at, id)`), without their bodies. The
 * page's ids are found in `reviews` alone, then joined to their movie, release and author: a text
 * query matching thousands of reviews (which the planner takes for a few when the word is in none
 * of the search documents of its histogram) then sorts those ids instead of joining every match
 * first.
 * @returns `{ items, next_cursor }`
 * @throws AppError bad_cursor (400) for a cursor of another list
 */
export async function listReviews(query: ReviewQuery, page: Paging, db?: Db): Promise<Page<ReviewListItem>> {
  const d = await resolveDb(db);
  const limit = Math.min(Math.max(page.limit ?? REVIEW_PAGE_SIZE, 1), 100);
  const conds: SQL[] = [];
  if (query.la) conds.push(sql`r.language = ${query.la}`);
  if (query.fi === 'video') conds.push(sql`r.youtube_id IS NOT NULL`);
  if (query.fi === 'release') conds.push(sql`r.release_id IS NOT NULL`);
  if (query.movie) conds.push(sql`r.movie_id = (SELECT id FROM movies WHERE public_id = ${query.movie})`);
  if (query.release) conds.push(sql`r.release_id = (SELECT id FROM releases WHERE public_id = ${query.release})`);
  if (query.user) conds.push(sql`r.user_id = (SELECT id FROM users WHERE public_id = ${query.user})`);
  // The posts' rule (lib/data/sql.ts textConditions): each word anywhere, through the trigram
  // index; a query of 1- and 2-letter words only (which the index cannot serve anywhere in a
  // text) matches the start of the folded text instead, so no query reads every review.
  if (query.q) conds.push(...textConditions(parseSearchQuery(query.q), sql`r.search_text`, sql`r.search_text`));
  const rows = await keysetRows<ReviewRow & { sk: string | null }>(d, {
    columns: COLUMNS(false),
    from: FROM,
    conds,
    sort: NEWEST,
    idCol: sql`r.id`,
    cursor: page.cursor,
    limit,
    idsFirst: true,
    idsFrom: sql`reviews r`,
  });
  return pageOf(rows, { limit, sort: NEWEST }, toListItem);
}

/**
 * The writing limits of reviews, per account (lib/data/rate-limits.ts RATE_LIMITS): one review
 * every 15 seconds (`reviewBurst`), 100 a day (`reviewDay`), and 10 a day for an account younger
 * than a day (`reviewDayNew`). Counted when a review is created.
 * @throws AppError writing_limited (429, `seconds` to wait)
 */
async function countReviewWrite(d: Db, actor: Actor): Promise<void> {
  const [u] = await queryRows<{ created_at: Date | string }>(
    d,
    sql`SELECT created_at FROM users WHERE id = ${actor.userId}`,
  );
  const young = !!u && Date.now() - new Date(u.created_at).getTime() < NEW_ACCOUNT_MS;
  const limits: LimitName[] = ['reviewBurst', young ? 'reviewDayNew' : 'reviewDay'];
  for (const name of limits) {
    const r = await hitLimit(name, String(actor.userId), d);
    if (!r.ok) throw new AppError('writing_limited', { seconds: r.retryAfter });
  }
}

/** The movie and release pages that show a review (the releases given, without repeats). */
function reviewPages(movie: string, ...releases: (string | null)[]): ReviewEvent['pages'] {
  const rel = [...new Set(releases.filter((r): r is string => !!r))];
  return [{ type: 'movie', publicId: movie }, ...rel.map((publicId) => ({ type: 'release' as const, publicId }))];
}

/** The release's id when it holds the movie, else null. */
async function releaseOfMovie(d: Db, releasePublicId: string, movieId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    d,
    sql`SELECT rel.id FROM releases rel JOIN release_movies rm ON rm.release_id = rel.id AND rm.movie_id = ${movieId}
        WHERE rel.public_id = ${releasePublicId}`,
  );
  return row?.id ?? null;
}

function fieldValues(v: ReviewUpdateData) {
  return {
    searchText: searchDocument(v.headline, v.ingress, v.body),
    cols: sql`headline = ${v.headline}, ingress = ${v.ingress}, body = ${v.body}, language = ${v.language},
      watch_source = ${v.watch_source}, youtube_url = ${v.youtube_url}, youtube_id = ${v.youtube_id},
      rating_movie = ${v.rating_movie}, rating_release = ${v.rating_release}, rating_picture = ${v.rating_picture},
      rating_sound = ${v.rating_sound}, rating_extras = ${v.rating_extras}, rating_package = ${v.rating_package}`,
  };
}

/**
 * Creates the actor's review of a movie (`movie`: its public id), optionally linked to one of its
 * releases (`release`: a release that holds the movie, else `release: releaseNotOfMovie`).
 * Publishes `review.created`.
 * @returns the review, or field errors (message keys of `forms`)
 * @throws AppError unauthorized for a visitor, not_found for an unknown movie, writing_limited (429)
 */
export async function createReview(actor: Actor, input: ReviewInput, db?: Db): Promise<ReviewResult> {
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const parsed = reviewSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const d = await resolveDb(db);
  const [movie] = await queryRows<{ id: number }>(
    d,
    sql`SELECT id FROM movies WHERE public_id = ${v.movie} AND deleted_at IS NULL`,
  );
  if (!movie) throw new AppError('not_found');
  const releaseId = v.release ? await releaseOfMovie(d, v.release, movie.id) : null;
  if (v.release && releaseId === null) return { ok: false, errors: { release: 'releaseNotOfMovie' } };
  await countReviewWrite(d, actor);
  const publicId = newPublicId();
  const { searchText } = fieldValues(v);
  await inTransaction(d, async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO reviews (public_id, user_id, movie_id, release_id, headline, ingress, body, language, watch_source,
            youtube_url, youtube_id, rating_movie, rating_release, rating_picture, rating_sound, rating_extras,
            rating_package, search_text)
          VALUES (${publicId}, ${actor.userId}, ${movie.id}, ${releaseId}, ${v.headline}, ${v.ingress}, ${v.body},
            ${v.language}, ${v.watch_source}, ${v.youtube_url}, ${v.youtube_id}, ${v.rating_movie}, ${v.rating_release},
            ${v.rating_picture}, ${v.rating_sound}, ${v.rating_extras}, ${v.rating_package}, ${searchText})
          RETURNING id`,
    );
    await publish(tx, 'review.created', {
      reviewId: row!.id,
      authorId: actor.userId,
      movieId: movie.id,
      releaseId,
      pages: reviewPages(v.movie, v.release),
    });
  });
  const review = await getReview(publicId, d);
  if (!review) throw new AppError('internal');
  return { ok: true, review };
}

/**
 * Changes the fields of the actor's own review (the movie stays): the form sends every field; a
 * field left out (undefined: an API client's partial PATCH) keeps its stored value, and the
 * rules (a release must hold the review's movie, release ratings need a release) hold for the
 * merged review. Publishes `review.updated`.
 * @returns the review, or field errors (message keys of `forms`)
 * @throws AppError unauthorized for a visitor, not_found for an unknown review, forbidden for
 *   someone else's (admins included: they delete, they do not edit); writing_limited (HTTP 429)
 *   past the edit limits (lib/data/action-limits.ts)
 */
export async function updateReview(
  actor: Actor,
  input: { publicId: string } & Partial<Omit<ReviewInput, 'movie'>>,
  db?: Db,
): Promise<ReviewResult> {
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const current = await reviewRow(d, input.publicId);
  if (!current) throw new AppError('not_found');
  if (!canEditOwnContent(actor, current.user_id)) throw new AppError('forbidden');
  const stored: Omit<ReviewInput, 'movie'> = {
    headline: current.headline,
    ingress: current.ingress,
    body: current.body,
    language: current.language as ReviewInput['language'],
    watch_source: current.watch_source,
    youtube_url: current.youtube_url,
    release: current.release_public_id,
    rating_movie: current.rating_movie,
    rating_release: current.rating_release,
    rating_picture: current.rating_picture,
    rating_sound: current.rating_sound,
    rating_extras: current.rating_extras,
    rating_package: current.rating_package,
  };
  const parsed = reviewUpdateSchema.safeParse(overStored(stored, input));
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const releaseId = v.release ? await releaseOfMovie(d, v.release, current.movie_id) : null;
  if (v.release && releaseId === null) return { ok: false, errors: { release: 'releaseNotOfMovie' } };
  const { searchText, cols } = fieldValues(v);
  await countAction(actor, 'edit', d);
  await inTransaction(d, async (tx) => {
    await queryRows(
      tx,
      sql`UPDATE reviews SET ${cols}, release_id = ${releaseId}, search_text = ${searchText}, updated_at = now()
          WHERE id = ${current.id} AND user_id = ${actor.userId}`,
    );
    await publish(tx, 'review.updated', {
      reviewId: current.id,
      authorId: current.user_id,
      movieId: current.movie_id,
      releaseId,
      pages: reviewPages(current.movie_public_id, v.release, current.release_public_id),
    });
  });
  const review = await getReview(input.publicId, d);
  if (!review) throw new AppError('not_found');
  return { ok: true, review };
}

/**
 * Deletes a review: its author deletes their own (no reason needed); an admin deletes anyone's
 * with a `reason` (else `reason: required`). Its comments and likes go with it; discussions
 * linked to it stay, unlinked.
 * Publishes `review.deleted` (`byAdmin` and `reason` for a moderator's deletion).
 * @returns ok, or field errors
 * @throws AppError unauthorized for a visitor, not_found for an unknown review, forbidden for
 *   someone else's review and a member who is not an admin
 */
export async function deleteReview(
  actor: Actor,
  input: { publicId: string; reason?: string | null },
  db?: Db,
): Promise<{ ok: true } | { ok: false; errors: FieldErrors }> {
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const current = await reviewRow(d, input.publicId);
  if (!current) throw new AppError('not_found');
  const removal = decideRemoval(actor, current.user_id, input.reason);
  if (!removal.ok) return removal;
  const { byAdmin, reason } = removal;
  await inTransaction(d, async (tx) => {
    // The author's own deletion keeps the author in the SQL too; an admin's names the row alone.
    await queryRows(
      tx,
      sql`DELETE FROM reviews WHERE id = ${current.id}${byAdmin ? sql`` : sql` AND user_id = ${actor.userId}`}`,
    );
    await publish(tx, 'review.deleted', {
      reviewId: current.id,
      authorId: current.user_id,
      movieId: current.movie_id,
      releaseId: current.release_id,
      pages: reviewPages(current.movie_public_id, current.release_public_id),
      byAdmin,
      reason,
      headline: current.headline,
    });
  });
  return { ok: true };
}

/**
 * A release the review form offers: name, format code (lib/validation/enums.ts), label name, and
 * the year of its street date (else its release year), so that editions of the same name can be
 * told apart.
 */
export type ReviewReleaseChoice = {
  public_id: string;
  name: string;
  format: number;
  label: string | null;
  year: number | null;
};

/**
 * What the review form offers for a movie: the movie and its releases (by name), for the
 * release choice.
 * @returns null for an unknown movie
 */
export async function reviewFormChoices(
  moviePublicId: string,
  db?: Db,
): Promise<{ movie: MovieRef; releases: ReviewReleaseChoice[] } | null> {
  const d = await resolveDb(db);
  const [movie] = await queryRows<MovieRef & { id: number }>(
    d,
    sql`SELECT id, public_id, name, year FROM movies WHERE public_id = ${moviePublicId} AND deleted_at IS NULL`,
  );
  if (!movie) return null;
  const releases = await queryRows<ReviewReleaseChoice>(
    d,
    sql`SELECT rel.public_id, rel.name, rel.format, l.name AS label,
          COALESCE(EXTRACT(YEAR FROM rel.street_date)::int, rel.release_year::int) AS year
        FROM release_movies rm JOIN releases rel ON rel.id = rm.release_id
        LEFT JOIN labels l ON l.id = rel.label_id
        WHERE rm.movie_id = ${movie.id} ORDER BY rel.name, rel.public_id`,
  );
  return { movie: { public_id: movie.public_id, name: movie.name, year: movie.year }, releases };
}
