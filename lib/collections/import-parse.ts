/**
 * Reading collection import files: CSV (comma, semicolon or tab separated, any column
 * order, header names matched loosely in English and Finnish), JSON (an array of objects, or an
 * object with an `entries`, `items` or `rows` array), JSON Lines, and Letterboxd exports
 * (watched.csv, watchlist.csv, diary.csv, ratings.csv: `Date, Name, Year, Letterboxd URI`).
 * Every row keeps its line number (JSON: its position); a malformed row becomes a problem with
 * its line and the rest is read. Values are normalised here (year, format, price and currency,
 * condition, date); matching to the catalogue is lib/data/collection-import.ts's.
 */
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { unescapeCsvCell } from '@/lib/collections/export';
import { foldText } from '@/lib/text';
import { FORMATS, type FormatId } from '@/lib/validation/enums';
import { isPublicId } from '@/lib/validation/listing';
import type { Currency } from '@/lib/validation/collection-limits';

/** The fields an import row can carry. */
export const IMPORT_FIELDS = [
  'title',
  'year',
  'format',
  'barcode',
  'label',
  'price',
  'currency',
  'condition',
  'date',
  'notes',
  'notes_language',
  'watched_method',
  'public_id',
  'uri',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Header names (folded: lower case, letters and digits only) that mean each field. */
const HEADER_NAMES: Record<ImportField, string[]> = {
  title: [
    'title',
    'name',
    'movie',
    'film',
    'movietitle',
    'filmtitle',
    'releasetitle',
    'release',
    'nimi',
    'elokuva',
    'otsikko',
    'nimike',
  ],
  year: ['year', 'releaseyear', 'released', 'yr', 'vuosi', 'julkaisuvuosi'],
  format: ['format', 'media', 'medium', 'mediatype', 'formaatti', 'tallenne'],
  barcode: ['barcode', 'ean', 'upc', 'ean13', 'upca', 'gtin', 'eanupc', 'upcean', 'viivakoodi'],
  label: ['label', 'labelname', 'publisher', 'studio', 'distributor', 'julkaisija', 'levymerkki', 'levittaja'],
  price: ['price', 'paid', 'cost', 'pricepaid', 'purchaseprice', 'value', 'hinta', 'ostohinta'],
  currency: ['currency', 'cur', 'valuutta'],
  condition: ['condition', 'cond', 'grade', 'state', 'kunto'],
  date: [
    'date',
    'acquired',
    'dateacquired',
    'purchased',
    'purchasedate',
    'dateadded',
    'added',
    'bought',
    'watcheddate',
    'pvm',
    'paivamaara',
    'ostettu',
  ],
  notes: [
    'notes',
    'note',
    'mynotes',
    'comment',
    'comments',
    'review',
    'description',
    'kommentti',
    'muistiinpanot',
    'huomiot',
  ],
  notes_language: ['noteslanguage', 'commentlanguage'],
  watched_method: ['watchedmethod', 'watchedon'],
  // This app's export: the item's public id makes a re-import exact.
  public_id: ['publicid', 'discshelfid'],
  uri: ['letterboxduri', 'uri', 'url', 'link'],
};

const FIELD_OF_HEADER = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((f) => HEADER_NAMES[f].map((h): [string, ImportField] => [h, f])),
);

/** The import field a column header means, or null (kept as an unknown column). */
export function fieldOfHeader(header: string): ImportField | null {
  return FIELD_OF_HEADER.get(foldText(header).replace(/[^a-z0-9]/g, '')) ?? null;
}

/** One row of an import file with its normalised values. */
export type ImportRow = {
  /** Line of the file (CSV, JSON Lines) or position (JSON array, from 1). */
  line: number;
  title: string | null;
  year: number | null;
  format: FormatId | null;
  /** Digits as given (normalised and checked when matched). */
  barcode: string | null;
  /** The label (publisher) as written: prefills a suggested release of an unknown disc. */
  label: string | null;
  /** Decimal string with 2 decimals, in `currency`. */
  price: string | null;
  currency: Currency | null;
  condition: number | null;
  /** YYYY-MM-DD. */
  date: string | null;
  notes: string | null;
  /** Language code of the notes (the export's `notes_language`). */
  notes_language: string | null;
  /** How a movie was watched (the export's `watched_method`). */
  watched_method: string | null;
  /** Public id of a movie or release of this app (the export's `public_id`), when well-formed. */
  public_id: string | null;
  uri: string | null;
  /** What could not be read (a value kept out of the entry), as message keys with the raw value. */
  warnings: { field: ImportField; value: string }[];
};

