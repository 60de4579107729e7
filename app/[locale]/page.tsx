import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { connection } from 'next/server';
import { EmptyState } from '@/components/listing/empty-state';
import { RELEASE_ROUTES, parseReleaseQuery, type ReleasePreset } from '@/components/listing/presets';
import { ReleaseGrid } from '@/components/releases/release-card';
import { listReleases } from '@/lib/data/releases';
import { Link } from '@/lib/i18n/navigation';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { JsonLd } from '@/components/seo/json-ld';

type Props = { params: Promise<{ locale: string }> };

/** Releases shown per home section. */
const HOME_SECTION_SIZE = 6;

/** Home page sections: message key and the listing preset it previews (its "See all" link). */
const SECTIONS: { key: 'outNow' | 'upcoming' | 'latest' | 'finnishCut'; preset: ReleasePreset; fiOnly?: boolean }[] = [
  { key: 'outNow', preset: 'out_now' },
  { key: 'upcoming', preset: 'upcoming' },
  { key: 'latest', preset: 'new' },
  { key: 'finnishCut', preset: 'finnish_censorship', fiOnly: true },
];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'home' });
  return pageMetadata({ locale, path: '/', title: t('title'), description: t('description') });
}

/**
 * Home (`/`, `/fi`): previews of out now, upcoming and latest additions, plus cut Finnish releases
 * in the Finnish locale; each section is the first page of its preset listing with a "See all" link.
 */
export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const t = await getTranslations({ locale, namespace: 'home' });
  const tc = await getTranslations({ locale, namespace: 'common' });
  const tr = await getTranslations({ locale, namespace: 'releases' });
  const sections = SECTIONS.filter((s) => !s.fiOnly || locale === 'fi');
  const pages = await Promise.all(
    sections.map((s) =>
      listReleases(parseReleaseQuery(new URLSearchParams(RELEASE_ROUTES[s.preset].params)), {
        cursor: undefined,
        limit: HOME_SECTION_SIZE,
      }),
    ),
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
      {sections.map((s, i) => (
        <section key={s.key} className="mb-10" aria-labelledby={`home-${s.key}`} data-testid={`home-${s.key}`}>
          <div className="mb-3 flex items-baseline justify-between gap-4">
            <h2 id={`home-${s.key}`} className="text-xl font-bold">
              {t(s.key)}
            </h2>
            <Link href={RELEASE_ROUTES[s.preset].path} className="text-sm font-medium text-accent-strong underline">
              {t('seeAll')}
            </Link>
          </div>
          {pages[i].items.length ? (
            <ReleaseGrid releases={pages[i].items} locale={locale} />
          ) : (
            <EmptyState title={t('empty')}>{s.preset === 'upcoming' ? <p>{tr('emptyUpcoming')}</p> : null}</EmptyState>
          )}
        </section>
      ))}
    </div>
  );
}
