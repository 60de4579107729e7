import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

const ALTERNATIVES = [
  { key: 'releasesAll', href: '/releases' },
  { key: 'movies', href: '/movies' },
  { key: 'persons', href: '/persons' },
  { key: 'labels', href: '/labels' },
] as const;

/**
 * The spec's '404 not found' state of an item page (release, movie, person, label, company)
 * whose public id is unknown; rendered by the segment's not-found.tsx after `notFound()`, so the
 * HTTP status is 404. Offers the catalogue's main lists.
 */
export async function ItemNotFound() {
  const t = await getTranslations('errors');
  const tn = await getTranslations('nav');
  return (
    <section className="mx-auto max-w-xl py-10" data-testid="item-not-found">
      <h1 className="text-3xl font-black text-accent">{t('itemNotFound')}</h1>
      <nav aria-label={t('alternativesLabel')} className="mt-6">
        <ul className="grid gap-2 min-[420px]:grid-cols-2">
          {ALTERNATIVES.map((a) => (
            <li key={a.key}>
              <Link href={a.href} className="block rounded-lg border border-line bg-panel px-4 py-3 font-medium hover:border-accent">
                {tn(a.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** Metadata of an item page whose public id is unknown: title '404 not found', not indexed. */
export async function itemNotFoundMetadata(locale: string) {
  const t = await getTranslations({ locale, namespace: 'seo' });
  return { title: t('notFoundTitle'), robots: { index: false, follow: true } };
}
