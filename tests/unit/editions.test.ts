import { describe, expect, it } from 'vitest';
import { editDistance } from '@/lib/text';
import { FilmIndex } from '@/lib/import/film-index';
import {
  looksLikeTitle,
  looseKey,
  mainTitle,
  matchKey,
  parseListing,
  stripEdition,
  withoutPossessive,
  type KnownTitle,
} from '@/lib/import/titles';

/** A small catalogue of known film titles for the reader's splitting decisions. */
const KNOWN = [
  'The Wizard of Oz',
  'Citizen Kane',
  'Casablanca',
  "Singin' in the Rain",
  'Rebel Without a Cause',
  'Willy Wonka & the Chocolate Factory',
  'Alien 3',
  'Alien Resurrection',
  'Face/Off',
  'Psycho',
  'Psycho II',
  'Ghostbusters',
  'Ghostbusters II',
  'Three Colors: Blue',
  'Three Colors: White',
  'Three Colors: Red',
  'Rocky',
  'Rocky II',
  'Rocky III',
  'Rocky IV',
];
const known: KnownTitle = (title) => KNOWN.some((k) => looseKey(k) === looseKey(title));
const films = (name: string, yearHint: number | null = null) =>
  parseListing({ name, yearHint }, known).films.map((f) => (f.year ? `${f.title} (${f.year})` : f.title));

