import { getTranslations } from 'next-intl/server';
import { CollectionList } from '@/components/collections/collection-list';
import { collectionsWithItem, ITEM_COLLECTIONS_SHOWN, releaseOffers } from '@/lib/data/collections';
import { tagPageWithCollections } from '@/lib/page-cache';
import { ReleaseOffers } from '../release-offers';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/**
 * `/release/{id}/user_collections`: the members' offers of the release (for sale, for trade),
 * then the public collections holding it (first ITEM_COLLECTIONS_SHOWN); the cached page is
 * tagged with every collection it names, so it forgets one made private.
 */
export async function ReleaseUserCollectionsTab({ release, locale }: ReleaseTabProps) {
  const [page, found] = await Promise.all([
    collectionsWithItem(
      { type: 'release', publicId: release.public_id },
      { cursor: null, limit: ITEM_COLLECTIONS_SHOWN },
    ),
    releaseOffers(release.public_id),
  ]);
  const offers = found ?? { items: [], for_sale: 0, for_trade: 0 };
  await tagPageWithCollections([
    ...page.items.map((c) => c.public_id),
    ...offers.items.map((o) => o.collection.public_id),
  ]);
  if (!page.items.length) return <ReleaseTabEmpty tab="user_collections" locale={locale} />;
  const t = await getTranslations({ locale, namespace: 'releases.offers' });
  const offered = offers.items.length > 0;
  return (
    <>
      <ReleaseOffers offers={offers} locale={locale} />
      {offered ? <h2 className="mb-3 text-xl font-bold">{t('collections')}</h2> : null}
      <CollectionList collections={page.items} locale={locale} heading={offered ? 'h3' : 'h2'} />
    </>
  );
}
