import 'server-only';
/**
 * The one writer of each catalogue entity (movies with their cast and crew, connections and
 * series; releases with their contained movies and label; persons; labels with their series):
 * outside bulk loads (lib/import, lib/synthetic), the only code that inserts or updates them.
 * Every write
 *  - normalises the values by their field kind (lib/validation/catalogue-fields.ts),
 *  - changes only the fields whose value differs and records them in the row's `edited_fields`
 *    (a re-import leaves those fields as they are),
 *  - derives the dependent columns again (lib/derived-columns.ts: keys, search documents, a
 *    release's movie year; the counts of the movies, persons and labels it touches),
 *  - stores a revision with each changed field's value before and after, the author, the
 *    approving admin and the change request,
 *  - and publishes `catalogue.changed`, whose after-commit effect revalidates the cached pages
 *    that show the entity.
 * A deletion (deleteCatalogueEntity) leaves the row as a tombstone (`deleted_at`), or merges the
 * entity into another of its kind; setCatalogueEntityDeleted lifts the tombstone again for a revert.
 * These functions check no permission: they are called by the data layer's change-request
 * approval and admin edits, which have checked the actor first, and by the importer's merges.
 * Run them inside `inTransaction` (lib/data/events.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { FieldChanges } from '@/db/schema/changes';
import { AppError } from '@/lib/errors';
import { deriveLabel } from '@/lib/derived-columns';
import {
  COLUMN_FIELDS,
  RELATION_FIELDS,
  isCatalogueField,
  type CatalogueEntity,
  type ColumnKind,
  type ConnectionValue,
  type CreditValue,
  type RevisionKind,
} from '@/lib/validation/catalogue-fields';
import {
  adjustSearchWords,
  recountCatalogue,
  rederiveMovies,
  rederiveNames,
  rederiveReleases,
  releasesOfMovies,
  type SearchTextChange,
} from './catalogue-derived';
import type { CataloguePages } from './event-types';
import { publish } from './events';
import { newPublicId } from './public-id';
import { queryRows } from './sql';

/** Who stands behind a write: the author, the approving admin and the change request (all optional). */
export type WriteMeta = {
  userId: number | null;
  approvedById: number | null;
  changeRequestId?: number | null;
  /** 'edit' (default) or 'revert' for an update; a revert names the revision it undoes. */
  kind?: Extract<RevisionKind, 'edit' | 'revert'>;
  revertsId?: number | null;
  /**
   * Where the values come from when an import wrote them (`revisions.source_id`): the external
   * movie database's record, e.g. `tmdb:603` (lib/data/external-import.ts).
   */
  sourceId?: string | null;
};

/** Field values by field name (JSON values as the API writes them). */
export type FieldValues = Record<string, unknown>;

/** What a write did: the entity, its revision (null when nothing changed) and the changes. */
export type WriteResult = { id: number; publicId: string; revisionId: number | null; changes: FieldChanges };

const TABLES: Record<CatalogueEntity, SQL> = {
  movie: sql`movies`,
  release: sql`releases`,
  person: sql`persons`,
  label: sql`labels`,
};

/** At most this many release pages are revalidated for a label's or movie's change (older ones expire by themselves). */
const MAX_DEPENDENT_PAGES = 500;

// ------------------------------------------------------------------ values

function invalid(field: string): AppError {
  return new AppError('invalid_value', { field });
}

/**
 * A field value in its normal form: trimmed text (empty → null), integers, decimals with two
 * places as text, booleans, `YYYY-MM-DD` dates, de-duplicated non-empty text arrays.
 * @throws AppError('invalid_value') when the value does not fit the kind
 */
export function normalizeValue(field: string, kind: ColumnKind, value: unknown): unknown {
  if (kind === 'texts') {
    if (value == null) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw invalid(field);
    return [...new Set((value as string[]).map((v) => v.trim()).filter(Boolean))];
  }
  if (value == null || value === '') return kind === 'bool' ? false : null;
  switch (kind) {
    case 'text':
      if (typeof value !== 'string') throw invalid(field);
      return value.trim() || null;
    case 'int': {
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || Math.abs(n) > 2_147_483_647) throw invalid(field);
      return n;
    }
    case 'numeric': {
      // At most two decimals (rrp 19.99); a comma is read as the decimal point.
      const text =
        typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : '';
      if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) throw invalid(field);
      return Number(text).toFixed(2);
    }
    case 'bool':
      if (typeof value !== 'boolean') throw invalid(field);
      return value;
    case 'date':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
        throw invalid(field);
      return value;
    case 'json':
      if (typeof value !== 'object') throw invalid(field);
      return value;
  }
}

/** SQL of a normalised value cast to its column's type. */
function valueSql(kind: ColumnKind, value: unknown): SQL {
  if (value == null) return sql`NULL`;
  switch (kind) {
    case 'texts':
      return sql`${sql.param(value)}::text[]`;
    case 'json':
      return sql`${JSON.stringify(value)}::jsonb`;
    case 'numeric':
      return sql`${value}::numeric`;
    case 'date':
      return sql`${value}::date`;
    case 'int':
      return sql`${value}::int`;
    case 'bool':
      return sql`${value}::boolean`;
    case 'text':
      return sql`${value}::text`;
  }
}

/** SQL reading a column as its JSON value (decimals as text, arrays and jsonb as they are). */
function columnRead(kind: ColumnKind, column: string): SQL {
  const col = sql`t.${sql.identifier(column)}`;
  return kind === 'numeric' ? sql`${col}::text` : kind === 'date' ? sql`${col}::text` : col;
}

/** Canonical JSON of a value, for comparing before and after (object keys sorted). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Whether two field values are the same (null and an empty array alike for arrays). */
export function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v == null || (Array.isArray(v) && v.length === 0);
  if (empty(a) && empty(b)) return true;
  return canonical(a) === canonical(b);
}

// ------------------------------------------------------------------ reading

/**
 * The current values of some fields of an entity, as revisions and change requests store them.
 * @returns the values by field name, or null when the entity does not exist
 * @throws AppError('invalid_value') for a field the entity does not have
 */
