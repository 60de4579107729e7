import 'server-only';
/**
 * The statistics view of a collection:
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
import { canViewCollection } from '@/lib/auth/policies';

/** One bar: a key (format id, decade start year, label name, country id or name) and its count. */
export type StatBucket = { key: string; count: number };

/** The groupings of the statistics view. */
export type StatGroup = 'format' | 'decade' | 'release_decade' | 'label' | 'country';

/**
 * What the statistics view shows. `by_decade`: the decade of the film (a release's first film);
 * `by_release_decade`: the decade a release came out. `by_format`, `by_release_decade` and
 * `by_label` are empty for a movies collection. `not_known`: per grouping, the entries it cannot
 * place (no film year, release year, label or country known), so each grouping accounts for every
 * entry.
 */
export type CollectionStats = {
  category: 'movies' | 'releases';
  entries: number;
  by_format: StatBucket[];
  by_decade: StatBucket[];
  by_release_decade: StatBucket[];
  by_label: StatBucket[];
  by_country: StatBucket[];
  not_known: Record<StatGroup, number>;
  value: ValueTotals & RatesNote & { average_eur: string | null };
};

/** Labels shown by name; the rest are summed under the key "other". */
export const TOP_LABELS = 12;

/** The entries of one group counted by key (largest first, then by key), and those without a key. */
type Buckets = { list: StatBucket[]; unknown: number };

/**
 * The entries of a collection counted by each of `keys` (name → key expression over the entries
 * `e` and `join`), in one pass over the entries and their items: a grouping set per key.
 */
async function buckets<K extends string>(
  d: Db,
  collectionId: number,
  join: SQL,
  keys: Record<K, SQL>,
): Promise<Record<K, Buckets>> {
  const names = Object.keys(keys) as K[];
  // Each key is a column k0, k1 … of the pass; GROUPING(kN) = 0 marks the rows of key N.
  const columns = names.map((n, i) => sql`(${keys[n]})::text AS ${sql.raw(`k${i}`)}`);
  const which = names.map((_, i) => sql`WHEN GROUPING(${sql.raw(`k${i}`)}) = 0 THEN ${i}`);
  const rows = await queryRows<{ g: number; key: string | null; count: number }>(
    d,
    sql`SELECT CASE ${sql.join(which, sql` `)} END AS g,
          COALESCE(${sql.join(
            names.map((_, i) => sql.raw(`k${i}`)),
            sql`, `,
          )}) AS key, COUNT(*)::int AS count
        FROM (SELECT ${sql.join(columns, sql`, `)} FROM collection_entries e ${join} WHERE e.collection_id = ${collectionId}) x
        GROUP BY GROUPING SETS (${sql.join(
          names.map((_, i) => sql`(${sql.raw(`k${i}`)})`),
          sql`, `,
        )})
        ORDER BY 1, 3 DESC, 2`,
  );
  const out = {} as Record<K, Buckets>;
  names.forEach((n, i) => {
    const of = rows.filter((r) => Number(r.g) === i);
    out[n] = {
      list: of.filter((r) => r.key !== null).map((r) => ({ key: r.key as string, count: Number(r.count) })),
      unknown: of.filter((r) => r.key === null).reduce((t, r) => t + Number(r.count), 0),
    };
  });
  return out;
}

/** Buckets whose keys are numbers (decades), in key order. */
function byKeyNumber(list: StatBucket[]): StatBucket[] {
  return list.sort((a, b) => Number(a.key) - Number(b.key));
}

/**
 * Statistics of a collection the viewer may see (public and not deleted, or their own).
 * @returns null when the viewer may not see it (lib/auth/policies.ts canViewCollection)
 */
export async function collectionStats(
  viewer: Actor | null,
  publicId: string,
  db?: Db,
): Promise<CollectionStats | null> {
  const d = await resolveDb(db);
  const [c] = await queryRows<{
    id: number;
    user_id: number;
    visibility: 'public' | 'private';
    deleted_at: string | Date | null;
    category: 'movies' | 'releases';
    entries: number;
  }>(
    d,
    sql`SELECT c.id, c.user_id, c.visibility, c.deleted_at, c.category, c.entries_count AS entries FROM collections c
        WHERE c.public_id = ${publicId} AND ${collectionVisibleTo(viewer)}`,
  );
  if (
    !c ||
    !canViewCollection(viewer, { userId: Number(c.user_id), visibility: c.visibility, deleted: c.deleted_at !== null })
  )
    return null;
  const value = await collectionTotals(d, c.id);
  if (c.category === 'releases') {
    const year = sql`COALESCE(r.release_year::int, EXTRACT(YEAR FROM r.street_date)::int)`;
    const {
      format,
      decade,
      release_decade: releaseDecade,
      label: labels,
      country,
    } = await buckets(d, c.id, sql`JOIN releases r ON r.id = e.release_id LEFT JOIN labels l ON l.id = r.label_id`, {
      format: sql`r.format`,
      decade: sql`(r.movie_year / 10) * 10`,
      release_decade: sql`(${year} / 10) * 10`,
      label: sql`l.name`,
      country: sql`r.country`,
    });
    const top = labels.list.slice(0, TOP_LABELS);
    const rest = labels.list.slice(TOP_LABELS).reduce((n, b) => n + b.count, 0);
    return {
      category: c.category,
      entries: Number(c.entries),
      by_format: format.list,
      by_decade: byKeyNumber(decade.list),
      by_release_decade: byKeyNumber(releaseDecade.list),
      by_label: rest ? [...top, { key: 'other', count: rest }] : top,
      by_country: country.list,
      not_known: {
        format: format.unknown,
        decade: decade.unknown,
        release_decade: releaseDecade.unknown,
        label: labels.unknown,
        country: country.unknown,
      },
      value,
    };
  }
  const { decade, country } = await buckets(d, c.id, sql`JOIN movies m ON m.id = e.movie_id`, {
    decade: sql`(m.year / 10) * 10`,
    country: sql`m.countries[1]`,
  });
  return {
    category: c.category,
    entries: Number(c.entries),
    by_format: [],
    by_decade: byKeyNumber(decade.list),
    by_release_decade: [],
    by_label: [],
    by_country: country.list,
    not_known: { format: 0, decade: decade.unknown, release_decade: 0, label: 0, country: country.unknown },
    value,
  };
}