/** A row that could not be read at all. */
export type ParseProblem = { line: number; message: string };

export type ImportKind = 'csv' | 'json' | 'jsonl' | 'letterboxd';
export type ParsedImport = {
  kind: ImportKind;
  letterboxdList: 'watched' | 'watchlist' | null;
  rows: ImportRow[];
  problems: ParseProblem[];
  unknownColumns: string[];
};

/** A format as people write it ("Blu-ray", "BD", "4K UHD", "UHD + Blu-ray", "dvd-r", "VHS"), or null. */
export function parseFormat(input: string): FormatId | null {
  const s = foldText(input).replace(/[^a-z0-9]/g, '') + (input.includes('+') ? '+' : '');
  if (!s) return null;
  // 4K discs are Blu-ray discs: "4K UHD Blu-ray" is a 4K disc, "4K UHD + Blu-ray" the combo pack.
  if (/4k|uhd|ultrahd|2160p/.test(s))
    return /\+|combo|(4k|uhd).*(and|ja)bluray/.test(s) ? FORMATS.uhd_bluray_combo : FORMATS.uhd;
  if (/bluray3d|bd3d|3dbluray/.test(s)) return FORMATS.bluray_3d;
  if (/^(bluray|blu|bd|brd)/.test(s)) return FORMATS.bluray;
  if (/^dvdr$|^dvd-r$/.test(s)) return FORMATS.dvd_r;
  if (/^dvd/.test(s)) return FORMATS.dvd;
  if (/^(vhs|videotape|video|vhsc|videokasetti|c?vhs)/.test(s)) return FORMATS.vhs;
  return null;
}

const CONDITION_WORDS: [RegExp, number][] = [
  [/^(sealed|newsealed|factorysealed|avaamaton|muoveissa|kelmussa)$/, 6],
  [/^(mint|nearmint|nm|new|uusi|uudenveroinen|erinomainen)$/, 1],
  [/^(good|verygood|vg|vgplus|hyva|tosihyva)$/, 2],
  [/^(fine|ok|okay|used|fair|kelvollinen|tyydyttava)$/, 3],
  [/^(bad|poor|worn|huono|kulunut)$/, 4],
  [/^(unusable|broken|damaged|kayttokelvoton|rikki)$/, 5],
];

/** A condition 1-6 from its number or a word in English or Finnish, or null. */
export function parseCondition(input: string): number | null {
  const s = foldText(input).replace(/[^a-z0-9]/g, '');
  if (/^[1-6]$/.test(s)) return Number(s);
  for (const [re, n] of CONDITION_WORDS) if (re.test(s)) return n;
  return null;
}

const CURRENCY_SIGNS: [RegExp, Currency][] = [
  [/€|\beur\b|euro/i, 'EUR'],
  [/£|\bgbp\b/i, 'GBP'],
  [/\$|\busd\b/i, 'USD'],
  [/\bsek\b|\bkr\b|kronor/i, 'SEK'],
];

/** A price with its currency sign or code ("€19,99", "19.99 EUR", "$12", "99 kr"): amount (2 decimals) and currency (null when not written). */
export function parsePrice(input: string): { price: string; currency: Currency | null } | null {
  const currency = CURRENCY_SIGNS.find(([re]) => re.test(input))?.[1] ?? null;
  const number = input.replace(/[^\d.,]/g, '');
  if (!number) return null;
  // "1.234,56" and "1,234.56": the last separator is the decimal one when 1-2 digits follow it.
  const m = /^(.*?)[.,](\d{1,2})$/.exec(number);
  const whole = (m ? m[1] : number).replace(/[.,]/g, '');
  const amount = Number(m ? `${whole}.${m[2]}` : whole);
  if (!Number.isFinite(amount) || !/^\d+$/.test(whole || '0')) return null;
  return { price: amount.toFixed(2), currency };
}

/** A currency code, sign or name, or null. */
export function parseCurrency(input: string): Currency | null {
  return CURRENCY_SIGNS.find(([re]) => re.test(input))?.[1] ?? null;
}

