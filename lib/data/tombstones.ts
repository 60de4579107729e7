import 'server-only';
/**
 * Tombstones of deleted catalogue items (lib/data/catalogue-writes.ts deleteCatalogueEntity): a
 * deleted movie, release, person or label keeps its row and public id, so its address answers
 * 410 Gone, or redirects for good to the item it was merged into. Read by the page proxy
 * (proxy.ts) before the cached item pages and by the API's item endpoints.
 * Data source: tables movies, releases, persons, labels (deleted_at, merged_into_id).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';
import { queryRows, resolveDb } from './sql';

/** A deleted item: when it was deleted and the public id of the item it was merged into (or null). */
export type Tombstone = { deleted_at: string; merged_into: string | null };

const TABLES: Record<CatalogueEntity, SQL> = {
  movie: sql`movies`,
  release: sql`releases`,
  person: sql`persons`,
  label: sql`labels`,
};

/**
 * The tombstone of a public id, through its unique public-id index (one index probe).
 * @returns null for an item that is not deleted, or an unknown id (a merged movie's old id too:
 *   its row is gone and lib/data/movie-redirects.ts redirects it)
 */
export async function getTombstone(entity: CatalogueEntity, publicId: string, db?: Db): Promise<Tombstone | null> {
  const d = await resolveDb(db);
  const merged =
    entity === 'movie'
      ? sql`NULL::text AS merged_into`
      : sql`(SELECT s.public_id FROM ${TABLES[entity]} s WHERE s.id = t.merged_into_id) AS merged_into`;
  const [row] = await queryRows<{ deleted_at: string | Date; merged_into: string | null }>(
    d,
    sql`SELECT t.deleted_at, ${merged} FROM ${TABLES[entity]} t
        WHERE t.public_id = ${publicId} AND t.deleted_at IS NOT NULL`,
  );
  return row ? { deleted_at: new Date(row.deleted_at).toISOString(), merged_into: row.merged_into } : null;
}

/**
 * The name of a catalogue item whether or not it is deleted (the history page names a deleted item
 * too), and whether it is; a suggested release not approved yet has none.
 * @returns null for an unknown id
 */
export async function getCatalogueItemName(
  entity: CatalogueEntity,
  publicId: string,
  db?: Db,
): Promise<{ name: string; deleted: boolean } | null> {
  const d = await resolveDb(db);
  const visible = entity === 'release' ? sql`AND (t.approved OR t.deleted_at IS NOT NULL)` : sql``;
  const [row] = await queryRows<{ name: string; deleted: boolean }>(
    d,
    sql`SELECT t.name, t.deleted_at IS NOT NULL AS deleted FROM ${TABLES[entity]} t WHERE t.public_id = ${publicId} ${visible}`,
  );
  return row ?? null;
}
