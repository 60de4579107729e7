import 'server-only';
/**
 * What collections are worth, in euros with the rates of lib/collections/rates.ts:
 * - an item's value average (movie and release pages): the mean price of its entries in public
 *   collections, one entry per user (the user's newest priced one) except for admins, whose every
 *   entry counts; null when nobody priced it;
 * - a collection's total and condition-weighted value, with a snapshot stored after every change
 *   of its entries (history);
 * - a user's total over the collections a viewer may see.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { CONDITION_WEIGHTS, NO_CONDITION_WEIGHT, rateTable, type RateTable } from '@/lib/collections/rates';
import { collectionVisibleTo } from './collection-visibility';
import { eurosSql, queryRows, resolveDb } from './sql';
import type { Actor } from '@/lib/auth/actor';
import { canViewCollection } from '@/lib/auth/policies';
import type { DomainEvents } from './event-types';
import { siteTimeZone } from '@/lib/time-zone';

/** The rates a value was computed with: their date (YYYY-MM-DD) and source. */
export type RatesNote = { rates_date: string; rates_source: string };

/** An entry's price in euros at the rates of `table` (SQL over `e`; null without a price). */
export function eurOf(table: RateTable): SQL {
  return eurosSql(sql`e.price`, sql`e.currency`, table);
}

/** The condition weight of an entry (SQL over `e`). */
function weightOf(): SQL {
  const cases = Object.entries(CONDITION_WEIGHTS).map(([c, w]) => sql`WHEN ${Number(c)} THEN ${w}::numeric`);
  return sql`(CASE e.condition ${sql.join(cases, sql` `)} ELSE ${NO_CONDITION_WEIGHT}::numeric END)`;
}

function note(table: RateTable): RatesNote {
  return { rates_date: table.date, rates_source: table.source };
}

/** Value average of a movie or release: euros (2 decimals as a string) over `count` entries. */
export type ItemValue = RatesNote & { average_eur: string; count: number };

/**
 * The value average of a movie or release (see the module comment).
 * @returns null when no public collection gives it a price
 */
export async function itemValueAverage(
  item: { type: 'movie' | 'release'; publicId: string },
  db?: Db,
): Promise<ItemValue | null> {
  const d = await resolveDb(db);
  const table = rateTable();
  const fk = item.type === 'movie' ? sql`movie_id` : sql`release_id`;
  const items = item.type === 'movie' ? sql`movies` : sql`releases`;
  const [row] = await queryRows<{ average: string | null; count: number }>(
    d,
    sql`WITH priced AS (
          SELECT ${eurOf(table)} AS eur, c.user_id, u.role, e.created_at, e.id
          FROM collection_entries e
          JOIN collections c ON c.id = e.collection_id
          JOIN users u ON u.id = c.user_id
          WHERE e.${fk} = (SELECT id FROM ${items} WHERE public_id = ${item.publicId}) AND e.price IS NOT NULL
            AND ${collectionVisibleTo(null)}
        ), counted AS (
          SELECT eur FROM priced WHERE role = 'admin'
          UNION ALL
          SELECT eur FROM (SELECT DISTINCT ON (user_id) eur FROM priced WHERE role <> 'admin' ORDER BY user_id, created_at DESC, id DESC) one_each
        )
        SELECT ROUND(AVG(eur), 2)::text AS average, COUNT(*)::int AS count FROM counted`,
  );
  if (!row || !row.count || row.average === null) return null;
  return { average_eur: row.average, count: Number(row.count), ...note(table) };
}

/** Totals of a set of entries: euros (2 decimals as strings), priced and all entries. */
export type ValueTotals = { total_eur: string; weighted_eur: string; priced_count: number; entries_count: number };

function totalsSql(table: RateTable, where: SQL): SQL {
  return sql`SELECT COALESCE(ROUND(SUM(${eurOf(table)}), 2), 0::numeric(14, 2))::text AS total_eur,
                    COALESCE(ROUND(SUM(${eurOf(table)} * ${weightOf()}), 2), 0::numeric(14, 2))::text AS weighted_eur,
                    COUNT(e.price)::int AS priced_count, COUNT(*)::int AS entries_count
             FROM collection_entries e WHERE ${where}`;
}

/**
 * Stores the current value of a collection as a snapshot (in the transaction of every change of
 * its entries: see {@link snapshotOnEntries}).
 */
