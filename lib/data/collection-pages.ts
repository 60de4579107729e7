import 'server-only';
/**
 * The cached item pages (lib/page-cache.ts) that show a collection: the movie and release pages
 * of its entries, whose "In collections" tab names it, whose offers list its for-sale and
 * for-trade entries, and whose value average counts its prices. A collection renamed, made
 * private, given another kind, trashed or restored changes them all. What names the collection
 * (its name and owner, its offers' prices, conditions and comments) goes from every cached page at
 * once: those pages carry the collection's cache tag (lib/page-cache.ts tagPageWithCollections),
 * expired after the change commits. The pages' counts and value averages are revalidated with
 * them for the newest PAGES_REVALIDATED_MAX entries; on older entries' pages they follow within
 * PAGE_REVALIDATE_SECONDS.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { DomainEvents, ItemPage } from './event-types';
import { queryRows } from './sql';

/** Most item pages one collection change or account deletion revalidates (each has 22 cached paths). */
export const PAGES_REVALIDATED_MAX = 500;

/**
 * The movie and release pages of the newest entries of the collections matching `where` (SQL
 * over `collections c`), at most PAGES_REVALIDATED_MAX.
 */
export async function collectionEntryPages(tx: Db, where: SQL): Promise<ItemPage[]> {
  const rows = await queryRows<{ type: 'movie' | 'release'; public_id: string }>(
    tx,
    sql`SELECT CASE WHEN e.release_id IS NOT NULL THEN 'release' ELSE 'movie' END AS type,
          COALESCE(r.public_id, m.public_id) AS public_id
        FROM collection_entries e
        JOIN collections c ON c.id = e.collection_id
        LEFT JOIN releases r ON r.id = e.release_id
        LEFT JOIN movies m ON m.id = e.movie_id
        WHERE ${where}
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT ${PAGES_REVALIDATED_MAX}`,
  );
  return rows.map((r) => ({ type: r.type, publicId: r.public_id }));
}

/** In-transaction subscriber of 'collection.changed': adds the pages of the collection's entries to `e.pages`. */
export async function collectCollectionPages(tx: Db, e: DomainEvents['collection.changed']): Promise<void> {
  e.pages.push(...(await collectionEntryPages(tx, sql`c.id = ${e.collectionId}`)));
}
