import 'server-only';
/**
 * The statistics view of a collection (spec §2 "a statistics view of a collection"):
 * counts of its entries by format, film decade, release decade, label and country, and its total
 * and average value. Releases are counted by their own format, label and country, by the decade of
 * their (first) film's year and by the decade of their own year (release year, else street date);
 * movies by their year and first production country (movies have no format, label or release).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { collectionTotals, type RatesNote, type ValueTotals } from './collection-values';
import { collectionVisibleTo } from './collection-visibility';
import { queryRows, resolveDb } from './sql';
import type { Actor } from '@/lib/auth/actor';

/** One bar: a key (format id, decade start year, label name, country id or name) and its count. */
export type StatBucket = { key: string; count: number };

/**
 * What the statistics view shows. `by_decade`: the decade of the film (a release's first film);
 * `by_release_decade`: the decade a release came out. `by_format`, `by_release_decade` and
 * `by_label` are empty for a movies collection.
 */
export type CollectionStats = {
  category: 'movies' | 'releases';
  entries: number;
  by_format: StatBucket[];
  by_decade: StatBucket[];
  by_release_decade: StatBucket[];
  by_label: StatBucket[];
  by_country: StatBucket[];
  value: ValueTotals & RatesNote & { average_eur: string | null };
};

/** Labels shown by name; the rest are summed under the key "other". */
export const TOP_LABELS = 12;

async function buckets(d: Db, collectionId: number, group: { join: SQL; key: SQL }): Promise<StatBucket[]> {
  const { join, key } = group;
  const rows = await queryRows<{ key: string | null; count: number }>(
    d,
    sql`SELECT (${key})::text AS key, COUNT(*)::int AS count FROM collection_entries e ${join}
        WHERE e.collection_id = ${collectionId} GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  return rows.filter((r) => r.key !== null).map((r) => ({ key: r.key as string, count: Number(r.count) }));
}

/** Buckets whose keys are numbers (decades), in key order. */
function byKeyNumber(list: StatBucket[]): StatBucket[] {
  return list.sort((a, b) => Number(a.key) - Number(b.key));
}

/**
 * Statistics of a collection the viewer may see (public and not deleted, or their own).
 * @returns null when the viewer may not see it
 */
export async function collectionStats(
  viewer: Actor | null,
  publicId: string,
  db?: Db,
): Promise<CollectionStats | null> {
  const d = await resolveDb(db);
  const [c] = await queryRows<{ id: number; category: 'movies' | 'releases'; entries: number }>(
    d,
    sql`SELECT c.id, c.category, c.entries_count AS entries FROM collections c WHERE c.public_id = ${publicId} AND ${collectionVisibleTo(viewer)}`,
  );
  if (!c) return null;
  const value = await collectionTotals(d, c.id);
  if (c.category === 'releases') {
    const r = sql`JOIN releases r ON r.id = e.release_id`;
    const year = sql`COALESCE(r.release_year::int, EXTRACT(YEAR FROM r.street_date)::int)`;
    const labels = await buckets(d, c.id, {
      join: sql`${r} LEFT JOIN labels l ON l.id = r.label_id`,
      key: sql`l.name`,
    });
    const top = labels.slice(0, TOP_LABELS);
    const rest = labels.slice(TOP_LABELS).reduce((n, b) => n + b.count, 0);
    return {
      category: c.category,
      entries: Number(c.entries),
      by_format: await buckets(d, c.id, { join: r, key: sql`r.format` }),
      by_decade: byKeyNumber(await buckets(d, c.id, { join: r, key: sql`(r.movie_year / 10) * 10` })),
      by_release_decade: byKeyNumber(await buckets(d, c.id, { join: r, key: sql`(${year} / 10) * 10` })),
      by_label: rest ? [...top, { key: 'other', count: rest }] : top,
      by_country: await buckets(d, c.id, { join: r, key: sql`r.country` }),
      value,
    };
  }
  const m = sql`JOIN movies m ON m.id = e.movie_id`;
  return {
    category: c.category,
    entries: Number(c.entries),
    by_format: [],
    by_decade: byKeyNumber(await buckets(d, c.id, { join: m, key: sql`(m.year / 10) * 10` })),
    by_release_decade: [],
    by_label: [],
    by_country: await buckets(d, c.id, { join: m, key: sql`m.countries[1]` }),
    value,
  };
}
