import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import type { FriendItem, FriendRequestItem, FriendUser } from '@/lib/data/friendships';
import type { Page } from '@/lib/data/types';
import type { PublicUser } from '@/lib/data/users';
import { formatDayOf } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { FriendButton } from './friend-button';
import { friendButtonLabels } from './friend-labels';

function UserLink({ user }: { user: FriendUser }) {
  return (
    <Link href={`/user/${user.public_id}`} prefetch={false} className="font-medium hover:underline">
      {user.name}
    </Link>
  );
}

/** One list of open requests with their buttons (accept and reject, or cancel). */
async function RequestSection({
  id,
  title,
  empty,
  items,
  locale,
}: {
  id: string;
  title: string;
  empty: string;
  items: FriendRequestItem[];
  locale: string;
}) {
  const t = await getTranslations({ locale, namespace: 'users.friends' });
  const labels = await Promise.all(items.map((r) => friendButtonLabels(locale, r.user.name)));
  return (
    <section aria-labelledby={id} className="mb-8" data-testid={id}>
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {items.length ? (
        <ul className="flex flex-col gap-3">
          {items.map((r, i) => (
            <li
              key={r.user.public_id}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3"
              data-testid="friend-request"
            >
              <UserLink user={r.user} />
              <span className="text-sm text-muted">
                {t('sentOn', { date: formatDayOf(r.requested_at, locale, siteTimeZone()) })}
              </span>
              <span className="ml-auto">
                <FriendButton publicId={r.user.public_id} relation={r.direction} labels={labels[i]!} answerOnly />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{empty}</p>
      )}
    </section>
  );
}

/**
 * `/user/{id}/friends`: the user's accepted friends, newest friendship first in keyset pages; to
 * the owner also the requests waiting for their answer (accept, reject) and their own waiting
 * requests (cancel), newest first (`requests`, null for everyone else).
 */
export async function UserFriends({
  user,
  locale,
  href,
  cursor,
  page,
  requests,
}: {
  user: PublicUser;
  locale: string;
  href: string;
  cursor: string;
  page: Page<FriendItem>;
  requests: { incoming: Page<FriendRequestItem>; outgoing: Page<FriendRequestItem> } | null;
}) {
  const t = await getTranslations({ locale, namespace: 'users' });
  return (
    <>
      {requests && !cursor ? (
        <>
          <RequestSection
            id="friend-requests-incoming"
            title={t('friends.incoming')}
            empty={t('friends.incomingEmpty')}
            items={requests.incoming.items}
            locale={locale}
          />
          <RequestSection
            id="friend-requests-outgoing"
            title={t('friends.outgoing')}
            empty={t('friends.outgoingEmpty')}
            items={requests.outgoing.items}
            locale={locale}
          />
        </>
      ) : null}
      <section aria-labelledby="friends-list" data-testid="friends">
        <h2 id="friends-list" className="mb-3 text-xl font-semibold">
          {t('friends.list')}
        </h2>
        {page.items.length ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="friend-list">
            {page.items.map((f) => (
              <li key={f.user.public_id} className="rounded-lg border border-line p-3" data-testid="friend-item">
                <UserLink user={f.user} />
                <p className="text-sm text-muted">
                  {t('friends.since', { date: formatDayOf(f.since, locale, siteTimeZone()) })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t('tabs.friends')}>{t('tabEmpty.friends', { name: user.name })}</EmptyState>
        )}
        <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
      </section>
    </>
  );
}
