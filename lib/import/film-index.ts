/**
 * The importer's title index of the catalogue's movies: finds the movies a title may name, tier by
 * tier (lib/import/titles.ts keys): the same title; the same title read loosely (numerals, "Part",
 * spaces); a title that is a movie's main title before its subtitle ("Dr. Strangelove" for "Dr.
 * Strangelove or: How I Learned…"); a title with or without a possessive credit ("Akira Kurosawa's
 * Ran"); a title one or two typing errors away ("Universal Solider"). In memory, no I/O.
 */
import { editDistance } from '@/lib/text';
import { looseKey, mainTitle, matchKey, withoutPossessive } from './titles';

/** How a title met a movie, from the surest to the loosest. */
export type MatchTier = 'exact' | 'loose' | 'main' | 'variant' | 'typo';

/** Abbreviations written with a dot and what they stand for ("Mulholland Dr." = "Mulholland Drive"). */
const ABBREVIATIONS: Record<string, string[]> = {
  dr: ['Drive', 'Doctor'],
  st: ['Saint', 'Street'],
  mt: ['Mount'],
  ft: ['Fort'],
  mr: ['Mister'],
  vs: ['Versus'],
};

/** A title with its abbreviations written out, one reading per meaning. */
function expansions(title: string): string[] {
  let out = [title];
  let expanded = false;
  for (const m of title.matchAll(/\b([A-Za-z]{2})\.(?=\s|$)/g)) {
    const long = ABBREVIATIONS[m[1].toLowerCase()];
    if (!long) continue;
    expanded = true;
    out = out.flatMap((t) => long.map((l) => t.replace(new RegExp(String.raw`\b${m[1]}\.(?=\s|$)`), l)));
  }
  return expanded ? out : [];
}

/** The keys of one indexed name. */
type Keys = { match: string; loose: string; main: string | null; poss: string | null };

function keysOf(name: string): Keys {
  const main = mainTitle(name);
  const poss = withoutPossessive(name);
  return {
    match: matchKey(name),
    loose: looseKey(name),
    main: main ? looseKey(main) : null,
    poss: poss ? looseKey(poss) : null,
  };
}

function push<T>(map: Map<string, T[]>, key: string | null, item: T) {
  if (!key) return;
  const list = map.get(key);
  if (list) {
    if (!list.includes(item)) list.push(item);
  } else map.set(key, [item]);
}

function drop<T>(map: Map<string, T[]>, key: string | null, item: T) {
  if (!key) return;
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(item);
  if (i >= 0) list.splice(i, 1);
  if (!list.length) map.delete(key);
}

/** Digits of a key: a typo never changes a number ("Cars 2" is not "Cars 3"). */
const digitsOf = (s: string) => s.replace(/\D/g, '');

/** Title index of items (movies) under one or more names each. */
export class FilmIndex<T> {
  private match = new Map<string, T[]>();
  private loose = new Map<string, T[]>();
  private main = new Map<string, T[]>();
  private poss = new Map<string, T[]>();
  private byLength = new Map<number, { key: string; item: T }[]>();
  private names = new Map<T, Keys[]>();

  /** Indexes an item under a name (call again for further names). */
  add(item: T, name: string): void {
    const k = keysOf(name);
    if (!k.match) return;
    const list = this.names.get(item) ?? [];
    if (list.some((x) => x.match === k.match)) return;
    list.push(k);
    this.names.set(item, list);
    push(this.match, k.match, item);
    push(this.loose, k.loose, item);
    if (k.main !== k.loose) push(this.main, k.main, item);
    if (k.poss !== k.loose) push(this.poss, k.poss, item);
    const bucket = this.byLength.get(k.match.length) ?? [];
    bucket.push({ key: k.match, item });
    this.byLength.set(k.match.length, bucket);
  }

  /** Removes an item under all its names. */
  remove(item: T): void {
    for (const k of this.names.get(item) ?? []) {
      drop(this.match, k.match, item);
      drop(this.loose, k.loose, item);
      drop(this.main, k.main, item);
      drop(this.poss, k.poss, item);
      const bucket = this.byLength.get(k.match.length);
      if (bucket)
        this.byLength.set(
          k.match.length,
          bucket.filter((b) => b.item !== item),
        );
    }
    this.names.delete(item);
  }

  /** Items under exactly this title's comparison key (lib/import/titles.ts matchKey). */
  exact(title: string): T[] {
    return this.match.get(matchKey(title)) ?? [];
  }

  /** Items under the title's loose key (numerals, "Part", spaces). */
  loosely(title: string): T[] {
    return this.loose.get(looseKey(title)) ?? [];
  }

  /**
   * The items a title may name at one tier (see module doc); `typo` looks only at titles of at
   * least 8 characters (7 with `short`), one error, two from 20 characters, among the items
   * `accept` takes.
   */
  lookup(title: string, tier: MatchTier, opts: { short?: boolean; accept?: (item: T) => boolean } = {}): T[] {
    switch (tier) {
      case 'exact':
        return this.exact(title);
      case 'loose':
        return this.loosely(title);
      case 'main':
        return this.main.get(looseKey(title)) ?? [];
      case 'variant': {
        // Without a possessive credit on either side ("Akira Kurosawa's Ran", "Animal House"), or
        // with abbreviations written out ("Mulholland Dr.").
        const out: T[] = [...(this.poss.get(looseKey(title)) ?? [])];
        const add = (list: T[] | undefined) => {
          for (const m of list ?? []) if (!out.includes(m)) out.push(m);
        };
        const stripped = withoutPossessive(title, true);
        if (stripped) add(this.loose.get(looseKey(stripped)));
        for (const e of expansions(title)) add(this.loose.get(looseKey(e)));
        return out;
      }
      case 'typo':
        return this.typos(matchKey(title), opts.short ?? false, opts.accept);
    }
  }

  private typos(key: string, short: boolean, accept?: (item: T) => boolean): T[] {
    if (key.length < (short ? 7 : 8)) return [];
    const max = key.length >= 20 ? 2 : 1;
    let best = max + 1;
    let found: T[] = [];
    for (let len = key.length - max; len <= key.length + max; len++) {
      for (const { key: k, item } of this.byLength.get(len) ?? []) {
        if (k[0] !== key[0] || digitsOf(k) !== digitsOf(key) || (accept && !accept(item))) continue;
        const d = editDistance(key, k, Math.min(max, best));
        if (d < best) {
          best = d;
          found = [item];
        } else if (d === best && d <= max && !found.includes(item)) found.push(item);
      }
    }
    return best <= max ? found : [];
  }
}
