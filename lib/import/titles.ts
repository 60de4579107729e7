/**
 * Reading the names of release listings (the 4K UHD list): a listing names a product, not a film
 * ("Alien: 40th Anniversary Edition", "Godfather, The: Limited Edition (Steelbook)", "Dr. Strangelove
 * (only available in Columbia Classics 4K: Vol. 1)", "Halloween Trilogy (Halloween, Halloween Kills,
 * Halloween Ends)"). `parseListing` separates the films it contains from the edition and packaging
 * words and the remarks, and keys (`matchKey`, `looseKey`, `mainTitle`, `withoutPossessive`) let the
 * importer compare a listing's film title with the catalogue's titles. Pure functions, no I/O; the
 * only outside knowledge is an optional predicate telling whether a title is a known film, used to
 * split double features ("Alien 3, Alien Resurrection") and to mend lists split inside a title
 * ("To Sir, with Love").
 */
import { foldText, hasInvertedArticle, naturalTitle, titleKey } from '@/lib/text';

/** One film a listing contains. */
export type ListingFilm = {
  /** Film title in natural word order, without edition or packaging words. */
  title: string;
  /** Year the listing gives for this film ("(1957)", "(1963, aka …)"), null when none. */
  year: number | null;
  /** Other names the listing gives ("aka Le Mans 66"). */
  akas: string[];
  /**
   * Read from a box set's own name or a numbered range ("Psycho Collection (films I-IV)"): linked
   * only to a film the catalogue knows, never created as a new movie.
   */
  linkOnly: boolean;
  /** Films of one numbered range or one set name: all are linked or none (a range that does not fit is left out). */
  group: number | null;
};

/** What a listing name holds. */
export type ParsedListing = {
  /** The listing name in natural word order ("The Godfather: Limited Edition (Steelbook)"). */
  name: string;
  /** The name as the source wrote it when it put the article last ("Godfather, The: …"), else null. */
  sortName: string | null;
  /** The films it contains, in listing order (none for a box set that does not list its films). */
  films: ListingFilm[];
  /** A box set or double feature (several films, listed or not). */
  boxSet: boolean;
  /** Edition and packaging words ("40th Anniversary Edition", "Steelbook", "Director's Cut"). */
  edition: string[];
  /** Remarks ("UK only", "single film release", "only available in Columbia Classics 4K: Vol. 1", "aka …"). */
  notes: string[];
  /** N of an "Nth Anniversary" edition, else null (the film is then about N years older than the disc). */
  anniversary: number | null;
  /**
   * A box set's own title without its edition words ("The Matrix Trilogy"): the title a set that
   * does not list its films is kept under. Null for a single film or a double feature.
   */
  setTitle: string | null;
};

/** Tells whether a title (natural order) is a film the catalogue knows, optionally of a year. */
export type KnownTitle = (title: string, year: number | null) => boolean;

/** Input of {@link parseListing}: the source's name, its film year and edition words when it gives them. */
export type ListingInput = { name: string; yearHint?: number | null; edition?: readonly string[] | null };

// ---------------------------------------------------------------- keys

const ROMAN: Record<string, string> = {
  ii: '2',
  iii: '3',
  iv: '4',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
};
const NUMBER_WORDS = new Set(['part', 'pt', 'chapter', 'vol', 'volume']);
const SPELLED: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
};

/**
 * Comparison key of a title: {@link titleKey} (folded, article dropped, a listed article read as
 * leading), "+" read as "and", and initials joined ("E.T." = "ET", "L.A." = "LA", "U.S.A." = "USA").
 */
export function matchKey(title: string): string {
  const words = titleKey(title.replace(/\s\+\s/g, ' and ')).split(' ');
  const out: string[] = [];
  let run = '';
  for (const w of words) {
    if (/^[a-z]$/.test(w)) {
      run += w;
      continue;
    }
    if (run) out.push(run);
    run = '';
    out.push(w);
  }
  if (run) out.push(run);
  // A run of one letter is a word ("Plan 9 from Outer Space" keeps "a" in "Take a Chance").
  return out.filter(Boolean).join(' ');
}

/**
 * Looser key for numbered titles and spelling variants: roman numerals and number words as digits
 * ("Evil Dead II" = "Evil Dead 2", "Three Days of the Condor" = "3 Days of the Condor"), "Part" /
 * "Chapter" / "Vol." dropped ("John Wick: Chapter 2" = "John Wick 2"), "Episode N" dropped
 * ("Star Wars: Episode I – The Phantom Menace" = "Star Wars: The Phantom Menace"), and no spaces
 * ("Blow-Up" = "Blowup").
 */
export function looseKey(title: string): string {
  const words = matchKey(title).split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === 'episode' && i + 1 < words.length && /^([ivx]+|\d+)$/.test(words[i + 1])) {
      i++;
      continue;
    }
    if (NUMBER_WORDS.has(w)) continue;
    out.push(ROMAN[w] ?? SPELLED[w] ?? w);
  }
  return out.join('');
}

