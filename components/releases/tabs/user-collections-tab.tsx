import { CollectionList } from '@/components/collections/collection-list';
import { collectionsWithItem, ITEM_COLLECTIONS_SHOWN } from '@/lib/data/collections';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/user_collections`: public collections holding the release (first ITEM_COLLECTIONS_SHOWN). */
export async function ReleaseUserCollectionsTab({ release, locale }: ReleaseTabProps) {
  const page = await collectionsWithItem(
    { type: 'release', publicId: release.public_id },
    { cursor: null, limit: ITEM_COLLECTIONS_SHOWN },
  );
  return page.items.length ? (
    <CollectionList collections={page.items} locale={locale} />
  ) : (
    <ReleaseTabEmpty tab="user_collections" locale={locale} />
  );
}