describe('parseListing: one film and its edition', () => {
  it('separates the film from anniversary, limited and collector editions, steelbooks and gift sets', () => {
    const alien = parseListing({ name: 'Alien: 40th Anniversary Edition' });
    expect(alien.films.map((f) => f.title)).toEqual(['Alien']);
    expect(alien.edition).toEqual(['40th Anniversary Edition']);
    expect(alien.anniversary).toBe(40);

    const godfather = parseListing({ name: 'Godfather, The: Limited Edition (Steelbook)', edition: ['Steelbook'] });
    expect(godfather.name).toBe('The Godfather: Limited Edition (Steelbook)');
    expect(godfather.sortName).toBe('Godfather, The: Limited Edition (Steelbook)');
    expect(godfather.films.map((f) => f.title)).toEqual(['The Godfather']);
    expect(godfather.edition).toEqual(['Steelbook', 'Limited Edition']);

    expect(
      films('E.T.: The Extra-Terrestrial: 40th Anniversary Edition Gift Set (Amazon-exclusive with lunch box)'),
    ).toEqual(['E.T.: The Extra-Terrestrial']);
    expect(films('Groundhog Day 30th Anniversary SteelBook')).toEqual(['Groundhog Day']);
    expect(films('Kill Bill, Vol. 1 – 20th Anniversary Edition (2003)')).toEqual(['Kill Bill, Vol. 1 (2003)']);
    expect(films('Batman v Superman: Dawn of Justice – Ultimate Edition (Remastered)')).toEqual([
      'Batman v Superman: Dawn of Justice',
    ]);
    expect(films("Citizen Kane: 80th Anniversary Collector's Edition Box Set (UK only)")).toEqual(['Citizen Kane']);
    expect(films('Beetlejuice: Giftset (Amazon exclusive)')).toEqual(['Beetlejuice']);
  });

  it("reads director's, final and extended cuts as editions, not as films", () => {
    expect(films('Blade Runner: The Final Cut')).toEqual(['Blade Runner']);
    expect(films('Deadpool 2: Super Duper Extended Cut')).toEqual(['Deadpool 2']);
    expect(films("Highlander: Director's Cut (1986)")).toEqual(['Highlander (1986)']);
    expect(films('Apocalypse Now: Final Cut – 40th Anniversary Edition')).toEqual(['Apocalypse Now']);
    expect(
      parseListing({
        name: "Star Trek: The Motion Picture – The Director's Edition: The Complete Adventure",
      }).edition,
    ).toEqual(["The Director's Edition", 'The Complete Adventure']);
  });

  it('keeps the words after a year as edition and brackets as edition or notes', () => {
    const exorcist = parseListing({
      name: 'Exorcist, The (1973) 50th Anniversary Deluxe Edition with Steelbook and BFI Film Classics Book',
    });
    expect(exorcist.films.map((f) => [f.title, f.year])).toEqual([['The Exorcist', 1973]]);
    expect(exorcist.edition).toEqual(['50th Anniversary Deluxe Edition with Steelbook and BFI Film Classics Book']);

    const strangelove = parseListing({ name: 'Dr. Strangelove (only available in Columbia Classics 4K: Vol. 1)' });
    expect(strangelove.films.map((f) => f.title)).toEqual(['Dr. Strangelove']);
    expect(strangelove.notes).toEqual(['only available in Columbia Classics 4K: Vol. 1']);

    const psycho = parseListing({ name: 'Psycho (single film release)' });
    expect(psycho.films.map((f) => f.title)).toEqual(['Psycho']);
    expect(psycho.notes).toEqual(['single film release']);

    const contempt = parseListing({ name: 'Contempt (1963, aka Le Mepris)' });
    expect(contempt.films).toEqual([
      { title: 'Contempt', year: 1963, akas: ['Le Mepris'], linkOnly: false, group: null },
    ]);
    expect(contempt.notes).toEqual(['aka Le Mepris']);

    const touch = parseListing({
      name: 'Touch of Evil (1958 – includes Theatrical Cut, Preview Cut, and Reconstruction Cut all in 4K)',
    });
    expect(touch.films.map((f) => [f.title, f.year])).toEqual([['Touch of Evil', 1958]]);

    expect(films('Little Mermaid, The (')).toEqual(['The Little Mermaid']);
    expect(films('Mission: Impossible – Fallout (Steelbook)')).toEqual(['Mission: Impossible – Fallout']);
    expect(films('Hunger Games, The: Mockingjay – Part 1')).toEqual(['The Hunger Games: Mockingjay – Part 1']);
  });

  it('keeps a known title with a slash whole and splits double features', () => {
    expect(films('FACE/OFF (1997)')).toEqual(['FACE/OFF (1997)']);
    expect(films('Alien 3, Alien Resurrection')).toEqual(['Alien 3', 'Alien Resurrection']);
    expect(films('Schizoid (1980)/X-Ray (1982)')).toEqual(['Schizoid (1980)', 'X-Ray (1982)']);
    expect(films('Demons & Demons 2')).toEqual(['Demons', 'Demons 2']);
    expect(films('Demons I & II')).toEqual(['Demons', 'Demons II']);
    expect(films('Ghostbusters/Ghostbusters II 4K Steelbook (Reprint)')).toEqual(['Ghostbusters', 'Ghostbusters II']);
    expect(films('Naked Gun, The: 2 1/2 – The Smell of Fear (1991)')).toEqual([
      'The Naked Gun: 2 1/2 – The Smell of Fear (1991)',
    ]);
  });
});

