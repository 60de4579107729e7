import { getTranslations } from 'next-intl/server';
import { MemberLink } from '@/components/account/member-link';
import { WRITE_LINK_CLASS } from '@/components/community/write-link';
import { EmptyState } from '@/components/listing/empty-state';
import type { MovieTabProps } from '@/components/movies/tabs/tab-empty';
import type { ReleaseTabProps } from '@/components/releases/tabs/tab-empty';
import { bestEditions, hasEditionRatings } from '@/lib/data/best-editions';
import { listReviews, REVIEW_PAGE_SIZE } from '@/lib/data/reviews';
import { BestEditionTable } from './best-edition-table';
import { ReviewList } from './review-list';

/**
 * `/movie/{id}/reviews`: the best edition ranking of the movie's releases (when it has any), the
 * newest REVIEW_PAGE_SIZE reviews of the movie, and the way to write one. The same for everyone
 * (the page is cached; review events revalidate it).
 */
export async function MovieReviewsTab({ title, locale }: MovieTabProps) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const tm = await getTranslations({ locale, namespace: 'movies' });
  const [page, best] = await Promise.all([
    listReviews({ movie: title.public_id }, { limit: REVIEW_PAGE_SIZE }),
    hasEditionRatings(title.public_id).then((rated) => (rated ? bestEditions(title.public_id) : null)),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <MemberLink href={`/reviews/new?movie=${title.public_id}`} className={WRITE_LINK_CLASS} testId="review-write">
          {t('new')}
        </MemberLink>
        {page.items.length ? (
          <ReviewList reviews={page.items} locale={locale} />
        ) : (
          <EmptyState title={tm('empty.reviews')} />
        )}
      </div>
      {best && best.releases.some((r) => r.rank !== null) ? <BestEditionTable best={best} locale={locale} /> : null}
    </div>
  );
}

/**
 * `/release/{id}/reviews`: the newest REVIEW_PAGE_SIZE reviews linking the release, and the way to
 * write one (of the release's first movie, the release chosen).
 */
export async function ReleaseReviewsTab({ release, locale }: ReleaseTabProps) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const tr = await getTranslations({ locale, namespace: 'releases' });
  const page = await listReviews({ release: release.public_id }, { limit: REVIEW_PAGE_SIZE });
  const movie = release.movies[0];
  return (
    <div>
      {movie ? (
        <MemberLink
          href={`/reviews/new?movie=${movie.public_id}&release=${release.public_id}`}
          className={WRITE_LINK_CLASS}
          testId="review-write"
        >
          {t('new')}
        </MemberLink>
      ) : null}
      {page.items.length ? (
        <ReviewList reviews={page.items} locale={locale} />
      ) : (
        <EmptyState title={tr('empty.reviews')} />
      )}
    </div>
  );
}