/**
 * The main title before a subtitle: "Dr. Strangelove or: How I Learned to Stop Worrying and Love
 * the Bomb" → "Dr. Strangelove", "Halloween 4: The Return of Michael Myers" → "Halloween 4",
 * "Psycho IV: The Beginning" → "Psycho IV". @returns null when the title has no subtitle
 */
export function mainTitle(title: string): string | null {
  const t = naturalTitle(title);
  const m = /^(.+?)(?::\s|\s+[–—-]\s+|;?\s+or,?:?\s+(?=[A-Z])|\s+\()/.exec(t);
  if (!m || !foldText(m[1])) return null;
  return m[1].trim();
}

/**
 * A title without a leading possessive credit: "Akira Kurosawa's Ran" → "Ran", "Dr. Seuss' The
 * Grinch" → "The Grinch", "John Carpenter's Escape from LA" → "Escape from LA". The credit is a
 * name of two to four words ("Hell's Outpost" keeps its title); `oneWord` also takes a
 * one-word credit ("Disney's Haunted Mansion"), as listings write it. @returns null when none
 */
export function withoutPossessive(title: string, oneWord = false): string | null {
  const re = oneWord
    ? /^(?:[A-Z][\w.-]*\s+){0,3}[A-Z][\w.-]*(?:'s|’s|s'|s’)\s+(.+)$/u
    : /^(?:[A-Z][\w.-]*\s+){1,3}(?:[a-z]{2,3}\s+)?[A-Z][\w.-]*(?:'s|’s|s'|s’)\s+(.+)$/u;
  const m = re.exec(naturalTitle(title));
  return m && foldText(m[1]) ? m[1].trim() : null;
}

// ---------------------------------------------------------------- vocabulary

const ORDINAL = String.raw`\d+(?:st|nd|rd|th)`;
const ANNIVERSARY = new RegExp(String.raw`\b(?:(\d+)(?:st|nd|rd|th)|(\d+)[- ]years?)[- ]anniversary\b`, 'i');
const ANNIVERSARY_START = new RegExp(String.raw`^(?:${ORDINAL}|\d+[- ]years?)[- ]anniversary\b`, 'i');

/** A phrase that ends with one of these is an edition or packaging, not a title. */
const EDITION_END = new RegExp(
  String.raw`\b(?:editions?|edtion|steel ?books?|gift ?sets?|giftset|box(?:ed)? sets?|media ?books?|cuts?|versions?|` +
    String.raw`re-?issues?|reprint|remaster(?:ed)?|uncut|imax|anniversary|essentials collection|paramount presents|` +
    String.raw`vintage classics|shout select|kino cult(?: #\d+)?|amaray(?: case| packaging)?|packaging|uhd-\d+|` +
    String.raw`wide release|slipcase|lenticular cover)$`,
  'i',
);
/** Words that make a bracketed remark an edition or packaging note. */
const EDITION_WORDS = new RegExp(
  String.raw`\b(?:editions?|edtion|steel ?books?|gift ?sets?|giftset|box(?:ed)? sets?|media ?books?|mediabook [a-z]|` +
    String.raw`cover [a-z]|cuts?|versions?|re-?issues?|reprint|remaster(?:ed)?|uncut|unrated|anniversary|amaray|` +
    String.raw`packaging|slipcase|lenticular|arte originale?|uhd-\d+|theatrical and extended|4k (?:&|and) blu-ray)\b`,
  'i',
);
/** Trailing edition words without a separator ("Groundhog Day 30th Anniversary SteelBook", "… REISSUE"). */
const TRAILING_EDITION = new RegExp(
  [
    String.raw`\s+(?:${ORDINAL}|\d+[- ]years?)[- ]anniversary\b.*$`,
    String.raw`\s+(?:4k\s+)?steel ?book$`,
    String.raw`\s+gift ?set$`,
    String.raw`\s+re-?issue$`,
    String.raw`\s+imax$`,
    String.raw`\s+(?:(?:limited|collector'?s|ultimate|special|deluxe|standard|regular|premium|gold|extended|big|4k|` +
      String.raw`\d+-disc)[- ])+(?:edition|edtion)$`,
    String.raw`\s+(?:(?:theatrical|director'?s|extended|unrated|international)(?:\s+(?:and|&)\s+|\s+))+(?:cuts?|versions?)$`,
  ].join('|'),
  'i',
);

/** Words that make a listing a box set or a collection of films. */
const SET_WORDS = new RegExp(
  String.raw`\b(?:trilogy|quadrilogy|quartet|anthology|double feature|triple feature|` +
    String.raw`(?:\d+|two|three|four|five|six|seven|eight|nine|ten)[- ](?:films?|movies?)\b|films|movies|collection|boxset)\b`,
  'i',
);
/** Remarks that sometimes stand at the start of a contents list. */
const CONTENTS_LEAD = /^(?:.*?\b)?(?:includes?|including|contains?|containing)\s+/i;
const NUMERAL = String.raw`(?:\d{1,2}|[IVX]{1,4})`;
const RANGE = new RegExp(String.raw`^(?:(.*?)\s+)?(${NUMERAL})\s*[-–]\s*(${NUMERAL})$`, 'i');

/** Small words that stay lower-case inside a title. */
const SMALL_WORDS = new Set(
  'a an the of and or in on at to for with from by vs v nor but as into up de la le les du des del di da von van und'.split(
    ' ',
  ),
);
/** Words of sentences, never of titles. */
const SENTENCE_WORDS = new Set(
  'is are was were will be being coming seperately separately later already released only available may not has have more tba reissue correct working'.split(
    ' ',
  ),
);

function romanValue(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  const v: Record<string, number> = { i: 1, v: 5, x: 10 };
  const t = s.toLowerCase();
  if (!/^[ivx]+$/.test(t)) return null;
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const c = v[t[i]];
    const next = v[t[i + 1]] ?? 0;
    n += c < next ? -c : c;
  }
  return n;
}

