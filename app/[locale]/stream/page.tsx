import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { FindCollectorsLink } from '@/components/social/find-collectors-link';
import { StreamList } from '@/components/social/stream-list';
import { currentActor } from '@/lib/auth/session';
import { getUser } from '@/lib/data/users';
import { listStream } from '@/lib/data/stream';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'social.stream' });
  return pageMetadata({ locale, path: '/stream', title: t('title'), description: t('description'), noindex: true });
}

/**
 * /stream (beta, members only; a visitor gets the login prompt and dialog, then the page): the reviews,
 * discussions, comments and public collection additions of the member's friends, newest first in
 * keyset pages (`?cursor=`; an undecodable one goes back to the first page). Data:
 * lib/data/stream.ts listStream.
 */
export default async function StreamPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await currentActor();
  if (!actor)
    return (
      <MemberGate locale={locale} title={(await getTranslations({ locale, namespace: 'social.stream' }))('title')} />
    );
  const cursor = firstParam(await searchParams, 'cursor');
  let page;
  try {
    page = await listStream(actor, { cursor: cursor || null });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor')
      return redirect({ href: '/stream', locale });
    throw error;
  }
  const t = await getTranslations({ locale, namespace: 'social.stream' });
  return (
    <div>
      <PageHeading title={t('title')} lead={t('description')}>
        <p className="mt-2 text-sm">
          <Link href="/trades" className="text-accent-strong underline">
            {t('tradesLink')}
          </Link>
        </p>
      </PageHeading>
      {page.items.length ? (
        <StreamList items={page.items} locale={locale} />
      ) : (
        <EmptyState title={t('emptyTitle')}>
          {t('empty')}
          <FindCollectorsLink locale={locale} country={(await getUser(actor.publicId))?.country ?? null} />
        </EmptyState>
      )}
      <Pagination locale={locale} href="/stream" nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