export async function readFields(
  tx: Db,
  entity: CatalogueEntity,
  id: number,
  fieldNames: readonly string[],
): Promise<FieldValues | null> {
  for (const f of fieldNames) if (!isCatalogueField(entity, f)) throw invalid(f);
  const columns = fieldNames.filter((f) => Object.hasOwn(COLUMN_FIELDS[entity], f));
  const reads = [
    sql`t.public_id`,
    ...columns.map((f) => {
      const def = COLUMN_FIELDS[entity][f];
      return sql`${columnRead(def.kind, def.column)} AS ${sql.identifier(f)}`;
    }),
  ];
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT ${sql.join(reads, sql`, `)} FROM ${TABLES[entity]} t WHERE t.id = ${id}`,
  );
  if (!row) return null;
  const out: FieldValues = {};
  for (const f of columns) {
    const kind = COLUMN_FIELDS[entity][f].kind;
    const v = row[f];
    out[f] = kind === 'json' && typeof v === 'string' ? JSON.parse(v) : kind === 'int' && v != null ? Number(v) : v;
  }
  for (const f of fieldNames.filter((f) => RELATION_FIELDS[entity].includes(f)))
    out[f] = await readRelation(tx, entity, id, f);
  return out;
}

async function readRelation(tx: Db, entity: CatalogueEntity, id: number, field: string): Promise<unknown> {
  const one = async <T>(query: SQL): Promise<T | null> => {
    const [row] = await queryRows<{ v: T | null }>(tx, query);
    return row?.v ?? null;
  };
  const list = async <T>(query: SQL): Promise<T[]> => {
    const v = await one<T[] | string>(query);
    return typeof v === 'string' ? (JSON.parse(v) as T[]) : (v ?? []);
  };
  switch (`${entity}.${field}`) {
    case 'release.movies':
      return list<string>(sql`SELECT json_agg(m.public_id ORDER BY rm.position, m.id) AS v
        FROM release_movies rm JOIN movies m ON m.id = rm.movie_id WHERE rm.release_id = ${id}`);
    case 'release.label':
      return one<string>(
        sql`SELECT l.public_id AS v FROM releases r JOIN labels l ON l.id = r.label_id WHERE r.id = ${id}`,
      );
    case 'release.label_series':
      return one<string>(
        sql`SELECT g.name AS v FROM releases r JOIN label_groups g ON g.id = r.label_group_id WHERE r.id = ${id}`,
      );
    case 'movie.episode_of':
      return one<string>(
        sql`SELECT s.public_id AS v FROM movies m JOIN movies s ON s.id = m.episode_of_id WHERE m.id = ${id}`,
      );
    case 'movie.credits':
      return list<CreditValue>(sql`SELECT json_agg(json_build_object('person', p.public_id, 'role', c.role,
          'character', c.character) ORDER BY c.ord, c.id) AS v
        FROM credits c JOIN persons p ON p.id = c.person_id WHERE c.movie_id = ${id}`);
    case 'movie.connections':
      return list<ConnectionValue>(sql`SELECT json_agg(json_build_object('movie', o.public_id, 'kind', c.kind,
          'info', c.info) ORDER BY c.kind, o.public_id) AS v
        FROM movie_connections c JOIN movies o ON o.id = c.connected_movie_id WHERE c.movie_id = ${id}`);
    case 'label.series':
      return list<string>(
        sql`SELECT json_agg(g.name ORDER BY g.name) AS v FROM label_groups g WHERE g.label_id = ${id}`,
      );
  }
  throw invalid(field);
}

/** The id of an entity by public id, or an error naming the field that referred to it. */
async function idOf(tx: Db, entity: CatalogueEntity, publicId: unknown, field: string): Promise<number> {
  if (typeof publicId !== 'string') throw invalid(field);
  const [row] = await queryRows<{ id: number }>(
    tx,
    // A deleted entity (a tombstone) is referred to by nothing new.
    sql`SELECT id FROM ${TABLES[entity]} WHERE public_id = ${publicId} AND deleted_at IS NULL`,
  );
  if (!row) throw invalid(field);
  return Number(row.id);
}

// ------------------------------------------------------------------ relations

/** Normalises a relation value (public ids resolved later). @throws AppError('invalid_value') */
function normalizeRelation(entity: CatalogueEntity, field: string, value: unknown): unknown {
  const key = `${entity}.${field}`;
  if (key === 'release.label' || key === 'movie.episode_of' || key === 'release.label_series') {
    if (value == null || value === '') return null;
    if (typeof value !== 'string') throw invalid(field);
    return value.trim() || null;
  }
  if (value == null) return [];
  if (!Array.isArray(value)) throw invalid(field);
  if (key === 'release.movies' || key === 'label.series') {
    if (value.some((v) => typeof v !== 'string')) throw invalid(field);
    return [...new Set((value as string[]).map((v) => v.trim()).filter(Boolean))];
  }
  if (key === 'movie.credits')
    return value.map((c: unknown) => {
      const v = c as Partial<CreditValue>;
      if (!v || typeof v.person !== 'string' || typeof v.role !== 'string') throw invalid(field);
      return { person: v.person, role: v.role, character: typeof v.character === 'string' ? v.character.trim() : '' };
    });
  if (key === 'movie.connections')
    return value.map((c: unknown) => {
      const v = c as Partial<ConnectionValue>;
      if (!v || typeof v.movie !== 'string' || !Number.isInteger(v.kind) || v.kind! < 1 || v.kind! > 14)
        throw invalid(field);
      return {
        movie: v.movie,
        kind: v.kind!,
        info: typeof v.info === 'string' && v.info.trim() ? v.info.trim() : null,
      };
    });
  throw invalid(field);
}

/** What a relation write touched, for counts and page revalidation. */
type Touched = { movies: Set<number>; persons: Set<number>; labels: Set<number> };

async function writeRelation(
  tx: Db,
  entity: CatalogueEntity,
  id: number,
  field: string,
  value: unknown,
  touched: Touched,
): Promise<void> {
  switch (`${entity}.${field}`) {
    case 'release.movies': {
      const ids: number[] = [];
      for (const p of value as string[]) ids.push(await idOf(tx, 'movie', p, field));
      const old = await queryRows<{ movie_id: number }>(
        tx,
        sql`DELETE FROM release_movies WHERE release_id = ${id} RETURNING movie_id`,
      );
      for (const o of old) touched.movies.add(Number(o.movie_id));
      for (const [position, movieId] of ids.entries()) {
        await tx.execute(
          sql`INSERT INTO release_movies (release_id, movie_id, position) VALUES (${id}, ${movieId}, ${position})`,
        );
        touched.movies.add(movieId);
      }
      return;
    }
    case 'release.label': {
      const labelId = value == null ? null : await idOf(tx, 'label', value, field);
      const [old] = await queryRows<{ label_id: number | null }>(
        tx,
        sql`SELECT label_id FROM releases WHERE id = ${id}`,
      );
      if (old?.label_id != null) touched.labels.add(Number(old.label_id));
      if (labelId != null) touched.labels.add(labelId);
      // A series belongs to its label: a new label drops the old label's series.
      await tx.execute(
        sql`UPDATE releases SET label_id = ${labelId},
              label_group_id = CASE WHEN label_id IS NOT DISTINCT FROM ${labelId} THEN label_group_id END
            WHERE id = ${id}`,
      );
      return;
    }
    case 'release.label_series': {
      if (value == null) {
        await tx.execute(sql`UPDATE releases SET label_group_id = NULL WHERE id = ${id}`);
        return;
      }
      const [rel] = await queryRows<{ label_id: number | null }>(
        tx,
        sql`SELECT label_id FROM releases WHERE id = ${id}`,
      );
      // A label series needs a label first.
      if (rel?.label_id == null) throw invalid(field);
      const [group] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO label_groups (label_id, name) VALUES (${rel.label_id}, ${value as string})
            ON CONFLICT (label_id, name) DO UPDATE SET name = excluded.name RETURNING id`,
      );
      await tx.execute(sql`UPDATE releases SET label_group_id = ${group.id} WHERE id = ${id}`);
      return;
    }
    case 'movie.episode_of': {
      const seriesId = value == null ? null : await idOf(tx, 'movie', value, field);
      if (seriesId === id) throw invalid(field);
      await tx.execute(sql`UPDATE movies SET episode_of_id = ${seriesId} WHERE id = ${id}`);
      return;
    }
    case 'movie.credits': {
      const rows: { personId: number; role: string; character: string }[] = [];
      for (const c of value as CreditValue[])
        rows.push({ personId: await idOf(tx, 'person', c.person, field), role: c.role, character: c.character });
      const old = await queryRows<{ person_id: number }>(
        tx,
        sql`DELETE FROM credits WHERE movie_id = ${id} RETURNING person_id`,
      );
      for (const o of old) touched.persons.add(Number(o.person_id));
      for (const [ord, c] of rows.entries()) {
        await tx.execute(
          sql`INSERT INTO credits (movie_id, person_id, role, character, ord)
              VALUES (${id}, ${c.personId}, ${c.role}, ${c.character}, ${ord}) ON CONFLICT DO NOTHING`,
        );
        touched.persons.add(c.personId);
      }
      return;
    }
    case 'movie.connections': {
      const rows: { movieId: number; kind: number; info: string | null }[] = [];
      for (const c of value as ConnectionValue[]) {
        const other = await idOf(tx, 'movie', c.movie, field);
        if (other === id) throw invalid(field);
        rows.push({ movieId: other, kind: c.kind, info: c.info });
      }
      const old = await queryRows<{ connected_movie_id: number }>(
        tx,
        sql`DELETE FROM movie_connections WHERE movie_id = ${id} RETURNING connected_movie_id`,
      );
      for (const o of old) touched.movies.add(Number(o.connected_movie_id));
      for (const c of rows) {
        await tx.execute(
          sql`INSERT INTO movie_connections (movie_id, connected_movie_id, kind, info)
              VALUES (${id}, ${c.movieId}, ${c.kind}, ${c.info}) ON CONFLICT DO NOTHING`,
        );
        touched.movies.add(c.movieId);
      }
      return;
    }
    case 'label.series': {
      const names = value as string[];
      await tx.execute(
        sql`DELETE FROM label_groups WHERE label_id = ${id} AND NOT (name = ANY(${sql.param(names)}::text[]))`,
      );
      for (const name of names)
        await tx.execute(sql`INSERT INTO label_groups (label_id, name) VALUES (${id}, ${name}) ON CONFLICT DO NOTHING`);
      return;
    }
  }
  throw invalid(field);
}

