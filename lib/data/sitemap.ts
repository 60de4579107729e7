import 'server-only';
/**
 * URLs for the paged sitemap.xml: public ids of approved releases, movies, persons and labels
 * (deleted ones left out: a deleted release is not approved).
 * Data source: tables releases, movies, persons, labels.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { queryRows, resolveDb } from './sql';

export type SitemapKind = 'releases' | 'movies' | 'persons' | 'labels';
export const SITEMAP_KINDS: readonly SitemapKind[] = ['releases', 'movies', 'persons', 'labels'];
/** One sitemap entry: the item's public id and last modification (ISO timestamp, null when unknown). */
export type SitemapEntry = { public_id: string; lastmod: string | null };

const SOURCES: Record<SitemapKind, { from: SQL; lastmod: SQL }> = {
  releases: {
    from: sql`releases t WHERE t.approved`,
    lastmod: sql`to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  },
  movies: {
    from: sql`movies t WHERE t.deleted_at IS NULL`,
    lastmod: sql`to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  },
  persons: {
    from: sql`persons t WHERE t.deleted_at IS NULL`,
    lastmod: sql`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  },
  labels: { from: sql`labels t WHERE t.deleted_at IS NULL`, lastmod: sql`NULL::text` },
};

/**
 * Id span per kind: the highest id (0 when empty). Sitemap page n of a kind holds the items with
 * ids in ((n - 1) * pageSize, n * pageSize], so the number of pages is ceil(span / pageSize); a
 * page may hold fewer than pageSize entries (gaps, unapproved releases). Reads max(id) from the
 * primary key index: no count over the whole table.
 */
export async function sitemapIdSpans(db?: Db): Promise<Record<SitemapKind, number>> {
  const d = await resolveDb(db);
  const [row] = await queryRows<Record<SitemapKind, number>>(
    d,
    sql`SELECT COALESCE((SELECT max(id) FROM releases), 0)::int AS releases, COALESCE((SELECT max(id) FROM movies), 0)::int AS movies,
               COALESCE((SELECT max(id) FROM persons), 0)::int AS persons, COALESCE((SELECT max(id) FROM labels), 0)::int AS labels`,
  );
  return row ?? { releases: 0, movies: 0, persons: 0, labels: 0 };
}

/**
 * One sitemap page of a kind, in id order: the items with ids in ((page - 1) * pageSize,
 * page * pageSize] (primary key range scan; see sitemapIdSpans).
 * @param page 1-based page number; [] past the end
 * @param pageSize id slots per page (sitemaps allow 50,000 URLs)
 */
export async function listSitemapUrls(
  kind: SitemapKind,
  paging: { page: number; pageSize: number },
  db?: Db,
): Promise<SitemapEntry[]> {
  const { page, pageSize } = paging;
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) return [];
  const d = await resolveDb(db);
  const s = SOURCES[kind];
  return queryRows<SitemapEntry>(
    d,
    sql`SELECT t.public_id, ${s.lastmod} AS lastmod FROM ${s.from} AND t.id > ${(page - 1) * pageSize} AND t.id <= ${page * pageSize} ORDER BY t.id`,
  );
}