/** A date as ISO (2024-05-01, 2024/05/01) or Finnish/European (1.5.2024, 01.05.2024) → YYYY-MM-DD, or null. */
export function parseDate(input: string): string | null {
  const s = input.trim();
  let y: number, mo: number, d: number;
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(s);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s))) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** A title with its year in brackets at the end ("Dead & Buried (1981)") split into both. */
export function splitTitleYear(title: string): { title: string; year: number | null } {
  const m = /^(.*\S)\s*[([](\d{4})[)\]]\s*$/.exec(title.trim());
  return m ? { title: m[1], year: Number(m[2]) } : { title: title.trim(), year: null };
}

function parseYear(input: string): number | null {
  const m = /\b(1[89]\d\d|20\d\d)\b/.exec(input);
  return m ? Number(m[1]) : null;
}

/** Builds a row from raw values by field (already mapped from the headers). */
export function toImportRow(line: number, values: Partial<Record<ImportField, string>>): ImportRow {
  const warnings: ImportRow['warnings'] = [];
  const v = (f: ImportField) => {
    const raw = values[f];
    return raw === undefined || raw === null ? '' : String(raw).trim();
  };
  const titled = splitTitleYear(v('title'));
  const yearText = v('year');
  let year = yearText ? parseYear(yearText) : titled.year;
  if (yearText && year === null) warnings.push({ field: 'year', value: yearText });
  if (year === null) year = titled.year;
  const formatText = v('format');
  const format = formatText ? parseFormat(formatText) : null;
  if (formatText && format === null) warnings.push({ field: 'format', value: formatText });
  const priceText = v('price');
  const price = priceText ? parsePrice(priceText) : null;
  if (priceText && !price) warnings.push({ field: 'price', value: priceText });
  const currencyText = v('currency');
  const currency = currencyText ? parseCurrency(currencyText) : null;
  if (currencyText && !currency) warnings.push({ field: 'currency', value: currencyText });
  const conditionText = v('condition');
  const condition = conditionText ? parseCondition(conditionText) : null;
  if (conditionText && condition === null) warnings.push({ field: 'condition', value: conditionText });
  const dateText = v('date');
  const date = dateText ? parseDate(dateText) : null;
  if (dateText && !date) warnings.push({ field: 'date', value: dateText });
  const barcode = v('barcode').replace(/[\s-]/g, '') || null;
  return {
    line,
    title: titled.title || null,
    year,
    format,
    barcode,
    label: v('label').slice(0, 300) || null,
    price: price?.price ?? null,
    // A sign written with the amount ("£15") wins over the currency column; EUR when neither says.
    currency: price ? (price.currency ?? currency ?? 'EUR') : null,
    condition,
    date,
    notes: v('notes').slice(0, 2000) || null,
    notes_language: v('notes_language').toLowerCase() || null,
    watched_method: v('watched_method').toLowerCase() || null,
    public_id: isPublicId(v('public_id')) ? v('public_id') : null,
    uri: v('uri') || null,
    warnings,
  };
}