// ------------------------------------------------------------------ derived columns and pages

/**
 * Rederives what depends on an entity after a write: search texts, search words, the counters of
 * the items in `touched` (whose relations the write changed) and the pages to revalidate. A
 * release's label and movies show it, so their pages are revalidated; their counters are recounted
 * only when `recountRelease` (the release's approval changed) or a relation write touched them: an
 * edit of a release's texts leaves the counts as they are (a label's recount reads its every
 * release).
 * @returns the pages to revalidate
 */
async function refreshDerived(
  tx: Db,
  entity: CatalogueEntity,
  id: number,
  touched: Touched,
  recountRelease = false,
): Promise<CataloguePages> {
  const pages: CataloguePages = {};
  const add = (kind: keyof CataloguePages, ids: readonly string[]) => {
    pages[kind] = [...new Set([...(pages[kind] ?? []), ...ids])];
  };
  const publicIds = async (table: SQL, ids: Iterable<number>): Promise<string[]> => {
    const list = [...ids];
    if (!list.length) return [];
    const rows = await queryRows<{ public_id: string }>(
      tx,
      sql`SELECT public_id FROM ${table} WHERE id = ANY(${sql.param(list)}::int[])`,
    );
    return rows.map((r) => r.public_id);
  };
  let releaseIds: number[] = [];
  const texts: SearchTextChange[] = [];
  // Items whose pages show the entity but whose counters the write leaves as they are.
  const shown: Touched = { movies: new Set(), persons: new Set(), labels: new Set() };
  if (entity === 'movie') {
    texts.push(...(await rederiveMovies(tx, [id])));
    releaseIds = await releasesOfMovies(tx, [id]);
  } else if (entity === 'release') {
    releaseIds = [id];
    const into = recountRelease ? touched : shown;
    const [r] = await queryRows<{ label_id: number | null }>(tx, sql`SELECT label_id FROM releases WHERE id = ${id}`);
    if (r?.label_id != null) into.labels.add(Number(r.label_id));
    for (const m of await queryRows<{ movie_id: number }>(
      tx,
      sql`SELECT movie_id FROM release_movies WHERE release_id = ${id}`,
    ))
      into.movies.add(Number(m.movie_id));
  } else if (entity === 'person') {
    texts.push(...(await rederiveNames(tx, 'persons', [id])));
    for (const c of await queryRows<{ movie_id: number }>(
      tx,
      sql`SELECT DISTINCT movie_id FROM credits WHERE person_id = ${id}`,
    ))
      touched.movies.add(Number(c.movie_id));
  } else {
    texts.push(...(await rederiveNames(tx, 'labels', [id])));
    releaseIds = (await queryRows<{ id: number }>(tx, sql`SELECT id FROM releases WHERE label_id = ${id}`)).map((r) =>
      Number(r.id),
    );
  }
  const [own] = await queryRows<{ public_id: string }>(
    tx,
    sql`SELECT public_id FROM ${TABLES[entity]} WHERE id = ${id}`,
  );
  add(entity, [own.public_id]);
  texts.push(...(await rederiveReleases(tx, releaseIds)));
  await adjustSearchWords(tx, texts);
  await recountCatalogue(tx, {
    movies: [...touched.movies],
    persons: [...touched.persons],
    labels: [...touched.labels],
  });
  add('release', await publicIds(sql`releases`, releaseIds.slice(0, MAX_DEPENDENT_PAGES)));
  add('movie', await publicIds(sql`movies`, new Set([...touched.movies, ...shown.movies])));
  add('person', await publicIds(sql`persons`, touched.persons));
  add('label', await publicIds(sql`labels`, new Set([...touched.labels, ...shown.labels])));
  return pages;
}