describe('parseListing: box sets', () => {
  it('lists the films a set names, mending titles split at commas and ampersands', () => {
    expect(
      films(
        '100 Years of Warner Bros. Classic Hollywood 5-Film 4K Collection (1930s–1960s) ' +
          "(includes The Wizard of Oz, Citizen Kane, Casablanca, Singin' in the Rain & Rebel Without a Cause)",
      ),
    ).toEqual(['The Wizard of Oz', 'Citizen Kane', 'Casablanca', "Singin' in the Rain", 'Rebel Without a Cause']);
    expect(
      films(
        '100 Years of Warner Bros. New Hollywood 5-Film 4K Collection (includes Enter the Dragon, Willy Wonka & the Chocolate Factory, Gremlins)',
      ),
    ).toEqual(['Enter the Dragon', 'Willy Wonka & the Chocolate Factory', 'Gremlins']);
    expect(
      films(
        'Columbia Classics 4K Ultra HD Collection: Volume 3 (includes It Happened One Night, From Here to Eternity, To Sir, with Love, Annie)',
      ),
    ).toEqual(['It Happened One Night', 'From Here to Eternity', 'To Sir, with Love', 'Annie']);
    expect(films('007: The Daniel Craig Collection (Casino Royale, Quantum of Solace, Skyfall, SPECTRE)')).toEqual([
      'Casino Royale',
      'Quantum of Solace',
      'Skyfall',
      'SPECTRE',
    ]);
    // The set's name before a short item: "Three Colors" + "Blue".
    expect(films('Three Colors Trilogy (Blue, White, and Red)')).toEqual([
      'Three Colors: Blue',
      'Three Colors: White',
      'Three Colors: Red',
    ]);
    expect(
      films('Universal Classic Monsters: Icons of Horror Collection Volume 2 (The Mummy, Phantom of the Opera (1943))'),
    ).toEqual(['The Mummy', 'Phantom of the Opera (1943)']);
  });

  it('never turns remarks or fragments of a set name into films', () => {
    expect(
      films(
        'Halloween 4K Collection, The (1995-2002) (includes both cuts of The Curse of Michael Myers in 4K, ' +
          'along with H20 and Resurrection only in this box set)',
      ).filter((t) => /cuts|along|box set|4k/i.test(t)),
    ).toEqual([]);
    expect(
      films(
        'Godfather Trilogy, The (5-disc set – includes The Godfather, The Godfather: Part II, ' +
          'plus the original theatrical and 1991 cuts of The Godfather: Part III)',
      ),
    ).toEqual(['The Godfather', 'The Godfather: Part II']);
    expect(
      films(
        "Rocky: The Knockout Collection (includes Rocky, Rocky II, Rocky III & Rocky IV Theatrical and Director's Cuts - " +
          "Rocky V & Rocky Balboa are coming seperately later in 2023, as Stallone is working on new director's cuts of these films)",
      ),
    ).toEqual(['Rocky', 'Rocky II', 'Rocky III', 'Rocky IV']);
    // Sets that do not list their films hold none read from their names.
    for (const name of [
      'Matrix Trilogy, The',
      'Jurassic World: 5-Film Collection – Limited Edition',
      "Infinity Saga Collector's Edition, The (MCU 23-Film Box Set)",
      'Classic James Bond Films',
      'Universal Classic Monsters Limited Edition Collection (8 films already released)',
    ]) {
      const p = parseListing({ name }, known);
      expect(p.boxSet, name).toBe(true);
      expect(
        p.films.filter((f) => !f.linkOnly),
        name,
      ).toEqual([]);
    }
  });

  it('expands numbered ranges into films that are only linked, all or none', () => {
    const psycho = parseListing({ name: 'Psycho Collection, The (includes films I-IV)' }, known);
    expect(psycho.films.map((f) => f.title)).toEqual(['Psycho', 'Psycho II', 'Psycho III', 'Psycho IV']);
    expect(psycho.films.every((f) => f.linkOnly && f.group === psycho.films[0].group)).toBe(true);
    expect(films('Spider-Man (1-3): Limited Edition Collection')).toEqual([
      'Spider-Man',
      'Spider-Man 2',
      'Spider-Man 3',
    ]);
    expect(films('Bad Boys 1 & 2 Collection')).toEqual(['Bad Boys', 'Bad Boys 2']);
    expect(films('Ghostbusters I/II/2017 Collection')).toEqual([
      'Ghostbusters',
      'Ghostbusters II',
      'Ghostbusters (2017)',
    ]);
    expect(films('Illumination Presents 3-Movie Collection (Despicable Me 1-3)')).toEqual([
      'Despicable Me',
      'Despicable Me 2',
      'Despicable Me 3',
    ]);
  });
});

