import { getTranslations } from 'next-intl/server';
import { PlainText } from '@/components/community/plain-text';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import { TitleCard } from '@/components/movies/title-card';
import { ReleaseCard } from '@/components/releases/release-card';
import type { CollectionValue } from '@/lib/data/collection-values';
import { FilterForm } from '@/components/listing/filter-form';
import {
  ENTRY_SORTS,
  type CollectionDto,
  type CollectionEntryDto,
  type EntrySort,
  type HoldingRef,
} from '@/lib/data/collections';
import type { Page } from '@/lib/data/types';
import { formatDate, formatDayOf, formatMoney } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { withQuery } from '@/lib/seo';
import { CollectionBadges, collectionTitle } from './collection-list';
import type { EditableEntry } from './edit-entry-dialog';
import { CollectionTrashButton, EntryOwnerActions } from './owner-actions';
import { CollectionValueView } from './value-views';

const OWNER_LINK =
  'inline-flex min-h-10 items-center rounded-lg border border-line bg-panel px-4 text-sm font-medium hover:border-accent';

/**
 * A collection page (`/collection/{id}`): name, owner, badges, description, export (CSV, JSON),
 * the owner's edit, import and delete/restore, its value (total, by condition, history), a search
 * and order of the entries (from two entries on), and the entries (newest first unless another
 * order is chosen), keyset-paged: each the movie or release card with a strip of the entry's fields
 * under it (price, condition, date acquired, watched-on method, date added, comment; the owner's
 * edit and remove buttons; for another member, which of their own collections hold the item:
 * `holdings` from holdingsOf), one column on phones, two from the `lg` breakpoint.
 */
export async function CollectionPage({
  collection,
  entries,
  value,
  holdings = null,
  locale,
  cursor,
  q,
  so,
}: {
  collection: CollectionDto;
  entries: Page<CollectionEntryDto>;
  value: CollectionValue | null;
  /** The viewer's own collections holding each item (`release:{id}` / `movie:{id}`), null when not shown. */
  holdings?: Map<string, HoldingRef[]> | null;
  locale: string;
  cursor: string;
  /** The search in the collection, null for none. */
  q: string | null;
  /** The order chosen, null for the default (newest additions first). */
  so: EntrySort | null;
}) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  const ti = await getTranslations({ locale, namespace: 'collectionImport' });
  const href = `/collection/${collection.public_id}`;
  const listHref = entriesHref(collection.public_id, q, so);
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
        {collection.description ? (
          <div className="max-w-prose">
            <PlainText text={collection.description} testId="collection-description" />
          </div>
        ) : null}
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
      {collection.entries_count > 1 ? <EntrySearch q={q} so={so} locale={locale} /> : null}
      {entries.items.length ? (
        <ul className="grid items-start gap-3 lg:grid-cols-2" data-testid="entries">
          {entries.items.map((e) => (
            // The card and the entry's fields read as one block: the card's bottom corners give way to the strip below it.
            <li key={e.id} className="flex min-w-0 flex-col [&>article]:rounded-b-none">
              {e.release ? (
                <ReleaseCard release={e.release} locale={locale} headingLevel={2} />
              ) : e.movie ? (
                <TitleCard title={e.movie} locale={locale} headingLevel={2} />
              ) : null}
              <EntryFields
                entry={e}
                locale={locale}
                yours={
                  holdings?.get(e.release ? `release:${e.release.public_id}` : `movie:${e.movie?.public_id}`) ?? null
                }
              >
                {collection.mine ? (
                  <EntryOwnerActions collectionId={collection.public_id} entry={editable(e, locale)} />
                ) : null}
              </EntryFields>
            </li>
          ))}
        </ul>
      ) : q ? (
        <EmptyState title={t('find.noMatches', { q })}>
          <Link href={entriesHref(collection.public_id, null, so)} className="underline">
            {t('find.showAll')}
          </Link>
        </EmptyState>
      ) : (
        <EmptyState title={t('entriesEmpty')} />
      )}
      <Pagination locale={locale} href={listHref} nextCursor={entries.next_cursor} isFirstPage={!cursor} />
    </article>
  );
}