export async function snapshotCollectionValue(tx: Db, collectionId: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO collection_value_snapshots (collection_id, total_eur, weighted_eur, priced_count, entries_count)
        SELECT ${collectionId}, total_eur::numeric, weighted_eur::numeric, priced_count, entries_count FROM
          (${totalsSql(rateTable(), sql`e.collection_id = ${collectionId}`)}) t`,
  );
}

/**
 * A collection's value now and its history: the last snapshot of each day (UTC) that had a change,
 * newest first (`taken_at`: ISO time of that snapshot).
 */
export type CollectionValue = ValueTotals & RatesNote & { history: (ValueTotals & { taken_at: string })[] };

/** How many days of history {@link collectionValue} returns. */
export const VALUE_HISTORY_SHOWN = 20;

/**
 * The value of a collection the viewer may see (public and not deleted, or their own), with the
 * value at the end of each of the last {@link VALUE_HISTORY_SHOWN} days (of the site's time zone) on which its entries
 * changed: a snapshot is stored per change, and an evening of adding fifty entries is one day of
 * history, not fifty rows of the same minute.
 * @returns null when the viewer may not see it (lib/auth/policies.ts canViewCollection)
 */
export async function collectionValue(
  viewer: Actor | null,
  publicId: string,
  db?: Db,
): Promise<CollectionValue | null> {
  const d = await resolveDb(db);
  const [c] = await queryRows<{
    id: number;
    user_id: number;
    visibility: 'public' | 'private';
    deleted_at: string | Date | null;
  }>(
    d,
    sql`SELECT c.id, c.user_id, c.visibility, c.deleted_at FROM collections c
        WHERE c.public_id = ${publicId} AND ${collectionVisibleTo(viewer)}`,
  );
  if (
    !c ||
    !canViewCollection(viewer, { userId: Number(c.user_id), visibility: c.visibility, deleted: c.deleted_at !== null })
  )
    return null;
  const table = rateTable();
  const [now] = await queryRows<ValueTotals>(d, totalsSql(table, sql`e.collection_id = ${c.id}`));
  const history = await queryRows<ValueTotals & { taken_at: string | Date }>(
    d,
    sql`SELECT DISTINCT ON (s.day) s.taken_at, s.total_eur::text AS total_eur, s.weighted_eur::text AS weighted_eur,
          s.priced_count, s.entries_count
        FROM (
          SELECT v.*, (v.taken_at AT TIME ZONE ${siteTimeZone()})::date AS day
          FROM collection_value_snapshots v WHERE v.collection_id = ${c.id}
        ) s
        ORDER BY s.day DESC, s.taken_at DESC, s.id DESC LIMIT ${VALUE_HISTORY_SHOWN}`,
  );
  return {
    ...now,
    ...note(table),
    history: history.map((h) => ({ ...h, taken_at: new Date(h.taken_at).toISOString() })),
  };
}

/**
 * The total value of a user's collections that the viewer may see (public ones; all but deleted
 * ones for the owner).
 */
export async function userCollectionsValue(
  viewer: Actor | null,
  userPublicId: string,
  db?: Db,
): Promise<ValueTotals & RatesNote> {
  const d = await resolveDb(db);
  const table = rateTable();
  const [t] = await queryRows<ValueTotals>(
    d,
    totalsSql(
      table,
      sql`e.collection_id IN (SELECT c.id FROM collections c JOIN users u ON u.id = c.user_id
            WHERE u.public_id = ${userPublicId} AND c.deleted_at IS NULL AND ${collectionVisibleTo(viewer)})`,
    ),
  );
  return { ...t, ...note(table) };
}

/**
 * Total and average value of a collection's entries (internal id), at the current rates: what the
 * statistics view shows next to its charts.
 */
export async function collectionTotals(
  d: Db,
  collectionId: number,
): Promise<ValueTotals & RatesNote & { average_eur: string | null }> {
  const table = rateTable();
  const [t] = await queryRows<ValueTotals>(d, totalsSql(table, sql`e.collection_id = ${collectionId}`));
  const average = t.priced_count ? (Number(t.total_eur) / Number(t.priced_count)).toFixed(2) : null;
  return { ...t, average_eur: average, ...note(table) };
}

/**
 * Subscriber of `collection.entries.changed`: one snapshot per change of a collection's entries
 * (an entry added, edited or removed in the dialog or API, a file import, a picked import row).
 * Toggles take none: a toggle adds or removes an entry without a price, so it never changes the
 * value, and a snapshot per click would fill the history with repeats.
 */
export async function snapshotOnEntries(tx: Db, e: DomainEvents['collection.entries.changed']): Promise<void> {
  if (e.via !== 'toggle') await snapshotCollectionValue(tx, e.collectionId);
}
