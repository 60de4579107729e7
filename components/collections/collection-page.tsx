import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import { TitleCard } from '@/components/movies/title-card';
import { ReleaseCard } from '@/components/releases/release-card';
import type { CollectionValue } from '@/lib/data/collection-values';
import type { CollectionDto, CollectionEntryDto } from '@/lib/data/collections';
import type { Page } from '@/lib/data/types';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { CollectionBadges, collectionTitle } from './collection-list';
import { CollectionTrashButton, RemoveEntryButton } from './owner-actions';
import { CollectionValueView } from './value-views';

const OWNER_LINK =
  'inline-flex min-h-10 items-center rounded-lg border border-line bg-panel px-4 text-sm font-medium hover:border-accent';

/**
 * A collection page (`/collection/{id}`): name, owner, badges, description, export (CSV, JSON),
 * the owner's edit, import and delete/restore, its value (total, by condition, history), and the entries
 * newest first (the movie or release card with the entry's price,
 * condition, date, watched-on method and comment; the owner can remove each), keyset-paged.
 */
export async function CollectionPage({
  collection,
  entries,
  value,
  locale,
  cursor,
}: {
  collection: CollectionDto;
  entries: Page<CollectionEntryDto>;
  value: CollectionValue | null;
  locale: string;
  cursor: string;
}) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  const ti = await getTranslations({ locale, namespace: 'collectionImport' });
  const href = `/collection/${collection.public_id}`;
  return (
    <article data-testid="collection-page" data-public-id={collection.public_id}>
      <header className="mb-5 flex flex-col gap-2">
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{collectionTitle(collection, t)}</h1>
        <p className="text-muted">
          <Link href={`/user/${collection.owner.public_id}`} className="underline">
            {t('by', { name: collection.owner.name })}
          </Link>{' '}
          · {t('entriesCount', { count: collection.entries_count })}
        </p>
        <CollectionBadges collection={collection} locale={locale} />
        {collection.description ? <p className="max-w-prose whitespace-pre-line">{collection.description}</p> : null}
        <p className="flex flex-wrap gap-3 text-sm">
          <Link
            href={`${href}/statistics`}
            className="text-accent-strong underline"
            data-testid="collection-statistics"
          >
            {t('stats.link')}
          </Link>
          {(['csv', 'json'] as const).map((f) => (
            <a
              key={f}
              href={`/api/collections/${collection.public_id}/export?format=${f}`}
              download
              className="text-accent-strong underline"
              data-testid={`export-${f}`}
            >
              {t(f === 'csv' ? 'exportCsv' : 'exportJson')}
            </a>
          ))}
        </p>
        {collection.mine ? (
          <div className="flex flex-wrap gap-2">
            {!collection.deleted ? (
              <>
                <Link href={`${href}/edit`} className={OWNER_LINK} data-testid="collection-edit">
                  {t('edit')}
                </Link>
                <Link href={`${href}/import`} className={OWNER_LINK} data-testid="collection-import">
                  {ti('link')}
                </Link>
              </>
            ) : null}
            <CollectionTrashButton publicId={collection.public_id} deleted={collection.deleted} />
          </div>
        ) : null}
      </header>
      {value ? <CollectionValueView value={value} locale={locale} /> : null}
      {entries.items.length ? (
        <ul className="flex flex-col gap-3" data-testid="entries">
          {entries.items.map((e) => (
            <li key={e.id} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_16rem]">
              {e.release ? (
                <ReleaseCard release={e.release} locale={locale} headingLevel={2} />
              ) : e.movie ? (
                <TitleCard title={e.movie} locale={locale} headingLevel={2} />
              ) : null}
              <EntryFields entry={e} locale={locale}>
                {collection.mine ? (
                  <RemoveEntryButton
                    publicId={collection.public_id}
                    entryId={e.id}
                    label={`${t('remove')}: ${e.release?.name ?? e.movie?.name ?? ''}`}
                  />
                ) : null}
              </EntryFields>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('entriesEmpty')} />
      )}
      <Pagination locale={locale} href={href} nextCursor={entries.next_cursor} isFirstPage={!cursor} />
    </article>
  );
}

async function EntryFields({
  entry,
  locale,
  children,
}: {
  entry: CollectionEntryDto;
  locale: string;
  children?: React.ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  const money =
    entry.price && entry.currency
      ? new Intl.NumberFormat(locale === 'fi' ? 'fi-FI' : 'en-GB', {
          style: 'currency',
          currency: entry.currency,
        }).format(Number(entry.price))
      : null;
  const rows: [string, string][] = [];
  if (money) rows.push([t('entry.price'), money]);
  if (entry.condition) rows.push([t('entry.condition'), t(`condition.${entry.condition as 1}`)]);
  if (entry.acquired_on) rows.push([t('entry.acquiredOn'), formatDate(entry.acquired_on)]);
  if (entry.watched_method) rows.push([t('entry.watchedMethod'), t(`watchedMethod.${entry.watched_method as 'disc'}`)]);
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-line bg-panel p-3 text-sm" data-testid="entry-fields">
      {rows.length ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {entry.comment ? (
        <p
          className="whitespace-pre-line"
          lang={entry.comment_language && entry.comment_language !== 'other' ? entry.comment_language : undefined}
        >
          {entry.comment}
        </p>
      ) : null}
      <p className="text-xs text-muted">{t('addedOn', { date: formatDate(entry.created_at.slice(0, 10)) })}</p>
      {children}
    </div>
  );
}
