import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { NOTIFICATION_SETTINGS_ID } from '@/components/account/edit-my-data/anchors';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { MarkSeen } from '@/components/notifications/mark-seen';
import { NotificationItem } from '@/components/notifications/notification-item';
import type { FriendButtonLabels } from '@/components/users/friend-button';
import { friendButtonLabels } from '@/components/users/friend-labels';
import { currentActor } from '@/lib/auth/session';
import { answerableFriendRequests } from '@/lib/data/friendships';
import { listNotifications, notificationText } from '@/lib/data/notifications';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'notifications' });
  return pageMetadata({
    locale,
    path: '/notifications',
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /notifications: the member's notifications, newest first, in keyset pages (`?cursor=`), each as
 * a translated sentence linking to its subject, with the admin's reason for a removal; the ones
 * not seen before are marked new, and opening the page marks them all seen (MarkSeen, after the
 * page has loaded). A friend request still waiting for an answer carries accept and reject buttons
 * on its newest notification. A visitor gets the login prompt and dialog, then the page. Data:
 * lib/data/notifications.ts listNotifications.
 */
export default async function NotificationsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const cursor = firstParam(await searchParams, 'cursor');
  const href = '/notifications';
  const actor = await currentActor();
  if (!actor)
    return (
      <MemberGate locale={locale} title={(await getTranslations({ locale, namespace: 'notifications' }))('title')} />
    );
  const me = actor as NonNullable<typeof actor>;
  const t = await getTranslations({ locale, namespace: 'notifications' });
  let page: Awaited<ReturnType<typeof listNotifications>>;
  try {
    page = await listNotifications(me, { cursor: cursor || null });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href, locale });
    throw error;
  }
  const lang = locale === 'fi' ? 'fi' : 'en';
  const unseen = page.items.filter((n) => !n.seen).length;
  const answers = new Map<string, FriendButtonLabels>();
  for (const n of await answerableFriendRequests(me, page.items))
    answers.set(n.public_id, await friendButtonLabels(locale, n.actor.name));
  return (
    <div data-testid="notifications-page">
      <PageHeading title={t('title')} lead={t('description')}>
        <p className="mt-2 text-sm">
          <Link
            href={`/users/edit_my_data#${NOTIFICATION_SETTINGS_ID}`}
            className="text-accent-strong underline"
            data-testid="notification-settings-link"
          >
            {t('settingsLink')}
          </Link>
        </p>
      </PageHeading>
      <MarkSeen unseen={unseen} />
      {page.items.length ? (
        <ul className="divide-y divide-line rounded-lg border border-line bg-panel" data-testid="notification-list">
          {page.items.map((n) => (
            <NotificationItem
              key={n.public_id}
              n={n}
              text={notificationText(lang, n)}
              locale={locale}
              newLabel={t('unseen')}
              answer={answers.get(n.public_id)}
            />
          ))}
        </ul>
      ) : (
        <EmptyState title={t('title')}>{t('empty')}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
