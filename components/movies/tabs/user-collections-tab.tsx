import { CollectionList } from '@/components/collections/collection-list';
import { collectionsWithItem, ITEM_COLLECTIONS_SHOWN } from '@/lib/data/collections';
import { tagPageWithCollections } from '@/lib/page-cache';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/**
 * `/movie/{id}/user_collections`: public collections holding the movie (first
 * ITEM_COLLECTIONS_SHOWN); the cached page is tagged with them, so it forgets one made private.
 */
export async function MovieUserCollectionsTab({ title, locale }: MovieTabProps) {
  const page = await collectionsWithItem(
    { type: 'movie', publicId: title.public_id },
    { cursor: null, limit: ITEM_COLLECTIONS_SHOWN },
  );
  await tagPageWithCollections(page.items.map((c) => c.public_id));
  return page.items.length ? (
    <CollectionList collections={page.items} locale={locale} />
  ) : (
    <MovieTabEmpty tab="user_collections" locale={locale} />
  );
}