// ------------------------------------------------------------------ writes

/**
 * Normalises the values of a write by their field kinds (a change request stores them so).
 * @throws AppError('invalid_value') for an unknown field or a bad value
 */
export function normalizeFields(entity: CatalogueEntity, values: FieldValues): FieldValues {
  const out: FieldValues = {};
  for (const [field, value] of Object.entries(values)) {
    if (!isCatalogueField(entity, field)) throw invalid(field);
    const def = COLUMN_FIELDS[entity][field];
    out[field] = def ? normalizeValue(field, def.kind, value) : normalizeRelation(entity, field, value);
  }
  return out;
}

/**
 * Stores a revision of an entity: its kind, the changes (per field, before and after), the author,
 * approving admin, change request, reverted revision and source of `meta`. The writers below call
 * it for each write; lib/data/external-import.ts for what an import writes beside the fields
 * (ratings, production companies) when no field changed.
 * @returns the revision's id
 */
export async function insertRevision(
  tx: Db,
  r: {
    entity: CatalogueEntity;
    id: number;
    publicId: string;
    kind: RevisionKind;
    changes: FieldChanges;
    meta: WriteMeta;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO revisions (entity_type, entity_id, entity_public_id, kind, changes, user_id, approved_by_id,
                               change_request_id, reverts_id, source_id)
        VALUES (${r.entity}, ${r.id}, ${r.publicId}, ${r.kind}, ${JSON.stringify(r.changes)}::jsonb, ${r.meta.userId},
                ${r.meta.approvedById}, ${r.meta.changeRequestId ?? null}, ${r.meta.revertsId ?? null},
                ${r.meta.sourceId ?? null})
        RETURNING id`,
  );
  return Number(row.id);
}

/** Writes changed column and relation values, marks them edited; @returns the pages to revalidate. */
async function applyValues(tx: Db, entity: CatalogueEntity, id: number, values: FieldValues): Promise<CataloguePages> {
  const fields = Object.keys(values);
  const sets = fields
    .filter((f) => Object.hasOwn(COLUMN_FIELDS[entity], f))
    .map((f) => {
      const def = COLUMN_FIELDS[entity][f];
      return sql`${sql.identifier(def.column)} = ${valueSql(def.kind, values[f])}`;
    });
  const stamp = entity === 'movie' || entity === 'release' ? [sql`updated_at = now()`] : [];
  await tx.execute(
    sql`UPDATE ${TABLES[entity]} SET ${sql.join(
      [
        ...sets,
        ...stamp,
        sql`edited_fields = ARRAY(SELECT DISTINCT f FROM unnest(edited_fields || ${sql.param(fields)}::text[]) AS f ORDER BY f)`,
      ],
      sql`, `,
    )} WHERE id = ${id}`,
  );
  const touched: Touched = { movies: new Set(), persons: new Set(), labels: new Set() };
  // The label before its series (a series needs the release's label).
  const relations = RELATION_FIELDS[entity].filter((f) => Object.hasOwn(values, f));
  for (const f of relations) await writeRelation(tx, entity, id, f, values[f], touched);
  return refreshDerived(tx, entity, id, touched);
}

/**
 * Updates an entity's fields: only those whose value differs are written and recorded.
 * @param values field name → new value (lib/validation/catalogue-fields.ts)
 * @returns the result; `revisionId` null and no event when nothing differed
 * @throws AppError('not_found') for an unknown id, AppError('invalid_value') for a bad field or value,
 *   AppError('label_name_taken') when a label's new name is another label's
 */
export async function updateCatalogueEntity(
  tx: Db,
  entity: CatalogueEntity,
  id: number,
  values: FieldValues,
  meta: WriteMeta,
): Promise<WriteResult> {
  const next = normalizeFields(entity, values);
  const before = await readFields(tx, entity, id, Object.keys(next));
  if (!before) throw new AppError('not_found');
  const [{ public_id: publicId }] = await queryRows<{ public_id: string }>(
    tx,
    sql`SELECT public_id FROM ${TABLES[entity]} WHERE id = ${id}`,
  );
  const changes: FieldChanges = {};
  const changed: FieldValues = {};
  for (const [f, v] of Object.entries(next)) {
    if (sameValue(before[f], v)) continue;
    changes[f] = { before: before[f] ?? null, after: v };
    changed[f] = v;
  }
  if (!Object.keys(changed).length) return { id, publicId, revisionId: null, changes };
  if (entity === 'label' && typeof changed.name === 'string') await assertLabelNameFree(tx, changed.name, id);
  const pages = await applyValues(tx, entity, id, changed);
  const revisionId = await insertRevision(tx, { entity, id, publicId, kind: meta.kind ?? 'edit', changes, meta });
  await publish(tx, 'catalogue.changed', { entity, id, publicId, revisionId, pages });
  return { id, publicId, revisionId, changes };
}

/** The required fields of a new entity (a release needs at least one movie, a name and a format). */
const REQUIRED: Record<CatalogueEntity, readonly string[]> = {
  movie: ['name'],
  release: ['name', 'format', 'movies'],
  person: ['name'],
  label: ['name'],
};

/**
 * Checks the required fields of a new entity (normalised values).
 * @throws AppError('invalid_value') naming the first missing field
 */
export function assertRequiredFields(entity: CatalogueEntity, values: FieldValues): void {
  for (const f of REQUIRED[entity]) {
    const v = values[f];
    if (v == null || (Array.isArray(v) && !v.length)) throw invalid(f);
  }
}

/**
 * Makes a suggested (unapproved) release public: approved, counted, its pages revalidated (the
 * cached 404 of its page included). Its 'create' revision gets the approving admin and request.
 * @returns that revision's id
 * @throws AppError('not_found') when the release does not exist
 */
export async function approveNewRelease(tx: Db, id: number, meta: WriteMeta): Promise<number> {
  const [release] = await queryRows<{ public_id: string }>(
    tx,
    sql`UPDATE releases SET approved = true, updated_at = now() WHERE id = ${id} RETURNING public_id`,
  );
  if (!release) throw new AppError('not_found');
  const [revision] = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE revisions SET approved_by_id = ${meta.approvedById}, change_request_id = ${meta.changeRequestId ?? null}
        WHERE id = (SELECT min(id) FROM revisions WHERE entity_type = 'release' AND entity_id = ${id})
        RETURNING id`,
  );
  const pages = await refreshDerived(
    tx,
    'release',
    id,
    { movies: new Set(), persons: new Set(), labels: new Set() },
    true,
  );
  await publish(tx, 'catalogue.changed', {
    entity: 'release',
    id,
    publicId: release.public_id,
    revisionId: Number(revision.id),
    pages,
  });
  return Number(revision.id);
}

