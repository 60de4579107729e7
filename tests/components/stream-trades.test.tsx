import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FindCollectorsLink } from '@/components/social/find-collectors-link';
import { StreamList } from '@/components/social/stream-list';
import { TradeList } from '@/components/social/trade-list';
import type { StreamItem } from '@/lib/data/stream';
import type { TradeMatchDto } from '@/lib/data/trades';
import { renderServer } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(() => {
  document.body.innerHTML = '';
});

const AT = '2026-11-20T18:40:00.000Z';
const AINO = { public_id: 'usrAino001', name: 'Aino' };
const base = {
  at: AT,
  user: AINO,
  title: null,
  thread: null,
  item: null,
  collection: null,
  public_id: null,
  excerpt: null,
  entries: null,
};
const ITEMS: StreamItem[] = [
  {
    ...base,
    kind: 'entry',
    item: { type: 'release', public_id: 'relSisu01', name: 'Sisu (Blu-ray)' },
    collection: { public_id: 'colTrade1', name: 'For trade', style: 7 },
    entries: 1,
  },
  {
    ...base,
    kind: 'review',
    public_id: 'rvw1',
    title: 'Great',
    item: { type: 'movie', public_id: 'movSisu01', name: 'Sisu' },
  },
  { ...base, kind: 'post', public_id: 'pst1', title: 'Steelbooks', excerpt: 'Which <b>steelbook</b> is best?' },
  { ...base, kind: 'comment', public_id: 'cmt1', title: 'Steelbooks', thread: { type: 'post', public_id: 'pst1' } },
];

const hrefs = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('stream list', () => {
  it('English: who did what, with links to the member, the item, the collection and the thread anchor', async () => {
    await renderServer(await StreamList({ items: ITEMS, locale: 'en' }));
    expect(screen.getByTestId('stream-entry').querySelector('p')?.textContent).toBe(
      'Aino added Sisu (Blu-ray) to the collection For trade',
    );
    expect(hrefs('stream-entry')).toEqual([
      ['Aino', '/user/usrAino001'],
      ['Sisu (Blu-ray)', '/release/relSisu01'],
      ['For trade', '/collection/colTrade1'],
    ]);
    expect(hrefs('stream-review')).toEqual([
      ['Aino', '/user/usrAino001'],
      ['Sisu', '/movie/movSisu01'],
      ['Great', '/review/rvw1'],
    ]);
    // The excerpt is plain text under the headline; an item without one shows none.
    expect(screen.getByTestId('stream-post').querySelector('[data-testid="stream-excerpt"]')?.textContent).toBe(
      'Which <b>steelbook</b> is best?',
    );
    expect(screen.getByTestId('stream-post').querySelector('b')).toBeNull();
    expect(screen.getByTestId('stream-entry').querySelector('[data-testid="stream-excerpt"]')).toBeNull();
    expect(hrefs('stream-comment')).toEqual([
      ['Aino', '/user/usrAino001'],
      ['Steelbooks', '/post/pst1#comment-cmt1'],
    ]);
    // When: the date and the time, as notifications give them, with the instant for machines.
    const when = screen.getByTestId('stream-review').querySelector('[data-testid="stream-time"]');
    expect(when?.getAttribute('dateTime')).toBe(AT);
    // 18:40 UTC on the site's clock (Helsinki, UTC+2 in November).
    expect(when?.textContent).toBe('20/11/2026, 20:40');
  });

  it('Finnish', async () => {
    await renderServer(await StreamList({ items: ITEMS, locale: 'fi' }));
    expect(screen.getByTestId('stream-entry').querySelector('p')?.textContent).toBe(
      'Aino lisäsi nimikkeen Sisu (Blu-ray) kokoelmaan For trade',
    );
    expect(screen.getByTestId('stream-post').querySelector('p')?.textContent).toBe('Aino aloitti keskustelun');
  });

  it.each([
    ['en', 'Aino added Sisu (Blu-ray) to the collection Owned releases'],
    ['fi', 'Aino lisäsi nimikkeen Sisu (Blu-ray) kokoelmaan Omistetut julkaisut'],
  ] as const)(
    '%s: a shortcut list keeps the translated default name, as its own page shows it',
    async (locale, text) => {
      const owned = { ...ITEMS[0]!, collection: { public_id: 'colOwned1', name: 'Owned releases', style: 3 } };
      await renderServer(await StreamList({ items: [owned], locale }));
      expect(screen.getByTestId('stream-entry').querySelector('p')?.textContent).toBe(text);
    },
  );

  it.each([
    ['en', 2, 'Aino added Sisu (Blu-ray) and 1 other to the collection For trade'],
    ['en', 120, 'Aino added Sisu (Blu-ray) and 119 others to the collection For trade'],
    ['fi', 2, 'Aino lisäsi nimikkeen Sisu (Blu-ray) ja yhden muun kokoelmaan For trade'],
    ['fi', 120, 'Aino lisäsi nimikkeen Sisu (Blu-ray) ja 119 muuta kokoelmaan For trade'],
  ] as const)('%s: a day of %i additions to one collection is one line', async (locale, entries, text) => {
    await renderServer(await StreamList({ items: [{ ...ITEMS[0]!, entries }], locale }));
    expect(screen.getByTestId('stream-entry').querySelector('p')?.textContent).toBe(text);
    expect(hrefs('stream-entry').map(([, href]) => href)).toEqual([
      '/user/usrAino001',
      '/release/relSisu01',
      '/collection/colTrade1',
    ]);
  });
});

describe('trade list', () => {
  const MATCHES: TradeMatchDto[] = [
    {
      direction: 'offer',
      friend: AINO,
      release: { public_id: 'relSisu01', name: 'Sisu (Blu-ray)', year: 2023, format: 1 },
      matched_at: AT,
    },
    {
      direction: 'want',
      friend: AINO,
      release: { public_id: 'relSisu02', name: 'Sisu (4K)', year: 2023, format: 11 },
      matched_at: AT,
    },
  ];

  it.each([
    ['en', 'Aino wants this release, which you have for trade', 'Aino has this release for trade, and you want it'],
    [
      'fi',
      'Aino haluaa tämän julkaisun, joka sinulla on vaihdettavana',
      'Käyttäjällä Aino on vaihdettavana tämä julkaisu, jota sinä haluat',
    ],
  ] as const)('%s: both directions with the friend and the release linked', async (locale, offer, want) => {
    await renderServer(await TradeList({ items: MATCHES, locale }));
    expect(screen.getByTestId('trade-offer').querySelector('p')?.textContent).toBe(offer);
    expect(screen.getByTestId('trade-want').querySelector('p')?.textContent).toBe(want);
    expect(hrefs('trade-offer')).toEqual([
      ['Sisu (Blu-ray)', '/release/relSisu01'],
      ['Aino', '/user/usrAino001'],
    ]);
  });
});

describe('find collectors (empty stream and trades)', () => {
  const links = () => [...document.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

  it.each([
    ['en', 'Find collectors to add as friends', 'Collectors from your country (Finland)'],
    ['fi', 'Etsi keräilijöitä kavereiksi', 'Oman maasi keräilijät (Suomi)'],
  ] as const)('%s: the users list, and its collectors of the member’s own country', async (locale, all, own) => {
    await renderServer(await FindCollectorsLink({ locale, country: 4 }));
    expect(links()).toEqual([
      [all, '/users'],
      [own, '/users?country=4'],
    ]);
  });

  it('only the users list when the member gave no country', async () => {
    await renderServer(await FindCollectorsLink({ locale: 'en', country: null }));
    expect(links()).toEqual([['Find collectors to add as friends', '/users']]);
  });
});
