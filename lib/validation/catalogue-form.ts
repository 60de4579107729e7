/**
 * The catalogue suggestion forms (of the new, edit and duplicate routes, with the release form's
 * rules): which fields each form shows, in which sections and with which control, and the
 * conversion between a form's state (what the member types: text, ticks, chosen items, rows) and
 * the field values of a change request (lib/validation/catalogue-fields.ts). Pure: shared by the
 * form (browser) and its tests; the server checks every value again.
 */
import { COLUMN_FIELDS, type CatalogueEntity } from './catalogue-fields';
import { textMax } from './catalogue-rules';

/** The forms: one per entity, and a movie's cast and crew and its connections on their own pages. */
export const CATALOGUE_FORMS = ['release', 'movie', 'movie_crew', 'movie_connections', 'person', 'label'] as const;
export type CatalogueForm = (typeof CATALOGUE_FORMS)[number];

/** The entity a form writes. */
export function formEntity(form: CatalogueForm): CatalogueEntity {
  return form === 'movie_crew' || form === 'movie_connections' ? 'movie' : form;
}

/**
 * The control of a field:
 * - `text` one line, `textarea` long text, `int` a whole number, `decimal` a price (19.99),
 *   `date` YYYY-MM-DD, `bool` a tick box;
 * - `select` one of the options the page gives (numbers for ids, text for codes);
 * - `lines` a list of texts, one per line; `names` a code → text map (localized names), one
 *   `code: text` per line; `certifications` the same for country → rating;
 * - `movies` chosen movies (at least one for a release), `movie` / `label` one chosen item;
 * - `audio` rows of language and audio system; `credits` rows of person, role and character;
 *   `connections` rows of movie, connection kind and info.
 */
export type FormControl =
  | 'text'
  | 'textarea'
  | 'int'
  | 'decimal'
  | 'date'
  | 'bool'
  | 'select'
  | 'lines'
  | 'names'
  | 'certifications'
  | 'movies'
  | 'movie'
  | 'label'
  | 'audio'
  | 'credits'
  | 'connections';

/** One field of a form: its name (a catalogue field), control and whether it must be filled. */
export type FormFieldSpec = { name: string; control: FormControl; required?: boolean };
/** A titled group of fields (a fieldset). */
export type FormSection = { id: string; fields: FormFieldSpec[] };

const f = (name: string, control: FormControl, required = false): FormFieldSpec => ({ name, control, required });