function toRoman(n: number): string {
  const table: [number, string][] = [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  let rest = n;
  for (const [v, s] of table)
    while (rest >= v) {
      out += s;
      rest -= v;
    }
  return out;
}

/** Whether a text reads like a title: capitalised words, no words of a sentence, not too long. */
export function looksLikeTitle(text: string): boolean {
  const t = text.trim();
  if (!t || !/^[\p{Lu}\p{N}"'‘“¡¿(]/u.test(t)) return false;
  const words = t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (!words.length || words.length > 12) return false;
  let capital = 0;
  let counted = 0;
  for (const w of words) {
    const bare = w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const lower = bare.toLowerCase();
    if (SENTENCE_WORDS.has(lower)) return false;
    if (SMALL_WORDS.has(lower)) continue;
    counted++;
    if (/^[\p{Lu}\p{N}]/u.test(bare)) capital++;
  }
  return counted === 0 || capital / counted >= 0.6;
}

/** Words an edition or packaging phrase is made of ("Ultimate Collector's Edition Steelbook"). */
const EDITION_VOCABULARY = new Set(
  (
    'the a and & with of edition editions edtion limited collector collectors ultimate special deluxe standard regular ' +
    'premium gold extended commemorative definitive director directors theatrical unrated final cut cuts version ' +
    'versions anniversary year years steelbook steel book books gift set sets giftset box boxed mediabook media ' +
    'reissue re issue reprint remastered uncut imax essentials collection universal paramount presents vintage ' +
    'classics shout select kino cult amaray case packaging 4k uhd ultra hd wide release disc discs super duper ' +
    'naughty new original restored longer international us uk exclusive ultra best buy amazon target walmart ' +
    'zavvi hmv store website'
  ).split(' '),
);

function isEditionPhrase(text: string): boolean {
  const t = text.trim().replace(/[.!]+$/, '');
  if (!t) return false;
  if (SET_WORDS.test(t) && !/essentials collection|box(?:ed)? set$/i.test(t)) return false;
  if (!(EDITION_END.test(t) || ANNIVERSARY_START.test(t) || /^(?:the\s+)?(?:4k\s+)?steel ?book\b/i.test(t)))
    return false;
  // Words outside the vocabulary are a title ("The Road Warrior REISSUE"), except a cut's name ("The Richard Donner Cut").
  const other = foldText(t)
    .split(' ')
    .filter((w) => w && !EDITION_VOCABULARY.has(w) && !/^\d+(?:st|nd|rd|th|d|disc)?$/.test(w));
  return other.length <= (/\b(?:cuts?|versions?)$/i.test(t) ? 2 : 0);
}

// ---------------------------------------------------------------- parentheses

/** Splits a name into its text and its bracketed parts (nested brackets stay inside their part). */
function extractParens(name: string): { text: string; parens: string[] } {
  let text = '';
  const parens: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of name) {
    if (c === '(') {
      if (depth > 0) cur += c;
      depth++;
      continue;
    }
    if (c === ')' && depth > 0) {
      depth--;
      if (depth === 0) {
        text += ` \u0000${parens.length}\u0000 `;
        parens.push(cur.trim());
        cur = '';
      } else cur += c;
      continue;
    }
    if (depth > 0) cur += c;
    else text += c;
  }
  if (depth > 0 && cur.trim()) {
    text += ` \u0000${parens.length}\u0000 `;
    parens.push(cur.trim());
  }
  return { text: text.replace(/\s+/g, ' ').trim(), parens };
}

const PLACEHOLDER = /\u0000(\d+)\u0000/g;

type ParenKind =
  | { kind: 'year'; year: number }
  | { kind: 'years'; years: number[] }
  | { kind: 'range'; stem: string | null; from: number; to: number; roman: boolean }
  | { kind: 'contents'; text: string }
  | { kind: 'aka'; names: string[] }
  | { kind: 'edition'; text: string }
  | { kind: 'note'; text: string };

function classifyParen(raw: string): ParenKind[] {
  const t = raw.trim();
  if (/^\d{4}$/.test(t)) return [{ kind: 'year', year: Number(t) }];
  let m = /^(\d{4})\s*[/]\s*(\d{4})$/.exec(t);
  if (m) return [{ kind: 'years', years: [Number(m[1]), Number(m[2])] }];
  if (/^\d{4}\s*[-–]\s*\d{2,4}$/.test(t) || /^\d{4}s\s*[-–]\s*(?:\d{4}s|today)$/i.test(t))
    return [{ kind: 'note', text: t }];
  m = /^(\d{4})\s*(?:,|\s[–—-])\s*(.+)$/.exec(t);
  if (m) return [{ kind: 'year', year: Number(m[1]) }, ...classifyParen(m[2])];
  m = /^(?:a\.?k\.?a\.?)\s+(.+)$/i.exec(t);
  if (m)
    return [
      {
        kind: 'aka',
        names: m[1]
          .split(/\s+&\s+/)
          .map((s) => s.trim())
          .filter(Boolean),
      },
    ];
  const range = /^(?:(?:includes?\s+)?(?:the\s+)?films\s+)?(.*)$/i.exec(t)?.[1] ?? t;
  m = RANGE.exec(range.replace(/\s+in 4k$/i, ''));
  if (m && romanValue(m[2]) != null && romanValue(m[3]) != null) {
    const from = romanValue(m[2]) as number;
    const to = romanValue(m[3]) as number;
    const stem = m[1] && !/^films?$/i.test(m[1]) ? m[1].trim() : null;
    if (to > from && to - from < 12 && (!stem || looksLikeTitle(stem)))
      return [{ kind: 'range', stem, from, to, roman: /^[IVX]+$/i.test(m[2]) }];
  }
  if (CONTENTS_LEAD.test(t)) return [{ kind: 'contents', text: t.replace(CONTENTS_LEAD, '') }];
  if (EDITION_WORDS.test(t) && !/\bincludes?\b/i.test(t)) return [{ kind: 'edition', text: t }];
  return [{ kind: 'note', text: t }];
}

// ---------------------------------------------------------------- titles

/**
 * Strips edition and packaging words from the end of a title: after a separator ("Alien: 40th
 * Anniversary Edition", "Batman v Superman: Dawn of Justice – Ultimate Edition", "Blade Runner:
 * The Final Cut") or directly ("Groundhog Day 30th Anniversary SteelBook").
 * @returns the title and the stripped phrases (outermost last)
 */
export function stripEdition(title: string): { title: string; edition: string[] } {
  let t = title.trim();
  const edition: string[] = [];
  for (let guard = 0; guard < 8; guard++) {
    // The first separator whose next phrase is an edition ends the title: "Star Trek: The Motion
    // Picture – The Director's Edition: The Complete Adventure" → "Star Trek: The Motion Picture".
    const seps = [...t.matchAll(/\s*(?::|\s[–—-]|—)\s+/g)];
    const cut = seps.find((m) => {
      const head = t.slice(0, m.index);
      const next = t.slice((m.index ?? 0) + m[0].length).split(/\s*(?::|\s[–—-]|—)\s+/)[0];
      return foldText(head) && isEditionPhrase(next);
    });
    if (cut) {
      const tail = t.slice((cut.index ?? 0) + cut[0].length);
      edition.unshift(
        ...tail
          .split(/\s*(?::|\s[–—-]|—)\s+/)
          .map((e) => e.trim())
          .filter(Boolean),
      );
      t = t.slice(0, cut.index).trim();
      continue;
    }
    const trail = TRAILING_EDITION.exec(t);
    if (trail && trail.index > 0 && foldText(t.slice(0, trail.index)) && !SET_WORDS.test(trail[0])) {
      edition.unshift(trail[0].trim());
      t = t
        .slice(0, trail.index)
        .replace(/[\s:–—-]+$/, '')
        .trim();
      continue;
    }
    break;
  }
  return { title: t.replace(/[\s:–—-]+$/, '').trim(), edition };
}

/** The title of a part with a numeral after its stem: ("Ghostbusters", 2) → "Ghostbusters II"; 1 → the stem. */
function numbered(stem: string, n: number, roman: boolean): string {
  if (n === 1) return stem;
  return `${stem} ${roman ? toRoman(n) : String(n)}`;
}

/** Like {@link numbered}, but the first of a series keeps its "1" when that is the known title ("Breaking Dawn 1"). */
function numberedKnown(stem: string, n: number, roman: boolean, known: KnownTitle): string {
  const one = `${stem} ${roman ? 'I' : '1'}`;
  return n === 1 && known(one, null) ? one : numbered(stem, n, roman);
}

/** The stem and numeral of "Ghostbusters I", "Bad Boys 1", "Demons I". */
function splitNumeral(title: string): { stem: string; n: number; roman: boolean } | null {
  const m = new RegExp(String.raw`^(.+?)\s+(${NUMERAL})$`, 'i').exec(title.trim());
  if (!m) return null;
  const n = romanValue(m[2]);
  return n == null ? null : { stem: m[1], n, roman: /^[IVX]+$/i.test(m[2]) };
}

/** Cleans one item of a contents list: a year in brackets, remarks and format words after it. */
function cleanItem(raw: string): { title: string; year: number | null; notes: string[] } {
  const notes: string[] = [];
  let year: number | null = null;
  const { text, parens } = extractParens(raw);
  for (const p of parens)
    for (const k of classifyParen(p)) {
      if (k.kind === 'year') year = k.year;
      else if (k.kind === 'note' || k.kind === 'edition') notes.push(k.text);
    }
  let title = text
    .replace(PLACEHOLDER, ' ')
    .replace(/^(?:plus|and|&|also)\s+/i, '')
    .replace(/\s+(?:(?:both|all)\s+)?(?:in|on)\s+(?:4k|blu-ray|dvd|hd)\b.*$/i, '')
    .replace(/\s+only in this box set$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stripped = stripEdition(title);
  title = stripped.title;
  notes.push(...stripped.edition);
  return { title, year, notes };
}

/** Splits a contents list into items, mending titles that hold a separator. */
function splitContents(
  text: string,
  known: KnownTitle,
): { items: { title: string; year: number | null }[]; notes: string[] } {
  const notes: string[] = [];
  // Remarks after a dash at the end of the list ("… Love on the Run—NO ENGLISH SUBTITLES").
  const pieces = text
    .split(/\s*,\s*(?:and\s+|plus\s+|&\s+)?|\s*;\s*|\s+plus\s+|\s*\/\s*/i)
    .map((p) => p.trim())
    .filter(Boolean);
  // Mend titles cut at a comma ("To Sir, with Love"): when the whole is a known film, or the next
  // piece starts with a small word in lower case.
  const mended: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const next = pieces[i + 1];
    const continues = next != null && /^(?:with|and|of|or)\s/.test(next);
    if (next && (continues || known(`${pieces[i]}, ${next}`, null)) && !(known(pieces[i], null) && known(next, null))) {
      mended.push(`${pieces[i]}, ${next}`);
      i++;
    } else mended.push(pieces[i]);
  }
  const items: { title: string; year: number | null }[] = [];
  const push = (raw: string) => {
    const c = cleanItem(raw);
    notes.push(...c.notes);
    if (c.title) items.push({ title: c.title, year: c.year });
  };
  for (let piece of mended) {
    // A dash followed by a remark ends the item ("Breaking Dawn 1 & 2 – US Best Buy-exclusive Steelbook").
    const dash = /^(.+?)\s*(?:\s[–-]\s|—)\s*(.+)$/.exec(piece);
    if (dash && (!looksLikeTitle(dash[2]) || isEditionPhrase(dash[2])) && !known(piece, null)) {
      notes.push(dash[2].trim());
      piece = dash[1];
    }
    // Edition words after the titles go first ("Rocky III & Rocky IV Theatrical and Director's Cuts").
    const cleaned = stripEdition(piece);
    if (cleaned.title && cleaned.edition.length) {
      notes.push(...cleaned.edition);
      piece = cleaned.title;
    }
    const pair = new RegExp(String.raw`^(.+?)\s+(${NUMERAL})\s*&\s*(${NUMERAL})$`, 'i').exec(piece);
    if (pair && !known(piece, null)) {
      const a = romanValue(pair[2]) as number;
      const b = romanValue(pair[3]) as number;
      const roman = /^[IVX]+$/i.test(pair[2]);
      // The first keeps its number ("Breaking Dawn 1"); the set decides how to read it.
      push(`${pair[1]} ${roman ? toRoman(a) : a}`);
      push(numberedKnown(pair[1], b, roman, known));
      continue;
    }
    const parts = piece.split(/\s+(?:&|and)\s+/i);
    if (parts.length > 1 && !known(cleanItem(piece).title, null)) {
      const titled = parts.map((p) => cleanItem(p));
      const someKnown = titled.some((p) => known(p.title, p.year));
      const rest = titled.every((p) => known(p.title, p.year) || !looksLikeTitle(p.title));
      if (someKnown && rest) {
        for (const p of parts) push(p);
        continue;
      }
    }
    push(piece);
  }
  return { items, notes };
}

/** Splits a (non-set) title at "/", " + ", ", " or " & " into several films when the pieces are films. */
function splitDoubleFeature(title: string, known: KnownTitle): string[] {
  const whole = known(title, null);
  if (whole) return [title];
  // "Demons I & II": the stem with each numeral.
  const pair = new RegExp(String.raw`^(.+?)\s+(${NUMERAL})\s*&\s*(${NUMERAL})$`, 'i').exec(title);
  if (pair) {
    const roman = /^[IVX]+$/i.test(pair[2]);
    return [
      numberedKnown(pair[1], romanValue(pair[2]) as number, roman, known),
      numberedKnown(pair[1], romanValue(pair[3]) as number, roman, known),
    ];
  }
  // "Demons & Demons 2": the second title continues the first.
  const same = /^(.+?)\s*&\s*(.+)$/.exec(title);
  if (same && foldText(same[2]).startsWith(`${foldText(same[1])} `)) return [same[1].trim(), same[2].trim()];
  // "A & B" only splits into titles of several words ("Blood & Iron" stays one title).
  const several = (p: string) => p.split(/\s+/).length > 1 || /\d/.test(p);
  for (const [sep, ok] of [
    [/\s+\+\s+/, () => true],
    [/\s*,\s+/, () => true],
    [/\s+&\s+/, several],
  ] as const) {
    const parts = title.split(sep).map((p) => p.trim());
    if (parts.length > 1 && parts.every((p) => p && ok(p) && known(p, null))) return parts;
  }
  return [title];
}

let groupSeq = 0;

/** Splits at "/" unless it stands between digits ("2 1/2"). */
function splitSlash(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '/' && !(/\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? ''))) {
      out.push(cur.trim());
      cur = '';
    } else cur += text[i];
  }
  out.push(cur.trim());
  return out.filter(Boolean);
}

