/**
 * Text normalisation shared by the importer (merge keys, stored search documents)
 * and search (query folding), so both sides fold text identically; and cutting texts short.
 * Pure functions, no I/O.
 */

/** Letters that NFKD does not take apart, spelled out (also read by lib/data/sql.ts foldedSql). */
export const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  Ø: 'o',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ß: 'ss',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'g');

/**
 * Folds text for comparison and search: lower-case, accents removed ("Amélie" → "amelie"),
 * "&" read as "and", apostrophes dropped ("Schindler's" → "schindlers"), every other
 * punctuation mark a space, white space collapsed.
 * @param input any string (null/undefined give "")
 * @returns folded string, only [a-z0-9] words separated by single spaces
 */
export function foldText(input: string | null | undefined): string {
  if (!input) return '';
  return input
    .replace(SPECIAL_RE, (c) => SPECIAL_LETTERS[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const LEADING_ARTICLES = /^(the|a|an) /;

/**
 * An English article written after the title, as catalogue listings sort them: "Godfather, The",
 * "Suicide Squad, The (2021)", "Godfather, The: Limited Edition", "Good, The Bad and The Ugly, The".
 * The article must end the title or stand before ":", "(", "/" or a spaced dash, so "I, The Jury"
 * and "Ilsa, the Wicked Warden" are not inverted.
 */
const INVERTED_ARTICLE = /^(.+?),\s+(the|a|an)(?=$|\s*[:(/]|\s+[–—-]\s)/i;

/** Whether a title carries its article after the title ("Godfather, The"), see {@link naturalTitle}. */
export function hasInvertedArticle(title: string | null | undefined): boolean {
  return INVERTED_ARTICLE.test((title ?? '').trim());
}

/**
 * A title in natural word order: a listed (inverted) article moves to the front, the rest stays as
 * written: "Godfather, The: Limited Edition (Steelbook)" → "The Godfather: Limited Edition (Steelbook)",
 * "Suicide Squad, The (2021)" → "The Suicide Squad (2021)". Other titles come back trimmed.
 */
export function naturalTitle(title: string): string {
  const t = title.trim();
  const m = INVERTED_ARTICLE.exec(t);
  if (!m) return t;
  const article = m[2][0].toUpperCase() + m[2].slice(1).toLowerCase();
  return `${article} ${m[1].trim()}${t.slice(m[0].length)}`;
}

/** Where a title's main part ends: before ":", "(", "/" or a spaced dash (as {@link INVERTED_ARTICLE} reads it). */
const MAIN_TITLE_END = /\s*[:(/]|\s+[–—-]\s/;

/**
 * A title as catalogue listings sort it, the inverse of {@link naturalTitle}: a leading English
 * article moves behind the main title: "The Godfather: Limited Edition" → "Godfather, The:
 * Limited Edition". Stored in search documents beside the natural order, so a query typed in
 * listing order ranks the title as a name match.
 * @returns the listed form, or null when the title has no leading article (or nothing after it)
 */
export function listedTitle(title: string | null | undefined): string | null {
  const t = (title ?? '').trim();
  const m = /^(the|a|an)\s+(\S.*)$/i.exec(t);
  if (!m) return null;
  const rest = m[2];
  const end = MAIN_TITLE_END.exec(rest);
  const main = end ? rest.slice(0, end.index) : rest;
  if (!main.trim()) return null;
  return `${main.trim()}, ${m[1]}${end ? rest.slice(end.index) : ''}`;
}

/**
 * Merge key of a title: folded, leading English article dropped
 * ("The Texas Chain Saw Massacre" and "Texas Chain Saw Massacre" share one key); a listed article
 * ("Witch, The", see {@link naturalTitle}) is read as leading, so "Witch, The" = "The Witch".
 * @returns key, "" for an empty title
 */
export function titleKey(title: string | null | undefined): string {
  return foldText(naturalTitle(title ?? '')).replace(LEADING_ARTICLES, '');
}

/** Merge key of a person's name: folded text ("Erich von Stroheim" → "erich von stroheim"). */
export function personKey(name: string | null | undefined): string {
  return foldText(name);
}

/**
 * Builds a stored search document from parts (names, akas, year, label …): each part folded,
 * empty parts dropped, joined by single spaces.
 */
export function searchDocument(...parts: Array<string | number | null | undefined | readonly string[]>): string {
  const out: string[] = [];
  for (const part of parts) {
    if (part == null) continue;
    if (Array.isArray(part)) {
      for (const p of part) {
        const f = foldText(p);
        if (f) out.push(f);
      }
    } else {
      const f = foldText(String(part));
      if (f) out.push(f);
    }
  }
  return out.join(' ');
}

/**
 * Splits an akas field entered as one string separated by semicolons
 * into trimmed, non-empty, de-duplicated names.
 */
export function splitAkas(value: string | null | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Edit distance between two words: insertions, deletions, substitutions and swaps of two
 * neighbouring letters each count 1 (optimal string alignment), so "samuari" → "samurai" is 1.
 * @returns the distance, or `max + 1` as soon as it is certain to exceed `max`
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return Math.min(prev[b.length], max + 1);
}

/**
 * Cuts a text to at most `max` characters (whitespace runs folded to one space) at a word
 * boundary, adding "…" when cut: page descriptions and excerpts.
 */
export function truncate(text: string | null | undefined, max = 160): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
