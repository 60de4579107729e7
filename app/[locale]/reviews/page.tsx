import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WRITE_LINK_CLASS } from '@/components/community/write-link';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { filterHref, ReviewFilters, type ReviewFilter } from '@/components/reviews/review-filters';
import { ReviewList } from '@/components/reviews/review-list';
import { listReviews } from '@/lib/data/reviews';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { MAX_QUERY_LENGTH } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return pageMetadata({ locale, path: '/reviews', title: t('title'), description: t('description') });
}

/** The filter named by `la` (en, fi) or `fi` (video, release); anything else is all reviews. */
function filterOf(la: string, fi: string): ReviewFilter {
  if (la === 'en' || la === 'fi') return la;
  if (fi === 'video' || fi === 'release') return fi;
  return 'all';
}

/**
 * /reviews (the drawer's reviews menu): reviews newest first with the filters all,
 * English (`la=en`), Finnish (`la=fi`), video (`fi=video`) and release reviews (`fi=release`),
 * text search `q`, keyset pages (`cursor`). Data: lib/data/reviews.ts listReviews.
 */
export default async function ReviewsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const sp = await searchParams;
  const filter = filterOf(firstParam(sp, 'la'), firstParam(sp, 'fi'));
  const q = firstParam(sp, 'q').trim().slice(0, MAX_QUERY_LENGTH) || null;
  const cursor = firstParam(sp, 'cursor');
  const href = filterHref(filter, q);
  let page;
  try {
    page = await listReviews(
      {
        la: filter === 'en' || filter === 'fi' ? filter : null,
        fi: filter === 'video' || filter === 'release' ? filter : null,
        q,
      },
      { cursor: cursor || null },
    );
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href, locale });
    throw error;
  }
  return (
    <div data-testid="listing-reviews">
      <PageHeading title={t('title')} lead={t('description')} />
      <Link href="/reviews/new" className={WRITE_LINK_CLASS} data-testid="review-write">
        {t('new')}
      </Link>
      <ReviewFilters locale={locale} current={filter} q={q} />
      {page.items.length ? <ReviewList reviews={page.items} locale={locale} /> : <EmptyState title={t('empty')} />}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
