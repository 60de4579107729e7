/**
 * The choices of a review with no imports, so the review form can use them
 * without pulling zod into the browser: languages, watch sources (stored 1 cinema … 6 Amazon),
 * rating buckets (stored 5 excellent … 1 worst) and the rated aspects.
 */

/** Review languages as stored. */
export const REVIEW_LANGUAGES = ['en', 'fi', 'other'] as const;
export type ReviewLanguage = (typeof REVIEW_LANGUAGES)[number];

/** Watch sources by stored number (1 cinema … 6 Amazon). */
export const WATCH_SOURCES = { cinema: 1, streaming: 2, television: 3, youtube: 4, netflix: 5, amazon: 6 } as const;
export type WatchSourceName = keyof typeof WATCH_SOURCES;

/** Rating buckets by stored number (5 excellent … 1 worst). */
export const RATING_BUCKETS = { excellent: 5, good: 4, mediocre: 3, bad: 2, worst: 1 } as const;
export type RatingBucket = keyof typeof RATING_BUCKETS;

/** The rated aspects; all but `movie` need a linked release. */
export const RATING_ASPECTS = ['movie', 'release', 'picture', 'sound', 'extras', 'package'] as const;
export type RatingAspect = (typeof RATING_ASPECTS)[number];
/** The aspects rated only with a linked release. */
export const RELEASE_ASPECTS = ['release', 'picture', 'sound', 'extras', 'package'] as const;
export type ReleaseAspect = (typeof RELEASE_ASPECTS)[number];