describe('title keys', () => {
  it('compare case, punctuation, initials and listed articles alike', () => {
    expect(matchKey('E.T. the Extra-Terrestrial')).toBe(matchKey('E.T.: The Extra-Terrestrial'));
    expect(matchKey('Escape from L.A.')).toBe(matchKey('Escape from LA'));
    expect(matchKey('Harlan County U.S.A.')).toBe(matchKey('Harlan County, USA'));
    expect(matchKey('Godfather, The')).toBe(matchKey('The Godfather'));
    expect(matchKey('Pride + Prejudice + Zombies')).toBe(matchKey('Pride and Prejudice and Zombies'));
    expect(matchKey('Alien')).not.toBe(matchKey('Aliens'));
  });

  it('read numerals, parts and episodes loosely', () => {
    expect(looseKey('Evil Dead 2')).toBe(looseKey('Evil Dead II'));
    expect(looseKey('3 Days of the Condor')).toBe(looseKey('Three Days of the Condor'));
    expect(looseKey('John Wick: Chapter 2')).toBe(looseKey('John Wick 2'));
    expect(looseKey('Star Wars: The Phantom Menace')).toBe(looseKey('Star Wars: Episode I – The Phantom Menace'));
    expect(looseKey('Blow-Up')).toBe(looseKey('Blowup'));
    expect(looseKey('Malcolm X')).not.toBe(looseKey('Malcolm 10'));
  });

  it('find main titles, possessive credits, edition tails and typing distance', () => {
    expect(mainTitle('Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb')).toBe('Dr. Strangelove');
    expect(mainTitle('Halloween 4: The Return of Michael Myers')).toBe('Halloween 4');
    expect(mainTitle('Alien')).toBeNull();
    expect(withoutPossessive("Akira Kurosawa's Ran")).toBe('Ran');
    expect(withoutPossessive("Dr. Seuss' The Grinch")).toBe('The Grinch');
    expect(withoutPossessive("Guillermo del Toro's Pinocchio")).toBe('Pinocchio');
    expect(withoutPossessive("Hell's Outpost")).toBeNull();
    expect(withoutPossessive("Disney's Haunted Mansion", true)).toBe('Haunted Mansion');
    expect(stripEdition('Mad Max 2: The Road Warrior REISSUE')).toEqual({
      title: 'Mad Max 2: The Road Warrior',
      edition: ['REISSUE'],
    });
    expect(stripEdition("Dangerous or Dead: Razorback Big Collector's Edition").title).toBe(
      'Dangerous or Dead: Razorback',
    );
    expect(editDistance('universal solider', 'universal soldier', 2)).toBe(1);
    expect(editDistance('day of the beast', 'dawn of the beast', 1)).toBe(2);
    expect(looksLikeTitle('Rocky Balboa are coming seperately later in 2023')).toBe(false);
    expect(looksLikeTitle('along with H20')).toBe(false);
    expect(looksLikeTitle('The Wizard of Oz')).toBe(true);
  });
});

describe('FilmIndex', () => {
  const index = new FilmIndex<string>();
  for (const t of [
    'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb',
    'Jumanji: Welcome to the Jungle',
    'Jumanji: The Next Level',
    'Ran',
    "National Lampoon's Animal House",
    'Mulholland Drive',
    'Universal Soldier',
    'Cars 2',
  ])
    index.add(t, t);

  it('looks a title up tier by tier', () => {
    expect(index.lookup('Dr. Strangelove', 'main')).toEqual([
      'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb',
    ]);
    // A main title shared by two films is no unique start (the caller leaves it).
    expect(index.lookup('Jumanji', 'main')).toHaveLength(2);
    expect(index.lookup("Akira Kurosawa's Ran", 'variant')).toEqual(['Ran']);
    expect(index.lookup('Animal House', 'variant')).toEqual(["National Lampoon's Animal House"]);
    expect(index.lookup('Mulholland Dr.', 'variant')).toEqual(['Mulholland Drive']);
    expect(index.lookup('Universal Solider', 'typo')).toEqual(['Universal Soldier']);
    expect(index.lookup('Cars 3', 'typo')).toEqual([]);
    index.remove('Ran');
    expect(index.lookup("Akira Kurosawa's Ran", 'variant')).toEqual([]);
  });
});
