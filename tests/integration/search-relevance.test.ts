/**
 * Search relevance on the real seed catalogue (getSeededTestDb; PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): a set of queries a collector types — typos, partial titles, leading
 * articles, punctuation, Finnish titles, people, labels, formats and years — each with the item
 * expected among the first results of its group (lib/data/search.ts searchAll), and whether the
 * answer must be marked as close matches ("Did you mean …", lib/data/search-words.ts) or must
 * not. The expectations were written from the seed data (seed/*.gz) as a user would expect them,
 * not from what the code answers. Then the close matches of the listings' `q` (titles,
 * releases, persons, labels) and their paging.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { listLabels } from '@/lib/data/labels';
import { listTitles } from '@/lib/data/movies';
import { listPersons } from '@/lib/data/persons';
import { listReleases } from '@/lib/data/releases';
import { searchAll } from '@/lib/data/search';
import { rebuildSearchWords } from '@/lib/import/search-words';
import type { SearchResult } from '@/lib/data/types';
import type { FormatId } from '@/lib/validation/enums';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';

assertPostgresConfiguredInCi();

/** What must be among the first `top` results of a group. */
type Expect =
  /** A title by name and year (null: the title has no year). */
  | { movie: string; year: number | null; top: number }
  /** A release holding this film (name and year), in one of these formats when given. */
  | { releaseOf: string; year: number; formats?: FormatId[]; top: number }
  | { person: string; top: number }
  | { label: string; top: number };

type Kind =
  'typo' | 'partial' | 'article' | 'punctuation' | 'finnish' | 'person' | 'label' | 'format' | 'year' | 'credits';

/** A query, its kind, the suggested query when the answer must be close matches (null: it must not be), and what it must find. */
type Case = { q: string; kind: Kind; close: string | null; expect: Expect[] };

const FOUR_K: FormatId[] = [7, 11];
const BLURAY: FormatId[] = [1, 5];

