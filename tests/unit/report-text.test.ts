/**
 * The import report as text (lib/collections/report-text.ts), on a small hand-built report: the
 * heading and summary, one line per row in line order with status, reason, values as read and the
 * matched item or candidates, barcode notes, values left out, and the refusal messages.
 */
import { describe, expect, it } from 'vitest';
import {
  describeCandidate,
  formatImportCounts,
  formatImportError,
  formatImportReport,
  formatName,
} from '@/lib/collections/report-text';
import type { ImportCandidate, ImportReport, ImportRowOutcome } from '@/lib/data/collection-import';

const grandIllusion: ImportCandidate = {
  type: 'release',
  public_id: 'fBmpAPJaFw',
  name: 'Grand Illusion',
  year: null,
  format: 1,
  label: 'The Criterion Collection',
  country: 'US',
  ean: null,
};
const halloween78: ImportCandidate = {
  type: 'release',
  public_id: 'kIFJozVOre',
  name: 'Halloween (1978)',
  year: 2018,
  format: 7,
  label: 'Lionsgate',
  country: null,
  ean: null,
};
const halloween18: ImportCandidate = {
  type: 'release',
  public_id: 'Sn77oNFksr',
  name: 'Halloween (2018)',
  year: 2019,
  format: 7,
  label: 'Universal',
  country: null,
  ean: null,
};
const grandIllusionMovie: ImportCandidate = {
  type: 'movie',
  public_id: 'WG9laJs_xf',
  name: 'Grand Illusion',
  year: 1937,
  format: null,
  label: null,
  country: null,
  ean: null,
};
const suspiriaMovie: ImportCandidate = {
  type: 'movie',
  public_id: 'k3witEgSUb',
  name: 'Suspiria',
  year: 1977,
  format: null,
  label: null,
  country: null,
  ean: null,
};

function row(o: Partial<ImportRowOutcome> & Pick<ImportRowOutcome, 'line' | 'status'>): ImportRowOutcome {
  return {
    title: null,
    year: null,
    format: null,
    barcode: null,
    ean13: null,
    barcode_status: 'none',
    reason: null,
    added: false,
    item: null,
    movie: null,
    candidates: [],
    warnings: [],
    problem: null,
    entry: null,
    ...o,
  };
}

const rows: ImportRowOutcome[] = [
  // Out of order on purpose: the text lists rows by line.
  row({ line: 6, status: 'unmatched', reason: 'unreadable', problem: 'Quote Not Closed' }),
  row({
    line: 2,
    status: 'matched',
    title: 'Grand Illusion',
    year: 1937,
    format: 1,
    item: grandIllusion,
    added: true,
    warnings: [{ field: 'price', value: 'ask me' }],
  }),
  row({
    line: 3,
    status: 'matched',
    reason: 'already_in_collection',
    title: 'Grand Illusion',
    year: 1937,
    format: 1,
    barcode: '5017180816204',
    barcode_status: 'invalid_check_digit',
    item: grandIllusion,
  }),
  row({
    line: 4,
    status: 'ambiguous',
    reason: 'several_releases',
    title: 'Halloween',
    format: 7,
    candidates: [halloween78, halloween18],
  }),
  row({
    line: 5,
    status: 'unmatched',
    reason: 'year_mismatch',
    title: 'Grand Illusion',
    year: 1950,
    format: 3,
    candidates: [grandIllusionMovie],
  }),
  row({
    line: 7,
    status: 'unmatched',
    reason: 'barcode_unknown',
    title: 'Suspiria',
    year: 1977,
    format: 7,
    barcode: '760137123453',
    ean13: '0760137123453',
    barcode_status: 'unknown',
    movie: suspiriaMovie,
  }),
  row({
    line: 8,
    status: 'matched',
    title: null,
    format: 3,
    barcode: '5050582371710',
    ean13: '5050582371710',
    barcode_status: 'matched',
    added: true,
    item: {
      type: 'release',
      public_id: '3oCB8qhJK1',
      name: 'Mr. Deeds',
      year: null,
      format: 3,
      label: 'Columbia Tristar Home Entertainment',
      country: 'GB',
      ean: '5050582371710',
    },
  }),
];

const report: ImportReport = {
  public_id: 'rep0000001',
  collection: { public_id: 'col0000001', name: 'My shelf', category: 'releases' },
  file_name: 'shelf.csv',
  kind: 'csv',
  letterboxd_list: null,
  unknown_columns: ['Shelf'],
  created_at: '2026-11-23T10:00:00.000Z',
  counts: { rows: 7, matched: 3, added: 2, already: 1, ambiguous: 1, unmatched: 3, unknown_barcodes: 1 },
  rows,
};