/**
 * Deletes a suggested release that was never approved (its request discarded or withdrawn), with
 * its revisions: it was never public. An approved release, or a deleted one (a tombstone), is left alone.
 */
export async function deleteUnapprovedRelease(tx: Db, id: number): Promise<void> {
  const gone = await queryRows<{ search_text: string }>(
    tx,
    sql`DELETE FROM releases WHERE id = ${id} AND NOT approved AND deleted_at IS NULL RETURNING search_text`,
  );
  if (!gone.length) return;
  await tx.execute(sql`DELETE FROM revisions WHERE entity_type = 'release' AND entity_id = ${id}`);
  await adjustSearchWords(tx, [{ before: gone[0].search_text, after: null }]);
}

/**
 * Creates an entity with the given fields (the rest take their defaults); a release is created
 * unapproved unless `approved` (an admin's own, or an approved suggestion).
 * @returns the new entity and its 'create' revision
 * @throws AppError('invalid_value') for a missing required field or a bad value,
 *   AppError('label_name_taken') for a label name another label has
 */
export async function createCatalogueEntity(
  tx: Db,
  entity: CatalogueEntity,
  values: FieldValues,
  meta: WriteMeta & { approved?: boolean },
): Promise<WriteResult> {
  const next = normalizeFields(entity, values);
  assertRequiredFields(entity, next);
  const publicId = newPublicId();
  const name = next.name as string;
  // Insert with the NOT NULL columns; every given field is then written like an edit.
  let inserted: { id: number }[];
  if (entity === 'movie')
    inserted = await queryRows(
      tx,
      sql`INSERT INTO movies (public_id, name, title_key) VALUES (${publicId}, ${name}, '') RETURNING id`,
    );
  else if (entity === 'release')
    inserted = await queryRows(
      tx,
      sql`INSERT INTO releases (public_id, name, format, name_key, approved)
          VALUES (${publicId}, ${name}, ${next.format as number}, '', ${meta.approved ?? false}) RETURNING id`,
    );
  else if (entity === 'person')
    inserted = await queryRows(
      tx,
      sql`INSERT INTO persons (public_id, name, name_key) VALUES (${publicId}, ${name}, '') RETURNING id`,
    );
  else {
    await assertLabelNameFree(tx, name, null);
    inserted = await queryRows(
      tx,
      sql`INSERT INTO labels (public_id, name, name_key) VALUES (${publicId}, ${name}, ${deriveLabel({ name }).nameKey}) RETURNING id`,
    );
  }
  const id = Number(inserted[0].id);
  const changes: FieldChanges = {};
  for (const [f, v] of Object.entries(next)) changes[f] = { before: null, after: v };
  const pages = await applyValues(tx, entity, id, next);
  const revisionId = await insertRevision(tx, { entity, id, publicId, kind: 'create', changes, meta });
  await publish(tx, 'catalogue.changed', { entity, id, publicId, revisionId, pages });
  return { id, publicId, revisionId, changes };
}

/**
 * @throws AppError('label_name_taken', { label }) when another label has this name (folded: case
 *   and accents ignored); `label` is that label's name
 */
export async function assertLabelNameFree(tx: Db, name: string, exceptId: number | null): Promise<void> {
  const [other] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT name FROM labels WHERE name_key = ${deriveLabel({ name }).nameKey} AND id IS DISTINCT FROM ${exceptId}`,
  );
  if (other) throw new AppError('label_name_taken', { label: other.name });
}

/** The newest revision of an entity (what a change request is made against), or null. */
export async function latestRevisionId(tx: Db, entity: CatalogueEntity, id: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM revisions WHERE entity_type = ${entity} AND entity_id = ${id} ORDER BY id DESC LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

// ------------------------------------------------------------------ merges

/**
 * Moves everything that points at movie `from` to movie `to`, records the redirect of `from`'s
 * public id and deletes `from`. Rows that would repeat one the target already has (the same list
 * entry, like, credit, release link, connection, company) are dropped.
 * @returns the ids of the collections whose entries changed
 */
async function moveMovieReferences(db: Db, from: { id: number; publicId: string }, to: number): Promise<number[]> {
  const f = from.id;
  const changed = await queryRows<{ collection_id: number }>(
    db,
    sql`DELETE FROM collection_entries e WHERE e.movie_id = ${f}
          AND EXISTS (SELECT 1 FROM collection_entries o WHERE o.collection_id = e.collection_id AND o.movie_id = ${to})
        RETURNING e.collection_id`,
  );
  const statements = [
    sql`UPDATE collection_entries SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`DELETE FROM likes l WHERE l.movie_id = ${f} AND EXISTS (SELECT 1 FROM likes o WHERE o.user_id = l.user_id AND o.movie_id = ${to})`,
    sql`UPDATE likes SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`INSERT INTO credits (movie_id, person_id, role, character, ord)
        SELECT ${to}, person_id, role, character, ord FROM credits WHERE movie_id = ${f} ON CONFLICT DO NOTHING`,
    sql`DELETE FROM credits WHERE movie_id = ${f}`,
    sql`UPDATE movie_sources SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE censorship_events SET movie_id = ${to} WHERE movie_id = ${f}`,
    // The survivor keeps its own default picture (one default per movie, a unique index).
    sql`UPDATE pictures SET is_default = false WHERE movie_id = ${f} AND is_default
          AND EXISTS (SELECT 1 FROM pictures o WHERE o.movie_id = ${to} AND o.is_default AND o.deleted_at IS NULL)`,
    sql`UPDATE pictures SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE videos SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE buying_links SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE reviews SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE posts SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`INSERT INTO release_movies (release_id, movie_id, position)
        SELECT release_id, ${to}, position FROM release_movies WHERE movie_id = ${f} ON CONFLICT DO NOTHING`,
    sql`DELETE FROM release_movies WHERE movie_id = ${f}`,
    sql`INSERT INTO movie_connections (movie_id, connected_movie_id, kind, info)
        SELECT ${to}, connected_movie_id, kind, info FROM movie_connections
        WHERE movie_id = ${f} AND connected_movie_id NOT IN (${f}, ${to}) ON CONFLICT DO NOTHING`,
    sql`INSERT INTO movie_connections (movie_id, connected_movie_id, kind, info)
        SELECT movie_id, ${to}, kind, info FROM movie_connections
        WHERE connected_movie_id = ${f} AND movie_id NOT IN (${f}, ${to}) ON CONFLICT DO NOTHING`,
    sql`DELETE FROM movie_connections WHERE movie_id = ${f} OR connected_movie_id = ${f}`,
    sql`INSERT INTO movie_production_companies (movie_id, company_id)
        SELECT ${to}, company_id FROM movie_production_companies WHERE movie_id = ${f} ON CONFLICT DO NOTHING`,
    sql`DELETE FROM movie_production_companies WHERE movie_id = ${f}`,
    sql`UPDATE movies SET episode_of_id = ${to} WHERE episode_of_id = ${f}`,
    sql`UPDATE movie_redirects SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`INSERT INTO movie_redirects (from_public_id, movie_id) VALUES (${from.publicId}, ${to})
        ON CONFLICT (from_public_id) DO UPDATE SET movie_id = excluded.movie_id`,
    sql`DELETE FROM movie_counters WHERE movie_id = ${f}`,
    sql`DELETE FROM movies WHERE id = ${f}`,
  ];
  for (const s of statements) await db.execute(s);
  const moved = await queryRows<{ collection_id: number }>(
    db,
    sql`SELECT DISTINCT collection_id FROM collection_entries WHERE movie_id = ${to}`,
  );
  return [...new Set([...changed, ...moved].map((r) => r.collection_id))];
}

/**
 * Recomputes a movie's counters (entries of live "seen" and "want to see" shortcut lists,
 * likes), as lib/data/item-counters.ts keeps them.
 */
async function recountMovieCounters(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO movie_counters (movie_id, seen_count, want_see_count, likes_count)
        SELECT ${id},
          (SELECT count(*) FROM collection_entries e JOIN collections c ON c.id = e.collection_id
            WHERE e.movie_id = ${id} AND c.style = 2 AND c.shortcut_default AND c.deleted_at IS NULL)::int,
          (SELECT count(*) FROM collection_entries e JOIN collections c ON c.id = e.collection_id
            WHERE e.movie_id = ${id} AND c.style = 6 AND c.shortcut_default AND c.deleted_at IS NULL)::int,
          (SELECT count(*) FROM likes WHERE movie_id = ${id})::int
        ON CONFLICT (movie_id) DO UPDATE SET seen_count = excluded.seen_count,
          want_see_count = excluded.want_see_count, likes_count = excluded.likes_count`,
  );
}

