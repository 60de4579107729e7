import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { connection } from 'next/server';
import { CommunityPreview, HOME_COMMUNITY_SIZE } from '@/components/home/community-preview';
import { PreviewSection } from '@/components/listing/preview-section';
import { EmptyState } from '@/components/listing/empty-state';
import { RELEASE_ROUTES, canonicalParams, hrefForParams, parseReleaseQuery } from '@/components/listing/presets';
import { ReleaseGrid } from '@/components/releases/release-card';
import { listPosts } from '@/lib/data/posts';
import { listReleases } from '@/lib/data/releases';
import { listReviews } from '@/lib/data/reviews';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { JsonLd } from '@/components/seo/json-ld';
import { RECENTLY_ADDED_PARAMS } from '@/lib/recently-added';

type Props = { params: Promise<{ locale: string }> };

/** Releases shown per home section. */
const HOME_SECTION_SIZE = 6;

/**
 * Home page sections: message key and the listing parameters it previews; its "See all" link is
 * the listing's canonical address (`/releases/out_now`, `/releases?so=added_desc`).
 */
const SECTIONS: { key: 'outNow' | 'upcoming' | 'latest' | 'finnishCut'; params: string; fiOnly?: boolean }[] = [
  { key: 'outNow', params: RELEASE_ROUTES.out_now.params },
  { key: 'upcoming', params: RELEASE_ROUTES.upcoming.params },
  { key: 'latest', params: RECENTLY_ADDED_PARAMS },
  { key: 'finnishCut', params: RELEASE_ROUTES.finnish_censorship.params, fiOnly: true },
];

/** The listing a section previews, as its "See all" href. */
function sectionHref(params: string): string {
  return hrefForParams('releases', canonicalParams('releases', new URLSearchParams(params)));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'home' });
  return pageMetadata({ locale, path: '/', title: t('title'), description: t('description') });
}

/** Release sections shown above the community's reviews and discussions. */
const SECTIONS_BEFORE_COMMUNITY = 2;

/**
 * Home (`/`, `/fi`): previews of out now and upcoming releases, the newest reviews and the most
 * recently active discussions, the latest additions, and cut Finnish releases in the Finnish
 * locale; each section is the first page of its listing with a "See all" link.
 */
export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const t = await getTranslations({ locale, namespace: 'home' });
  const tc = await getTranslations({ locale, namespace: 'common' });
  const tr = await getTranslations({ locale, namespace: 'releases' });
  const sections = SECTIONS.filter((s) => !s.fiOnly || locale === 'fi');
  const [pages, reviews, posts] = await Promise.all([
    Promise.all(
      sections.map((s) =>
        listReleases(parseReleaseQuery(new URLSearchParams(s.params)), {
          cursor: undefined,
          limit: HOME_SECTION_SIZE,
        }),
      ),
    ),
    listReviews({}, { limit: HOME_COMMUNITY_SIZE }),
    listPosts({}, { limit: HOME_COMMUNITY_SIZE }),
  ]);
  const releaseSection = (s: (typeof sections)[number], i: number) => (
    <PreviewSection key={s.key} id={`home-${s.key}`} title={t(s.key)} seeAll={t('seeAll')} href={sectionHref(s.params)}>
      {pages[i].items.length ? (
        <ReleaseGrid releases={pages[i].items} locale={locale} />
      ) : (
        <EmptyState title={t('empty')}>{s.key === 'upcoming' ? <p>{tr('emptyUpcoming')}</p> : null}</EmptyState>
      )}
    </PreviewSection>
  );
  return (
    <div data-testid="home">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: tc('brand'),
          url: absoluteUrl(locale, '/'),
        }}
      />
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('heading')}</h1>
        <p className="mt-1 max-w-3xl text-muted">{t('intro')}</p>
      </header>
      {sections.slice(0, SECTIONS_BEFORE_COMMUNITY).map(releaseSection)}
      <CommunityPreview reviews={reviews.items} posts={posts.items} locale={locale} />
      {sections.map((s, i) => (i < SECTIONS_BEFORE_COMMUNITY ? null : releaseSection(s, i)))}
    </div>
  );
}
