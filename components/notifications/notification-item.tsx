import { FriendButton, type FriendButtonLabels } from '@/components/users/friend-button';
import type { NotificationDto } from '@/lib/data/notifications';
import { formatDateTime } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { notificationHref } from './notification-href';

/**
 * One row of /notifications: the "New" badge while unseen, the translated sentence linking to its
 * subject (notificationHref), the admin's reason when there is one, the time, and, for a friend
 * request still waiting for an answer (`answer`: the friend button's texts about its sender), the
 * accept and reject buttons.
 */
export function NotificationItem({
  n,
  text,
  locale,
  newLabel,
  answer,
}: {
  n: NotificationDto;
  text: string;
  locale: string;
  newLabel: string;
  answer?: FriendButtonLabels;
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
        {formatDateTime(n.created_at, locale, siteTimeZone())}
      </time>
      {answer && n.actor ? (
        <div className="mt-1">
          <FriendButton publicId={n.actor.public_id} relation="incoming" labels={answer} answerOnly />
        </div>
      ) : null}
    </li>
  );
}
