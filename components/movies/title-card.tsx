import { getTranslations } from 'next-intl/server';
import type { TitleListItem } from '@/lib/data/types';
import { joinNames } from '@/lib/format';
import { catalogueNames } from '@/lib/i18n/catalogue-names';
import { Link } from '@/lib/i18n/navigation';
import { enumKey } from '@/lib/i18n/keys';

/**
 * A movie/TV title in lists: name (link, not prefetched — see ReleaseCard), year, type, runtime,
 * genres and number of releases. `headingLevel` 2 directly under a page's h1, 3 under an h2.
 */
export async function TitleCard({
  title,
  locale,
  headingLevel = 3,
}: {
  title: TitleListItem;
  locale: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = await getTranslations({ locale, namespace: 'movies' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const names = await catalogueNames(locale);
  const facts = [
    title.year ? String(title.year) : null,
    title.type !== 1 ? te(enumKey('movieTypes', title.type)) : null,
    title.runtime_min ? t('runtime', { minutes: title.runtime_min }) : null,
  ].filter(Boolean);
  return (
    <article
      className="rounded-lg border border-line bg-panel p-3"
      data-testid="title-card"
      data-public-id={title.public_id}
    >
      <Heading className="font-semibold leading-snug">
        <Link href={`/movie/${title.public_id}`} prefetch={false} className="hover:text-accent-strong hover:underline">
          {title.name}
        </Link>
      </Heading>
      {title.original_name && title.original_name !== title.name ? (
        <p className="text-sm italic text-muted">{title.original_name}</p>
      ) : null}
      <p className="text-sm text-muted">{facts.join(' · ')}</p>
      {title.genres.length > 0 ? <p className="text-sm">{joinNames(title.genres.map(names.genre))}</p> : null}
      <p className="mt-1 text-sm font-medium">{t('releaseCount', { count: title.release_count })}</p>
    </article>
  );
}

/** Grid of title cards; `headingLevel` as in TitleCard. */
export function TitleGrid({
  titles,
  locale,
  headingLevel = 3,
}: {
  titles: TitleListItem[];
  locale: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="title-list">
      {titles.map((title) => (
        <li key={title.public_id}>
          <TitleCard title={title} locale={locale} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
