/**
 * `npm run import:collection -- --user NAME --collection PUBLIC_ID|new FILE`: imports a collection
 * file (CSV, JSON, JSON Lines or a Letterboxd export; see README "Importing a collection") into a
 * collection of the user named NAME (exact name, any letter case), in the database the app uses
 * (DATABASE_URL, else PGlite under DATA_DIR; stop a PGlite server first: PGlite is
 * single-process). `--collection new` first creates a private collection named after the file
 * (lib/data/collection-import.ts `newCollectionFor`) and prints its public id and path.
 *
 * The file is decoded as the web upload decodes it (UTF-8, UTF-16 with a BOM, else
 * Windows-1252), read, matched and imported in one transaction, and the stored report is printed:
 * a summary line of counts, then one line per row of the file (lib/collections/report-text.ts).
 * Exit code 0 when imported (whatever the rows' outcomes), 1 for bad arguments, an unreadable,
 * empty or too large file, an unknown user or collection, a Letterboxd export into a releases
 * collection, or a database failure (a message on stderr says which).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@/db';
import { decodeImportFile, parseImportFile } from '@/lib/collections/import-parse';
import { formatImportError, formatImportReport } from '@/lib/collections/report-text';
import { AppError } from '@/lib/errors';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '@/lib/validation/collection-limits';
import en from '@/messages/en.json';
import { attachOptionValues } from './cli-args';
import { allowServerOnlyImports } from './server-only';

allowServerOnlyImports();

const USAGE = 'usage: npm run import:collection -- --user NAME --collection PUBLIC_ID|new FILE';

/** Command-line arguments, or the reason they are not usable. */
type Args = { user: string; collection: string; file: string } | { error: string };

/**
 * Reads `--user NAME --collection ID|new FILE` (also `--user=NAME`; values may begin with a dash,
 * as public ids can); `help` for -h / --help.
 */
function readArgs(argv: string[]): Args | 'help' {
  let parsed;
  try {
    const options = {
      user: { type: 'string' },
      collection: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    } as const;
    parsed = parseArgs({ args: attachOptionValues(argv, options), allowPositionals: true, strict: true, options });
  } catch (e) {
    return { error: (e as Error).message };
  }
  if (parsed.values.help) return 'help';
  const user = parsed.values.user?.trim();
  const collection = parsed.values.collection?.trim();
  if (!user) return { error: 'Give the user name: --user NAME' };
  if (!collection) return { error: 'Give the collection: --collection PUBLIC_ID, or --collection new' };
  if (parsed.positionals.length !== 1)
    return {
      error: parsed.positionals.length
        ? `Give one file, not ${parsed.positionals.length}: ${parsed.positionals.join(' ')}`
        : 'Give the file to import',
    };
  return { user, collection, file: parsed.positionals[0] };
}

/** The file's text, or the message saying why it cannot be imported. */
function readFileText(file: string): { text: string } | { error: string } {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why =
      err.code === 'ENOENT'
        ? 'no such file'
        : err.code === 'EISDIR'
          ? 'it is a directory'
          : err.code === 'EACCES'
            ? 'permission denied'
            : err.message;
    return { error: `Cannot read ${file}: ${why}` };
  }
  const text = decodeImportFile(bytes);
  return text === null ? { error: `${file} is not a text file: import CSV, JSON or JSON Lines` } : { text };
}

/** English text of a collection form message key (messages/en.json `forms`), its `{max}` filled for the field. */
function formText(field: string, key: string): string {
  const max = field === 'name' ? COLLECTION_NAME_MAX : field === 'description' ? COLLECTION_DESCRIPTION_MAX : null;
  const text = (en.forms as Record<string, string>)[key] ?? key;
  return max === null ? text : text.replace('{max}', String(max));
}

async function main(): Promise<number> {
  const args = readArgs(process.argv.slice(2).filter((a) => a !== '--'));
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n${USAGE}`);
    return 1;
  }
  const read = readFileText(args.file);
  if ('error' in read) {
    console.error(read.error);
    return 1;
  }
  const fileName = path.basename(args.file);
  const parsed = parseImportFile(fileName, read.text);
  const total = parsed.rows.length + parsed.problems.length;

  const { IMPORT_MAX_ROWS, importIntoCollection, newCollectionFor } = await import('@/lib/data/collection-import');
  const { actorByUserName } = await import('@/lib/data/cli');
  const { createCollection } = await import('@/lib/data/collections');
  // Refused before anything is written (with --collection new, no empty collection is left behind).
  if (!total) {
    console.error(formatImportError({ ok: false, error: 'emptyFile' }, args.collection));
    return 1;
  }
  if (total > IMPORT_MAX_ROWS) {
    console.error(
      formatImportError(
        { ok: false, error: 'tooManyRows', params: { rows: total, max: IMPORT_MAX_ROWS } },
        args.collection,
      ),
    );
    return 1;
  }

  const handle = await openDatabase();
  try {
    await migrateDatabase(handle);
    const actor = await actorByUserName(args.user, handle.db);
    if (!actor) {
      console.error(`No user named "${args.user}" in ${handle.kind} (${handle.location})`);
      return 1;
    }
    let publicId = args.collection;
    if (publicId === 'new') {
      const created = await createCollection(actor, newCollectionFor(fileName, parsed), handle.db);
      if (!created.ok) {
        for (const [field, key] of Object.entries(created.errors))
          console.error(`Cannot create the collection: ${field}: ${formText(field, key)}`);
        return 1;
      }
      const c = created.collection;
      publicId = c.public_id;
      console.log(
        `Created the private ${c.category} collection "${c.name}" of ${actor.name}: public id ${publicId}, /collection/${publicId}`,
      );
    }
    console.log(
      `Importing ${total} ${total === 1 ? 'row' : 'rows'} of ${fileName} for ${actor.name} into ${handle.kind} (${handle.location}) …`,
    );
    const started = Date.now();
    let result;
    try {
      result = await importIntoCollection(actor, { collection: publicId, fileName, parsed }, handle.db);
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'not_found')) throw e;
      result = { ok: false as const, error: 'notFound' as const };
    }
    if (!result.ok) {
      console.error(formatImportError(result, publicId));
      return 1;
    }
    console.log(formatImportReport(result.report));
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main();
} catch (e) {
  const err = e as Error & { cause?: Error };
  console.error(`Import failed: ${err.cause?.message ?? err.message.slice(0, 500)}`);
  process.exitCode = 1;
}
