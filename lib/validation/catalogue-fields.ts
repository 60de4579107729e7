/**
 * The editable fields of the catalogue entities as change requests, revisions and the
 * data layer's writers name them: one name per field (snake_case, as the JSON API writes it), the
 * column it is stored in, and the kind of its JSON value. Relations (a release's movies and label,
 * a movie's cast and crew and connections, a label's series) are fields too, written by the
 * writers through their own tables; their values use public ids, never internal ids.
 * Pure: shared by the forms and the server.
 */

/** The catalogue entities members can suggest changes to. Pictures, videos and shopping links join them. */
export const CATALOGUE_ENTITIES = ['movie', 'release', 'person', 'label'] as const;
export type CatalogueEntity = (typeof CATALOGUE_ENTITIES)[number];

/**
 * What a revision records: a write of the data layer, a merge, or a revert. `import` is not stored:
 * it names an imported record's origin (its source id) as the history shows it, the first entry.
 */
export const REVISION_KINDS = ['import', 'create', 'edit', 'delete', 'merge', 'revert'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/**
 * The kinds of change request (new entries, updates, duplicates and delete requests), and
 * a member's request that an admin import a movie from the external movie database (`import`).
 */
export const CHANGE_KINDS = ['new', 'edit', 'duplicate', 'delete', 'import'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** States of a change request. */
export const CHANGE_STATES = ['pending', 'approved', 'discarded', 'withdrawn'] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];

/**
 * The JSON value of a column field: `text` a string, `int` an integer, `numeric` a decimal string
 * with two places ("19.99"), `bool`, `date` "YYYY-MM-DD", `texts` an array of strings, `json` an
 * object or array stored as jsonb. Null is an empty field (an empty array for `texts`).
 */
export type ColumnKind = 'text' | 'int' | 'numeric' | 'bool' | 'date' | 'texts' | 'json';

/** A field stored in a column of the entity's own table. */
export type ColumnField = { column: string; kind: ColumnKind };

/** Column fields per entity, by field name. */
export const COLUMN_FIELDS: { readonly [E in CatalogueEntity]: Readonly<Record<string, ColumnField>> } = {
  movie: fields({
    type: 'int',
    name: 'text',
    original_name: 'text',
    localized_names: 'json',
    akas: 'texts',
    year: 'int',
    runtime_min: 'int',
    plot: 'text',
    synopsis: 'text',
    genres: 'texts',
    countries: 'texts',
    spoken_languages: 'texts',
    certifications: 'json',
    adults_only: 'bool',
    imdb_id: 'text',
    tmdb_id: 'int',
    season: 'int',
    episode: 'int',
    seasons_amount: 'int',
    episodes_amount: 'int',
  }),
  release: fields(
    {
      name: 'text',
      format: 'int',
      country: 'int',
      label_catalog_id: 'text',
      spine_number: 'int',
      release_year: 'int',
      street_date: 'date',
      edition: 'texts',
      package_type: 'text',
      box_type: 'text',
      discs_count: 'int',
      slipcover: 'int',
      slipcover_limited_count: 'int',
      limited_copies: 'int',
      region_code: 'text',
      aspect_ratio: 'text',
      anamorphic: 'bool',
      audio_tracks: 'json',
      subtitles: 'texts',
      hdr: 'texts',
      immersive_audio: 'texts',
      format_3d: 'int',
      out_of_print: 'bool',
      ean: 'text',
      no_ean: 'bool',
      age_rating: 'text',
      is_cut: 'bool',
      cut_seconds: 'int',
      cut_details: 'text',
      censorship_info: 'text',
      alternative_cuts_count: 'int',
      alternative_cuts_details: 'text',
      backcover_text: 'text',
      story_description: 'text',
      sleeve_description: 'text',
      extras: 'text',
      extras_continued: 'text',
      packaging_notes: 'text',
      rrp: 'numeric',
      rrp_currency: 'text',
      scan_resolution: 'text',
      scan_source: 'text',
      processing: 'text',
      mastering_details: 'text',
    },
    // The column is named as the schema's `format3d` property is cased.
    { format_3d: 'format3d' },
  ),
  person: fields({ name: 'text', biography: 'text', birthday: 'date', date_of_death: 'date' }),
  label: fields({ name: 'text', country: 'text' }),
};

/** A movie's cast or crew member as a relation value: the person's public id, role and character. */
export type CreditValue = { person: string; role: string; character: string };
/** A movie connection as a relation value: the other movie's public id, kind (1-14) and info. */
export type ConnectionValue = { movie: string; kind: number; info: string | null };

/**
 * Relation fields per entity and the shape of their values:
 * - movie `episode_of` (series public id or null), `credits` (CreditValue[] in billing order),
 *   `connections` (ConnectionValue[]);
 * - release `movies` (movie public ids in disc order, at least one), `label` (label public id or
 *   null), `label_series` (the series' name within the label, or null);
 * - label `series` (names).
 */
export const RELATION_FIELDS: { readonly [E in CatalogueEntity]: readonly string[] } = {
  movie: ['episode_of', 'credits', 'connections'],
  release: ['movies', 'label', 'label_series'],
  person: [],
  label: ['series'],
};

/** The kind of catalogue item a reference field names by public id. */
export type ReferenceTarget = 'movie' | 'person' | 'label';

/**
 * Relation fields whose values name other catalogue items by public id, and the kind they name:
 * a plain id (`episode_of`, `label`), a list of ids (`movies`), or a list of objects holding the
 * id under the target's name (`credits` → CreditValue.person, `connections` → ConnectionValue.movie).
 */
export const REFERENCE_FIELDS: { readonly [E in CatalogueEntity]: Readonly<Record<string, ReferenceTarget>> } = {
  movie: { episode_of: 'movie', connections: 'movie', credits: 'person' },
  release: { movies: 'movie', label: 'label' },
  person: {},
  label: {},
};

/** Whether `field` is an editable field of `entity` (a column or a relation). */
export function isCatalogueField(entity: CatalogueEntity, field: string): boolean {
  return Object.hasOwn(COLUMN_FIELDS[entity], field) || RELATION_FIELDS[entity].includes(field);
}

/** Every editable field of an entity: its column fields, then its relation fields. */
export function catalogueFieldNames(entity: CatalogueEntity): string[] {
  return [...Object.keys(COLUMN_FIELDS[entity]), ...RELATION_FIELDS[entity]];
}

/**
 * Points an approved contribution earns its author (users.points; a revert takes them back).
 * Weighted by what it adds, not by how many requests it was split into: a new release 5, a new
 * movie 3, a new person or label 2, a duplicate release 3, an edit 1 per changed field up to 10,
 * a deletion (plain or merged into another entry) 1: it tidies the catalogue but adds nothing.
 */
export const CONTRIBUTION_POINTS = {
  new: { movie: 3, release: 5, person: 2, label: 2 },
  duplicate: 3,
  delete: 1,
  /** A movie imported from the external movie database at a member's request: 2 points. */
  import: 2,
  editPerField: 1,
  editMax: 10,
} as const;

/** The points of an approved request of `kind` on `entity` that changed `fields` fields. Pure. */
export function pointsFor(kind: ChangeKind, entity: CatalogueEntity, fields: number): number {
  if (kind === 'new') return CONTRIBUTION_POINTS.new[entity];
  if (kind === 'duplicate') return CONTRIBUTION_POINTS.duplicate;
  if (kind === 'import') return CONTRIBUTION_POINTS.import;
  if (kind === 'edit') return Math.min(CONTRIBUTION_POINTS.editMax, fields * CONTRIBUTION_POINTS.editPerField);
  return CONTRIBUTION_POINTS.delete;
}

function fields(kinds: Record<string, ColumnKind>, columns: Record<string, string> = {}): Record<string, ColumnField> {
  return Object.fromEntries(
    Object.entries(kinds).map(([name, kind]) => [name, { column: columns[name] ?? name, kind }]),
  );
}
