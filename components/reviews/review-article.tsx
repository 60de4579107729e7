import { getTranslations } from 'next-intl/server';
import { formatNames } from '@/lib/i18n/format-names';
import { PlainText } from '@/components/community/plain-text';
import type { ReviewDto } from '@/lib/data/types';
import { formatDateTime, formatDayOf, wasEdited } from '@/lib/format';
import { dayIn, siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { RATING_ASPECTS } from '@/lib/validation/review-options';
import { RatingBadge } from './rating-badge';

/**
 * One review in full (server component): headline, movie and release, author and date, the
 * watch source, ratings, ingress, the plain-text body (components/community/plain-text.tsx), and the YouTube
 * video as a link (no third-party frame is loaded).
 */
export async function ReviewArticle({ review, locale }: { review: ReviewDto; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const formatName = await formatNames(locale);
  const timeZone = siteTimeZone();
  const source = review.watch_source ? (String(review.watch_source) as '1' | '2' | '3' | '4' | '5' | '6') : null;
  return (
    <article className="max-w-3xl" data-testid="review">
      <header className="mb-4">
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{review.headline}</h1>
        <p className="mt-1 text-muted">
          {t('aspects.movie')}:{' '}
          <Link href={`/movie/${review.movie.public_id}`} className="underline">
            {review.movie.name}
            {review.movie.year ? ` (${review.movie.year})` : ''}
          </Link>
        </p>
        {review.release ? (
          <p className="text-muted">
            {t('fields.release')}:{' '}
            <Link href={`/release/${review.release.public_id}`} className="underline">
              {review.release.name}
            </Link>
            {formatName(review.release.format) ? ` · ${formatName(review.release.format)}` : null}
          </p>
        ) : null}
        <p className="mt-2 flex flex-wrap gap-3 text-sm text-muted">
          <Link href={`/user/${review.author.public_id}`} className="hover:underline">
            {t('by', { name: review.author.name })}
          </Link>
          <span>{t('published', { date: formatDayOf(review.created_at, locale, timeZone) })}</span>
          {wasEdited(review.created_at, review.updated_at) ? (
            <span data-testid="review-edited">
              {t('edited', {
                // Edited the day it was published: the time says more than the same date again.
                date:
                  dayIn(review.updated_at, timeZone) === dayIn(review.created_at, timeZone)
                    ? formatDateTime(review.updated_at, locale, timeZone)
                    : formatDayOf(review.updated_at, locale, timeZone),
              })}
            </span>
          ) : null}
          <span>{t(`languages.${review.language}`)}</span>
          {source ? <span>{t('watchedLine', { source: t(`sources.${source}`) })}</span> : null}
        </p>
      </header>
      <p className="mb-4 flex flex-wrap gap-2 text-sm" data-testid="review-ratings">
        {RATING_ASPECTS.map((a) =>
          review.ratings[a] ? <RatingBadge key={a} locale={locale} aspect={a} value={review.ratings[a]!} /> : null,
        )}
      </p>
      {review.ingress ? <p className="mb-4 text-lg font-medium">{review.ingress}</p> : null}
      <PlainText text={review.body} testId="review-body" />
      {review.youtube_id ? (
        <p className="mt-4">
          <a
            href={`https://www.youtube.com/watch?v=${review.youtube_id}`}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="underline"
          >
            {t('video')}
          </a>
        </p>
      ) : null}
    </article>
  );
}
