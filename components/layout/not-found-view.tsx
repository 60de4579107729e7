import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

/** Alternative pages offered by the 404 page: locale-less paths and `nav` message keys. */
export const NOT_FOUND_ALTERNATIVES = [
  { key: 'releasesAll', href: '/releases' },
  { key: 'outNow', href: '/releases/out_now' },
  { key: 'movies', href: '/movies' },
  { key: 'labels', href: '/labels' },
  { key: 'persons', href: '/persons' },
] as const;

/**
 * Body of the 404 page and of every `notFound()`: the spec's text and links to alternative pages.
 * `variant="item"` is the '404 not found' state of an item page (release, movie, person, label,
 * company) whose public id is unknown, rendered by the segment's not-found.tsx (HTTP 404).
 */
export function NotFoundView({ variant = 'page' }: { variant?: 'page' | 'item' }) {
  const t = useTranslations('errors');
  const tn = useTranslations('nav');
  const tc = useTranslations('common');
  return (
    <section className="mx-auto max-w-xl py-10" data-testid={variant === 'item' ? 'item-not-found' : 'not-found'}>
      {variant === 'page' && (
        <p className="mb-3 text-6xl font-black text-accent" aria-hidden="true">
          404
        </p>
      )}
      <h1 className="text-2xl font-bold">{t(variant === 'item' ? 'itemNotFound' : 'notFound')}</h1>
      <nav aria-label={t('alternativesLabel')} className="mt-6">
        <ul className="grid gap-2 min-[420px]:grid-cols-2">
          {NOT_FOUND_ALTERNATIVES.map((item) => (
            <li key={item.key}>
              <Link
                href={item.href}
                className="block rounded-lg border border-line bg-panel px-4 py-3 font-medium hover:border-accent"
              >
                {tn(item.key)}
              </Link>
            </li>
          ))}
          <li>
            <Link
              href="/"
              className="block rounded-lg border border-line bg-panel px-4 py-3 font-medium hover:border-accent"
            >
              {tc('home')}
            </Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}
