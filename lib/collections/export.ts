/**
 * Collection export: the entries of a collection as CSV or JSON, one row per entry with
 * the columns the collection import also reads (README "Importing a collection"). Prices
 * are decimal strings in the entry's currency; dates YYYY-MM-DD; `format` is the format key of
 * lib/validation/enums.ts FORMATS (bluray, vhs, dvd, dvd_r, bluray_3d, uhd, uhd_bluray_combo).
 */
import { stringify } from 'csv-stringify/sync';
import type { CollectionDto, CollectionEntryDto } from '@/lib/data/collections';
import { FORMATS } from '@/lib/validation/enums';

/** Columns of an exported row, in file order. */
export const EXPORT_COLUMNS = [
  'type',
  'title',
  'year',
  'format',
  'label',
  'ean',
  'price',
  'currency',
  'condition',
  'date',
  'watched_method',
  'notes',
  'notes_language',
  'added_at',
  'public_id',
] as const;
export type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string>;

const FORMAT_KEY = new Map<number, string>(Object.entries(FORMATS).map(([k, id]) => [id, k]));

/** One entry as an export row (empty strings for missing values). */
export function exportRow(e: CollectionEntryDto): ExportRow {
  const r = e.release;
  const m = e.movie;
  return {
    type: r ? 'release' : 'movie',
    title: r?.name ?? m?.name ?? '',
    year: String(r ? (r.release_year ?? r.street_date?.slice(0, 4) ?? '') : (m?.year ?? '')),
    format: r ? (FORMAT_KEY.get(r.format) ?? '') : '',
    label: r?.label?.name ?? '',
    ean: r?.ean ?? '',
    price: e.price ?? '',
    currency: e.currency ?? '',
    condition: e.condition === null ? '' : String(e.condition),
    date: e.acquired_on ?? '',
    watched_method: e.watched_method ?? '',
    notes: e.comment ?? '',
    notes_language: e.comment_language ?? '',
    added_at: e.created_at,
    public_id: r?.public_id ?? m?.public_id ?? '',
  };
}

/**
 * A cell that a spreadsheet would read as a formula (OWASP "CSV injection"): it begins with `=`,
 * `+`, `-`, `@`, a tab or a carriage return, possibly after quotes that an earlier escape added.
 * A plain decimal number (`-5`, `+358`, `12.50`) is not a formula and is left as it is.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One CSV cell made safe for spreadsheets: a cell that could start a formula gets a single quote
 * `'` in front (spreadsheets show the rest as text). Cells already starting with quotes before a
 * formula character get one more, so {@link unescapeCsvCell} (the import) restores every value
 * exactly. Applies to every column; numbers never need it (see FORMULA_START).
 */
export function escapeCsvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The value of a cell written by {@link escapeCsvCell}: one leading quote before a formula character removed. */
export function unescapeCsvCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * The entries as CSV text (header row, RFC 4180 quoting, CRLF line ends, UTF-8 with BOM for
 * spreadsheets); every cell passed through {@link escapeCsvCell}. The JSON export carries the
 * values as they are.
 */
export function entriesCsv(entries: CollectionEntryDto[]): string {
  const rows = entries.map((e) => {
    const row = exportRow(e);
    for (const c of EXPORT_COLUMNS) row[c] = escapeCsvCell(row[c]);
    return row;
  });
  return `\uFEFF${stringify(rows, { header: true, columns: [...EXPORT_COLUMNS], record_delimiter: 'windows' })}`;
}

/** The collection and its entries as a JSON document (pretty-printed). */
export function collectionJson(collection: CollectionDto, entries: CollectionEntryDto[]): string {
  const { mine: _mine, ...meta } = collection;
  return `${JSON.stringify({ collection: meta, entries: entries.map(exportRow) }, null, 2)}\n`;
}

/** A file name for the export: the collection name reduced to safe characters, and the extension. */
export function exportFileName(collection: CollectionDto, ext: 'csv' | 'json'): string {
  const base = collection.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'collection'}-${collection.public_id}.${ext}`;
}
