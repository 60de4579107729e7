import 'server-only';
/**
 * New-release notices (notification type newRelease, flag release-notification): new releases
 * arrive through the catalogue importer (lib/import), so the notices are made set-based once an
 * import run has finished, for the releases that run created (scripts/import.ts and
 * scripts/start.ts call {@link notifyNewReleases} with the run's start time).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import { inTransaction, publish } from './events';
import { sqlArray } from './notifications';
import { newPublicId } from './public-id';
import { queryRows } from './sql';

/**
 * Stores a newRelease notice for every release created since `since` (the run's start, by the
 * database clock: `SELECT now()` before the run) whose movie is on a member's want-to-see list
 * (style 6) or wanted list (style 4: the movie itself, or another release of it), for members
 * with the release-notification flag: one notice per member and release, never twice. One SELECT
 * finds the pairs and one INSERT stores them, in one transaction; each stored row publishes
 * 'notification.created' (pushed after commit).
 * @returns how many notices were stored
 */
export async function notifyNewReleases(db: Db, since: Date): Promise<number> {
  const type = NOTIFICATION_TYPES.newRelease;
  return inTransaction(db, async (tx) => {
    const pairs = await queryRows<{ user_id: number; release_id: number; movie_id: number; user_public_id: string }>(
      tx,
      sql`WITH fresh AS (
            SELECT rm.release_id, rm.movie_id FROM releases r JOIN release_movies rm ON rm.release_id = r.id
            WHERE r.created_at >= CAST(${since.toISOString()} AS timestamptz)),
          wanting AS (
            SELECT c.user_id, f.release_id, f.movie_id FROM fresh f
              JOIN collection_entries e ON e.movie_id = f.movie_id
              JOIN collections c ON c.id = e.collection_id AND c.deleted_at IS NULL AND c.style IN (4, 6)
            UNION
            SELECT c.user_id, f.release_id, f.movie_id FROM fresh f
              JOIN release_movies other ON other.movie_id = f.movie_id AND other.release_id <> f.release_id
              JOIN collection_entries e ON e.release_id = other.release_id
              JOIN collections c ON c.id = e.collection_id AND c.deleted_at IS NULL AND c.style = 4)
          SELECT w.user_id, w.release_id, min(w.movie_id) AS movie_id, min(u.public_id) AS user_public_id
          FROM wanting w JOIN users u ON u.id = w.user_id AND u.release_notifications
          WHERE NOT EXISTS (SELECT 1 FROM notifications n
                            WHERE n.user_id = w.user_id AND n.type = ${type} AND n.release_id = w.release_id)
          GROUP BY w.user_id, w.release_id
          ORDER BY w.user_id, w.release_id`,
    );
    if (!pairs.length) return 0;
    const rows = await queryRows<{ id: number; public_id: string; user_id: number }>(
      tx,
      sql`INSERT INTO notifications (public_id, user_id, type, movie_id, release_id)
          SELECT t.p, t.u, ${type}, t.m, t.r
          FROM unnest(${sqlArray(
            pairs.map(() => newPublicId()),
            'text',
          )}, ${sqlArray(
            pairs.map((p) => Number(p.user_id)),
            'integer',
          )}, ${sqlArray(
            pairs.map((p) => Number(p.movie_id)),
            'integer',
          )}, ${sqlArray(
            pairs.map((p) => Number(p.release_id)),
            'integer',
          )}) AS t(p, u, m, r)
          RETURNING id, public_id, user_id`,
    );
    const owner = new Map(pairs.map((p) => [Number(p.user_id), p.user_public_id]));
    for (const r of rows)
      await publish(tx, 'notification.created', {
        notificationId: Number(r.id),
        publicId: r.public_id,
        userId: Number(r.user_id),
        userPublicId: owner.get(Number(r.user_id)) ?? '',
        type,
      });
    return rows.length;
  });
}