/** The sections of each form, in the order the form shows them. */
export const FORM_SECTIONS: Readonly<Record<CatalogueForm, readonly FormSection[]>> = {
  release: [
    {
      id: 'basics',
      fields: [
        f('movies', 'movies', true),
        f('name', 'text', true),
        f('format', 'select', true),
        f('edition', 'lines'),
        f('country', 'select'),
        f('label', 'label'),
        f('label_series', 'text'),
        f('label_catalog_id', 'text'),
        f('spine_number', 'int'),
        f('street_date', 'date'),
        f('release_year', 'int'),
        f('ean', 'text'),
        f('no_ean', 'bool'),
        f('age_rating', 'text'),
        f('out_of_print', 'bool'),
      ],
    },
    {
      id: 'packaging',
      fields: [
        f('package_type', 'text'),
        f('box_type', 'text'),
        f('discs_count', 'int'),
        f('slipcover', 'select'),
        f('slipcover_limited_count', 'int'),
        f('limited_copies', 'int'),
        f('packaging_notes', 'textarea'),
        f('rrp', 'decimal'),
        f('rrp_currency', 'select'),
      ],
    },
    {
      id: 'picture',
      fields: [
        f('region_code', 'select'),
        f('aspect_ratio', 'text'),
        f('anamorphic', 'bool'),
        f('hdr', 'lines'),
        f('format_3d', 'select'),
        f('audio_tracks', 'audio'),
        f('immersive_audio', 'lines'),
        f('subtitles', 'lines'),
      ],
    },
    {
      id: 'cut',
      fields: [
        f('is_cut', 'bool'),
        f('cut_seconds', 'int'),
        f('cut_details', 'textarea'),
        f('censorship_info', 'textarea'),
        f('alternative_cuts_count', 'int'),
        f('alternative_cuts_details', 'textarea'),
      ],
    },
    {
      id: 'mastering',
      fields: [
        f('scan_resolution', 'text'),
        f('scan_source', 'text'),
        f('processing', 'text'),
        f('mastering_details', 'textarea'),
      ],
    },
    {
      id: 'texts',
      fields: [
        f('backcover_text', 'textarea'),
        f('story_description', 'textarea'),
        f('sleeve_description', 'textarea'),
        f('extras', 'textarea'),
        f('extras_continued', 'textarea'),
      ],
    },
  ],
  movie: [
    {
      id: 'basics',
      fields: [
        f('type', 'select', true),
        f('name', 'text', true),
        f('original_name', 'text'),
        f('year', 'int'),
        f('runtime_min', 'int'),
        f('akas', 'lines'),
        f('localized_names', 'names'),
        f('adults_only', 'bool'),
      ],
    },
    {
      id: 'series',
      fields: [
        f('episode_of', 'movie'),
        f('season', 'int'),
        f('episode', 'int'),
        f('seasons_amount', 'int'),
        f('episodes_amount', 'int'),
      ],
    },
    {
      id: 'facts',
      fields: [
        f('genres', 'lines'),
        f('countries', 'lines'),
        f('spoken_languages', 'lines'),
        f('certifications', 'certifications'),
        f('imdb_id', 'text'),
        f('tmdb_id', 'int'),
      ],
    },
    { id: 'texts', fields: [f('plot', 'textarea'), f('synopsis', 'textarea')] },
  ],
  movie_crew: [{ id: 'credits', fields: [f('credits', 'credits')] }],
  movie_connections: [{ id: 'connections', fields: [f('connections', 'connections')] }],
  person: [
    {
      id: 'basics',
      fields: [f('name', 'text', true), f('birthday', 'date'), f('date_of_death', 'date'), f('biography', 'textarea')],
    },
  ],
  label: [{ id: 'basics', fields: [f('name', 'text', true), f('country', 'text'), f('series', 'lines')] }],
};

/** Every field of a form, in order. */
export function formFields(form: CatalogueForm): FormFieldSpec[] {
  return FORM_SECTIONS[form].flatMap((s) => s.fields);
}

/** Selects whose options are ids (numbers); the other selects take codes (text). */
const NUMERIC_SELECTS: ReadonlySet<string> = new Set(['format', 'country', 'slipcover', 'format_3d', 'type']);

/** The most characters of a text control (the server's limit, lib/validation/catalogue-rules.ts). */
export function controlMaxLength(form: CatalogueForm, field: string): number {
  const def = COLUMN_FIELDS[formEntity(form)][field];
  return def?.kind === 'text' ? textMax(field) : 300;
}

/** A row of an audio track. */
export type AudioRow = { language: string; system: string };
/** A row of cast and crew: the person's public id, role, character. */
export type CreditRow = { person: string; role: string; character: string };
/** A row of a movie connection: the other movie's public id, the kind (1-14) as text, info. */
export type ConnectionRow = { movie: string; kind: string; info: string };

/** What a control holds while the member types. */
export type FormInput = string | boolean | string[] | AudioRow[] | CreditRow[] | ConnectionRow[];
/** A form's state: field name → input. */
export type FormState = Record<string, FormInput>;

const text = (v: unknown): string => (v == null ? '' : String(v));

/** The input of one field from its change-request value (null or missing: an empty control). */
function toInput(control: FormControl, value: unknown): FormInput {
  switch (control) {
    case 'bool':
      return value === true;
    case 'lines':
      return Array.isArray(value) ? value.map(text).join('\n') : '';
    case 'names':
      return value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>)
            .map(([k, v]) => `${k}: ${text(v)}`)
            .join('\n')
        : '';
    case 'certifications':
      return Array.isArray(value)
        ? (value as { country?: unknown; rating?: unknown }[])
            .map((c) => `${text(c.country)}: ${text(c.rating)}`)
            .join('\n')
        : '';
    case 'movies':
      return Array.isArray(value) ? value.map(text) : [];
    case 'audio':
      return Array.isArray(value)
        ? (value as Partial<AudioRow>[]).map((t) => ({ language: text(t.language), system: text(t.system) }))
        : [];
    case 'credits':
      return Array.isArray(value)
        ? (value as Partial<CreditRow>[]).map((c) => ({
            person: text(c.person),
            role: text(c.role),
            character: text(c.character),
          }))
        : [];
    case 'connections':
      return Array.isArray(value)
        ? (value as { movie?: unknown; kind?: unknown; info?: unknown }[]).map((c) => ({
            movie: text(c.movie),
            kind: text(c.kind),
            info: text(c.info),
          }))
        : [];
    default:
      return text(value);
  }
}