/** The unprefixed href of a collection's entries with a search and an order (the defaults left out). Pure. */
export function entriesHref(publicId: string, q: string | null, so: EntrySort | null): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (so && so !== 'added') params.set('so', so);
  return withQuery(`/collection/${publicId}`, params);
}

/** Search and order of a collection's entries: the words to find (the catalogue's search syntax) and the order. */
async function EntrySearch({ q, so, locale }: { q: string | null; so: EntrySort | null; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
    <FilterForm
      q={q}
      label={t('find.label')}
      placeholder={t('find.placeholder')}
      selects={[
        {
          name: 'so',
          label: t('find.order'),
          value: so ?? 'added',
          options: ENTRY_SORTS.map((s): [string, string] => [s, t(`find.sorts.${s}`)]),
        },
      ]}
      submit={t('find.submit')}
      testId="entry-search"
    />
  );
}

/**
 * An entry as the edit-entry dialog takes it: its fields as typed ('' for none), the price with
 * the locale's decimal mark (Finnish "19,90"; the server reads either).
 */
function editable(e: CollectionEntryDto, locale: string): EditableEntry {
  return {
    id: e.id,
    item: e.movie ? 'movie' : 'release',
    itemId: e.release?.public_id ?? e.movie?.public_id ?? '',
    name: e.release?.name ?? e.movie?.name ?? '',
    values: {
      comment: e.comment ?? '',
      comment_language: e.comment_language ?? '',
      price: e.price ? (locale === 'fi' ? e.price.replace('.', ',') : e.price) : '',
      currency: e.currency ?? 'EUR',
      condition: e.condition ? String(e.condition) : '',
      acquired_on: e.acquired_on ?? '',
      watched_method: e.watched_method ?? '',
    },
  };
}

async function EntryFields({
  entry,
  locale,
  yours = null,
  children,
}: {
  entry: CollectionEntryDto;
  locale: string;
  /** The viewer's own collections that hold the entry's item (another member's page). */
  yours?: HoldingRef[] | null;
  children?: React.ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  const money = entry.price && entry.currency ? formatMoney(entry.price, entry.currency, locale) : null;
  const rows: [string, string][] = [];
  if (money) rows.push([t('entry.price'), money]);
  if (entry.condition) rows.push([t('entry.condition'), t(`condition.${entry.condition as 1}`)]);
  if (entry.acquired_on) rows.push([t('entry.acquiredOn'), formatDate(entry.acquired_on, locale)]);
  if (entry.watched_method) rows.push([t('entry.watchedMethod'), t(`watchedMethod.${entry.watched_method as 'disc'}`)]);
  return (
    <div
      className="-mt-px flex flex-col gap-1 rounded-b-lg border border-line bg-paper px-3 py-2 text-sm"
      data-testid="entry-fields"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {rows.length ? (
          <dl className="flex flex-wrap gap-x-4 gap-y-1">
            {rows.map(([k, v]) => (
              <div key={k} className="flex gap-1">
                <dt className="text-muted after:content-[':']">{k}</dt>
                <dd className="font-medium">{v}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="text-muted">{t('addedOn', { date: formatDayOf(entry.created_at, locale, siteTimeZone()) })}</p>
        {children ? <div className="ml-auto">{children}</div> : null}
      </div>
      {yours?.length ? (
        <p className="text-muted" data-testid="entry-yours">
          {t('inYours')}{' '}
          {yours.map((c, i) => (
            <span key={c.public_id}>
              {i ? ', ' : null}
              <Link href={`/collection/${c.public_id}`} prefetch={false} className="font-medium text-ink underline">
                {collectionTitle(c, t)}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {entry.comment ? (
        <div lang={entry.comment_language && entry.comment_language !== 'other' ? entry.comment_language : undefined}>
          <PlainText text={entry.comment} />
        </div>
      ) : null}
    </div>
  );
}
