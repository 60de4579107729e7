import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NOTIFICATION_SETTINGS_ID } from '@/components/account/edit-my-data/anchors';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { MarkSeen } from '@/components/notifications/mark-seen';
import { notificationHref } from '@/components/notifications/notification-href';
import { currentActor } from '@/lib/auth/session';
import { listNotifications, notificationText, type NotificationDto } from '@/lib/data/notifications';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
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
 * page has loaded). Visitors go to the login page and come back. Data:
 * lib/data/notifications.ts listNotifications.
 */
export default async function NotificationsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const cursor = firstParam(await searchParams, 'cursor');
  const href = '/notifications';
  const actor = await currentActor();
  if (!actor) redirect({ href: `/login?next=${encodeURIComponent(href)}`, locale });
  const me = actor as NonNullable<typeof actor>;
  const t = await getTranslations({ locale, namespace: 'notifications' });
  let page: Awaited<ReturnType<typeof listNotifications>>;
  try {
    page = await listNotifications(me.userId, { cursor: cursor || null });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href, locale });
    throw error;
  }
  const lang = locale === 'fi' ? 'fi' : 'en';
  const unseen = page.items.filter((n) => !n.seen).length;
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

function NotificationItem({
  n,
  text,
  locale,
  newLabel,
}: {
  n: NotificationDto;
  text: string;
  locale: string;
  newLabel: string;
}) {
  const target = notificationHref(n);
  return (
    <li
      className={`flex flex-col gap-1 px-4 py-3 ${n.seen ? '' : 'bg-accent-soft/40'}`}
      data-testid="notification"
      data-type={n.type_name ?? n.type}
      data-seen={n.seen ? 'true' : 'false'}
    >
      <p>
        {!n.seen ? (
          <span className="mr-2 rounded bg-accent px-1.5 py-0.5 text-xs font-semibold text-white">{newLabel}</span>
        ) : null}
        {target ? (
          <Link href={target} className="hover:underline">
            {text}
          </Link>
        ) : (
          text
        )}
      </p>
      <time dateTime={n.created_at} className="text-sm text-muted">
        {formatDateTime(n.created_at, locale)}
      </time>
    </li>
  );
}
