import 'server-only';
/**
 * The cached item pages (lib/page-cache.ts) that show a member's community writing, for the
 * revalidation after an account deletion: the movie and release pages of the member's reviews
 * (reviews tab, best edition) and the movie and release pages listing discussions the member
 * started, replied to or liked (discussions tab: reply and like counts), and those naming its
 * public collections.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { DomainEvents } from './event-types';
import { collectionEntryPages } from './collection-pages';
import { queryRows } from './sql';

/**
 * In-transaction subscriber of 'account.deleting': adds to `e.pages` every movie and release page
 * showing the account's reviews or discussions it took part in, and those of the newest entries
 * of its public collections (collection-pages.ts), and to `e.collections` the public ids of those
 * collections, read before the rows cascade away.
 */
export async function collectAccountPages(tx: Db, e: DomainEvents['account.deleting']): Promise<void> {
  const rows = await queryRows<{ type: 'movie' | 'release'; public_id: string }>(
    tx,
    // The discussions from the member's own rows (each read through its user index), not a test
    // of every discussion.
    sql`WITH threads AS (
          SELECT id FROM posts WHERE user_id = ${e.userId}
          UNION SELECT post_id FROM comments WHERE user_id = ${e.userId} AND post_id IS NOT NULL
          UNION SELECT post_id FROM likes WHERE user_id = ${e.userId} AND post_id IS NOT NULL
        ), mine AS (
          SELECT movie_id, release_id FROM reviews WHERE user_id = ${e.userId}
          UNION SELECT p.movie_id, p.release_id FROM posts p WHERE p.id IN (SELECT id FROM threads))
        SELECT 'movie' AS type, m.public_id FROM movies m WHERE m.id IN (SELECT movie_id FROM mine)
        UNION SELECT 'release', r.public_id FROM releases r WHERE r.id IN (SELECT release_id FROM mine)`,
  );
  for (const r of rows) e.pages.push({ type: r.type, publicId: r.public_id });
  // The account's public collections: every page naming them is tagged with them (lib/page-cache.ts).
  const collections = await queryRows<{ public_id: string }>(
    tx,
    sql`SELECT public_id FROM collections WHERE user_id = ${e.userId} AND visibility = 'public' AND deleted_at IS NULL`,
  );
  e.collections.push(...collections.map((c) => c.public_id));
  // The pages counting the account's public collections ("In collections", value average).
  e.pages.push(
    ...(await collectionEntryPages(
      tx,
      sql`c.user_id = ${e.userId} AND c.visibility = 'public' AND c.deleted_at IS NULL`,
    )),
  );
}
