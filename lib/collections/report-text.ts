/**
 * Plain-text (English) form of a collection import report, as `npm run
 * import:collection` prints it: a heading, a summary line of counts, then every row of the file
 * in line order with its outcome. Pure functions: no I/O, no database.
 */
import { parseBarcode } from '@/lib/barcode';
import type {
  ImportCandidate,
  ImportCounts,
  ImportReason,
  ImportReport,
  ImportResult,
  ImportRowOutcome,
} from '@/lib/data/collection-import';
import type { ImportField } from '@/lib/collections/import-parse';
import en from '@/messages/en.json';

const FORMAT_NAMES = en.enums.formats as Record<string, string>;

/** The English name of a format id as the app shows it ("Blu-ray", "4K UHD", "VHS"); `format N` for an unknown id. */
export function formatName(format: number): string {
  return FORMAT_NAMES[String(format)] ?? `format ${format}`;
}

/** Site path of a matched or candidate item: `/movie/{public_id}` or `/release/{public_id}`. */
export function itemPath(item: Pick<ImportCandidate, 'type' | 'public_id'>): string {
  return `/${item.type}/${item.public_id}`;
}

/** A candidate on one line: `release "Seven Samurai" (1954, Blu-ray, The Criterion Collection, US, EAN …) /release/…`. */
export function describeCandidate(c: ImportCandidate): string {
  const details = [
    c.year === null ? null : String(c.year),
    c.format === null ? null : formatName(c.format),
    c.label,
    c.country,
    c.ean ? `EAN ${c.ean}` : null,
  ].filter((x): x is string => x !== null && x !== '');
  return `${c.type} "${c.name}"${details.length ? ` (${details.join(', ')})` : ''} ${itemPath(c)}`;
}

/** Plain-English words for a row's reason (the row's barcode status tells a barcode lookup from a title one). */
function reasonText(reason: ImportReason, row: ImportRowOutcome): string {
  switch (reason) {
    case 'already_in_collection':
      return 'already in the collection, not added again';
    case 'picked':
      return 'picked by the owner among the candidates';
    case 'several_movies':
      return row.barcode_status === 'matched'
        ? 'the barcode belongs to several movies'
        : 'several movies have this title';
    case 'several_releases':
      return row.barcode_status === 'matched'
        ? 'several releases have this barcode'
        : 'the movie has several releases of this format';
    case 'unreadable':
      return `the line could not be read${row.problem ? ` (${row.problem})` : ''}`;
    case 'no_title':
      return 'no title, and no barcode the catalogue knows';
    case 'title_not_found':
      return 'no movie of this title in the catalogue';
    case 'year_mismatch':
      return 'the title exists only in other years';
    case 'no_release_of_format':
      return 'the movie has no release in this format';
    case 'no_release':
      return 'the movie has no release in the catalogue';
    case 'barcode_unknown':
      return 'no release in the catalogue has this barcode';
  }
}

/** The row's values as read from the file: `"Title" 1954 Blu-ray barcode 0715515012058`. */
function asRead(row: ImportRowOutcome): string {
  const parts = [
    row.title === null ? null : `"${row.title}"`,
    row.year === null ? null : String(row.year),
    row.format === null ? null : formatName(row.format),
    row.barcode ? `barcode ${row.barcode}` : null,
  ].filter((x): x is string => x !== null);
  return parts.length ? parts.join(' ') : '(no title, year, format or barcode)';
}

/** What became of the row's barcode, when worth saying (a match by barcode is shown by the matched item itself). */
function barcodeNote(row: ImportRowOutcome): string | null {
  if (!row.barcode) return null;
  switch (row.barcode_status) {
    case 'invalid_check_digit':
    case 'invalid_format': {
      const parsed = parseBarcode(row.barcode);
      const why = parsed.ok ? 'not a valid EAN-13 or UPC-A' : parsed.error.replace(/^Invalid barcode \S+: /, '');
      return `barcode ${row.barcode} rejected (${why}), looked up by title instead`;
    }
    case 'unknown':
      return `barcode ${row.ean13 ?? row.barcode} is unknown to the catalogue: stored for moderation`;
    case 'matched':
      return `found by barcode ${row.ean13 ?? row.barcode}`;
    default:
      return null;
  }
}

const FIELD_NAMES: Record<ImportField, string> = {
  title: 'title',
  year: 'year',
  format: 'format',
  barcode: 'barcode',
  label: 'label',
  price: 'price',
  currency: 'currency',
  condition: 'condition',
  date: 'date',
  notes: 'notes',
  notes_language: 'notes language',
  watched_method: 'watched on',
  public_id: 'public id',
  uri: 'link',
};

/**
 * One row of the report: a first line `line N: status[, reason] | as read | outcome; notes`,
 * then, for ambiguous and unmatched rows, one indented line per candidate or suggestion.
 */
