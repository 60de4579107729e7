import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { FindCollectorsLink } from '@/components/social/find-collectors-link';
import { TradeList } from '@/components/social/trade-list';
import { WantedOffers } from '@/components/social/wanted-offers';
import { currentActor } from '@/lib/auth/session';
import { getUser } from '@/lib/data/users';
import { wantedOffers } from '@/lib/data/collections';
import { listTrades } from '@/lib/data/trades';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'social.trades' });
  return pageMetadata({ locale, path: '/trades', title: t('title'), description: t('description'), noindex: true });
}

/**
 * /trades (members only; a visitor gets the login prompt and dialog, then the page): the member's current trade
 * matches both ways (a friend wants a release of the member's for-trade list; a friend trades one of
 * the member's wanted list), newest first in keyset pages (`?cursor=`); under them, on the first
 * page, the member's wanted releases that any member offers for sale or trade. Data:
 * lib/data/trades.ts listTrades, lib/data/collections.ts wantedOffers.
 */
export default async function TradesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await currentActor();
  if (!actor)
    return (
      <MemberGate locale={locale} title={(await getTranslations({ locale, namespace: 'social.trades' }))('title')} />
    );
  const cursor = firstParam(await searchParams, 'cursor');
  let page;
  try {
    page = await listTrades(actor, { cursor: cursor || null });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor')
      return redirect({ href: '/trades', locale });
    throw error;
  }
  const t = await getTranslations({ locale, namespace: 'social.trades' });
  return (
    <div>
      <PageHeading title={t('title')} lead={t('description')} />
      {page.items.length ? (
        <TradeList items={page.items} locale={locale} />
      ) : (
        <EmptyState title={t('emptyTitle')}>
          {t('empty')}
          <FindCollectorsLink locale={locale} country={(await getUser(actor.publicId))?.country ?? null} />
        </EmptyState>
      )}
      <Pagination locale={locale} href="/trades" nextCursor={page.next_cursor} isFirstPage={!cursor} />
      {cursor ? null : <WantedOffers offers={await wantedOffers(actor)} locale={locale} />}
    </div>
  );
}
