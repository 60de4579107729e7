/**
 * Name models of the synthetic data: titles drawn word by word from the real titles' word
 * frequencies (first words and other words apart, title lengths and subtitle rate as in the real
 * titles), person names from first/last name pools weighted by real frequencies, label names from
 * word parts. Built from the database's real rows when there are any, else from lib/synthetic/vocab.ts.
 * Pure (the caller passes the real names in), deterministic for a given Rng.
 */
import { foldText } from '@/lib/text';
import { Rng, WeightedList } from './random';
import {
  ACCENTED_WORDS,
  FINNISH_WORDS,
  FIRST_NAMES,
  FOREIGN_WORDS,
  LAST_NAMES,
  LOWER_WORDS,
  STOP_WORDS,
  TITLE_WORDS,
} from './vocab';

/** Zipf weights 1/(rank+1)^s for a list ordered most frequent first. */
function zipf(n: number, s = 1): number[] {
  return Array.from({ length: n }, (_, i) => 1 / Math.pow(i + 1, s));
}

/** Counts values into a WeightedList (ties broken by first occurrence, so the result is deterministic). */
function countedList(values: Iterable<string>): WeightedList<string> | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  if (!counts.size) return null;
  return new WeightedList([...counts.keys()], [...counts.values()]);
}

const ROMAN_OR_NUMBER = /^(?:[IVXL]+|.*\d.*)$/;
/** Characters trimmed from the ends of a title word ("Airplane!" keeps its "!"). */
const EDGE = /^["'“”‘’(\[¡¿,;$]+|["'“”‘’)\],;]+$/g;

/** Splits a title into cleaned words (numbers and roman numerals dropped: sequels are added explicitly). */
function titleWords(part: string): string[] {
  return part
    .split(/\s+/)
    .map((w) => w.replace(EDGE, ''))
    .filter((w) => w && foldText(w) && !ROMAN_OR_NUMBER.test(w) && w.length <= 24);
}

function capitalize(w: string): string {
  return w.charAt(0).toLocaleUpperCase('en') + w.slice(1);
}

const isStop = (w: string) => STOP_WORDS.has(w.toLowerCase());

/**
 * Title generator, a positional word model learnt from the real titles: one-word titles from the
 * real one-word titles, longer ones as first word + middle words + last word, each drawn by its
 * frequency in that position (Zipf-like); title lengths and the share of titles with a subtitle
 * after ": " as in the real titles; a few words swapped for accented ones.
 */
export class TitleModel {
  private singles: WeightedList<string>;
  private firsts: WeightedList<string>;
  private middles: WeightedList<string>;
  private lasts: WeightedList<string>;
  private lengths: WeightedList<number>;
  private subLengths: WeightedList<number>;
  private subtitleRate: number;
  private accented = new WeightedList(ACCENTED_WORDS, zipf(ACCENTED_WORDS.length, 0.7));
  private finnish = new WeightedList(FINNISH_WORDS, zipf(FINNISH_WORDS.length, 0.6));
  private foreign = new WeightedList(FOREIGN_WORDS, zipf(FOREIGN_WORDS.length, 0.6));
  /** Real titles the model learnt from (0 = built-in fallback lists). */
  readonly sourceTitles: number;

  /** @param realTitles display names of real movies (any order; the counts are what matter) */
  constructor(realTitles: readonly string[]) {
    const singles: string[] = [];
    const firsts: string[] = [];
    const middles: string[] = [];
    const lasts: string[] = [];
    const lengths: number[] = [];
    const subLengths: number[] = [];
    let withSubtitle = 0;
    let used = 0;
    const learn = (words: string[]) => {
      if (words.length === 1) {
        if (!isStop(words[0])) singles.push(words[0]);
        return;
      }
      firsts.push(words[0]);
      for (const w of words.slice(1, -1)) middles.push(w);
      if (!isStop(words[words.length - 1])) lasts.push(words[words.length - 1]);
    };
    for (const title of realTitles) {
      const [main, ...subs] = title.split(/:\s+/);
      const words = titleWords(main);
      if (!words.length) continue;
      used++;
      lengths.push(Math.min(words.length, 12));
      learn(words);
      const sub = titleWords(subs.join(' '));
      if (sub.length) {
        withSubtitle++;
        subLengths.push(Math.min(sub.length, 8));
        learn(sub);
      }
    }
    const real =
      used >= 200 && singles.length >= 20 && firsts.length >= 20 && middles.length >= 20 && lasts.length >= 20;
    this.sourceTitles = real ? used : 0;
    if (real) {
      this.singles = countedList(singles)!;
      this.firsts = countedList(firsts)!;
      this.middles = countedList(middles)!;
      this.lasts = countedList(lasts)!;
      this.lengths = WeightedList.of(countPairs(lengths));
      this.subLengths = subLengths.length ? WeightedList.of(countPairs(subLengths)) : WeightedList.of([[2, 1]]);
      this.subtitleRate = withSubtitle / used;
    } else {
      const content = TITLE_WORDS.filter((w) => !isStop(w));
      const lowered = TITLE_WORDS.map((w) => (LOWER_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w));
      this.singles = new WeightedList(content, zipf(content.length, 0.9));
      this.firsts = new WeightedList(TITLE_WORDS, zipf(TITLE_WORDS.length, 0.9));
      this.middles = new WeightedList(lowered, zipf(lowered.length, 0.9));
      this.lasts = this.singles;
      this.lengths = defaultLengths();
      this.subLengths = WeightedList.of([
        [1, 2],
        [2, 4],
        [3, 3],
        [4, 1],
      ]);
      this.subtitleRate = 0.06;
    }
  }

  private words(rng: Rng, n: number): string[] {
    if (n <= 1) return [capitalize(rng.chance(0.025) ? this.accented.sample(rng) : this.singles.sample(rng))];
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const list = i === 0 ? this.firsts : i === n - 1 ? this.lasts : this.middles;
      const prev = out[out.length - 1];
      let w = list.sample(rng);
      // No word twice in a row, no two function words in a row ("The and …").
      for (let t = 0; t < 4 && prev && (prev.toLowerCase() === w.toLowerCase() || (isStop(prev) && isStop(w))); t++)
        w = list.sample(rng);
      if (rng.chance(0.025)) w = this.accented.sample(rng);
      if (prev && prev.toLowerCase() === w.toLowerCase()) continue;
      out.push(i === 0 ? capitalize(w) : w);
    }
    return out;
  }

  /** A title like the real ones, e.g. "Hell Canyon Outlaws" or "Midnight Harbor: The Return". */
  title(rng: Rng): string {
    const main = this.words(rng, this.lengths.sample(rng)).join(' ');
    if (!rng.chance(this.subtitleRate)) return main;
    return `${main}: ${this.words(rng, this.subLengths.sample(rng)).join(' ')}`;
  }

  /** A short title of at most `max` words (TV episode names). */
  shortTitle(rng: Rng, max: number): string {
    return this.words(rng, 1 + rng.int(max)).join(' ');
  }

  /** A Finnish title ("Kuolettava kesä"), for localized names of Finnish-market releases. */
  finnishTitle(rng: Rng): string {
    const n = 1 + rng.int(3);
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(this.finnish.sample(rng));
    while (words.length > 1 && isStop(words[words.length - 1])) words.pop();
    if (isStop(words[0])) words[0] = 'yö';
    return capitalize(words.join(' '));
  }

  /** A foreign original title ("La nuit rouge"), with accents now and then. */
  foreignTitle(rng: Rng): string {
    const n = 2 + rng.int(3);
    const words: string[] = [];
    for (let i = 0; i < n; i++)
      words.push(rng.chance(0.15) ? this.accented.sample(rng).toLowerCase() : this.foreign.sample(rng));
    while (words.length > 1 && isStop(words[words.length - 1])) words.pop();
    if (words.length === 1 && isStop(words[0])) words.push(this.accented.sample(rng).toLowerCase());
    return capitalize(words.join(' '));
  }
}