export function formatReportRow(row: ImportRowOutcome): string[] {
  const status =
    row.reason && row.reason !== 'already_in_collection' ? `${row.status}, ${reasonText(row.reason, row)}` : row.status;
  const notes: string[] = [];
  if (row.status === 'matched' && row.item) {
    const outcome = row.added
      ? 'added'
      : row.reason === 'already_in_collection'
        ? reasonText('already_in_collection', row)
        : 'not added';
    notes.push(`${describeCandidate(row.item)}, ${outcome}`);
  } else if (row.movie) {
    notes.push(`movie found: ${describeCandidate(row.movie)}`);
  }
  const barcode = barcodeNote(row);
  if (barcode && !(row.barcode_status === 'matched' && row.status === 'matched')) notes.push(barcode);
  else if (barcode) notes[0] = `${notes[0]} (${barcode})`;
  if (row.warnings.length)
    notes.push(`left out: ${row.warnings.map((w) => `${FIELD_NAMES[w.field]} "${w.value}"`).join(', ')}`);
  const lines = [
    `line ${row.line}: ${status} | ${row.reason === 'unreadable' ? 'unreadable line' : asRead(row)}${notes.length ? ` | ${notes.join('; ')}` : ''}`,
  ];
  if (row.status !== 'matched' && row.candidates.length) {
    const label = row.status === 'ambiguous' ? 'candidate' : 'suggestion';
    for (const c of row.candidates) lines.push(`    ${label}: ${describeCandidate(c)}`);
  }
  return lines;
}

/** The summary line: `62 rows: 40 matched (35 added, 5 already in the collection), 10 ambiguous, 12 unmatched; 3 unknown barcodes stored for moderation`. */
export function formatImportCounts(c: ImportCounts): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    `${plural(c.rows, 'row', 'rows')}: ${c.matched} matched (${c.added} added, ${c.already} already in the collection), ` +
    `${c.ambiguous} ambiguous, ${c.unmatched} unmatched; ${plural(c.unknown_barcodes, 'unknown barcode', 'unknown barcodes')} stored for moderation`
  );
}

const KIND_NAMES: Record<ImportReport['kind'], string> = {
  csv: 'CSV',
  json: 'JSON',
  jsonl: 'JSON Lines',
  letterboxd: 'Letterboxd export',
};

/**
 * The whole report as text, lines joined with `\n` (no trailing newline): the file and
 * collection, the unknown columns left out, the summary line of {@link formatImportCounts}, then
 * the rows of {@link formatReportRow} in line order.
 * @param report a report returned by importIntoCollection (or read back with getImportReport)
 */
export function formatImportReport(report: ImportReport): string {
  const kind =
    report.kind === 'letterboxd'
      ? `${KIND_NAMES.letterboxd}: ${report.letterboxd_list === 'watchlist' ? 'watchlist' : 'watched films'}`
      : KIND_NAMES[report.kind];
  const lines = [
    `Imported ${report.file_name} (${kind}) into "${report.collection.name}" (${report.collection.category} collection, ` +
      `/collection/${report.collection.public_id}); report ${report.public_id}`,
  ];
  if (report.unknown_columns.length) lines.push(`Columns not imported: ${report.unknown_columns.join(', ')}`);
  lines.push(formatImportCounts(report.counts));
  for (const row of [...report.rows].sort((a, b) => a.line - b.line)) lines.push(...formatReportRow(row));
  const open =
    report.counts.ambiguous + report.rows.filter((r) => r.status === 'unmatched' && r.candidates.length).length;
  if (open)
    lines.push(
      `Pick among the candidates of ${open === 1 ? '1 row' : `${open} rows`} at /collection/${report.collection.public_id}/import.`,
    );
  return lines.join('\n');
}

/**
 * The English message of a refused import (importIntoCollection's `ok: false`, or `notFound` for
 * the not_found it throws for a collection that is not the user's).
 * @param result the refused result, with `params.rows` / `params.max` for 'tooManyRows'
 * @param collectionPublicId the collection the import was meant for
 */
export function formatImportError(
  result: Extract<ImportResult, { ok: false }> | { ok: false; error: 'notFound'; params?: undefined },
  collectionPublicId: string,
): string {
  switch (result.error) {
    case 'notFound':
      return `No collection ${collectionPublicId} of this user (check the public id in /collection/{id}, or use --collection new)`;
    case 'tooManyRows':
      return (
        `The file has ${result.params?.rows ?? 'too many'} rows; at most ${result.params?.max ?? 'the limit'} can be imported at once: split it ` +
        `into smaller files`
      );
    case 'letterboxdNeedsMovies':
      return (
        `A Letterboxd export lists movies: collection ${collectionPublicId} is a releases collection; import it into a movies collection (or use ` +
        `--collection new)`
      );
    case 'emptyFile':
      return 'The file has no rows to import';
    case 'running':
      return `Another import into collection ${collectionPublicId} is still running: wait for it to finish`;
  }
}