const CASES: Case[] = [
  // Typos: the words as typed find nothing, close spellings find the film or person meant.
  {
    q: 'blade runer',
    kind: 'typo',
    close: 'blade runner',
    expect: [
      { movie: 'Blade Runner', year: 1982, top: 1 },
      { releaseOf: 'Blade Runner', year: 1982, top: 1 },
    ],
  },
  {
    q: 'seven samuari',
    kind: 'typo',
    close: 'seven samurai',
    expect: [{ movie: 'Seven Samurai', year: 1954, top: 1 }],
  },
  {
    q: 'terminatr 2',
    kind: 'typo',
    close: 'terminator 2',
    expect: [{ movie: 'Terminator 2: Judgment Day', year: 1991, top: 1 }],
  },
  {
    q: 'casablanka',
    kind: 'typo',
    close: 'casablanca',
    expect: [
      { movie: 'Casablanca', year: 1942, top: 1 },
      { releaseOf: 'Casablanca', year: 1942, top: 1 },
    ],
  },
  { q: 'kubrik', kind: 'typo', close: 'kubrick', expect: [{ person: 'Stanley Kubrick', top: 1 }] },
  { q: 'hitchcok', kind: 'typo', close: 'hitchcock', expect: [{ person: 'Alfred Hitchcock', top: 1 }] },
  { q: 'godfahter', kind: 'typo', close: 'godfather', expect: [{ movie: 'The Godfather', year: 1972, top: 1 }] },
  { q: 'terminater', kind: 'typo', close: 'terminator', expect: [{ movie: 'The Terminator', year: 1984, top: 1 }] },
  { q: 'jurasic park', kind: 'typo', close: 'jurassic park', expect: [{ movie: 'Jurassic Park', year: 1993, top: 1 }] },
  { q: 'star wras', kind: 'typo', close: 'star wars', expect: [{ movie: 'Star Wars', year: 1977, top: 3 }] },
  { q: 'pulp fictoin', kind: 'typo', close: 'pulp fiction', expect: [{ movie: 'Pulp Fiction', year: 1994, top: 1 }] },
  { q: 'citizen kaen', kind: 'typo', close: 'citizen kane', expect: [{ movie: 'Citizen Kane', year: 1941, top: 1 }] },
  { q: 'kurosava', kind: 'typo', close: 'kurosawa', expect: [{ person: 'Akira Kurosawa', top: 1 }] },
  { q: 'spielburg', kind: 'typo', close: 'spielberg', expect: [{ person: 'Steven Spielberg', top: 3 }] },
  { q: 'scorcese', kind: 'typo', close: 'scorsese', expect: [{ person: 'Martin Scorsese', top: 1 }] },
  { q: 'criterioin', kind: 'typo', close: 'criterion', expect: [{ label: 'The Criterion Collection', top: 1 }] },
  { q: 'arow video', kind: 'typo', close: 'arrow video', expect: [{ label: 'Arrow Video', top: 1 }] },
  {
    q: 'shawshank redemtion',
    kind: 'typo',
    close: 'shawshank redemption',
    expect: [{ movie: 'The Shawshank Redemption', year: 1994, top: 1 }],
  },
  { q: 'inceptoin', kind: 'typo', close: 'inception', expect: [{ movie: 'Inception', year: 2010, top: 1 }] },
  { q: 'parasyte', kind: 'typo', close: 'parasite', expect: [{ movie: 'Parasite', year: 2019, top: 1 }] },
  { q: 'frankenstien', kind: 'typo', close: 'frankenstein', expect: [{ movie: 'Frankenstein', year: 1931, top: 1 }] },
  { q: 'dracual', kind: 'typo', close: 'dracula', expect: [{ movie: 'Dracula', year: 1931, top: 1 }] },
  { q: 'alein (1979)', kind: 'typo', close: 'alien (1979)', expect: [{ movie: 'Alien', year: 1979, top: 1 }] },
  {
    q: 'texasin moottorisahamurhta',
    kind: 'typo',
    close: 'texasin moottorisahamurhat',
    expect: [{ movie: 'The Texas Chain Saw Massacre', year: 1974, top: 1 }],
  },
  // Partial titles and words.
  { q: 'termin', kind: 'partial', close: null, expect: [{ movie: 'Terminator 2: Judgment Day', year: 1991, top: 3 }] },
  { q: 'godfa', kind: 'partial', close: null, expect: [{ movie: 'The Godfather', year: 1972, top: 3 }] },
  { q: 'schindler', kind: 'partial', close: null, expect: [{ movie: "Schindler's List", year: 1993, top: 1 }] },
  { q: 'seven sam', kind: 'partial', close: null, expect: [{ movie: 'Seven Samurai', year: 1954, top: 1 }] },
  {
    q: 'shawshank',
    kind: 'partial',
    close: null,
    expect: [
      { movie: 'The Shawshank Redemption', year: 1994, top: 1 },
      { releaseOf: 'The Shawshank Redemption', year: 1994, top: 1 },
    ],
  },
  { q: 'samurai', kind: 'partial', close: null, expect: [{ movie: 'Seven Samurai', year: 1954, top: 3 }] },
  { q: 'alien', kind: 'partial', close: null, expect: [{ movie: 'Alien', year: 1979, top: 1 }] },
  { q: 'clockwork', kind: 'partial', close: null, expect: [{ movie: 'A Clockwork Orange', year: 1971, top: 1 }] },
  {
    q: 'strangelove',
    kind: 'partial',
    close: null,
    expect: [{ movie: 'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb', year: 1964, top: 1 }],
  },
  {
    q: 'vinegar syndrom',
    kind: 'partial',
    close: null,
    expect: [{ label: 'Vinegar Syndrome', top: 1 }],
  },
  // Leading articles: with or without, the same film first.
  {
    q: 'the godfather',
    kind: 'article',
    close: null,
    expect: [
      { movie: 'The Godfather', year: 1972, top: 1 },
      { releaseOf: 'The Godfather', year: 1972, top: 1 },
    ],
  },
  {
    q: 'godfather',
    kind: 'article',
    close: null,
    expect: [
      { movie: 'The Godfather', year: 1972, top: 1 },
      { releaseOf: 'The Godfather', year: 1972, top: 1 },
    ],
  },
  { q: 'the shining', kind: 'article', close: null, expect: [{ movie: 'The Shining', year: 1980, top: 1 }] },
  { q: 'shining', kind: 'article', close: null, expect: [{ movie: 'The Shining', year: 1980, top: 1 }] },
  {
    q: 'a clockwork orange',
    kind: 'article',
    close: null,
    expect: [{ movie: 'A Clockwork Orange', year: 1971, top: 1 }],
  },
  {
    q: 'the seventh seal',
    kind: 'article',
    close: null,
    expect: [
      { movie: 'The Seventh Seal', year: 1957, top: 1 },
      { releaseOf: 'The Seventh Seal', year: 1957, top: 1 },
    ],
  },
  {
    q: 'seventh seal',
    kind: 'article',
    close: null,
    expect: [
      { movie: 'The Seventh Seal', year: 1957, top: 1 },
      { releaseOf: 'The Seventh Seal', year: 1957, top: 1 },
    ],
  },
  {
    q: 'texas chain saw massacre',
    kind: 'article',
    close: null,
    expect: [{ movie: 'The Texas Chain Saw Massacre', year: 1974, top: 1 }],
  },
  { q: 'the 400 blows', kind: 'article', close: null, expect: [{ movie: 'The 400 Blows', year: 1959, top: 1 }] },
  { q: '400 blows', kind: 'article', close: null, expect: [{ movie: 'The 400 Blows', year: 1959, top: 1 }] },
  {
    q: 'lord of the rings',
    kind: 'article',
    close: null,
    expect: [{ movie: 'The Lord of the Rings', year: 1978, top: 1 }],
  },
  // Punctuation, accents and letter case do not matter.
  {
    q: "schindler's list",
    kind: 'punctuation',
    close: null,
    expect: [{ movie: "Schindler's List", year: 1993, top: 1 }],
  },
  {
    q: 'SCHINDLER’S LIST',
    kind: 'punctuation',
    close: null,
    expect: [{ movie: "Schindler's List", year: 1993, top: 1 }],
  },
  {
    q: 'dr. strangelove',
    kind: 'punctuation',
    close: null,
    expect: [{ movie: 'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb', year: 1964, top: 1 }],
  },
  {
    q: 'alien: covenant',
    kind: 'punctuation',
    close: null,
    expect: [{ movie: 'Alien: Covenant', year: 2017, top: 1 }],
  },
  { q: 'spider-man', kind: 'punctuation', close: null, expect: [{ movie: 'Spider-Man', year: 2002, top: 1 }] },
  { q: 'léon', kind: 'punctuation', close: null, expect: [{ movie: 'Léon: The Professional', year: 1994, top: 1 }] },
  { q: 'leon', kind: 'punctuation', close: null, expect: [{ movie: 'Léon: The Professional', year: 1994, top: 1 }] },
  {
    q: 'cleo from 5 to 7',
    kind: 'punctuation',
    close: null,
    expect: [{ movie: 'Cléo from 5 to 7', year: 1962, top: 1 }],
  },
  { q: "claire's knee", kind: 'punctuation', close: null, expect: [{ movie: 'Claire’s Knee', year: 1970, top: 1 }] },
  { q: 'dead and buried', kind: 'punctuation', close: null, expect: [{ movie: 'Dead & Buried', year: 1981, top: 1 }] },
  {
    q: 'e.t. the extra-terrestrial',
    kind: 'punctuation',
    close: null,
    expect: [{ movie: 'E.T. the Extra-Terrestrial', year: 1982, top: 1 }],
  },
  // Finnish titles (localized names of films with Finnish censorship records).
  {
    q: 'texasin moottorisahamurhat',
    kind: 'finnish',
    close: null,
    expect: [{ movie: 'The Texas Chain Saw Massacre', year: 1974, top: 1 }],
  },
  {
    q: 'sodoman 120 päivää',
    kind: 'finnish',
    close: null,
    expect: [{ movie: 'Salò, or the 120 Days of Sodom', year: 1975, top: 1 }],
  },
  {
    q: 'sodoman 120 paivaa',
    kind: 'finnish',
    close: null,
    expect: [{ movie: 'Salò, or the 120 Days of Sodom', year: 1975, top: 1 }],
  },
  {
    q: 'neljä kärpästä harmaalla sametilla',
    kind: 'finnish',
    close: null,
    expect: [{ movie: 'Four Flies on Grey Velvet', year: 1972, top: 1 }],
  },
  {
    q: 'noituutta',
    kind: 'finnish',
    close: null,
    expect: [
      { movie: 'Dead & Buried', year: 1981, top: 1 },
      { releaseOf: 'Dead & Buried', year: 1981, top: 1 },
    ],
  },
  {
    q: 'kuolleet ja haudatut',
    kind: 'finnish',
    close: null,
    expect: [
      { movie: 'Dead & Buried', year: 1981, top: 1 },
      { releaseOf: 'Dead & Buried', year: 1981, top: 1 },
    ],
  },
  {
    q: 'panssarilaiva potemkin',
    kind: 'finnish',
    close: null,
    expect: [{ movie: 'Battleship Potemkin', year: 1925, top: 1 }],
  },
  { q: 'punainen vaara', kind: 'finnish', close: null, expect: [{ movie: 'Red Dawn', year: 1984, top: 1 }] },
  {
    q: 'mantsurian kandidaatti',
    kind: 'finnish',
    close: null,
    expect: [{ movie: 'The Manchurian Candidate', year: 1962, top: 1 }],
  },
  {
    q: 'koston kruunajaiset',
    kind: 'finnish',
    close: null,
    expect: [
      { movie: 'Prom Night', year: 1980, top: 1 },
      { releaseOf: 'Prom Night', year: 1980, top: 1 },
    ],
  },
  { q: 'jäätävä polte', kind: 'finnish', close: null, expect: [{ movie: 'Born American', year: 1986, top: 1 }] },
  // People.
  { q: 'kubrick', kind: 'person', close: null, expect: [{ person: 'Stanley Kubrick', top: 1 }] },
  { q: 'stanley kubrick', kind: 'person', close: null, expect: [{ person: 'Stanley Kubrick', top: 1 }] },
  { q: 'kurosawa', kind: 'person', close: null, expect: [{ person: 'Akira Kurosawa', top: 1 }] },
  { q: 'akira kurosawa', kind: 'person', close: null, expect: [{ person: 'Akira Kurosawa', top: 1 }] },
  { q: 'hitchcock', kind: 'person', close: null, expect: [{ person: 'Alfred Hitchcock', top: 1 }] },
  { q: 'agnes varda', kind: 'person', close: null, expect: [{ person: 'Agnès Varda', top: 1 }] },
  { q: 'harrison ford', kind: 'person', close: null, expect: [{ person: 'Harrison Ford', top: 1 }] },
  { q: 'de niro', kind: 'person', close: null, expect: [{ person: 'Robert De Niro', top: 1 }] },
  { q: 'wayne', kind: 'person', close: null, expect: [{ person: 'John Wayne', top: 1 }] },
  { q: 'ford', kind: 'person', close: null, expect: [{ person: 'Harrison Ford', top: 3 }] },
  // Labels.
  { q: 'criterion', kind: 'label', close: null, expect: [{ label: 'The Criterion Collection', top: 1 }] },
  { q: 'arrow video', kind: 'label', close: null, expect: [{ label: 'Arrow Video', top: 1 }] },
  { q: 'kino lorber', kind: 'label', close: null, expect: [{ label: 'Kino Lorber Studio Classics', top: 1 }] },
  { q: 'blue underground', kind: 'label', close: null, expect: [{ label: 'Blue Underground', top: 1 }] },
  { q: 'warner', kind: 'label', close: null, expect: [{ label: 'Warner Bros. Home Entertainment', top: 1 }] },
  {
    q: '20th century',
    kind: 'label',
    close: null,
    expect: [{ label: '20th Century Studios Home Entertainment', top: 1 }],
  },
  // Formats: the releases of the exact film first.
  {
    q: 'alien [4k]',
    kind: 'format',
    close: null,
    expect: [{ releaseOf: 'Alien', year: 1979, formats: FOUR_K, top: 1 }],
  },
  {
    q: 'godfather [4k]',
    kind: 'format',
    close: null,
    expect: [{ releaseOf: 'The Godfather', year: 1972, formats: FOUR_K, top: 1 }],
  },
  {
    q: 'seven samurai [bluray]',
    kind: 'format',
    close: null,
    expect: [{ releaseOf: 'Seven Samurai', year: 1954, formats: BLURAY, top: 1 }],
  },
  {
    q: 'casablanca [4k]',
    kind: 'format',
    close: null,
    expect: [{ releaseOf: 'Casablanca', year: 1942, formats: FOUR_K, top: 1 }],
  },
  {
    q: 'blade runner [4k]',
    kind: 'format',
    close: null,
    expect: [{ releaseOf: 'Blade Runner', year: 1982, formats: FOUR_K, top: 1 }],
  },
  {
    q: 'e.t. the extra-terrestrial [4k]',
    kind: 'format',
    close: null,
    expect: [{ releaseOf: 'E.T. the Extra-Terrestrial', year: 1982, formats: FOUR_K, top: 1 }],
  },
  { q: 'jaws [4k]', kind: 'format', close: null, expect: [{ releaseOf: 'Jaws', year: 1975, formats: FOUR_K, top: 1 }] },
  {
    q: 'terminator 2: judgment day [4k]',
    kind: 'format',
    close: null,
    expect: [{ releaseOf: 'Terminator 2: Judgment Day', year: 1991, formats: FOUR_K, top: 1 }],
  },
  // Years.
  { q: 'alien (1979)', kind: 'year', close: null, expect: [{ movie: 'Alien', year: 1979, top: 1 }] },
  {
    q: 'king kong (1976)',
    kind: 'year',
    close: null,
    expect: [
      { movie: 'King Kong', year: 1976, top: 1 },
      { releaseOf: 'King Kong', year: 1976, top: 1 },
    ],
  },
  { q: 'king kong (1933)', kind: 'year', close: null, expect: [{ movie: 'King Kong', year: 1933, top: 1 }] },
  {
    q: 'frankenstein (1931)',
    kind: 'year',
    close: null,
    expect: [
      { movie: 'Frankenstein', year: 1931, top: 1 },
      { releaseOf: 'Frankenstein', year: 1931, top: 1 },
    ],
  },
  { q: 'halloween (1978)', kind: 'year', close: null, expect: [{ movie: 'Halloween', year: 1978, top: 1 }] },
  { q: 'halloween (2018)', kind: 'year', close: null, expect: [{ movie: 'Halloween', year: 2018, top: 1 }] },
  // A person and a title: no title holds the person's name, the credits find it.
  {
    q: 'kurosawa samurai',
    kind: 'credits',
    close: null,
    expect: [
      { movie: 'Seven Samurai', year: 1954, top: 1 },
      { releaseOf: 'Seven Samurai', year: 1954, top: 2 },
    ],
  },
  { q: 'samurai kurosawa', kind: 'credits', close: null, expect: [{ movie: 'Seven Samurai', year: 1954, top: 1 }] },
  {
    q: 'akira kurosawa seven samurai',
    kind: 'credits',
    close: null,
    expect: [{ movie: 'Seven Samurai', year: 1954, top: 1 }],
  },
  { q: 'bergman seal', kind: 'credits', close: null, expect: [{ movie: 'The Seventh Seal', year: 1957, top: 1 }] },
  {
    q: 'kurosawa samurai [4k]',
    kind: 'credits',
    close: null,
    expect: [{ releaseOf: 'Seven Samurai', year: 1954, formats: FOUR_K, top: 1 }],
  },
];

