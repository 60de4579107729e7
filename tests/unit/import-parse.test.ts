import { describe, expect, it } from 'vitest';
import {
  decodeImportFile,
  fieldOfHeader,
  parseCondition,
  parseDate,
  parseFormat,
  parseImportFile,
  parsePrice,
  splitTitleYear,
} from '@/lib/collections/import-parse';
import { FORMATS } from '@/lib/validation/enums';

describe('import files: values as people write them', () => {
  it('match header names loosely, in English and Finnish', () => {
    expect(fieldOfHeader(' Movie Title ')).toBe('title');
    expect(fieldOfHeader('EAN/UPC')).toBe('barcode');
    expect(fieldOfHeader('Viivakoodi')).toBe('barcode');
    expect(fieldOfHeader('Päivämäärä')).toBe('date');
    expect(fieldOfHeader('Price paid')).toBe('price');
    expect(fieldOfHeader('Letterboxd URI')).toBe('uri');
    expect(fieldOfHeader('Shelf')).toBeNull();
    expect(fieldOfHeader('Publisher')).toBe('label');
    expect(fieldOfHeader('Levittäjä')).toBe('label');
  });

  it('keep the label a row names (it prefills a suggested release of an unknown disc)', () => {
    const r = parseImportFile('a.csv', 'title;barcode;julkaisija\nAlien;5039036054217; Arrow Video \nRan;;\n');
    expect(r.rows.map((x) => [x.title, x.label])).toEqual([
      ['Alien', 'Arrow Video'],
      ['Ran', null],
    ]);
    expect(r.unknownColumns).toEqual([]);
  });

  it('read formats', () => {
    expect(parseFormat('Blu-ray')).toBe(FORMATS.bluray);
    expect(parseFormat('BD')).toBe(FORMATS.bluray);
    expect(parseFormat('blu ray 3D')).toBe(FORMATS.bluray_3d);
    expect(parseFormat('4K UHD')).toBe(FORMATS.uhd);
    expect(parseFormat('4K UHD Blu-ray')).toBe(FORMATS.uhd);
    expect(parseFormat('4K UHD + Blu-ray')).toBe(FORMATS.uhd_bluray_combo);
    expect(parseFormat('UHD combo')).toBe(FORMATS.uhd_bluray_combo);
    expect(parseFormat('DVD')).toBe(FORMATS.dvd);
    expect(parseFormat('dvd-r')).toBe(FORMATS.dvd_r);
    expect(parseFormat('VHS')).toBe(FORMATS.vhs);
    expect(parseFormat('LaserDisc')).toBeNull();
  });

  it('read conditions, prices with currencies, dates and years in titles', () => {
    expect(parseCondition('Sealed')).toBe(6);
    expect(parseCondition('avaamaton')).toBe(6);
    expect(parseCondition('VG')).toBe(2);
    expect(parseCondition('3')).toBe(3);
    expect(parseCondition('like a brick')).toBeNull();
    expect(parsePrice('€19,99')).toEqual({ price: '19.99', currency: 'EUR' });
    expect(parsePrice('19.99 EUR')).toEqual({ price: '19.99', currency: 'EUR' });
    expect(parsePrice('$12')).toEqual({ price: '12.00', currency: 'USD' });
    expect(parsePrice('£8.5')).toEqual({ price: '8.50', currency: 'GBP' });
    expect(parsePrice('99 kr')).toEqual({ price: '99.00', currency: 'SEK' });
    expect(parsePrice('1.234,50')).toEqual({ price: '1234.50', currency: null });
    expect(parsePrice('free')).toBeNull();
    expect(parseDate('2024-05-01')).toBe('2024-05-01');
    expect(parseDate('1.5.2024')).toBe('2024-05-01');
    expect(parseDate('2023-02-30')).toBeNull();
    expect(splitTitleYear('Dead & Buried (1981)')).toEqual({ title: 'Dead & Buried', year: 1981 });
    expect(splitTitleYear('2001: A Space Odyssey')).toEqual({ title: '2001: A Space Odyssey', year: null });
  });
});

describe('import files: formats', () => {
  it('CSV with semicolons, any column order, a malformed row reported with its line while the rest is read', () => {
    const csv =
      'Vuosi;Nimi;Formaatti;Hinta;Kunto;Shelf\n1981;Dead & Buried;Blu-ray;19,90 €;hyvä;A\n1987;"Broken ""quote;DVD;;;\n1979;Alien;4K UHD;$25;sealed;B\n';
    const r = parseImportFile('kokoelma.csv', csv);
    expect(r.kind).toBe('csv');
    expect(r.unknownColumns).toEqual(['Shelf']);
    expect(r.rows.map((x) => [x.line, x.title, x.year, x.format, x.price, x.currency, x.condition])).toEqual([
      [2, 'Dead & Buried', 1981, FORMATS.bluray, '19.90', 'EUR', 2],
      [4, 'Alien', 1979, FORMATS.uhd, '25.00', 'USD', 6],
    ]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].line).toBe(3);
  });

  it('JSON arrays and {entries}, JSON Lines with a bad line', () => {
    const json = parseImportFile(
      'x.json',
      JSON.stringify({ entries: [{ title: 'Alien', year: 1979, ean: '5039036054217' }, 'oops'] }),
    );
    expect(json.rows).toMatchObject([{ line: 1, title: 'Alien', year: 1979, barcode: '5039036054217' }]);
    expect(json.problems).toEqual([{ line: 2, message: 'Not an object' }]);
    const jsonl = parseImportFile(
      'x.jsonl',
      '{"name":"Alien","format":"VHS"}\n{broken\n\n{"name":"Heat","price":"10"}\n',
    );
    expect(jsonl.rows.map((x) => [x.line, x.title, x.format, x.price])).toEqual([
      [1, 'Alien', FORMATS.vhs, null],
      [4, 'Heat', null, '10.00'],
    ]);
    expect(jsonl.problems.map((p) => p.line)).toEqual([2]);
  });

  it('recognises a Letterboxd export and which list it is', () => {
    const text = 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-05,The Thing,1982,https://boxd.it/abc,4.5\n';
    const watched = parseImportFile('watched.csv', text);
    expect(watched).toMatchObject({
      kind: 'letterboxd',
      letterboxdList: 'watched',
      rows: [{ title: 'The Thing', year: 1982, date: '2024-01-05', uri: 'https://boxd.it/abc' }],
    });
    expect(parseImportFile('watchlist.csv', text).letterboxdList).toBe('watchlist');
  });
});

describe('decodeImportFile', () => {
  const latin1 = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
  it('reads UTF-8 with and without BOM, UTF-16 with BOM, and Windows-1252 from Excel', () => {
    expect(decodeImportFile(new TextEncoder().encode('\uFEFFnimi;kunto\nSisu;hyvä'))).toBe('nimi;kunto\nSisu;hyvä');
    expect(decodeImportFile(new Uint8Array([0xff, 0xfe, ...Buffer.from('Amélie', 'utf16le')]))).toBe('Amélie');
    const cp1252 = decodeImportFile(latin1('nimi;kunto;hinta\nKuolleet ja haudatut;hyvä;12,50 \x80'));
    expect(cp1252).toBe('nimi;kunto;hinta\nKuolleet ja haudatut;hyvä;12,50 €');
    expect(parseImportFile('kokoelma.csv', cp1252 ?? '').rows[0]).toMatchObject({
      title: 'Kuolleet ja haudatut',
      condition: 2,
      price: '12.50',
      currency: 'EUR',
    });
  });
  it('refuses a binary file', () => {
    expect(decodeImportFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull();
  });
});