/**
 * Merges movie `from` into movie `into`: everything that points at it moves (see
 * moveMovieReferences), its public id redirects to `into` for good, the counters, counts and the
 * search documents of the releases now holding `into` follow, and both movies get a 'merge'
 * revision (`merged_from` on the survivor, `merged_into` on the merged one).
 * @returns the survivor's 'merge' revision id
 * @throws AppError('not_found') when either movie does not exist, AppError('invalid_value') when they are the same
 */
export async function mergeMovies(
  tx: Db,
  from: { id: number; publicId: string },
  intoId: number,
  meta: WriteMeta,
): Promise<number> {
  if (from.id === intoId) throw invalid('merged_into');
  const [into] = await queryRows<{ public_id: string }>(tx, sql`SELECT public_id FROM movies WHERE id = ${intoId}`);
  if (!into) throw new AppError('not_found');
  const credited = await queryRows<{ person_id: number }>(
    tx,
    sql`SELECT DISTINCT person_id FROM credits WHERE movie_id = ${from.id}`,
  );
  const collections = await moveMovieReferences(tx, from, intoId);
  await recountMovieCounters(tx, intoId);
  if (collections.length)
    await tx.execute(
      sql`UPDATE collections c SET entries_count = (SELECT count(*) FROM collection_entries e WHERE e.collection_id = c.id)
          WHERE c.id = ANY(${sql.param(collections)}::int[])`,
    );
  const pages = await refreshDerived(tx, 'movie', intoId, {
    movies: new Set([intoId]),
    persons: new Set(credited.map((c) => Number(c.person_id))),
    labels: new Set(),
  });
  pages.movie = [...new Set([...(pages.movie ?? []), from.publicId])];
  await insertRevision(tx, {
    entity: 'movie',
    id: from.id,
    publicId: from.publicId,
    kind: 'merge',
    changes: { merged_into: { before: null, after: into.public_id } },
    meta,
  });
  const revisionId = await insertRevision(tx, {
    entity: 'movie',
    id: intoId,
    publicId: into.public_id,
    kind: 'merge',
    changes: { merged_from: { before: null, after: from.publicId } },
    meta,
  });
  await publish(tx, 'catalogue.changed', { entity: 'movie', id: intoId, publicId: into.public_id, revisionId, pages });
  return revisionId;
}

// ------------------------------------------------------------------ deletion

/**
 * How many records still depend on an entity, by what they are: a plain deletion (no merge
 * target) is refused while any is left, since it would leave them pointing at an item that is no
 * longer shown. A movie: the releases holding it (not deleted), its episodes, members' list
 * entries, reviews and posts; a release: members' list entries, reviews and posts; a person:
 * credits in movies not deleted; a label: its releases not deleted. (An entity's own content —
 * a movie's cast and connections, a release's movies, a label's series — goes with it.)
 */
export async function dependentsOf(tx: Db, entity: CatalogueEntity, id: number): Promise<number> {
  const counts: Record<CatalogueEntity, SQL> = {
    movie: sql`(SELECT count(*) FROM release_movies rm JOIN releases r ON r.id = rm.release_id
                 WHERE rm.movie_id = ${id} AND r.deleted_at IS NULL)
             + (SELECT count(*) FROM movies e WHERE e.episode_of_id = ${id} AND e.deleted_at IS NULL)
             + (SELECT count(*) FROM collection_entries WHERE movie_id = ${id})
             + (SELECT count(*) FROM reviews WHERE movie_id = ${id})
             + (SELECT count(*) FROM posts WHERE movie_id = ${id})`,
    release: sql`(SELECT count(*) FROM collection_entries WHERE release_id = ${id})
             + (SELECT count(*) FROM reviews WHERE release_id = ${id})
             + (SELECT count(*) FROM posts WHERE release_id = ${id})`,
    person: sql`(SELECT count(*) FROM credits c JOIN movies m ON m.id = c.movie_id
                  WHERE c.person_id = ${id} AND m.deleted_at IS NULL)`,
    label: sql`(SELECT count(*) FROM releases WHERE label_id = ${id} AND deleted_at IS NULL)`,
  };
  const [row] = await queryRows<{ n: number }>(tx, sql`SELECT (${counts[entity]})::int AS n`);
  return Number(row.n);
}

