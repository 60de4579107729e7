/**
 * CSV export against spreadsheet formulas (lib/collections/export.ts): a cell starting with `=`,
 * `+`, `-`, `@`, tab or carriage return gets a leading `'`, plain numbers stay as they are, and
 * the collection import (lib/collections/import-parse.ts) reads an exported file back to the same
 * values, including text that itself starts with quotes before a formula character.
 */
import { describe, expect, it } from 'vitest';
import { entriesCsv, escapeCsvCell, unescapeCsvCell } from '@/lib/collections/export';
import { parseImportFile } from '@/lib/collections/import-parse';
import type { CollectionEntryDto } from '@/lib/data/collections';
import type { TitleListItem } from '@/lib/data/types';

/** A movie entry with the given title and notes (the other fields empty). */
function entry(id: number, name: string, comment: string | null, price: string | null = null): CollectionEntryDto {
  const movie: TitleListItem = {
    public_id: `movie${id}`,
    source_id: null,
    type: 1,
    name,
    original_name: null,
    year: 1999,
    runtime_min: null,
    genres: [],
    release_count: 0,
    picture_url: null,
  };
  return {
    id,
    movie,
    release: null,
    comment,
    comment_language: comment ? 'en' : null,
    price,
    currency: price ? 'EUR' : null,
    condition: null,
    acquired_on: null,
    watched_method: null,
    created_at: '2026-01-02T03:04:05.000Z',
  };
}

describe('CSV cell escaping', () => {
  it('prefixes a quote to cells that start a formula', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(escapeCsvCell('+cmd')).toBe("'+cmd");
    expect(escapeCsvCell('-2+3')).toBe("'-2+3");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('\tTab')).toBe("'\tTab");
    expect(escapeCsvCell('\rCR')).toBe("'\rCR");
    expect(escapeCsvCell("'=already")).toBe("''=already");
  });

  it('leaves plain numbers and ordinary text alone', () => {
    for (const v of ['-5', '+358', '12.50', '-0.99', 'Alien', "'quoted", 'a=b', '', '2024-01-02'])
      expect(escapeCsvCell(v)).toBe(v);
  });

  it('unescapes exactly what it escaped', () => {
    for (const v of ['=1+1', "'=1", "''@x", '-x', 'plain', "'plain", '-5', '\tx'])
      expect(unescapeCsvCell(escapeCsvCell(v))).toBe(v);
  });

  it('writes escaped cells into the exported file', () => {
    const csv = entriesCsv([entry(1, '=cmd|/C calc!A0', '@SUM(1,2)')]);
    const line = csv.split('\r\n')[1];
    expect(line.startsWith("movie,'=cmd|/C calc!A0,1999,")).toBe(true);
    expect(line).toContain(',"\'@SUM(1,2)",en,');
  });

  it('reads an exported file back to the same titles, notes and prices', () => {
    const cases: [string, string | null, string | null][] = [
      ['=HYPERLINK("http://evil.example","click")', '+1 more', '12.50'],
      ['-Minus title', '@mention', null],
      ["'=Already quoted", "''+two quotes", '0.00'],
      ['Plain title', 'a note, with "quotes"', '3.00'],
      ['+358', '-5', null],
    ];
    const entries = cases.map(([title, notes, price], i) => entry(i + 1, title, notes, price));
    const parsed = parseImportFile('export.csv', entriesCsv(entries));
    expect(parsed.rows.map((r) => [r.title, r.notes, r.price])).toEqual(cases);
    expect(parsed.rows.map((r) => r.public_id)).toEqual(cases.map((_, i) => `movie${i + 1}`));
  });
});