/** Where the expected item stands in its group (1-based), or null when it is not shown; with the group's first names. */
function position(r: SearchResult, e: Expect): { at: number | null; shown: string[] } {
  if ('movie' in e) {
    const at = r.movies.findIndex((m) => m.name === e.movie && m.year === e.year);
    return { at: at < 0 ? null : at + 1, shown: r.movies.map((m) => `${m.name} (${m.year ?? '-'})`) };
  }
  if ('releaseOf' in e) {
    const at = r.releases.findIndex(
      (x) =>
        x.movies.some((m) => m.name === e.releaseOf && m.year === e.year) &&
        (!e.formats || e.formats.includes(x.format)),
    );
    return {
      at: at < 0 ? null : at + 1,
      shown: r.releases.map((x) => `${x.name} [${x.format}] of ${x.movies.map((m) => `${m.name} (${m.year ?? '-'})`)}`),
    };
  }
  if ('person' in e) {
    const at = r.persons.findIndex((p) => p.name === e.person);
    return { at: at < 0 ? null : at + 1, shown: r.persons.map((p) => p.name) };
  }
  const at = r.labels.findIndex((l) => l.name === e.label);
  return { at: at < 0 ? null : at + 1, shown: r.labels.map((l) => l.name) };
}

function describeExpect(e: Expect): string {
  if ('movie' in e) return `title ${e.movie} (${e.year}) in the top ${e.top}`;
  if ('releaseOf' in e) return `a release of ${e.releaseOf} (${e.year}) in the top ${e.top}`;
  if ('person' in e) return `person ${e.person} in the top ${e.top}`;
  return `label ${e.label} in the top ${e.top}`;
}