/** Recomputes a release's counters (owners, wanters, likes) as lib/data/item-counters.ts keeps them. */
async function recountReleaseCounters(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO release_counters (release_id, owned_count, wanted_count, likes_count)
        SELECT ${id},
          (SELECT count(*) FROM collection_entries e JOIN collections c ON c.id = e.collection_id
            WHERE e.release_id = ${id} AND c.style = 3 AND c.shortcut_default AND c.deleted_at IS NULL)::int,
          (SELECT count(*) FROM collection_entries e JOIN collections c ON c.id = e.collection_id
            WHERE e.release_id = ${id} AND c.style = 4 AND c.shortcut_default AND c.deleted_at IS NULL)::int,
          (SELECT count(*) FROM likes WHERE release_id = ${id})::int
        ON CONFLICT (release_id) DO UPDATE SET owned_count = excluded.owned_count,
          wanted_count = excluded.wanted_count, likes_count = excluded.likes_count`,
  );
}

/**
 * Moves what points at a release, person or label being merged away to the survivor: a release's
 * list entries (one already on the survivor's list is dropped), likes, reviews and posts; a
 * person's credits; a label's releases, each in the survivor's series of the same name. Earlier
 * merges into the merged item follow it to the survivor.
 * @returns what the move touched, for counts and pages
 */
async function moveReferences(
  tx: Db,
  entity: Exclude<CatalogueEntity, 'movie'>,
  from: number,
  to: number,
): Promise<Touched> {
  const touched: Touched = { movies: new Set(), persons: new Set(), labels: new Set() };
  if (entity === 'release') {
    const dropped = await queryRows<{ collection_id: number }>(
      tx,
      sql`DELETE FROM collection_entries e WHERE e.release_id = ${from}
            AND EXISTS (SELECT 1 FROM collection_entries o WHERE o.collection_id = e.collection_id AND o.release_id = ${to})
          RETURNING e.collection_id`,
    );
    for (const s of [
      sql`UPDATE collection_entries SET release_id = ${to} WHERE release_id = ${from}`,
      sql`DELETE FROM likes l WHERE l.release_id = ${from}
            AND EXISTS (SELECT 1 FROM likes o WHERE o.user_id = l.user_id AND o.release_id = ${to})`,
      sql`UPDATE likes SET release_id = ${to} WHERE release_id = ${from}`,
      sql`UPDATE reviews SET release_id = ${to} WHERE release_id = ${from}`,
      sql`UPDATE posts SET release_id = ${to} WHERE release_id = ${from}`,
      sql`DELETE FROM release_counters WHERE release_id = ${from}`,
    ])
      await tx.execute(s);
    await recountReleaseCounters(tx, to);
    const collections = [...new Set(dropped.map((d) => Number(d.collection_id)))];
    if (collections.length)
      await tx.execute(
        sql`UPDATE collections c SET entries_count = (SELECT count(*) FROM collection_entries e WHERE e.collection_id = c.id)
            WHERE c.id = ANY(${sql.param(collections)}::int[])`,
      );
  } else if (entity === 'person') {
    const moved = await queryRows<{ movie_id: number }>(
      tx,
      sql`INSERT INTO credits (movie_id, person_id, role, character, ord)
          SELECT movie_id, ${to}, role, character, ord FROM credits WHERE person_id = ${from}
          ON CONFLICT DO NOTHING RETURNING movie_id`,
    );
    const old = await queryRows<{ movie_id: number }>(
      tx,
      sql`DELETE FROM credits WHERE person_id = ${from} RETURNING movie_id`,
    );
    for (const m of [...moved, ...old]) touched.movies.add(Number(m.movie_id));
    touched.persons.add(from);
  } else {
    // Each series of the merged label becomes the survivor's series of the same name.
    await tx.execute(
      sql`INSERT INTO label_groups (label_id, name) SELECT ${to}, name FROM label_groups WHERE label_id = ${from}
          ON CONFLICT (label_id, name) DO NOTHING`,
    );
    await tx.execute(
      sql`UPDATE releases r SET label_group_id = t.id
          FROM label_groups g JOIN label_groups t ON t.label_id = ${to} AND t.name = g.name
          WHERE g.label_id = ${from} AND r.label_group_id = g.id`,
    );
    await tx.execute(sql`UPDATE releases SET label_id = ${to} WHERE label_id = ${from}`);
    touched.labels.add(from);
  }
  await tx.execute(sql`UPDATE ${TABLES[entity]} SET merged_into_id = ${to} WHERE merged_into_id = ${from}`);
  return touched;
}

/** What a deletion records: that the item is deleted and, for a merge, the survivor's public id. */
export type DeleteResult = WriteResult & { mergedInto: string | null };

/**
 * Deletes an entity: its row stays as a tombstone (`deleted_at`; a release is also no longer
 * approved, so every public read of releases leaves it out), keeps its public id (its pages answer
 * 410 Gone) and drops out of listings, search, counts and the sitemap; the close-spelling words
 * lose its search document. Stored as a 'delete' revision (`changes.deleted` false → true), which
 * a revert undoes (restoreCatalogueEntity).
 *
 * With `mergeIntoId` (an entity of the same kind, not deleted) it is merged into that one
 * instead: a movie through mergeMovies (its row is removed, its public id redirects, 'merge'
 * revisions); a release, person or label moves what points at it to the survivor (moveReferences),
 * becomes a tombstone with `merged_into_id`, and its public id redirects there for good; its
 * 'delete' revision names the survivor in `changes.merged_into`. A merge cannot be reverted.
 *
 * @returns the entity, the revision (the survivor's 'merge' revision for a movie) and the changes
 * @throws AppError not_found (no such entity), gone (already deleted), in_use (a plain deletion while
 *   other records depend on it: dependentsOf), invalid_value (field merge_into: unknown, deleted,
 *   unapproved or the entity itself)
 */
export async function deleteCatalogueEntity(
  tx: Db,
  entity: CatalogueEntity,
  id: number,
  mergeIntoId: number | null,
  meta: WriteMeta,
): Promise<DeleteResult> {
  const [row] = await queryRows<{ public_id: string; search_text: string; deleted: boolean }>(
    tx,
    sql`SELECT public_id, search_text, deleted_at IS NOT NULL AS deleted FROM ${TABLES[entity]} WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw new AppError('not_found');
  if (row.deleted) throw new AppError('gone');
  const publicId = row.public_id;
  if (mergeIntoId == null) {
    const n = await dependentsOf(tx, entity, id);
    if (n > 0) throw new AppError('in_use', { count: n });
  } else {
    const [into] = await queryRows<{ public_id: string }>(
      tx,
      sql`SELECT public_id FROM ${TABLES[entity]} WHERE id = ${mergeIntoId} AND id <> ${id} AND deleted_at IS NULL
            ${entity === 'release' ? sql`AND approved` : sql``} FOR UPDATE`,
    );
    if (!into) throw invalid('merge_into');
    if (entity === 'movie') {
      const revisionId = await mergeMovies(tx, { id, publicId }, mergeIntoId, meta);
      const changes: FieldChanges = { merged_into: { before: null, after: into.public_id } };
      return { id, publicId, revisionId, changes, mergedInto: into.public_id };
    }
  }
  const touched =
    mergeIntoId != null && entity !== 'movie'
      ? await moveReferences(tx, entity, id, mergeIntoId)
      : { movies: new Set<number>(), persons: new Set<number>(), labels: new Set<number>() };
  const into = mergeIntoId == null ? null : await readPublicId(tx, entity, mergeIntoId);
  await setTombstone(tx, entity, id, { deleted: true, mergeIntoId });
  const changes: FieldChanges = { deleted: { before: false, after: true } };
  if (into) changes.merged_into = { before: null, after: into };
  const pages = await refreshAfterTombstone(tx, entity, id, { deleted: true, searchText: row.search_text, touched });
  if (mergeIntoId != null) {
    // The survivor's own count (a person's credits, a label's releases) grew by what moved.
    const survivor = await refreshDerived(tx, entity, mergeIntoId, {
      movies: new Set(),
      persons: new Set(entity === 'person' ? [mergeIntoId] : []),
      labels: new Set(entity === 'label' ? [mergeIntoId] : []),
    });
    for (const [k, ids] of Object.entries(survivor) as [keyof CataloguePages, string[]][])
      pages[k] = [...new Set([...(pages[k] ?? []), ...ids])];
  }
  const revisionId = await insertRevision(tx, { entity, id, publicId, kind: 'delete', changes, meta });
  await publish(tx, 'catalogue.changed', { entity, id, publicId, revisionId, pages });
  return { id, publicId, revisionId, changes, mergedInto: into };
}