/** Whether a bracketed remark in a box set's name lists titles ("(Casino Royale, Quantum of Solace, Skyfall)"). */
function isTitleList(text: string): boolean {
  const items = text.split(/\s*,\s*(?:and\s+)?|\s+&\s+|\s*\/\s*/).filter(Boolean);
  return (
    items.length > 1 && items.filter((i) => looksLikeTitle(i) && !isEditionPhrase(i)).length * 2 >= items.length + 1
  );
}

/**
 * Reads a release listing's name (see module doc).
 * @param input the source's name, film year (`film_year_hint`) and edition words
 * @param known whether a title is a known film (splits double features, mends lists); without it
 *   only the listing's own punctuation decides
 * @example parseListing({ name: 'Alien: 40th Anniversary Edition' }).films → [{ title: 'Alien', year: null, … }]
 */
export function parseListing(input: ListingInput, known: KnownTitle = () => false): ParsedListing {
  groupSeq = 0;
  const source = input.name.trim().replace(/\bw\//gi, 'with ');
  const name = naturalTitle(source);
  const sortName = hasInvertedArticle(source) ? source : null;
  const edition: string[] = [...(input.edition ?? [])];
  const notes: string[] = [];
  const addEdition = (e: string) => {
    const v = e.trim();
    if (v && !edition.some((x) => foldText(x) === foldText(v))) edition.push(v);
  };
  const addNote = (n: string) => {
    const v = n.trim();
    if (v && !notes.some((x) => foldText(x) === foldText(v)) && !edition.some((x) => foldText(x) === foldText(v)))
      notes.push(v);
  };
  const anniversaryMatch = ANNIVERSARY.exec(source);
  const anniversary = anniversaryMatch ? Number(anniversaryMatch[1] ?? anniversaryMatch[2]) : null;

  const { text, parens } = extractParens(source);
  const kinds = parens.map(classifyParen);
  const plainText = text.replace(PLACEHOLDER, ' ').replace(/\s+/g, ' ').trim();
  // A box set's remark that lists titles is its contents.
  if (SET_WORDS.test(stripEdition(naturalTitle(plainText)).title))
    kinds.forEach((ks, i) => {
      if (ks.length === 1 && ks[0].kind === 'note' && isTitleList(parens[i]))
        ks[0] = { kind: 'contents', text: parens[i] };
    });
  const plain = plainText;
  const contents = kinds.flat().filter((k): k is Extract<ParenKind, { kind: 'contents' }> => k.kind === 'contents');
  const ranges = kinds.flat().filter((k): k is Extract<ParenKind, { kind: 'range' }> => k.kind === 'range');

  // The set words are read from the title without its edition words ("… Collector's Edition Box
  // Set" is packaging, "… 25th Anniversary Collection" a set).
  const titleText = stripEdition(naturalTitle(plain)).title;
  const inlineRange = new RegExp(String.raw`\s(${NUMERAL})\s*[-–]\s*(${NUMERAL})(?=$|[\s:,])`, 'i').exec(
    naturalTitle(plain),
  );
  const nameRange =
    inlineRange && romanValue(inlineRange[1]) != null && romanValue(inlineRange[2]) != null ? inlineRange : null;
  // A list of several titles the row "includes" makes a set unless the row's title is a known film
  // ("Fear and Desire (1952) (includes Flying Padre, …)" is one film with extras).
  const listsFilms = contents.some((c) => isTitleList(c.text)) && !known(titleText, input.yearHint ?? null);
  // A bracket that counts films or discs by the dozen ("(MCU 23-Film Box Set)", "31-Disc …") marks a set too.
  const countsFilms =
    parens.some((p) => !/^from\b/i.test(p) && /\b\d+[- ](?:films?|movies?)\b/i.test(p)) ||
    /\b\d{2,}-disc\b/i.test(plain);
  const isSet =
    SET_WORDS.test(titleText) ||
    countsFilms ||
    listsFilms ||
    ranges.length > 0 ||
    nameRange != null ||
    (contents.length > 0 && /\bsaga\b|\bset\b/i.test(plain));

  const films: ListingFilm[] = [];
  const addFilm = (f: Omit<ListingFilm, 'akas'> & { akas?: string[] }) => {
    const title = naturalTitle(f.title).trim();
    if (!foldText(title)) return;
    if (films.some((x) => matchKey(x.title) === matchKey(title) && x.year === f.year)) return;
    films.push({ akas: [], ...f, title });
  };

  // Bracketed parts that are not contents: year, edition, remarks.
  let years: number[] = [];
  const akas: string[] = [];
  kinds.forEach((ks) => {
    for (const k of ks) {
      if (k.kind === 'year') years.push(k.year);
      else if (k.kind === 'years') years = years.concat(k.years);
      else if (k.kind === 'edition') addEdition(k.text);
      else if (k.kind === 'aka') {
        akas.push(...k.names);
        addNote(`aka ${k.names.join(' & ')}`);
      } else if (k.kind === 'note') addNote(k.text);
      else if (k.kind === 'contents' && !isSet) addNote(parens[kinds.indexOf(ks)]);
    }
  });

  if (isSet) {
    stripEdition(naturalTitle(plain)).edition.forEach(addEdition);
    // The stem of the set's own name: "Three Colors Trilogy" → "Three Colors", "Psycho Collection, The" → "Psycho".
    const setStem = titleText
      .replace(new RegExp(SET_WORDS.source, 'gi'), ' ')
      .replace(new RegExp(String.raw`\s(${NUMERAL})\s*[-–]\s*(${NUMERAL})(?=$|[\s:,])`, 'i'), ' ')
      .replace(/\b(?:4k|ultra hd|ultimate|complete|limited edition|original|classic|the)\b/gi, ' ')
      .replace(/\s+[:–-]\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim();
    const franchise = (setStem.split(/:\s/)[0] ?? '').trim();
    const stemOf = (s: string) => foldText(s);
    for (const c of contents) {
      const list = splitContents(c.text, known);
      list.notes.forEach(addNote);
      for (const item of list.items) {
        const n = /^(?:[IVX]{1,4}|\d{1,2})$/i.test(item.title) ? romanValue(item.title) : null;
        if (n != null && franchise) {
          addFilm({ title: numbered(franchise, n, true), year: item.year, linkOnly: true, group: null });
          continue;
        }
        const range = RANGE.exec(item.title);
        if (range && range[1] && romanValue(range[2]) != null && romanValue(range[3]) != null) {
          const group = ++groupSeq;
          for (let i = romanValue(range[2]) as number; i <= (romanValue(range[3]) as number); i++)
            addFilm({ title: numbered(range[1], i, /^[IVX]+$/i.test(range[2])), year: null, linkOnly: true, group });
          continue;
        }
        // The item as listed, with the set's name before it ("Three Colors" + "Blue"), and the first
        // of a numbered pair without its "1" ("Bad Boys 1" = "Bad Boys").
        const bare = item.title.replace(/\s+(?:1|I)$/, '');
        const prefixed = (t: string) => (setStem && !stemOf(t).startsWith(stemOf(setStem)) ? `${setStem}: ${t}` : null);
        const readings = [prefixed(item.title), item.title, prefixed(bare), bare].filter((t): t is string => !!t);
        const title = readings.find((t) => known(t, item.year)) ?? bare;
        if (known(title, item.year)) addFilm({ title, year: item.year, linkOnly: false, group: null });
        else if (looksLikeTitle(title)) addFilm({ title, year: item.year, linkOnly: false, group: null });
        else addNote(title);
      }
    }
    for (const r of ranges) {
      const stem = r.stem ?? (franchise || null);
      if (!stem) continue;
      const group = ++groupSeq;
      for (let i = r.from; i <= r.to; i++)
        addFilm({ title: numbered(stem, i, r.roman), year: null, linkOnly: true, group });
    }
    if (!contents.length && !ranges.length) {
      // Films named by the set's own title: "Ghostbusters I/II/2017 Collection", "War of the Worlds
      // (1953) / When Worlds Collide (1951) Double Feature", "Bad Boys 1 & 2 Collection", "John Wick 1-3".
      const group = ++groupSeq;
      const pairInName = new RegExp(String.raw`\s${NUMERAL}\s*&\s*${NUMERAL}\b`, 'i').test(titleText);
      const named = splitSlash(plain).length > 1 || pairInName || nameRange != null;
      if (nameRange) {
        const stem = naturalTitle(plain).slice(0, nameRange.index).trim();
        const from = romanValue(nameRange[1]) as number;
        const to = romanValue(nameRange[2]) as number;
        if (to > from && to - from < 12)
          for (let i = from; i <= to; i++)
            addFilm({ title: numbered(stem, i, /^[IVX]+$/i.test(nameRange[1])), year: null, linkOnly: true, group });
      } else if (named) {
        const segments = splitSlash(text);
        let stem: { stem: string; roman: boolean } | null = null;
        segments.forEach((seg, i) => {
          const segYear = [...seg.matchAll(PLACEHOLDER)]
            .flatMap((p) => kinds[Number(p[1])])
            .find((k): k is Extract<ParenKind, { kind: 'year' }> => k.kind === 'year');
          let title = stripEdition(
            naturalTitle(seg.split(PLACEHOLDER)[0] ?? '')
              .replace(new RegExp(SET_WORDS.source, 'gi'), ' ')
              .replace(/\s+/g, ' ')
              .trim(),
          ).title.replace(/\s+(?:limited edition|4k|double feature)$/i, '');
          const pair = new RegExp(String.raw`^(.+?)\s+(${NUMERAL})\s*&\s*(${NUMERAL})\b`, 'i').exec(title);
          if (pair) {
            const roman = /^[IVX]+$/i.test(pair[2]);
            addFilm({
              title: numbered(pair[1], romanValue(pair[2]) as number, roman),
              year: null,
              linkOnly: true,
              group,
            });
            addFilm({
              title: numbered(pair[1], romanValue(pair[3]) as number, roman),
              year: null,
              linkOnly: true,
              group,
            });
            return;
          }
          const num = splitNumeral(title);
          if (i === 0 && num) stem = { stem: num.stem, roman: num.roman };
          if (i > 0 && stem && /^\d{4}$/.test(title)) {
            addFilm({ title: stem.stem, year: Number(title), linkOnly: true, group });
            return;
          }
          if (i > 0 && stem && romanValue(title) != null) {
            title = numbered(stem.stem, romanValue(title) as number, stem.roman);
          } else if (i === 0 && num) title = numbered(num.stem, num.n, num.roman);
          addFilm({ title, year: segYear?.year ?? null, linkOnly: true, group });
        });
      }
    }
    return { name, sortName, films, boxSet: true, edition, notes, anniversary: null, setTitle: titleText || null };
  }

  // One film or a double feature: split the text at "/" first ("FACE/OFF" stays one known
  // title), each part with its own year.
  const wholeTitle = stripEdition(naturalTitle(plain)).title;
  const segments = known(wholeTitle, input.yearHint ?? null)
    ? [text]
    : splitSlash(text).filter((s) => foldText(s.replace(PLACEHOLDER, ' ')));
  let stem: { stem: string; roman: boolean } | null = null;
  const partYears = years.length === segments.length ? years : null;
  segments.forEach((seg, i) => {
    const [head, ...rest] = seg.split(PLACEHOLDER);
    // Text after a bracket is edition ("(1974) Deluxe Edition", "(Live Die Repeat) Steelbook").
    rest.forEach((r, j) => {
      if (j % 2 === 1) {
        const after = r.replace(/^[\s:–—-]+/, '').trim();
        if (after) addEdition(after);
      }
    });
    const placeholderYears = [...seg.matchAll(PLACEHOLDER)]
      .flatMap((p) => kinds[Number(p[1])])
      .filter((k): k is Extract<ParenKind, { kind: 'year' }> => k.kind === 'year');
    const stripped = stripEdition(naturalTitle(head ?? ''));
    stripped.edition.forEach(addEdition);
    let title = stripped.title;
    const year =
      placeholderYears[0]?.year ??
      partYears?.[i] ??
      (segments.length === 1 ? (input.yearHint ?? years[0] ?? null) : null);
    const num = splitNumeral(title);
    if (i === 0 && num) stem = { stem: num.stem, roman: num.roman };
    if (i > 0 && stem && romanValue(title) != null) {
      addFilm({
        title: numbered(stem.stem, romanValue(title) as number, stem.roman),
        year,
        linkOnly: true,
        group: null,
      });
      return;
    }
    if (i === 0 && num && segments.length > 1 && num.n === 1) title = num.stem;
    const parts = splitDoubleFeature(title, known);
    // The year of a split title belongs to the part it fits ("Scream VI + Scream (2022)").
    const yearOf = (p: string) =>
      parts.length === 1
        ? year
        : year != null && known(p, year) && !parts.some((o) => o !== p && known(o, year))
          ? year
          : null;
    parts.forEach((p) =>
      addFilm({
        title: p,
        year: yearOf(p),
        akas: segments.length === 1 && parts.length === 1 ? akas : [],
        linkOnly: false,
        group: null,
      }),
    );
  });
  return { name, sortName, films, boxSet: films.length > 1, edition, notes, anniversary, setTitle: null };
}