describe('the relevance set', () => {
  it('has at least 60 queries of every kind, each query once', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CASES.map((c) => c.q)).size).toBe(CASES.length);
    const kinds = new Set(CASES.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(
      ['article', 'credits', 'finnish', 'format', 'label', 'partial', 'person', 'punctuation', 'typo', 'year'].sort(),
    );
  });
});

describe.each(testEngines())('search relevance on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(CASES.map((c) => [c.q, c] as const))('%s', async (_q, c) => {
    const r = await searchAll(c.q, h.db);
    // Close matches are marked (with the suggested query) exactly when the words as typed fail.
    expect(r.close?.q ?? null).toBe(c.close);
    for (const e of c.expect) {
      const { at, shown } = position(r, e);
      expect({ want: describeExpect(e), at: at !== null && at <= e.top ? 'ok' : at, shown }).toMatchObject({
        want: describeExpect(e),
        at: 'ok',
      });
    }
  });

  it('finds titles through cast and crew only when the words find no title and no person, and says whose credits', async () => {
    const found = await searchAll('kurosawa samurai', h.db);
    expect(found.credits?.title_words).toBe('samurai');
    expect(found.credits?.persons.map((p) => p.name)).toContain('Akira Kurosawa');
    // Every title shown holds the title words; every release shown holds one of those titles.
    expect(found.movies.length).toBeGreaterThan(0);
    expect(found.movies.every((m) => m.name.toLowerCase().includes('samurai'))).toBe(true);
    const shown = new Set(found.movies.map((m) => m.public_id));
    expect(found.releases.every((r) => r.movies.some((m) => shown.has(m.public_id)))).toBe(true);
    const fourK = await searchAll('kurosawa samurai [4k]', h.db);
    expect(fourK.releases.length).toBeGreaterThan(0);
    expect(fourK.releases.every((r) => FOUR_K.includes(r.format))).toBe(true);
    // Words that find a title or a person answer as they are; a person with no such title, nothing.
    for (const q of ['seven samurai', 'akira kurosawa', 'kurosawa'])
      expect((await searchAll(q, h.db)).credits).toBeNull();
    const none = await searchAll('kurosawa zzyzxq', h.db);
    expect(none.credits).toBeNull();
    expect(none.movies).toEqual([]);
  });

  it('lists the close matches of a misspelt q too: titles, releases, persons and labels', async () => {
    const titles = await listTitles({ q: 'blade runer' }, { limit: 24 }, h.db);
    expect(titles.close).toEqual({ q: 'blade runner', words: [expect.objectContaining({ word: 'runer' })] });
    expect(titles.close?.words[0].close[0]).toBe('runner');
    expect(titles.items.map((t) => `${t.name} (${t.year})`)).toContain('Blade Runner (1982)');
    const releases = await listReleases({ q: 'casablanka' }, { limit: 24 }, h.db);
    expect(releases.close?.q).toBe('casablanca');
    expect(releases.items.some((x) => x.movies.some((m) => m.name === 'Casablanca' && m.year === 1942))).toBe(true);
    const persons = await listPersons({ q: 'kubrik' }, { limit: 48 }, h.db);
    expect(persons.close?.q).toBe('kubrick');
    expect(persons.items.map((p) => p.name)).toContain('Stanley Kubrick');
    const labels = await listLabels({ q: 'criterioin' }, { limit: 48 }, h.db);
    expect(labels.close?.q).toBe('criterion');
    expect(labels.items.map((l) => l.name)).toEqual(['The Criterion Collection']);
  });

  it('leaves a list that the words as typed fill alone: no close matches, no close field', async () => {
    const titles = await listTitles({ q: 'blade runner' }, { limit: 24 }, h.db);
    expect(titles.close).toBeUndefined();
    expect(titles.items.map((t) => t.name)).toContain('Blade Runner');
    // A rare word spelled right that close spellings would not add to: as typed.
    const finnish = await listTitles({ q: 'texasin moottorisahamurhat' }, { limit: 24 }, h.db);
    expect(finnish.close).toBeUndefined();
    expect(finnish.items.map((t) => t.name)).toEqual(['The Texas Chain Saw Massacre']);
  });

  it('pages a close-match list: the next page is a close-match page too, without repeats', async () => {
    const first = await listTitles({ q: 'terminater', so: 'name' }, { limit: 2 }, h.db);
    expect(first.close?.q).toBe('terminator');
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await listTitles({ q: 'terminater', so: 'name' }, { cursor: first.next_cursor, limit: 2 }, h.db);
    expect(second.close?.q).toBe('terminator');
    expect(second.items).toHaveLength(2);
    const names = [...first.items, ...second.items].map((t) => t.public_id);
    expect(new Set(names).size).toBe(4);
    // The same four in one page, in name order.
    const all = await listTitles({ q: 'terminater', so: 'name' }, { limit: 4 }, h.db);
    expect(all.items.map((t) => t.public_id)).toEqual(names);
  });
});

