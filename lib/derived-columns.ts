/**
 * The derived columns of catalogue rows, computed one way for every writer: the catalogue
 * importer (lib/import), the data layer's single-row writers (lib/data/catalogue-writes.ts), the
 * synthetic generator (lib/synthetic) and the tests' fixtures. Pure: no I/O.
 *
 * - movies: `title_key` (merge and sort key) and `search_text`;
 * - releases: `name_key`, `search_text` (its own names, label, spine number, EAN and its films'
 *   names and years) and `movie_year` (the first contained movie's year);
 * - persons and labels: `name_key` and `search_text`.
 *
 * The counts (`movies.release_count`, `persons.credit_count`, `labels.release_count`) are
 * aggregates over other tables and are recomputed in SQL (lib/data/catalogue-derived.ts).
 */
import { listedTitle, personKey, searchDocument, titleKey } from '@/lib/text';

/** The parts of a movie its derived columns are made of. */
export type MovieNameParts = {
  name: string;
  originalName?: string | null;
  /** Localized names by locale ({ fi: 'Kummisetä' }). */
  localizedNames?: Readonly<Record<string, string>> | null;
  akas?: readonly string[] | null;
  year?: number | null;
};

/** Derived columns of a movie row. */
export type MovieDerived = { titleKey: string; searchText: string };

/**
 * A movie's `title_key` and `search_text`: the name (and its listed word order, "Godfather, The"),
 * original and localized names, akas and year, folded.
 */
export function deriveMovie(m: MovieNameParts): MovieDerived {
  return {
    titleKey: titleKey(m.name),
    searchText: searchDocument(
      m.name,
      listedTitle(m.name),
      m.originalName ?? null,
      Object.values(m.localizedNames ?? {}),
      m.akas ?? [],
      m.year != null ? String(m.year) : null,
    ),
  };
}

/** A film of a release as its search document names it. */
export type ReleaseFilmParts = {
  name: string;
  localizedNames?: Readonly<Record<string, string>> | null;
  year?: number | null;
};

/** The parts of a release its derived columns are made of. */
export type ReleaseNameParts = {
  name: string;
  edition?: readonly string[] | null;
  /** The label's name (null without a label). */
  labelName?: string | null;
  spineNumber?: number | null;
  /** EAN-13 or null. */
  ean?: string | null;
  /** Contained movies in disc order (position 0 first). */
  films: readonly ReleaseFilmParts[];
};

/** Derived columns of a release row. */
export type ReleaseDerived = { nameKey: string; searchText: string; movieYear: number | null };

/**
 * A release's `name_key`, `search_text` (name and listed name, edition words, label, spine
 * number, EAN, and each film's name, Finnish name and year) and `movie_year` (first film's year).
 */
export function deriveRelease(r: ReleaseNameParts): ReleaseDerived {
  return {
    nameKey: titleKey(r.name),
    searchText: searchDocument(
      r.name,
      listedTitle(r.name),
      r.edition ?? [],
      r.labelName ?? null,
      r.spineNumber != null ? String(r.spineNumber) : null,
      r.ean ?? null,
      ...r.films.flatMap((f) => [f.name, f.localizedNames?.fi ?? null, f.year != null ? String(f.year) : null]),
    ),
    movieYear: r.films[0]?.year ?? null,
  };
}

/** Derived columns of a person or label row. */
export type NameDerived = { nameKey: string; searchText: string };

/** A person's `name_key` and `search_text` (the folded name). */
export function derivePerson(p: { name: string }): NameDerived {
  return { nameKey: personKey(p.name), searchText: searchDocument(p.name) };
}

/** A label's `name_key` (unique, folded) and `search_text`. */
export function deriveLabel(l: { name: string }): NameDerived {
  return { nameKey: personKey(l.name), searchText: searchDocument(l.name) };
}
