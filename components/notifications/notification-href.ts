import type { NotificationDto } from '@/lib/data/notifications';

/**
 * Where a notification leads (an unprefixed href), or null when its subject is gone: a comment's
 * anchor on its review or discussion page, the review, discussion, release or movie, the trade
 * matches, the admins' queue of catalogue suggestions, or the member who acted. Pure.
 */
export function notificationHref(n: NotificationDto): string | null {
  const anchor = n.comment ? `#comment-${n.comment.public_id}` : '';
  if (n.type_name === 'tradeMatch') return '/trades';
  if (n.type_name === 'changesPending') return '/admin/changes';
  if (n.review) return `/review/${n.review.public_id}${anchor}`;
  if (n.post) return `/post/${n.post.public_id}${anchor}`;
  if (n.release) return `/release/${n.release.public_id}`;
  if (n.movie) return `/movie/${n.movie.public_id}`;
  if (n.actor) return `/user/${n.actor.public_id}`;
  return null;
}
