import { getTranslations } from 'next-intl/server';
import type { AspectRating, MemberRatings } from '@/lib/data/types';
import { formatNumber } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { RATING_ASPECTS, type RatingAspect } from '@/lib/validation/review-options';

/**
 * "Member ratings" of a release or movie overview: per rated aspect (a release's: the release as a
 * whole, picture, sound, extras, package; a movie's: the movie) the bucket its mean rounds to, the
 * mean (one decimal, of 5) and the number of ratings, and a link to the item's reviews
 * (`reviewsHref`). Nothing without a review.
 */
export async function MemberRatingsBox<A extends RatingAspect>({
  ratings,
  reviewsHref,
  locale,
}: {
  ratings: MemberRatings<A>;
  reviewsHref: string;
  locale: string;
}) {
  if (ratings.reviews === 0) return null;
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const aspects: Partial<Record<RatingAspect, AspectRating>> = ratings.aspects;
  const rated = RATING_ASPECTS.filter((a) => (aspects[a]?.count ?? 0) > 0);
  return (
    <section aria-labelledby="member-ratings" className="mb-8" data-testid="member-ratings">
      <h2 id="member-ratings" className="mb-3 text-xl font-bold">
        {t('memberRatings')}
      </h2>
      {rated.length ? (
        <dl className="mb-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {rated.map((a) => {
            const { count, mean } = aspects[a]!;
            const bucket = String(Math.round(mean ?? 0)) as '1' | '2' | '3' | '4' | '5';
            return (
              <div key={a} className="contents" data-aspect={a}>
                <dt className="text-muted">{t(`aspects.${a}`)}</dt>
                <dd>
                  <span className="font-semibold">{t(`buckets.${bucket}`)}</span>{' '}
                  <span className="text-muted">
                    {t('meanOfFive', { mean: formatNumber(mean ?? 0, locale, { decimals: 1 }) })} ·{' '}
                    {t('ratingsCount', { count })}
                  </span>
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
      <Link href={reviewsHref} className="text-sm underline" data-testid="member-ratings-reviews">
        {t('readReviews', { count: ratings.reviews })}
      </Link>
    </section>
  );
}
