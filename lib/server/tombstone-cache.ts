/**
 * The page proxy's tombstone lookups (proxy.ts), kept in memory while the item's cached pages stay
 * valid: a release page served from the page cache then costs no database round trip in the proxy.
 * Deleting, merging or restoring an item revalidates its pages on every app server before the
 * write's response (lib/page-cache.ts), which expires the kept answer, so the next request reads
 * the database again and answers 410, 308 or the page. Where no page cache handler runs (tests,
 * `next dev` without one) every request reads the database.
 */
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';
import { getTombstone, type Tombstone } from '@/lib/data/tombstones';
import { pageCacheStamp, pageChangedSince } from '@/lib/page-cache';

/** Most answers kept (about 100 bytes each); the oldest go first. */
const MAX_ENTRIES = 50_000;

const kept = new Map<string, { tombstone: Tombstone | null; stamp: number }>();

/**
 * The tombstone of an item (lib/data/tombstones.ts getTombstone): from memory when the item's
 * English item page (`/en/{entity}/{id}`, revalidated with all its tabs and locales) has not been
 * revalidated since it was read, else from the database.
 * @returns null for an item that is not deleted or an unknown id
 * @throws what getTombstone throws (database errors); nothing is kept then
 */
export async function cachedTombstone(entity: CatalogueEntity, publicId: string): Promise<Tombstone | null> {
  const key = `/en/${entity}/${publicId}`;
  const hit = kept.get(key);
  if (hit && !pageChangedSince(key, hit.stamp)) return hit.tombstone;
  // Taken before the read: a revalidation during it leaves the answer expired.
  const stamp = pageCacheStamp();
  const tombstone = await getTombstone(entity, publicId);
  kept.delete(key);
  if (stamp !== null) {
    kept.set(key, { tombstone, stamp });
    if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
  }
  return tombstone;
}
