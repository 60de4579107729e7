import { getTranslations } from 'next-intl/server';
import { formatNames } from '@/lib/i18n/format-names';
import type { ReviewListItem } from '@/lib/data/types';
import { formatDayOf } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { RatingBadge } from './rating-badge';

/**
 * The reviewed release after the movie: " · name · format", or " · format" (the link) when the
 * release is named as the movie is ("Seven Samurai (1954) · 4K UHD", not the name twice).
 */
function ReleaseAfterMovie({ review, format }: { review: ReviewListItem; format: string | null }) {
  const { movie, release } = review;
  if (!release) return null;
  const movieLabel = movie.year ? `${movie.name} (${movie.year})` : movie.name;
  const namedAsMovie = format !== null && (release.name === movie.name || release.name === movieLabel);
  return (
    <>
      {' · '}
      <Link href={`/release/${release.public_id}`} className="hover:underline">
        {namedAsMovie ? format : release.name}
      </Link>
      {format && !namedAsMovie ? ` · ${format}` : null}
    </>
  );
}

/**
 * Reviews as cards (server component): headline linking to the review, the movie (and release),
 * author (a link to their profile), date, language, the movie rating and a video marker.
 * `heading` is the headlines' level: `h2` under a page's title, `h3` inside a page section.
 */
export async function ReviewList({
  reviews,
  locale,
  heading: Heading = 'h2',
}: {
  reviews: ReviewListItem[];
  locale: string;
  heading?: 'h2' | 'h3';
}) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const formatName = await formatNames(locale);
  return (
    <ul className="flex flex-col gap-3" data-testid="review-list">
      {reviews.map((r) => (
        <li key={r.public_id} className="rounded-lg border border-line p-4" data-testid="review-item">
          <Heading className="text-lg font-semibold">
            <Link href={`/review/${r.public_id}`} className="hover:underline">
              {r.headline}
            </Link>
          </Heading>
          <p className="text-sm text-muted">
            <Link href={`/movie/${r.movie.public_id}`} className="hover:underline">
              {r.movie.name}
              {r.movie.year ? ` (${r.movie.year})` : ''}
            </Link>
            {r.release ? <ReleaseAfterMovie review={r} format={formatName(r.release.format)} /> : null}
          </p>
          {r.ingress ? <p className="mt-2 line-clamp-3">{r.ingress}</p> : null}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Link href={`/user/${r.author.public_id}`} prefetch={false} className="hover:underline">
              {t('by', { name: r.author.name })}
            </Link>
            <span>{formatDayOf(r.created_at, locale, siteTimeZone())}</span>
            <span>{t(`languages.${r.language}`)}</span>
            {r.ratings.movie ? <RatingBadge locale={locale} aspect="movie" value={r.ratings.movie} /> : null}
            {r.youtube_id ? <span className="rounded bg-panel px-2">{t('video')}</span> : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
