import 'server-only';
/**
 * A member's release calendar: the street dates of upcoming releases of the movies on the
 * member's wanted and want-to-see lists, as iCal at a secret address
 * (`/calendar/{user public id}/{key}.ics`). The key is an HMAC (AUTH_SECRET) of the account and
 * its `calendar_key_version`, so the address can be shown again at any time without being stored,
 * and a reset (the version plus one) ends the old address at once.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { canManageCalendar } from '@/lib/auth/policies';
import { serverSecret } from '@/lib/auth/secrets';
import { feedTexts, releasesCalendar, UPCOMING_FEED_MAX } from '@/lib/calendar/upcoming';
import { AppError } from '@/lib/errors';
import { absoluteUrl, siteUrl } from '@/lib/seo';
import { RELEASE_LIST_COLUMNS, toReleaseListItem, type ReleaseListRow } from './catalogue-rows';
import { todayIso } from './releases';
import { queryRows, resolveDb } from './sql';
import type { ReleaseListItem } from './types';

/** Length of the key in the address (base64url characters of the HMAC-SHA256). */
const KEY_LENGTH = 32;

/** The collection styles whose movies the calendar follows: 4 wanted (movies, and the movies of wanted releases), 6 want to see. */
const WANTED = 4;
const WANT_TO_SEE = 6;

function calendarKey(userId: number, version: number): string {
  return crypto
    .createHmac('sha256', serverSecret('auth'))
    .update(`member-calendar:${userId}:${version}`)
    .digest('base64url')
    .slice(0, KEY_LENGTH);
}

/** The calendar's addresses: its feed (`url`, English texts) and the same in Finnish (`url_fi`). */
export type MemberCalendarAddress = { url: string; url_fi: string };

function addressOf(publicId: string, userId: number, version: number): MemberCalendarAddress {
  const url = `${siteUrl()}/calendar/${publicId}/${calendarKey(userId, version)}.ics`;
  return { url, url_fi: `${url}?lang=fi` };
}

/**
 * The actor's calendar address.
 * @throws AppError unauthorized when the actor may not see it (canManageCalendar)
 */
export async function memberCalendarAddress(actor: Actor, db?: Db): Promise<MemberCalendarAddress> {
  if (!canManageCalendar(actor, actor.userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const [row] = await queryRows<{ public_id: string; calendar_key_version: number }>(
    d,
    sql`SELECT public_id, calendar_key_version FROM users WHERE id = ${actor.userId}`,
  );
  if (!row) throw new AppError('unauthorized');
  return addressOf(row.public_id, actor.userId, Number(row.calendar_key_version));
}

/**
 * Gives the actor's calendar a new address; the old one answers 404 from now on.
 * @returns the new address
 * @throws AppError unauthorized when the actor may not reset it (canManageCalendar)
 */
export async function resetMemberCalendar(actor: Actor, db?: Db): Promise<MemberCalendarAddress> {
  if (!canManageCalendar(actor, actor.userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const [row] = await queryRows<{ public_id: string; calendar_key_version: number }>(
    d,
    sql`UPDATE users SET calendar_key_version = calendar_key_version + 1
        WHERE id = ${actor.userId} RETURNING public_id, calendar_key_version`,
  );
  if (!row) throw new AppError('unauthorized');
  return addressOf(row.public_id, actor.userId, Number(row.calendar_key_version));
}

/**
 * Upcoming approved releases (street date today or later, nearest first, at most
 * UPCOMING_FEED_MAX) of the movies on the user's wanted and want-to-see lists (not in the trash):
 * movies listed themselves, and the movies of wanted releases.
 */
export async function memberUpcomingReleases(userId: number, db?: Db): Promise<ReleaseListItem[]> {
  const d = await resolveDb(db);
  const rows = await queryRows<ReleaseListRow>(
    d,
    sql`WITH followed AS (
          SELECT e.movie_id AS movie_id FROM collection_entries e JOIN collections c ON c.id = e.collection_id
          WHERE c.user_id = ${userId} AND c.deleted_at IS NULL AND c.style IN (${WANTED}, ${WANT_TO_SEE})
            AND e.movie_id IS NOT NULL
          UNION
          SELECT rm.movie_id FROM collection_entries e JOIN collections c ON c.id = e.collection_id
          JOIN release_movies rm ON rm.release_id = e.release_id
          WHERE c.user_id = ${userId} AND c.deleted_at IS NULL AND c.style = ${WANTED}
        )
        SELECT ${RELEASE_LIST_COLUMNS} FROM releases r LEFT JOIN labels l ON l.id = r.label_id
        WHERE r.approved AND r.street_date >= ${todayIso()}::date
          AND r.id IN (SELECT rm.release_id FROM release_movies rm WHERE rm.movie_id IN (SELECT movie_id FROM followed))
        ORDER BY r.street_date, r.id
        LIMIT ${UPCOMING_FEED_MAX}`,
  );
  return rows.map(toReleaseListItem);
}

/**
 * The calendar at `/calendar/{publicId}/{key}.ics` as iCal text, or null when no member has this
 * public id or the key is not the current one (the same answer for both, compared in constant time).
 */
export async function memberCalendarFeed(
  publicId: string,
  key: string,
  locale: 'en' | 'fi',
  db?: Db,
): Promise<string | null> {
  const d = await resolveDb(db);
  const [user] = await queryRows<{ id: number; calendar_key_version: number }>(
    d,
    sql`SELECT id, calendar_key_version FROM users WHERE public_id = ${publicId}`,
  );
  const expected = user ? calendarKey(user.id, Number(user.calendar_key_version)) : calendarKey(0, -1);
  const given = Buffer.from(key);
  const match = given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
  if (!user || !match) return null;
  const { t } = feedTexts(locale);
  return releasesCalendar(await memberUpcomingReleases(user.id, d), {
    locale,
    name: t('memberName'),
    description: t('memberDescription'),
    product: 'member-calendar',
    url: absoluteUrl(locale, '/releases/upcoming'),
  });
}