describe('formatImportReport', () => {
  const text = formatImportReport(report);
  const lines = text.split('\n');

  it('starts with the file, the collection and its path, the columns left out and the summary counts', () => {
    expect(lines[0]).toBe(
      'Imported shelf.csv (CSV) into "My shelf" (releases collection, /collection/col0000001); report rep0000001',
    );
    expect(lines[1]).toBe('Columns not imported: Shelf');
    expect(lines[2]).toBe(
      '7 rows: 3 matched (2 added, 1 already in the collection), 1 ambiguous, 3 unmatched; 1 unknown barcode stored for moderation',
    );
  });

  it('lists every row once, by line number', () => {
    const rowLines = lines.filter((l) => /^line \d+: /.test(l)).map((l) => Number(/^line (\d+)/.exec(l)?.[1]));
    expect(rowLines).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('shows a matched row with its values as read, the item with format name and path, and the values left out', () => {
    expect(text).toContain(
      'line 2: matched | "Grand Illusion" 1937 Blu-ray | release "Grand Illusion" (Blu-ray, The Criterion Collection, US) /release/fBmpAPJaFw, added; ' +
        'left out: price "ask me"',
    );
  });

  it('says when the item was in the collection already and why a barcode was rejected', () => {
    const line3 = lines.find((l) => l.startsWith('line 3:'));
    expect(line3).toContain('already in the collection, not added again');
    expect(line3).toContain(
      'barcode 5017180816204 rejected (wrong check digit 4, the check digit should be 3), looked up by title instead',
    );
  });

  it('lists the candidates of an ambiguous row and the suggestions of an unmatched one, with public ids', () => {
    const i = lines.findIndex((l) => l.startsWith('line 4:'));
    expect(lines[i]).toBe('line 4: ambiguous, the movie has several releases of this format | "Halloween" 4K UHD');
    expect(lines[i + 1]).toBe(
      '    candidate: release "Halloween (1978)" (2018, 4K UHD, Lionsgate) /release/kIFJozVOre',
    );
    expect(lines[i + 2]).toBe(
      '    candidate: release "Halloween (2018)" (2019, 4K UHD, Universal) /release/Sn77oNFksr',
    );
    const j = lines.findIndex((l) => l.startsWith('line 5:'));
    expect(lines[j]).toBe('line 5: unmatched, the title exists only in other years | "Grand Illusion" 1950 DVD');
    expect(lines[j + 1]).toBe('    suggestion: movie "Grand Illusion" (1937) /movie/WG9laJs_xf');
  });

  it('links the movie of an unknown barcode and says the barcode is kept for moderation', () => {
    expect(text).toContain(
      'line 7: unmatched, no release in the catalogue has this barcode | "Suspiria" 1977 4K UHD barcode 760137123453 | movie found: movie "Suspiria" ' +
        '(1977) /movie/k3witEgSUb; barcode 0760137123453 is unknown to the catalogue: stored for moderation',
    );
  });

  it('shows an unreadable line with what the reader said, and a match by barcode', () => {
    expect(text).toContain('line 6: unmatched, the line could not be read (Quote Not Closed) | unreadable line');
    expect(text).toContain(
      'line 8: matched | DVD barcode 5050582371710 | release "Mr. Deeds" (DVD, Columbia Tristar Home Entertainment, GB, EAN 5050582371710) ' +
        '/release/3oCB8qhJK1, added (found by barcode 5050582371710)',
    );
  });

  it('ends by pointing at the import page for the rows with candidates', () => {
    expect(lines.at(-1)).toBe('Pick among the candidates of 2 rows at /collection/col0000001/import.');
  });

  it('names a Letterboxd export and leaves out the columns line when every column was read', () => {
    const lb = formatImportReport({
      ...report,
      kind: 'letterboxd',
      letterboxd_list: 'watchlist',
      unknown_columns: [],
      rows: [],
      counts: { rows: 0, matched: 0, added: 0, already: 0, ambiguous: 0, unmatched: 0, unknown_barcodes: 0 },
    });
    expect(lb.split('\n')).toEqual([
      'Imported shelf.csv (Letterboxd export: watchlist) into "My shelf" (releases collection, /collection/col0000001); report rep0000001',
      '0 rows: 0 matched (0 added, 0 already in the collection), 0 ambiguous, 0 unmatched; 0 unknown barcodes stored for moderation',
    ]);
  });
});

describe('report text helpers', () => {
  it('names formats as the app does', () => {
    expect([1, 2, 3, 4, 5, 7, 11].map(formatName)).toEqual([
      'Blu-ray',
      'VHS',
      'DVD',
      'DVD-R',
      'Blu-ray 3D',
      '4K UHD',
      '4K UHD + Blu-ray',
    ]);
    expect(formatName(99)).toBe('format 99');
  });

  it('describes a movie candidate without empty details', () => {
    expect(describeCandidate({ ...grandIllusionMovie, year: null })).toBe('movie "Grand Illusion" /movie/WG9laJs_xf');
  });

  it('counts in the singular for one row', () => {
    expect(
      formatImportCounts({
        rows: 1,
        matched: 1,
        added: 1,
        already: 0,
        ambiguous: 0,
        unmatched: 0,
        unknown_barcodes: 0,
      }),
    ).toMatch(/^1 row: 1 matched \(1 added/);
  });

  it('words the refusals', () => {
    expect(formatImportError({ ok: false, error: 'tooManyRows', params: { rows: 5001, max: 5000 } }, 'x')).toBe(
      'The file has 5001 rows; at most 5000 can be imported at once: split it into smaller files',
    );
    expect(formatImportError({ ok: false, error: 'notFound' }, 'abc')).toContain('No collection abc');
    expect(formatImportError({ ok: false, error: 'letterboxdNeedsMovies' }, 'abc')).toContain(
      'collection abc is a releases collection',
    );
    expect(formatImportError({ ok: false, error: 'emptyFile' }, 'abc')).toBe('The file has no rows to import');
  });
});
