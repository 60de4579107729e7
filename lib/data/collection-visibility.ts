import 'server-only';
/**
 * The collection visibility rule of lib/auth/policies.ts canViewCollection as SQL, for queries
 * that filter many collections at once (over a `collections` alias).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';

/**
 * SQL condition: the collection `alias` is visible to `viewer` (public and not in the trash, or
 * the viewer's own). Same rule as canViewCollection.
 */
export function collectionVisibleTo(viewer: Actor | null | undefined, alias: SQL = sql`c`): SQL {
  const everyone = sql`(${alias}.visibility = 'public' AND ${alias}.deleted_at IS NULL)`;
  return viewer ? sql`(${everyone} OR ${alias}.user_id = ${viewer.userId})` : everyone;
}
