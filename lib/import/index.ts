/**
 * Imports data files in the formats of ../shared/data into the catalogue (CLI: scripts/import.ts,
 * first start: scripts/start.ts). Files are detected from content and imported in dependency
 * order (labels, Wikipedia movies, Criterion, 4K UHD, disc records, censorship events), each file
 * in one transaction. A record that does not fit is reported as `file:line: reason` and the rest
 * of the file imports.
 */
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { importRuns } from '@/db/schema';
import { Catalog, emptyCounts, type CreatedFromReleases, type ImportCounts, type Progress } from './catalog';
import { KIND_ORDER, loadFile, type LoadedFile, type SourceKind } from './files';
import { repairDuplicates, type RepairReport } from './repair';
import { rebuildSearchWords } from './search-words';
import { acquireImportLock, type ImportLock } from './lock';
import { mapRecord, RejectedRecord } from './sources';

export { publicIdFor, type CreatedFromReleases, type ImportCounts } from './catalog';
export type { RepairReport } from './repair';
export type { SourceKind } from './files';

/**
 * Version of the importer's reading of the files, recorded with each imported file. Start-up skips
 * a file only when the same content was imported by the same version, so a database an older
 * importer filled is imported again once (and repaired, lib/import/repair.ts) after an upgrade.
 * Raise it when a change reads the same files differently.
 */
export const IMPORTER_VERSION = 2;

/** Outcome of one file. */
export type FileReport = {
  name: string;
  kind: SourceKind;
  records: number;
  /** Skipped because a file with the same content was imported before (only with skipUnchanged). */
  skipped: boolean;
  /** Rejected records as `name:line: reason`. */
  rejected: string[];
  durationMs: number;
};

/**
 * Outcome of an import: per file, per entity counts, the movies created from release rows (a
 * maintainer looks at these: a release row that names no known film), the duplicates of older
 * imports merged into their films, total duration in milliseconds.
 */
export type ImportReport = {
  files: FileReport[];
  counts: ImportCounts;
  createdFromReleases: CreatedFromReleases;
  repair: RepairReport;
  durationMs: number;
};

export type ImportOptions = {
  /** Skip files whose content hash is already recorded in import_runs by this importer version (start-up). */
  skipUnchanged?: boolean;
  /** Called as records are mapped and rows written. */
  progress?: (report: ImportProgress) => void;
};

/** One progress report of an import: the file's name, the phase, how far (`done` of `total`). */
export type ImportProgress = { file: string; phase: string; done: number; total: number };

const ENTITY_OF_KIND: Record<SourceKind, keyof ImportCounts> = {
  labels: 'labels',
  wikipedia: 'movies',
  criterion: 'releases',
  uhd4k: 'releases',
  filmbrainz: 'releases',
  censorship: 'censorship_events',
};

/**
 * Imports files into the database.
 * @param db migrated database
 * @param files paths of plain or gzipped JSON / JSON Lines files
 * @returns the report; rejected records are in it, never thrown
 * @throws when a file cannot be read or its data set cannot be detected, on a database error, or
 *   ImportLockedError (lib/import/lock.ts) when another import of this database is running
 *   (that file's transaction is rolled back)
 */