describe.each(testEngines())('search words on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The words table as a map, and the words recounted from the stored search documents. */
  async function wordsAndRecount(): Promise<{ table: Map<string, number>; recount: Map<string, number> }> {
    const docs = await queryRows<{ search_text: string }>(
      h.db,
      sql`SELECT search_text FROM movies UNION ALL SELECT search_text FROM releases
          UNION ALL SELECT search_text FROM labels UNION ALL SELECT search_text FROM persons`,
    );
    const recount = new Map<string, number>();
    for (const { search_text } of docs)
      for (const w of new Set(search_text.split(' ')))
        if (w.length >= 3 && !/^[0-9]+$/.test(w)) recount.set(w, (recount.get(w) ?? 0) + 1);
    const rows = await queryRows<{ word: string; doc_count: number }>(
      h.db,
      sql`SELECT word, doc_count FROM search_words`,
    );
    return { table: new Map(rows.map((r) => [r.word, Number(r.doc_count)])), recount };
  }

  it('the import leaves every word of 3+ characters (not only digits) of every name, with the names holding it', async () => {
    const { table, recount } = await wordsAndRecount();
    expect(table.size).toBeGreaterThan(30_000);
    expect(table.get('samurai')).toBe(recount.get('samurai'));
    expect(table.has('1979')).toBe(false);
    expect(table).toEqual(recount);
  });

  it('a rebuild brings the table in step: new words added, counts changed, vanished words removed', async () => {
    const [before] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT doc_count AS n FROM search_words WHERE word = 'samurai'`,
    );
    // One name of Seven Samurai gets a new word instead of its own: one name less holds "samurai".
    await h.db.execute(sql`UPDATE movies SET search_text = 'qwzxyv 1954' WHERE search_text = 'seven samurai 1954'`);
    await rebuildSearchWords(h.db);
    const changed = await wordsAndRecount();
    expect(changed.table).toEqual(changed.recount);
    expect(changed.table.get('qwzxyv')).toBe(1);
    expect(changed.table.get('samurai')).toBe(Number(before.n) - 1);
    // The close-word lookup reads the rebuilt table at once.
    expect((await searchAll('qwzxyw', h.db)).close?.q).toBe('qwzxyv');
    // The name gets its words back: the new word is gone, the count is back.
    await h.db.execute(sql`UPDATE movies SET search_text = 'seven samurai 1954' WHERE search_text = 'qwzxyv 1954'`);
    await rebuildSearchWords(h.db);
    const back = await wordsAndRecount();
    expect(back.table.has('qwzxyv')).toBe(false);
    expect(back.table.get('samurai')).toBe(Number(before.n));
    expect(back.table).toEqual(back.recount);
  });
});