function mapRecord(record: Record<string, unknown>, unknown: Set<string>): Partial<Record<ImportField, string>> {
  const out: Partial<Record<ImportField, string>> = {};
  for (const [key, value] of Object.entries(record)) {
    const field = fieldOfHeader(key);
    if (!field) {
      if (key.trim()) unknown.add(key.trim());
      continue;
    }
    if (out[field] === undefined && value !== null && value !== undefined && String(value).trim() !== '')
      out[field] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

function detectDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

type CsvRecord = { line: number; record: Record<string, string> };

/**
 * CSV records with their line numbers (csv-parse). A well-formed file is read in one pass, with
 * quoted fields that span lines. When csv-parse finds a malformed record (an unclosed or stray
 * quote), the rest of its pass is lost, so the file is then read one line at a time instead: each
 * bad line becomes a problem with its line number and every other line is still read.
 */
function parseCsv(text: string, problems: ParseProblem[]): { records: CsvRecord[]; headers: string[] } {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split(/\r?\n/);
  const delimiter = detectDelimiter(lines[0] ?? '');
  const options = { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true } as const;
  const headers = ((parse(lines[0] ?? '', options) as string[][])[0] ?? []).map((h) => h.trim());
  // A cell of this app's own export that was escaped against spreadsheet formulas reads back as its value.
  const toRecord = (cells: string[]) => Object.fromEntries(headers.map((h, i) => [h, unescapeCsvCell(cells[i] ?? '')]));
  try {
    // With `info`, csv-parse returns { record, info } objects (its typing does not follow the option).
    const rows = parse(body, { ...options, from_line: 2, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return { records: rows.map((r) => ({ line: r.info.lines, record: toRecord(r.record) })), headers };
  } catch {
    const records: CsvRecord[] = [];
    lines.forEach((lineText, i) => {
      if (i === 0 || !lineText.trim()) return;
      try {
        const cells = (parse(lineText, options) as string[][])[0];
        if (cells) records.push({ line: i + 1, record: toRecord(cells) });
      } catch (e) {
        problems.push({ line: i + 1, message: (e as Error).message.replace(/ at line \d+/, '') });
      }
    });
    return { records, headers };
  }
}

const LETTERBOXD_HEADERS = ['date', 'name', 'year', 'letterboxduri'];

/**
 * Reads an import file.
 * @param fileName the uploaded file's name (its extension and, for Letterboxd, "watchlist" decide)
 * @param text the file's content (UTF-8)
 */
export function parseImportFile(fileName: string, text: string): ParsedImport {
  const problems: ParseProblem[] = [];
  const unknown = new Set<string>();
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  const lower = fileName.toLowerCase();
  if (
    lower.endsWith('.jsonl') ||
    lower.endsWith('.ndjson') ||
    (!lower.endsWith('.json') && /^\{[^\n]*\}\s*\n\s*\{/.test(trimmed))
  ) {
    const rows: ImportRow[] = [];
    trimmed.split(/\r?\n/).forEach((lineText, i) => {
      if (!lineText.trim()) return;
      try {
        const value: unknown = JSON.parse(lineText);
        if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
        rows.push(toImportRow(i + 1, mapRecord(value as Record<string, unknown>, unknown)));
      } catch (e) {
        problems.push({ line: i + 1, message: `Not a JSON object: ${(e as Error).message}` });
      }
    });
    return { kind: 'jsonl', letterboxdList: null, rows, problems, unknownColumns: [...unknown] };
  }
  if (lower.endsWith('.json') || trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (e) {
      return {
        kind: 'json',
        letterboxdList: null,
        rows: [],
        problems: [{ line: 1, message: `Not JSON: ${(e as Error).message}` }],
        unknownColumns: [],
      };
    }
    const list = Array.isArray(value)
      ? value
      : ['entries', 'items', 'rows'].map((k) => (value as Record<string, unknown>)?.[k]).find(Array.isArray);
    if (!Array.isArray(list))
      return {
        kind: 'json',
        letterboxdList: null,
        rows: [],
        problems: [{ line: 1, message: 'Expected an array of objects, or an object with an "entries" array' }],
        unknownColumns: [],
      };
    const rows: ImportRow[] = [];
    list.forEach((item, i) => {
      if (item && typeof item === 'object' && !Array.isArray(item))
        rows.push(toImportRow(i + 1, mapRecord(item as Record<string, unknown>, unknown)));
      else problems.push({ line: i + 1, message: 'Not an object' });
    });
    return { kind: 'json', letterboxdList: null, rows, problems, unknownColumns: [...unknown] };
  }
  const { records, headers } = parseCsv(text, problems);
  const folded = headers.map((h) => foldText(h).replace(/[^a-z0-9]/g, ''));
  const letterboxd = LETTERBOXD_HEADERS.every((h) => folded.includes(h));
  const rows = records.map(({ line, record }) => toImportRow(line, mapRecord(record, unknown)));
  // Letterboxd's "Rating", "Rewatch", "Tags", "Watched Date" are not collection fields.
  return {
    kind: letterboxd ? 'letterboxd' : 'csv',
    letterboxdList: letterboxd ? (lower.includes('watchlist') ? 'watchlist' : 'watched') : null,
    rows,
    problems,
    unknownColumns: [...unknown],
  };
}

/**
 * The text of an uploaded file: UTF-8 (with or without BOM), UTF-16 with its BOM (Excel's
 * "Unicode text"), else Windows-1252 (Excel's CSV on Western European Windows, "hyvä" intact).
 * @param bytes the file's bytes
 * @returns the text, or null for a file that is not text (it holds NUL bytes)
 */
export function decodeImportFile(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // Node's TextDecoder reads 'windows-1252' as Latin-1 (0x80 is not €): iconv-lite has the real table.
    return iconv.decode(Buffer.from(bytes), 'win1252');
  }
}
