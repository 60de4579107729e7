import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { SearchForm } from '@/components/listing/search-form';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { releaseOptions, reviewFormLabels } from '@/components/reviews/review-form-labels';
import { ReviewFormLoader } from '@/components/reviews/review-form-loader';
import { currentActor } from '@/lib/auth/session';
import { listTitles } from '@/lib/data/movies';
import { releasesWithCopy } from '@/lib/data/collections';
import { reviewFormChoices } from '@/lib/data/reviews';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { isPublicId, MAX_QUERY_LENGTH } from '@/lib/validation/listing';

/** Titles listed by the movie picker (`/reviews/new?q=`). */
const PICK_LIMIT = 12;

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return pageMetadata({
    locale,
    path: '/reviews/new',
    title: t('newTitle'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /reviews/new?movie={public_id}&release={public_id}: the form of a new review of the
 * movie, the release chosen when given; a visitor gets 'You must be logged in to use this
 * feature' with the login dialog, then the form on the same address. Without a
 * known movie it is a movie picker: a GET search (`?q=`, the titles listing's search with close
 * spellings) listing up to PICK_LIMIT titles, each linking to its review form.
 */
export default async function NewReviewPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const moviePublicId = firstParam(sp, 'movie');
  const releasePublicId = firstParam(sp, 'release');
  const actor = await currentActor();
  if (!actor)
    return <MemberGate locale={locale} title={(await getTranslations({ locale, namespace: 'reviews' }))('newTitle')} />;
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const choices = moviePublicId && isPublicId(moviePublicId) ? await reviewFormChoices(moviePublicId) : null;
  if (!choices) {
    const q = (firstParam(sp, 'q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
    const found = q ? (await listTitles({ q }, { limit: PICK_LIMIT })).items : [];
    return (
      <div>
        <PageHeading title={t('newTitle')} lead={t('pickMovie')} />
        <SearchForm locale={locale} path="/reviews/new" q={q} />
        {q && !found.length ? <EmptyState title={t('pickNone')} /> : null}
        {found.length ? (
          <ul aria-label={t('pickResults')} className="divide-y divide-line rounded-lg border border-line bg-panel">
            {found.map((m) => (
              <li key={m.public_id}>
                <Link href={`/reviews/new?movie=${m.public_id}`} className="flex gap-2 px-4 py-3 hover:bg-accent-soft">
                  <span className="font-medium">{m.name}</span>
                  {m.year ? <span className="text-muted">{m.year}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  const copies = await releasesWithCopy(
    actor,
    choices.releases.map((r) => r.public_id),
  );
  // The release asked for; else the member's copy when they have exactly one of the movie.
  const release = choices.releases.some((r) => r.public_id === releasePublicId)
    ? releasePublicId
    : copies.size === 1
      ? [...copies][0]!
      : '';
  return (
    <div>
      <PageHeading title={t('newFor', { name: choices.movie.name })} />
      <ReviewFormLoader
        movie={choices.movie.public_id}
        releases={await releaseOptions(choices.releases, locale, copies)}
        labels={await reviewFormLabels(locale, 'new')}
        initial={{
          headline: '',
          ingress: '',
          body: '',
          language: locale === 'fi' ? 'fi' : 'en',
          watch_source: '',
          youtube_url: '',
          release,
          rating_movie: '',
          rating_release: '',
          rating_picture: '',
          rating_sound: '',
          rating_extras: '',
          rating_package: '',
        }}
      />
    </div>
  );
}
