import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';
import { collectionTitle } from '@/components/collections/collection-list';
import { CollectionPage } from '@/components/collections/collection-page';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { currentActor } from '@/lib/auth/session';
import { collectionValue } from '@/lib/data/collection-values';
import { getCollection, listEntries } from '@/lib/data/collections';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string; publicId: string }>; searchParams: Promise<SearchParamsRecord> };

const load = cache(async (publicId: string) => (/^[A-Za-z0-9_-]{1,64}$/.test(publicId) ? getCollection(await currentActor(), publicId) : null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const c = await load(publicId);
  if (!c) return {};
  const t = await getTranslations({ locale, namespace: 'collections' });
  const title = collectionTitle(c, t);
  const description = c.description?.slice(0, 160) || `${title} ${t('by', { name: c.owner.name })}`;
  return pageMetadata({ locale, path: `/collection/${publicId}`, title, description, noindex: c.visibility === 'private' || c.deleted });
}

/**
 * /collection/{public_id} (spec §2): one collection with its entries, newest first (`?cursor=`).
 * Private and deleted collections exist for their owner only ('404 not found' for anyone else).
 * Rendered per viewer (the owner gets edit, delete/restore and remove). Data: lib/data/collections.ts.
 */
export default async function CollectionRoute({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const collection = await load(publicId);
  if (!collection) notFound();
  const cursor = firstParam(await searchParams, 'cursor');
  let entries;
  try {
    entries = await listEntries(await currentActor(), publicId, cursor || null);
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href: `/collection/${publicId}`, locale });
    throw error;
  }
  if (!entries) notFound();
  const value = await collectionValue(await currentActor(), publicId);
  return <CollectionPage collection={collection} entries={entries} value={value} locale={locale} cursor={cursor} />;
}
