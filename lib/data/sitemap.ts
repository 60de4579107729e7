import 'server-only';
/**
 * URLs for the paged sitemap.xml: public ids of approved releases, movies, persons and labels.
 * Data source: tables releases, movies, persons, labels.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { queryRows, resolveDb } from './internal';

export type SitemapKind = 'releases' | 'movies' | 'persons' | 'labels';
export const SITEMAP_KINDS: readonly SitemapKind[] = ['releases', 'movies', 'persons', 'labels'];
/** One sitemap entry: the item's public id and last modification (ISO timestamp, null when unknown). */
export type SitemapEntry = { public_id: string; lastmod: string | null };

const SOURCES: Record<SitemapKind, { from: SQL; lastmod: SQL }> = {
  releases: { from: sql`releases t WHERE t.approved`, lastmod: sql`to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` },
  movies: { from: sql`movies t WHERE TRUE`, lastmod: sql`to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` },
  persons: { from: sql`persons t WHERE TRUE`, lastmod: sql`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` },
  labels: { from: sql`labels t WHERE TRUE`, lastmod: sql`NULL::text` },
};

/** Number of sitemap URLs per kind (approved releases, all movies, persons, labels). */
export async function countSitemapUrls(db?: Db): Promise<Record<SitemapKind, number>> {
  const d = await resolveDb(db);
  const [row] = await queryRows<Record<SitemapKind, number>>(
    d,
    sql`SELECT (SELECT count(*) FROM releases WHERE approved)::int AS releases, (SELECT count(*) FROM movies)::int AS movies,
               (SELECT count(*) FROM persons)::int AS persons, (SELECT count(*) FROM labels)::int AS labels`,
  );
  return row ?? { releases: 0, movies: 0, persons: 0, labels: 0 };
}

/**
 * One sitemap page of a kind, in id order: page 1 holds the first `pageSize` ids. Pages are
 * numbered by row position (window function over the id index), not by OFFSET.
 * @param page 1-based page number; [] past the end
 * @param pageSize entries per page (sitemaps allow 50,000)
 */
export async function listSitemapUrls(kind: SitemapKind, page: number, pageSize: number, db?: Db): Promise<SitemapEntry[]> {
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) return [];
  const d = await resolveDb(db);
  const s = SOURCES[kind];
  const first = (page - 1) * pageSize + 1;
  return queryRows<SitemapEntry>(
    d,
    sql`SELECT x.public_id, x.lastmod FROM (SELECT t.public_id, ${s.lastmod} AS lastmod, row_number() OVER (ORDER BY t.id) AS n FROM ${s.from}) x
        WHERE x.n BETWEEN ${first} AND ${first + pageSize - 1} ORDER BY x.n`,
  );
}
