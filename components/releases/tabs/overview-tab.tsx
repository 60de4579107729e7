import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/seo/json-ld';
import { enumKey } from '@/lib/i18n/keys';
import { releaseJsonLd } from '@/lib/seo';
import { CutBlock } from '../cut-block';
import { releaseOffers } from '@/lib/data/collections';
import { tagPageWithCollections } from '@/lib/page-cache';
import { MemberRatingsBox } from '../member-ratings';
import { OffersBox } from '../offers-box';
import { ReleaseFields } from '../release-fields';
import { MoviesAside } from './movies-aside';
import type { ReleaseTabProps } from './tab-empty';

/**
 * `/release/{id}`: Product JSON-LD, every field with a value, the cut/censorship block, the members'
 * ratings (when a review links the release), the members' offers (when any) and the contained
 * movies.
 */
export async function ReleaseOverviewTab({ release, locale }: ReleaseTabProps) {
  const te = await getTranslations({ locale, namespace: 'enums' });
  const offers = (await releaseOffers(release.public_id)) ?? { items: [], for_sale: 0, for_trade: 0 };
  // The cached page names the offering collections: it is tagged with them to forget one made private.
  await tagPageWithCollections(offers.items.map((o) => o.collection.public_id));
  return (
    <>
      <JsonLd data={releaseJsonLd(release, locale, te(enumKey('formats', release.format)))} />
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div>
          <ReleaseFields release={release} locale={locale} />
          <CutBlock release={release} locale={locale} />
        </div>
        <div>
          <MemberRatingsBox
            ratings={release.member_ratings}
            reviewsHref={`/release/${release.public_id}/reviews`}
            locale={locale}
          />
          <OffersBox offers={offers} offersHref={`/release/${release.public_id}/user_collections`} locale={locale} />
          <MoviesAside release={release} locale={locale} />
        </div>
      </div>
    </>
  );
}
