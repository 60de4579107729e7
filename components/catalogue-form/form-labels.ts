import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formFields, type CatalogueForm } from '@/lib/validation/catalogue-form';
import {
  CONNECTION_KINDS,
  COUNTRY_IDS,
  CREDIT_ROLES,
  CURRENCIES,
  FORMAT_IDS,
  FORMATS_3D,
  MOVIE_TYPE_IDS,
  REGION_CODES,
  SLIPCOVER,
} from '@/lib/validation/enums';
import type { CatalogueFormLabels } from './catalogue-form';

/** The hint of each field that has one (list fields: "One per line"). */
const HINTED = [
  'localized_names',
  'certifications',
  'rrp',
  'release_year',
  'ean',
  'imdb_id',
  'movies',
  'label_series',
  'box_type',
  'audio_tracks',
  'cut_seconds',
] as const;

/** The texts and choices of a catalogue form in the page's locale. */
export async function catalogueFormLabels(locale: string, form: CatalogueForm): Promise<CatalogueFormLabels> {
  const t = await getTranslations({ locale, namespace: 'catalogueForm' });
  const tf = await getTranslations({ locale, namespace: 'changes.fields' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const fields = formFields(form);
  const choose: [string, string] = ['', t('words.choose')];
  const hints: Record<string, string> = {};
  for (const f of fields) if (f.control === 'lines') hints[f.name] = t('hints.lines');
  for (const h of HINTED) if (fields.some((f) => f.name === h)) hints[h] = t(`hints.${h}`);
  if (form === 'label') hints.country = t('hints.label_country');
  return {
    fields: Object.fromEntries(fields.map((f) => [f.name, tf(f.name as Parameters<typeof tf>[0])])),
    hints,
    sections: Object.fromEntries(
      [
        'basics',
        'packaging',
        'picture',
        'cut',
        'mastering',
        'texts',
        'series',
        'facts',
        'credits',
        'connections',
        'request',
      ].map((s) => [s, t(`sections.${s}` as Parameters<typeof t>[0])]),
    ),
    options: {
      format: [choose, ...FORMAT_IDS.map((id): [string, string] => [String(id), te(`formats.${id}`)])],
      country: [choose, ...COUNTRY_IDS.map((id): [string, string] => [String(id), te(`countries.${id}`)])],
      slipcover: [
        choose,
        ...Object.values(SLIPCOVER).map((id): [string, string] => [String(id), te(`slipcover.${id}`)]),
      ],
      format_3d: [
        choose,
        ...Object.values(FORMATS_3D).map((id): [string, string] => [String(id), te(`format3d.${id}`)]),
      ],
      type: [choose, ...MOVIE_TYPE_IDS.map((id): [string, string] => [String(id), te(`movieTypes.${id}`)])],
      region_code: [choose, ...REGION_CODES.map((c): [string, string] => [c, c])],
      rrp_currency: [choose, ...CURRENCIES.map((c): [string, string] => [c, c])],
    },
    roles: CREDIT_ROLES.map((r) => [r, te(`roles.${r}`)]),
    connectionKinds: Object.values(CONNECTION_KINDS).map((k) => [String(k), te(`connections.${k}`)]),
    words: {
      search: t('words.search'),
      noResults: t('words.noResults'),
      remove: t('words.remove'),
      addRow: t('words.addRow'),
      removeRow: t('words.removeRow'),
      language: t('words.language'),
      system: t('words.system'),
      person: t('words.person'),
      role: t('words.role'),
      character: t('words.character'),
      movie: t('words.movie'),
      kind: t('words.kind'),
      info: t('words.info'),
      note: t('words.note'),
      noteHint: t('words.noteHint'),
      source: t('words.source'),
      sourceHint: t('words.sourceHint'),
      submit: t('words.submit'),
      submitting: t('words.submitting'),
      done: t('words.done'),
      applied: t('words.applied'),
      suggestMovie: t('words.suggestMovie'),
      suggestPerson: t('words.suggestPerson'),
      suggestLabel: t('words.suggestLabel'),
      unchangedHint: t('words.unchangedHint'),
      incompleteHint: t('words.incompleteHint'),
    },
  };
}
