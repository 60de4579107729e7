/**
 * What the synthetic generator reads from the database before it writes: the real (non-synthetic)
 * titles and person names its word and name models learn from, the real movies and labels that
 * synthetic releases may also use, every label name key (label names are unique), the highest
 * ids (new rows take explicit ids after them) and the earlier synthetic runs.
 */
import type postgres from 'postgres';
import { foldText } from '@/lib/text';
import { SYNTHETIC_EMAIL_DOMAIN } from './accounts';

/** The import_runs.file value of a synthetic run. */
export const RUN_FILE = 'db:synthetic';

/** A real movie synthetic releases may contain (more editions of real films). */
export type RealMovie = {
  id: number;
  name: string;
  year: number | null;
  folded: string;
  fi: string | null;
  fiFolded: string;
};
/** A real label synthetic releases may carry. */
export type RealLabel = { id: number; name: string; country: string | null };
/** The summary a synthetic run records in import_runs. */
export type RunSummary = {
  seed: number;
  releases: number;
  movies: number;
  persons: number;
  labelIds: [number, number] | null;
  labelGroupIds: [number, number] | null;
};

/** Everything read before writing (see module doc). */
export type Context = {
  /** Display names of real movies, id order (title word model). */
  titles: string[];
  /** Display names of real persons, id order (name model). */
  personNames: string[];
  /** Real movies other than TV episodes, most released first. */
  movies: RealMovie[];
  /** Real labels, most released first. */
  labels: RealLabel[];
  /** name_key of every label in the database (new label names must differ). */
  labelKeys: Set<string>;
  /** Highest id per table (0 when empty). */
  maxId: { movies: number; persons: number; labels: number; label_groups: number; releases: number; credits: number };
  /** Earlier synthetic runs (import_runs summaries). */
  runs: RunSummary[];
};

const NOT_SYNTHETIC = `(source_id IS NULL OR source_id NOT LIKE 'synthetic:%')`;

/**
 * Reads the context. Synthetic labels of earlier runs are recognised by the id ranges their
 * runs recorded.
 * @throws when the catalogue tables do not exist (database not migrated)
 */
export async function loadContext(tx: postgres.TransactionSql): Promise<Context> {
  const [exists] = await tx<
    { ok: boolean }[]
  >`SELECT to_regclass('releases') IS NOT NULL AND to_regclass('import_runs') IS NOT NULL AS ok`;
  if (!exists?.ok)
    throw new Error('The database has no catalogue tables: apply the migrations first (npm run db:migrate).');
  const runs = (
    await tx<{ summary: RunSummary }[]>`SELECT summary FROM import_runs WHERE file = ${RUN_FILE} ORDER BY id`
  ).map((r) => r.summary);
  const syntheticLabel = (id: number) => runs.some((r) => r.labelIds && id >= r.labelIds[0] && id <= r.labelIds[1]);

  const titles = (
    await tx.unsafe<{ name: string }[]>(`SELECT name FROM movies WHERE ${NOT_SYNTHETIC} ORDER BY id`)
  ).map((r) => r.name);
  const personNames = (
    await tx.unsafe<{ name: string }[]>(`SELECT name FROM persons WHERE ${NOT_SYNTHETIC} ORDER BY id`)
  ).map((r) => r.name);
  const movies = (
    await tx.unsafe<{ id: number; name: string; year: number | null; fi: string | null }[]>(
      `SELECT id, name, year, localized_names->>'fi' AS fi FROM movies WHERE ${NOT_SYNTHETIC} AND type <> 5 ORDER BY release_count DESC, id`,
    )
  ).map((m) => ({
    id: m.id,
    name: m.name,
    year: m.year,
    folded: foldText(m.name),
    fi: m.fi,
    fiFolded: foldText(m.fi),
  }));
  const labelRows = await tx<{ id: number; name: string; name_key: string; country: string | null }[]>`
    SELECT l.id, l.name, l.name_key, l.country FROM labels l ORDER BY l.release_count DESC, l.id`;
  const [max] = await tx<Context['maxId'][]>`
    SELECT (SELECT coalesce(max(id), 0) FROM movies)::int AS movies, (SELECT coalesce(max(id), 0) FROM persons)::int AS persons,
           (SELECT coalesce(max(id), 0) FROM labels)::int AS labels, (SELECT coalesce(max(id), 0) FROM label_groups)::int AS label_groups,
           (SELECT coalesce(max(id), 0) FROM releases)::int AS releases, (SELECT coalesce(max(id), 0) FROM credits)::int AS credits`;
  return {
    titles,
    personNames,
    movies,
    labels: labelRows.filter((l) => !syntheticLabel(l.id)).map((l) => ({ id: l.id, name: l.name, country: l.country })),
    labelKeys: new Set(labelRows.map((l) => l.name_key)),
    maxId: max,
    runs,
  };
}

/** True when rows of this seed are already in the database (releases, movies, persons or members). */
export async function seedPresent(tx: postgres.TransactionSql, seed: number): Promise<boolean> {
  const prefix = `synthetic:${seed}:%`;
  const email = `u%.s${seed}@${SYNTHETIC_EMAIL_DOMAIN}`;
  const [row] = await tx<{ present: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM releases WHERE source_id LIKE ${prefix}) OR EXISTS (SELECT 1 FROM movies WHERE source_id LIKE ${prefix})
        OR EXISTS (SELECT 1 FROM persons WHERE source_id LIKE ${prefix}) OR EXISTS (SELECT 1 FROM users WHERE email LIKE ${email}) AS present`;
  return row?.present ?? false;
}
