import 'server-only';
/**
 * The change requests waiting for approval as the top bar shows them: the admins' count of the
 * queue (`GET /api/me` `pending_changes_count`, kept live over their realtime channels) and a
 * member's own pending suggestions (`own_pending_changes`, which the item pages' "awaiting
 * approval" notice reads). Reads only; this module publishes no events, so the subscriber table
 * may list it (lib/data/subscribers.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { CatalogueEntity, ChangeKind } from '@/lib/validation/catalogue-fields';
import type { DomainEvents } from './event-types';
import { queryRows, resolveDb } from './sql';

/**
 * The number of pending change requests, as one SQL expression (the partial index
 * change_requests_pending_idx holds exactly these rows).
 */
export const PENDING_COUNT_SQL: SQL<number> = sql<number>`(SELECT count(*)::int FROM change_requests WHERE status = 'pending')`;

/** How many change requests wait for an admin. */
export async function countPendingChanges(db?: Db): Promise<number> {
  const d = await resolveDb(db);
  const [row] = await queryRows<{ n: number }>(d, sql`SELECT ${PENDING_COUNT_SQL} AS n`);
  return Number(row?.n ?? 0);
}

/**
 * In-transaction subscriber of 'change.submitted' and 'change.settled': fills the event's `queue`
 * with the number of pending requests as this transaction leaves it and the admins' public ids,
 * for the after-commit push (lib/realtime/server.ts pushPendingChanges). One statement (the count
 * is an uncorrelated subquery, evaluated once).
 */
export async function fillPendingQueue(
  tx: Db,
  e: DomainEvents['change.submitted'] | DomainEvents['change.settled'],
): Promise<void> {
  const rows = await queryRows<{ public_id: string; pending: number }>(
    tx,
    sql`SELECT u.public_id, ${PENDING_COUNT_SQL} AS pending FROM users u WHERE u.role = 'admin' ORDER BY u.id`,
  );
  e.queue.admins = rows.map((r) => r.public_id);
  // No admin, nobody to tell: the number is not needed then.
  e.queue.pending = Number(rows[0]?.pending ?? 0);
}

/**
 * One of a member's own pending suggestions about an entity that exists (an edit or deletion of
 * it, or a suggested release, which exists unapproved): the request's public id, the entity, the
 * kind and the entity's public id. Suggested new movies, persons and labels have no entity until
 * approved and are not listed.
 */
export type OwnPendingChange = {
  public_id: string;
  entity: CatalogueEntity;
  kind: ChangeKind;
  entity_public_id: string;
};

/**
 * A JSON array of {@link OwnPendingChange} of the member whose id is `userId` (an SQL expression),
 * oldest first, as one SQL expression (index change_requests_user_idx; a member has at most
 * OPEN_CHANGES_MAX pending requests).
 */
export function ownPendingChangesSql(userId: SQL): SQL<OwnPendingChange[] | string> {
  return sql<OwnPendingChange[] | string>`(SELECT coalesce(json_agg(json_build_object(
      'public_id', c.public_id, 'entity', c.entity_type, 'kind', c.kind,
      'entity_public_id', CASE c.entity_type
        WHEN 'movie' THEN (SELECT public_id FROM movies WHERE id = c.entity_id)
        WHEN 'release' THEN (SELECT public_id FROM releases WHERE id = c.entity_id)
        WHEN 'person' THEN (SELECT public_id FROM persons WHERE id = c.entity_id)
        WHEN 'label' THEN (SELECT public_id FROM labels WHERE id = c.entity_id) END) ORDER BY c.id), '[]'::json)
    FROM change_requests c WHERE c.user_id = ${userId} AND c.status = 'pending' AND c.entity_id IS NOT NULL)`;
}

/** The value of {@link ownPendingChangesSql} as the driver returns it (parsed JSON, or its text), as a list. */
export function parseOwnPendingChanges(value: OwnPendingChange[] | string | null): OwnPendingChange[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as OwnPendingChange[]) : (value ?? []);
  return list.filter((c) => c.entity_public_id != null);
}
