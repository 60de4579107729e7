import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldDiffTable } from '@/components/history/field-diff-table';

const WORDS = { empty: '—', yes: 'yes', no: 'no' };
const NAMES = {
  movAlien01: 'Alien (1979)',
  movAliens1: 'Aliens (1986)',
  perScott01: 'Ridley Scott',
  labArrow01: 'Arrow',
};

/** The table's cells as text, row by row (header row first). */
function cells(html: string): string[][] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return [...doc.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent ?? ''));
}

describe('FieldDiffTable (the queue’s and the history’s field tables)', () => {
  it('names the movies and label of a release by the names given, and leaves other fields as they are', () => {
    const html = renderToStaticMarkup(
      <FieldDiffTable
        entity="release"
        headers={['Field', 'Before', 'After']}
        rows={[
          { field: 'movies', label: 'Movies', values: [['movAlien01'], ['movAlien01', 'movAliens1']] },
          { field: 'label', label: 'Label', values: [null, 'labArrow01'] },
          // Not a reference field: a value that happens to equal an id stays as typed.
          { field: 'name', label: 'Name', values: ['movAlien01', 'Alien'] },
          // An id the names lack (an item gone since) stays an id.
          { field: 'movies', label: 'Movies again', values: [['movGone001'], []] },
        ]}
        words={WORDS}
        names={NAMES}
      />,
    );
    expect(cells(html)).toEqual([
      ['Field', 'Before', 'After'],
      ['Movies', 'Alien (1979)', 'Alien (1979), Aliens (1986)'],
      ['Label', '—', 'Arrow'],
      ['Name', 'movAlien01', 'Alien'],
      ['Movies again', 'movGone001', '—'],
    ]);
  });

  it('names the persons of credits and the movies of connections, and marks a value changed since', () => {
    const html = renderToStaticMarkup(
      <FieldDiffTable
        entity="movie"
        headers={['Field', 'Then', 'Now', 'Proposed']}
        rows={[
          {
            field: 'credits',
            label: 'Cast and crew',
            note: { text: 'changed since', strong: true },
            values: [[], [{ person: 'perScott01', role: 'director' }], [{ person: 'perScott01', role: 'writer' }]],
            strong: 1,
            data: { 'data-stale': 'true' },
          },
          { field: 'connections', label: 'Connections', values: [null, null, [{ movie: 'movAliens1', kind: 1 }]] },
        ]}
        words={WORDS}
        names={NAMES}
      />,
    );
    expect(cells(html)).toEqual([
      ['Field', 'Then', 'Now', 'Proposed'],
      ['Cast and crewchanged since', '—', 'Ridley Scott (director)', 'Ridley Scott (writer)'],
      ['Connections', '—', '—', 'Aliens (1986) (1)'],
    ]);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const stale = doc.querySelector('tr[data-stale="true"]')!;
    expect(stale.querySelectorAll('td')[1].className).toContain('font-semibold');
    expect(stale.querySelectorAll('td')[2].className).not.toContain('font-semibold');
  });
});