/**
 * Restores a deleted entity (a revert of its deletion): the tombstone is lifted (a release is
 * approved again), it is listed, searched and counted again and its pages are revalidated. With
 * `deleted` true it is deleted again (a revert of that revert), refused while records depend on it.
 * Stored as a revision of `meta.kind` ('revert', naming the revision undone) with `changes.deleted`.
 * @returns the result, `revisionId` null when the entity already is as asked
 * @throws AppError not_found (no such entity), in_use (deleting again while records depend on it)
 */
export async function setCatalogueEntityDeleted(
  tx: Db,
  entity: CatalogueEntity,
  id: number,
  deleted: boolean,
  meta: WriteMeta,
): Promise<WriteResult> {
  const [row] = await queryRows<{ public_id: string; search_text: string; deleted: boolean }>(
    tx,
    sql`SELECT public_id, search_text, deleted_at IS NOT NULL AS deleted FROM ${TABLES[entity]} WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw new AppError('not_found');
  const publicId = row.public_id;
  if (row.deleted === deleted) return { id, publicId, revisionId: null, changes: {} };
  if (deleted) {
    const n = await dependentsOf(tx, entity, id);
    if (n > 0) throw new AppError('in_use', { count: n });
  }
  await setTombstone(tx, entity, id, { deleted, mergeIntoId: null });
  const changes: FieldChanges = { deleted: { before: !deleted, after: deleted } };
  const pages = await refreshAfterTombstone(tx, entity, id, {
    deleted,
    searchText: row.search_text,
    touched: { movies: new Set(), persons: new Set(), labels: new Set() },
  });
  const revisionId = await insertRevision(tx, { entity, id, publicId, kind: meta.kind ?? 'edit', changes, meta });
  await publish(tx, 'catalogue.changed', { entity, id, publicId, revisionId, pages });
  return { id, publicId, revisionId, changes };
}

async function readPublicId(tx: Db, entity: CatalogueEntity, id: number): Promise<string> {
  const [row] = await queryRows<{ public_id: string }>(
    tx,
    sql`SELECT public_id FROM ${TABLES[entity]} WHERE id = ${id}`,
  );
  return row.public_id;
}

/** Sets or lifts the tombstone (a release's approval follows: a deleted release is never public). */
async function setTombstone(
  tx: Db,
  entity: CatalogueEntity,
  id: number,
  to: { deleted: boolean; mergeIntoId: number | null },
): Promise<void> {
  const merged = entity === 'movie' ? [] : [sql`merged_into_id = ${to.mergeIntoId}`];
  const approved = entity === 'release' ? [sql`approved = ${!to.deleted}`] : [];
  const stamp = entity === 'movie' || entity === 'release' ? [sql`updated_at = now()`] : [];
  await tx.execute(
    sql`UPDATE ${TABLES[entity]} SET ${sql.join(
      [sql`deleted_at = ${to.deleted ? sql`now()` : sql`NULL`}`, ...merged, ...approved, ...stamp],
      sql`, `,
    )} WHERE id = ${id}`,
  );
}

/**
 * After a tombstone was set or lifted: the close-spelling words lose or regain the entity's search
 * document, the counts of what shows it are recomputed (a release's movies and label, a movie's
 * persons), and @returns the pages to revalidate (the entity's own and those that list it).
 */
async function refreshAfterTombstone(
  tx: Db,
  entity: CatalogueEntity,
  id: number,
  state: { deleted: boolean; searchText: string; touched: Touched },
): Promise<CataloguePages> {
  const { touched } = state;
  await adjustSearchWords(tx, [
    state.deleted ? { before: state.searchText, after: null } : { before: null, after: state.searchText },
  ]);
  if (entity === 'release') {
    const [r] = await queryRows<{ label_id: number | null }>(tx, sql`SELECT label_id FROM releases WHERE id = ${id}`);
    if (r?.label_id != null) touched.labels.add(Number(r.label_id));
    for (const m of await queryRows<{ movie_id: number }>(
      tx,
      sql`SELECT movie_id FROM release_movies WHERE release_id = ${id}`,
    ))
      touched.movies.add(Number(m.movie_id));
  } else if (entity === 'movie') {
    for (const c of await queryRows<{ person_id: number }>(
      tx,
      sql`SELECT DISTINCT person_id FROM credits WHERE movie_id = ${id}`,
    ))
      touched.persons.add(Number(c.person_id));
    for (const c of await queryRows<{ movie_id: number }>(
      tx,
      sql`SELECT movie_id FROM movie_connections WHERE connected_movie_id = ${id}`,
    ))
      touched.movies.add(Number(c.movie_id));
  }
  await recountCatalogue(tx, {
    movies: [...touched.movies],
    persons: [...touched.persons],
    labels: [...touched.labels],
  });
  const pages: CataloguePages = { [entity]: [await readPublicId(tx, entity, id)] };
  const publicIds = async (table: SQL, ids: Iterable<number>): Promise<string[]> => {
    const list = [...ids].slice(0, MAX_DEPENDENT_PAGES);
    if (!list.length) return [];
    const rows = await queryRows<{ public_id: string }>(
      tx,
      sql`SELECT public_id FROM ${table} WHERE id = ANY(${sql.param(list)}::int[])`,
    );
    return rows.map((r) => r.public_id);
  };
  const add = (kind: keyof CataloguePages, ids: readonly string[]) => {
    pages[kind] = [...new Set([...(pages[kind] ?? []), ...ids])];
  };
  add('movie', await publicIds(sql`movies`, touched.movies));
  add('person', await publicIds(sql`persons`, touched.persons));
  add('label', await publicIds(sql`labels`, touched.labels));
  return pages;
}