export async function importFiles(db: Db, files: string[], opts: ImportOptions = {}): Promise<ImportReport> {
  const started = Date.now();
  const loaded: LoadedFile[] = files.map((f) => loadFile(path.resolve(f)));
  loaded.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  const reports: FileReport[] = [];
  // Start-up calls this on every start: when every file is already recorded, answer from
  // import_runs alone instead of loading the whole catalogue into memory (millions of rows at scale).
  let catalog: Catalog | null = null;
  // Taken when the first file is to be imported (a start-up that skips every file takes none).
  const held: { lock: ImportLock | null } = { lock: null };
  try {
    return await importLocked();
  } finally {
    await held.lock?.release();
  }

  async function importLocked(): Promise<ImportReport> {
    for (const file of loaded) {
      const fileStart = Date.now();
      const report: FileReport = {
        name: file.name,
        kind: file.kind,
        records: file.records.length,
        skipped: false,
        rejected: [],
        durationMs: 0,
      };
      reports.push(report);
      if (opts.skipUnchanged) {
        const [prev] = await db
          .select({ id: importRuns.id })
          .from(importRuns)
          .where(
            and(
              eq(importRuns.contentHash, file.contentHash),
              sql`${importRuns.summary}->>'importer' = ${String(IMPORTER_VERSION)}`,
            ),
          )
          .orderBy(desc(importRuns.id))
          .limit(1);
        if (prev) {
          report.skipped = true;
          continue;
        }
      }
      held.lock ??= await acquireImportLock(db);
      await held.lock.heartbeat();
      const cat = (catalog ??= await Catalog.load(db));
      const [sameVersion] = await db
        .select({ id: importRuns.id })
        .from(importRuns)
        .where(
          and(eq(importRuns.file, file.name), sql`${importRuns.summary}->>'importer' = ${String(IMPORTER_VERSION)}`),
        )
        .limit(1);
      cat.beginFile(sameVersion != null);
      const entity = ENTITY_OF_KIND[file.kind];
      for (const e of file.parseErrors) {
        report.rejected.push(`${file.name}:${e.line}: ${e.reason}`);
        cat.counts[entity].rejected++;
      }
      const progress: Progress = (phase, done, total) => opts.progress?.({ file: file.name, phase, done, total });
      const firstLineOfId = new Map<string, number>();
      for (const [i, rec] of file.records.entries()) {
        await cat.reserveIds();
        try {
          const id = rec.value && typeof rec.value === 'object' ? (rec.value as { id?: unknown }).id : undefined;
          if (typeof id === 'string') {
            const first = firstLineOfId.get(id);
            if (first != null)
              throw new RejectedRecord(`duplicate id ${id} (first at line ${first}); the first record is kept`);
            firstLineOfId.set(id, rec.line);
          }
          const mapped = mapRecord(file.kind, rec.value, cat.isKnownTitle);
          for (const l of mapped.labels ?? []) cat.resolveLabel(l);
          for (const f of mapped.films ?? []) cat.resolveFilm(f);
          for (const r of mapped.releases ?? []) cat.addRelease(r);
          for (const e of mapped.events ?? []) cat.addEvent(e);
        } catch (err) {
          if (!(err instanceof RejectedRecord)) throw err;
          report.rejected.push(`${file.name}:${rec.line}: ${err.message}`);
          cat.counts[entity].rejected++;
        }
        if (i % 500 === 0 || i === file.records.length - 1) progress('reading', i + 1, file.records.length);
      }
      // A deferred listing creates its release and at most its films.
      await cat.reserveIds(2000 + cat.deferredCount() * 25);
      cat.resolveDeferred();
      await cat.flush(progress);
      report.durationMs = Date.now() - fileStart;
      await db.insert(importRuns).values({
        file: file.name,
        contentHash: file.contentHash,
        summary: { records: report.records, rejected: report.rejected.length, importer: IMPORTER_VERSION },
        durationMs: report.durationMs,
      });
    }
    let repair: RepairReport = { merged: 0, deleted: 0, sample: [] };
    if (catalog) {
      repair = await repairDuplicates(db, catalog.replacements());
      await catalog.finish();
      // After finish: it derives search documents again.
      await rebuildSearchWords(db);
    }
    return {
      files: reports,
      counts: catalog?.counts ?? emptyCounts(),
      createdFromReleases: catalog?.createdFromReleases() ?? { count: 0, sample: [] },
      repair,
      durationMs: Date.now() - started,
    };
  }
}

/** Seed files the project carries (seed/*.gz), in import order. */
export function seedFiles(seedDir = path.resolve(process.env.SEED_DIR || 'seed')): string[] {
  return [
    'labels_derived.json.gz',
    'movies_wikipedia_us.jsonl.gz',
    'criterion_releases.jsonl.gz',
    'releases_4k_uhd_digitalbits.jsonl.gz',
    'release_detail_samples_filmbrainz.json.gz',
    'finland_censorship_events.json.gz',
  ].map((f) => path.join(seedDir, f));
}

/** A report as lines for a terminal: per-entity counts, rejected records, duration in seconds. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  for (const f of report.files) {
    lines.push(
      f.skipped
        ? `  ${f.name}: unchanged since the last import, skipped`
        : `  ${f.name}: ${f.records} records, ${f.rejected.length} rejected (${(f.durationMs / 1000).toFixed(1)} s)`,
    );
    for (const r of f.rejected.slice(0, 50)) lines.push(`    ${r}`);
    if (f.rejected.length > 50) lines.push(`    … and ${f.rejected.length - 50} more`);
  }
  lines.push('  entity             inserted  updated   merged rejected');
  for (const [k, c] of Object.entries(report.counts)) {
    lines.push(
      `  ${k.padEnd(18)} ${String(c.inserted).padStart(8)} ${String(c.updated).padStart(8)} ${String(c.merged).padStart(8)} ${String(c.rejected).padStart(8)}`,
    );
  }
  const created = report.createdFromReleases;
  lines.push(`  movies created from release rows: ${created.count}`);
  if (created.sample.length)
    lines.push(`    ${created.sample.join('; ')}${created.count > created.sample.length ? '; …' : ''}`);
  if (report.repair.merged || report.repair.deleted) {
    lines.push(
      `  duplicates of an older import: ${report.repair.merged} merged into their films, ${report.repair.deleted} removed`,
    );
    for (const s of report.repair.sample) lines.push(`    ${s}`);
  }
  lines.push(`  import took ${(report.durationMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}