function countPairs(values: readonly number[]): Array<readonly [number, number]> {
  const m = new Map<number, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => a[0] - b[0]);
}

function defaultLengths(): WeightedList<number> {
  return WeightedList.of([
    [1, 18],
    [2, 30],
    [3, 24],
    [4, 14],
    [5, 7],
    [6, 4],
    [7, 2],
    [8, 1],
  ]);
}

const NAME_SUFFIX = /^(Jr\.?|Sr\.?|II|III|IV)$/;
const NAME_TOKEN = /^[\p{L}][\p{L}'’.-]*$/u;

/**
 * Person names: first and last names weighted by their frequency among the real persons (mixed
 * with the built-in pools, which bring Finnish, Nordic and accented names), some middle
 * initials, hyphenated surnames and suffixes.
 */
export class PersonNameModel {
  private firstReal: WeightedList<string> | null;
  private lastReal: WeightedList<string> | null;
  private firstBuiltIn = new WeightedList(FIRST_NAMES, zipf(FIRST_NAMES.length, 0.6));
  private lastBuiltIn = new WeightedList(LAST_NAMES, zipf(LAST_NAMES.length, 0.6));
  /** Share of names drawn from the built-in pools (1 when the database has too few real names). */
  private builtInShare: number;

  /** @param realNames display names of real persons */
  constructor(realNames: readonly string[]) {
    const firsts: string[] = [];
    const lasts: string[] = [];
    for (const name of realNames) {
      const tokens = name.split(/\s+/).filter(Boolean);
      while (tokens.length > 2 && NAME_SUFFIX.test(tokens[tokens.length - 1])) tokens.pop();
      if (tokens.length < 2) continue;
      const first = tokens[0];
      const last = tokens[tokens.length - 1];
      if (NAME_TOKEN.test(first) && NAME_TOKEN.test(last) && !first.endsWith('.')) firsts.push(first);
      if (NAME_TOKEN.test(last) && !last.endsWith('.')) lasts.push(last);
    }
    const enough = firsts.length >= 500 && lasts.length >= 500;
    this.firstReal = enough ? countedList(firsts) : null;
    this.lastReal = enough ? countedList(lasts) : null;
    this.builtInShare = enough ? 0.25 : 1;
  }

  /** A first name. */
  firstName(rng: Rng): string {
    return this.firstReal && !rng.chance(this.builtInShare)
      ? this.firstReal.sample(rng)
      : this.firstBuiltIn.sample(rng);
  }

  /** A last name. */
  lastName(rng: Rng): string {
    return this.lastReal && !rng.chance(this.builtInShare) ? this.lastReal.sample(rng) : this.lastBuiltIn.sample(rng);
  }

  /** A full name, e.g. "Mikko Mäkelä", "Laura J. Bennett", "Anna Weber-Lindqvist". */
  fullName(rng: Rng): string {
    const first = this.firstName(rng);
    let last = this.lastName(rng);
    const r = rng.next();
    if (r < 0.02) last = `${last}-${this.lastName(rng)}`;
    let name = r >= 0.02 && r < 0.1 ? `${first} ${String.fromCharCode(65 + rng.int(26))}. ${last}` : `${first} ${last}`;
    if (rng.chance(0.008)) name += ' Jr.';
    return name;
  }
}
