import 'server-only';
/**
 * The expired-data purge: deletes rows that no longer mean anything, so the tables the app reads
 * on every request stay small and nothing is kept longer than it is needed. Run by the app process
 * every hour (lib/purge-schedule.ts, started by instrumentation.ts) and by `npm run db:purge`.
 * Every delete is idempotent and each kind is its own statement, so several app servers purging at
 * once only find less to delete.
 *
 * What goes, by kind:
 * - `sessions`: login sessions past their sliding expiry (`expires_at`) or older than
 *   SESSION_MAX_DAYS (the absolute lifetime), which no longer log anyone in.
 * - `api_tokens`: personal API tokens expired more than API_TOKEN_EXPIRED_KEEP_DAYS ago (the
 *   owner's token list shows an expired token that long, then it goes).
 * - `password_resets`: password-reset tokens that are spent (`used_at`) or expired.
 * - `rate_limits`: rate-limit counters and one-time claims whose window has ended (`expire`).
 * - `collection_imports`: collection import reports older than IMPORT_REPORT_RETENTION_DAYS (the
 *   entries they made stay; only the report and its unresolved candidates go).
 * - `notifications`: notifications the member has seen (`seen_at`) created more than
 *   READ_NOTIFICATION_RETENTION_DAYS ago; unseen ones stay however old.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { queryRows, resolveDb } from './sql';
import { SESSION_MAX_DAYS } from './sessions';

/** Days a collection import report is kept after the import (the owner resolves ambiguous rows within them). */
export const IMPORT_REPORT_RETENTION_DAYS = 30;
/** Days a seen notification is kept after it was created. */
export const READ_NOTIFICATION_RETENTION_DAYS = 180;
/** Days an expired API token stays in its owner's list before it is deleted. */
export const API_TOKEN_EXPIRED_KEEP_DAYS = 30;

/** Rows deleted by {@link purgeExpired}, per kind (see the module doc). */
export type PurgeCounts = {
  sessions: number;
  api_tokens: number;
  password_resets: number;
  rate_limits: number;
  collection_imports: number;
  notifications: number;
};

const DAY_MS = 86_400_000;

/** Runs `DELETE … WHERE cond` on `table` and returns how many rows it deleted. */
async function deleteWhere(db: Db, table: string, cond: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM ${sql.identifier(table)} WHERE ${cond} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Deletes the expired rows of every kind as of `now` (default: the current time; tests pass a
 * fixed one). Each kind is one statement in its own implicit transaction.
 * @returns the number of rows deleted per kind
 * @throws database errors (the kinds purged before the failing one stay purged)
 */
export async function purgeExpired(db?: Db, now: Date = new Date()): Promise<PurgeCounts> {
  const d = await resolveDb(db);
  // ISO strings cast in SQL: the same parameter type on postgres.js and PGlite.
  const at = (t: Date) => sql`CAST(${t.toISOString()} AS timestamptz)`;
  const before = (days: number) => at(new Date(now.getTime() - days * DAY_MS));
  const nowAt = at(now);
  return {
    sessions: await deleteWhere(
      d,
      'user_sessions',
      sql`expires_at <= ${nowAt} OR created_at <= ${before(SESSION_MAX_DAYS)}`,
    ),
    api_tokens: await deleteWhere(d, 'api_tokens', sql`expires_at <= ${before(API_TOKEN_EXPIRED_KEEP_DAYS)}`),
    password_resets: await deleteWhere(d, 'password_reset_tokens', sql`used_at IS NOT NULL OR expires_at <= ${nowAt}`),
    rate_limits: await deleteWhere(d, 'rate_limits', sql`expire <= ${nowAt}`),
    collection_imports: await deleteWhere(
      d,
      'collection_imports',
      sql`created_at <= ${before(IMPORT_REPORT_RETENTION_DAYS)}`,
    ),
    notifications: await deleteWhere(
      d,
      'notifications',
      sql`seen_at IS NOT NULL AND created_at <= ${before(READ_NOTIFICATION_RETENTION_DAYS)}`,
    ),
  };
}

/** Total rows of a {@link PurgeCounts}. Pure. */
export function purgedTotal(counts: PurgeCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
