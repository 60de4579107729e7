/**
 * Reading seed/import files: plain or gzip (detected by magic bytes), JSON Lines or JSON, and
 * detection of which data set a file holds from its content (not its name).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The data sets the importer understands (formats of ../shared/data). */
export type SourceKind = 'labels' | 'wikipedia' | 'criterion' | 'uhd4k' | 'filmbrainz' | 'censorship';

/** Import order: labels first, then movies, then releases that point at movies, censorship last. */
export const KIND_ORDER: readonly SourceKind[] = [
  'labels',
  'wikipedia',
  'criterion',
  'uhd4k',
  'filmbrainz',
  'censorship',
];

/** One raw record of a file with the line it starts on (1-based). */
export type RawRecord = { line: number; value: unknown };

/** A file read into memory: name, content hash, detected kind, records and lines that failed to parse. */
export type LoadedFile = {
  /** File name as shown in reports (basename without .gz). */
  name: string;
  /** SHA-256 of the uncompressed content, hex. */
  contentHash: string;
  kind: SourceKind;
  records: RawRecord[];
  /** Lines (or records) that are not valid JSON: reported as `name:line: reason`. */
  parseErrors: { line: number; reason: string }[];
};

/** Reads a file, gunzipping when it starts with the gzip magic bytes. @throws when unreadable */
export function readText(file: string): string {
  const buf = fs.readFileSync(file);
  const raw = buf.length > 2 && buf[0] === 0x1f && buf[1] === 0x8b ? zlib.gunzipSync(buf) : buf;
  return raw.toString('utf8');
}

/** Display name of an import file: its basename without a trailing .gz. */
export function displayName(file: string): string {
  return path.basename(file).replace(/\.gz$/, '');
}

function detectKindOfRecord(v: unknown): SourceKind | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const id = typeof o.id === 'string' ? o.id : '';
  if (id.startsWith('wp:') || ('wikipedia_href' in o && 'cast' in o)) return 'wikipedia';
  if (id.startsWith('criterion:') || ('spine_number' in o && 'films' in o)) return 'criterion';
  if (id.startsWith('tdb4k:') || ('title_base' in o && 'street_date' in o)) return 'uhd4k';
  if ('packaging-attributes' in o) return 'filmbrainz';
  if ('release_count_in_seed' in o) return 'labels';
  return null;
}

/** Line number (1-based) of a character offset in a text. */
function lineOf(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * Loads a file and detects its kind from content: JSON Lines of Wikipedia movies, Criterion
 * releases or 4K UHD releases; a JSON object with `events` (Finnish censorship); a JSON array of
 * filmbrainz release records or of derived labels.
 * @throws Error("<name>: cannot detect the data set …") when the content matches no known format
 */
export function loadFile(file: string): LoadedFile {
  const name = displayName(file);
  const text = readText(file);
  const contentHash = crypto.createHash('sha256').update(text).digest('hex');
  const trimmed = text.trimStart();
  const parseErrors: LoadedFile['parseErrors'] = [];
  const records: RawRecord[] = [];

  let wholeJson: unknown = undefined;
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      wholeJson = JSON.parse(text);
    } catch {
      wholeJson = undefined; // not one JSON document: JSON Lines
    }
  }

  if (
    wholeJson !== undefined &&
    (Array.isArray(wholeJson) || (wholeJson && typeof wholeJson === 'object' && 'events' in wholeJson))
  ) {
    const list: unknown[] = Array.isArray(wholeJson)
      ? wholeJson
      : ((wholeJson as { events: unknown }).events as unknown[]);
    if (!Array.isArray(list)) throw new Error(`${name}: "events" is not an array`);
    const kind: SourceKind | null = Array.isArray(wholeJson)
      ? detectKindOfRecord(list.find((r) => r && typeof r === 'object'))
      : 'censorship';
    if (!kind) throw new Error(`${name}: cannot detect the data set (no known record shape)`);
    // Line of each record: where its opening brace stands at nesting depth 1 (arrays) or 2 (events).
    const starts: number[] = [];
    const targetDepth = Array.isArray(wholeJson) ? 1 : 2;
    let depth = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') {
        if (c === '{' && depth === targetDepth) starts.push(lineOf(text, i));
        depth++;
      } else if (c === '}' || c === ']') depth--;
    }
    list.forEach((value, i) => records.push({ line: starts[i] ?? i + 1, value }));
    return { name, contentHash, kind, records, parseErrors };
  }

  // JSON Lines.
  const lines = text.split('\n');
  let kind: SourceKind | null = null;
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    try {
      const value = JSON.parse(line) as unknown;
      kind ??= detectKindOfRecord(value);
      records.push({ line: i + 1, value });
    } catch (e) {
      parseErrors.push({ line: i + 1, reason: `invalid JSON (${(e as Error).message})` });
    }
  });
  if (!kind) throw new Error(`${name}: cannot detect the data set (no known record shape)`);
  return { name, contentHash, kind, records, parseErrors };
}