/** A form's state from change-request values (an edit: the item's values; a new item: what is given). */
export function toFormState(form: CatalogueForm, values: Readonly<Record<string, unknown>>): FormState {
  return Object.fromEntries(formFields(form).map((s) => [s.name, toInput(s.control, values[s.name])]));
}

/** `code: text` lines as pairs; a line without a colon has an empty code (the server refuses it). */
function pairs(input: string): [string, string][] {
  return input
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf(':');
      return at < 0 ? ['', l] : [l.slice(0, at).trim(), l.slice(at + 1).trim()];
    });
}

/**
 * The change-request value of one field from its input: empty text → null, numbers as numbers
 * when they are whole numbers (any other text is sent as typed, and refused by the server with
 * the field's message), lists without empty lines, rows without the empty ones.
 * @param before the field's value before (certifications keep the source of an unchanged line)
 */
function toValue(control: FormControl, name: string, input: FormInput, before: unknown): unknown {
  const s = typeof input === 'string' ? input.trim() : '';
  switch (control) {
    case 'bool':
      return input === true;
    case 'int':
      return s === '' ? null : /^-?\d+$/.test(s) ? Number(s) : s;
    case 'select':
      return s === '' ? null : NUMERIC_SELECTS.has(name) && /^\d+$/.test(s) ? Number(s) : s;
    case 'lines':
      return [
        ...new Set(
          s
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean),
        ),
      ];
    case 'names':
      return Object.fromEntries(pairs(s));
    case 'certifications': {
      const old = Array.isArray(before) ? (before as { country: string; rating: string; source?: string }[]) : [];
      return pairs(s).map(([country, rating]) => {
        const same = old.find((c) => c.country === country && c.rating === rating);
        return same?.source ? { country, rating, source: same.source } : { country, rating };
      });
    }
    case 'movies':
      return (input as string[]).filter(Boolean);
    case 'movie':
    case 'label':
      return s || null;
    case 'audio':
      return (input as AudioRow[])
        .map((t) => ({ language: t.language.trim(), system: t.system.trim() }))
        .filter((t) => t.language || t.system);
    case 'credits':
      return (input as CreditRow[])
        .filter((c) => c.person)
        .map((c) => ({ person: c.person, role: c.role, character: c.character.trim() }));
    case 'connections':
      return (input as ConnectionRow[])
        .filter((c) => c.movie)
        .map((c) => ({ movie: c.movie, kind: Number(c.kind), info: c.info.trim() || null }));
    default:
      return s === '' ? null : s;
  }
}

/** Every field of a form as change-request values. */
export function fromFormState(
  form: CatalogueForm,
  state: FormState,
  before: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return Object.fromEntries(
    formFields(form).map((s) => [s.name, toValue(s.control, s.name, state[s.name] ?? '', before[s.name])]),
  );
}

/**
 * The values a submit sends: the fields whose value differs from the state the form started from
 * (both read through the same conversion, so a value the form shows differently is no change).
 */
export function changedValues(
  form: CatalogueForm,
  initial: FormState,
  state: FormState,
  before: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const from = fromFormState(form, initial, before);
  const to = fromFormState(form, state, before);
  return Object.fromEntries(Object.entries(to).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(from[k])));
}

/** The required fields of a form left empty (submit stays disabled while there are any). */
export function missingRequired(form: CatalogueForm, state: FormState): string[] {
  return formFields(form)
    .filter((s) => s.required)
    .filter((s) => {
      const v = state[s.name];
      return Array.isArray(v) ? v.length === 0 : typeof v === 'string' ? v.trim() === '' : false;
    })
    .map((s) => s.name);
}
