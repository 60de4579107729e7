import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { collectionTitle } from '@/components/collections/collection-list';
import { CollectionPage, entriesHref } from '@/components/collections/collection-page';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { currentActor } from '@/lib/auth/session';
import { collectionValue } from '@/lib/data/collection-values';
import { ENTRY_SORTS, holdingsOf, listEntries, type EntrySort } from '@/lib/data/collections';
import { MAX_QUERY_LENGTH } from '@/lib/validation/listing';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { loadVisibleCollection } from '@/components/collections/load';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string; publicId: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const c = await loadVisibleCollection(publicId);
  if (!c) return {};
  const t = await getTranslations({ locale, namespace: 'collections' });
  const title = collectionTitle(c, t);
  const description = c.description?.slice(0, 160) || t('metaDescription', { title, name: c.owner.name });
  return pageMetadata({
    locale,
    path: `/collection/${publicId}`,
    title,
    description,
    noindex: c.visibility === 'private' || c.deleted,
  });
}

/**
 * /collection/{public_id}: one collection with its entries, newest first (`?cursor=`),
 * or those matching `?q=` in the order `?so=` (`added`, `name`, `acquired`; another value reads as
 * `added`).
 * Private and deleted collections exist for their owner only ('404 not found' for anyone else).
 * Rendered per viewer (the owner gets edit, delete/restore and remove; another member sees which
 * entries their own collections hold). Data: lib/data/collections.ts.
 */
export default async function CollectionRoute({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const collection = await loadVisibleCollection(publicId);
  if (!collection) notFound();
  const sp = await searchParams;
  const cursor = firstParam(sp, 'cursor');
  const q = firstParam(sp, 'q').trim().slice(0, MAX_QUERY_LENGTH) || null;
  const soParam = firstParam(sp, 'so');
  // An unknown order reads as the default one.
  const so = (ENTRY_SORTS as readonly string[]).includes(soParam) ? (soParam as EntrySort) : null;
  const actor = await currentActor();
  let entries;
  try {
    entries = await listEntries(actor, { publicId, q, so, cursor: cursor || null });
  } catch (error) {
    // A cursor of another order (the order changed) or a forged one: back to the first page.
    if (cursor && error instanceof AppError && error.code === 'bad_cursor')
      redirect({ href: entriesHref(publicId, q, so), locale });
    throw error;
  }
  if (!entries) notFound();
  const value = await collectionValue(actor, publicId);
  // Another member sees which of the page's items their own collections hold.
  const holdings =
    actor && !collection.mine
      ? await holdingsOf(
          actor,
          entries.items.flatMap((e): { type: 'movie' | 'release'; publicId: string }[] =>
            e.release
              ? [{ type: 'release', publicId: e.release.public_id }]
              : e.movie
                ? [{ type: 'movie', publicId: e.movie.public_id }]
                : [],
          ),
        )
      : null;
  return (
    <ClientMessages scope="collectionPage">
      <CollectionPage
        collection={collection}
        entries={entries}
        value={value}
        holdings={holdings}
        locale={locale}
        cursor={cursor}
        q={q}
        so={so}
      />
    </ClientMessages>
  );
}
