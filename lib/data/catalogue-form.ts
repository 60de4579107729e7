import 'server-only';
/**
 * What the catalogue suggestion forms start from (the edit and duplicate routes): an item's
 * field values as change requests name them (lib/validation/catalogue-fields.ts), and the names
 * of the movies, persons and labels those values refer to by public id, for the form's pickers.
 * Data source: tables movies, releases, persons, labels and their relations (readFields).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { canModerate } from '@/lib/auth/policies';
import type { Actor } from '@/lib/auth/actor';
import { catalogueFieldNames, REFERENCE_FIELDS, type CatalogueEntity } from '@/lib/validation/catalogue-fields';
import { readFields, type FieldValues } from './catalogue-writes';
import { queryRows, resolveDb } from './sql';

/** An item as its form starts from it: public id, name, every editable field and the referred names. */
export type CatalogueFormSource = {
  publicId: string;
  name: string;
  values: FieldValues;
  /** Public id → display name ("Alien (1979)" for a movie) of every item the values name. */
  refs: Record<string, string>;
};

/** Public ids of the items a form's values refer to, by the table that holds them. */
export type RefIds = { movies: string[]; persons: string[]; labels: string[] };

const TABLES: Record<CatalogueEntity, string> = {
  movie: 'movies',
  release: 'releases',
  person: 'persons',
  label: 'labels',
};

/**
 * An item's editable fields and the names they refer to. A release that is not approved yet is
 * shown to the member who suggested it and to admins only.
 * @returns null when the item does not exist or the actor may not see it
 */
export async function catalogueFormSource(
  actor: Actor | null,
  entity: CatalogueEntity,
  publicId: string,
  db?: Db,
): Promise<CatalogueFormSource | null> {
  const d = await resolveDb(db);
  const approved = entity === 'release' ? sql`t.approved` : sql`true`;
  const [row] = await queryRows<{ id: number; name: string; approved: boolean; author_id: number | null }>(
    d,
    sql`SELECT t.id, t.name, ${approved} AS approved,
               (SELECT c.user_id FROM change_requests c
                 WHERE c.entity_type = ${entity} AND c.entity_id = t.id AND c.kind IN ('new', 'duplicate')
                 ORDER BY c.id LIMIT 1) AS author_id
        FROM ${sql.identifier(TABLES[entity])} t WHERE t.public_id = ${publicId} AND t.deleted_at IS NULL`,
  );
  // A deleted item (a tombstone) has no form: it is edited by nobody until a revert restores it.
  if (!row) return null;
  if (!row.approved && !canModerate(actor) && (actor == null || Number(row.author_id) !== actor.userId)) return null;
  const values = (await readFields(d, entity, Number(row.id), catalogueFieldNames(entity)))!;
  return { publicId, name: row.name, values, refs: await refNames(refIdsOf(entity, values), d) };
}

/**
 * The public ids a set of field values refers to (a release's movies and label, a movie's series,
 * connections and credits), read through REFERENCE_FIELDS. Pure.
 */
export function refIdsOf(entity: CatalogueEntity, values: FieldValues): RefIds {
  const ids: RefIds = { movies: [], persons: [], labels: [] };
  const bucket = { movie: ids.movies, person: ids.persons, label: ids.labels };
  for (const [field, target] of Object.entries(REFERENCE_FIELDS[entity])) {
    const value = values[field];
    for (const item of Array.isArray(value) ? value : [value]) {
      const id = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[target] : item;
      if (typeof id === 'string' && id) bucket[target].push(id);
    }
  }
  return ids;
}

/**
 * Display names of every item some field values refer to (refIdsOf of each: a change request's
 * values as suggested against, now and proposed; a revision's before and after), read at once.
 * @returns public id → name, as refNames
 */
export async function refNamesOfValues(
  list: readonly { entity: CatalogueEntity; values: FieldValues }[],
  db?: Db,
): Promise<Record<string, string>> {
  const ids: RefIds = { movies: [], persons: [], labels: [] };
  for (const { entity, values } of list) {
    const r = refIdsOf(entity, values);
    ids.movies.push(...r.movies);
    ids.persons.push(...r.persons);
    ids.labels.push(...r.labels);
  }
  return refNames(ids, db);
}

/** Display names by public id: movies as "Name (year)", persons and labels by name. Unknown ids are left out. */
export async function refNames(ids: RefIds, db?: Db): Promise<Record<string, string>> {
  const d = await resolveDb(db);
  const out: Record<string, string> = {};
  if (ids.movies.length)
    for (const r of await queryRows<{ public_id: string; name: string; year: number | null }>(
      d,
      sql`SELECT public_id, name, year FROM movies WHERE public_id = ANY(${sql.param([...new Set(ids.movies)])}::text[])`,
    ))
      out[r.public_id] = r.year ? `${r.name} (${r.year})` : r.name;
  for (const [table, list] of [
    ['persons', ids.persons],
    ['labels', ids.labels],
  ] as const)
    if (list.length)
      for (const r of await queryRows<{ public_id: string; name: string }>(
        d,
        sql`SELECT public_id, name FROM ${sql.identifier(table)} WHERE public_id = ANY(${sql.param([...new Set(list)])}::text[])`,
      ))
        out[r.public_id] = r.name;
  return out;
}
