import 'server-only';
/**
 * The limits of a member's frequent actions (lib/data/rate-limits.ts RATE_LIMITS), counted per
 * account before the action writes anything. Each of these actions revalidates cached item pages
 * on every server or notifies another member, so a script repeating one would keep popular pages
 * uncached or flood someone's notifications; a member using the site by hand never meets them.
 *
 * - edits of reviews, posts and comments: 5 a minute, 60 an hour (`writing_limited`, so the edit
 *   forms say what they say for new writing and keep the text);
 * - HAVE / WANTED / seen / want-to-see toggles: 60 a minute, 600 an hour (`action_limited`);
 * - likes set or taken back: 30 a minute, 300 an hour (`action_limited`);
 * - friendship actions (request, accept, reject, cancel, remove): 30 an hour, of which new
 *   requests 20 a day and 3 a day to the same member (`action_limited`).
 *
 * A request the addressee rejected waits FRIEND_REQUEST_RETRY_SECONDS before its sender may ask
 * again (lib/data/friendships.ts, `friend_request_wait`).
 */
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { AppError } from '@/lib/errors';
import { hitLimit, type LimitName } from './rate-limits';

/** The kinds of limited actions and the limits each counts against, in order. */
const ACTION_LIMITS = {
  edit: ['editMinute', 'editHour'],
  toggle: ['toggleMinute', 'toggleHour'],
  like: ['likeMinute', 'likeHour'],
  friendship: ['friendshipHour'],
} as const satisfies Record<string, readonly LimitName[]>;

/** A member action with limits of its own (see the module comment). */
export type LimitedAction = keyof typeof ACTION_LIMITS;

/**
 * Counts one `action` of the actor against its limits.
 * @throws AppError writing_limited (edits) or action_limited (the others), HTTP 429 with
 *   `seconds` to wait (the Retry-After header), once a limit is used up
 */
export async function countAction(actor: Actor, action: LimitedAction, db: Db): Promise<void> {
  const code = action === 'edit' ? 'writing_limited' : 'action_limited';
  for (const name of ACTION_LIMITS[action]) {
    const r = await hitLimit(name, String(actor.userId), db);
    if (!r.ok) throw new AppError(code, { seconds: r.retryAfter });
  }
}

/**
 * Counts a new friend request of the actor to the member `addresseeId`: 20 a day in all and 3 a
 * day to the same member (asking, cancelling and asking again included).
 * @throws AppError action_limited (HTTP 429, `seconds` to wait)
 */
export async function countFriendRequest(actor: Actor, addresseeId: number, db: Db): Promise<void> {
  const checks: [LimitName, string][] = [
    ['friendRequestDay', String(actor.userId)],
    ['friendRequestPair', `${actor.userId}:${addresseeId}`],
  ];
  for (const [name, subject] of checks) {
    const r = await hitLimit(name, subject, db);
    if (!r.ok) throw new AppError('action_limited', { seconds: r.retryAfter });
  }
}
