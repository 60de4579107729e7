'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { TextAreaField, SelectField } from '@/components/forms/choice-fields';
import { controlClass, FieldFrame, FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import type { FormsKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { checkCatalogueRecord } from '@/lib/validation/catalogue-rules';
import {
  changedValues,
  controlMaxLength,
  formEntity,
  FORM_SECTIONS,
  fromFormState,
  missingRequired,
  toFormState,
  type AudioRow,
  type CatalogueForm,
  type ConnectionRow,
  type CreditRow,
  type FormFieldSpec,
  type FormInput,
  type FormState,
} from '@/lib/validation/catalogue-form';
import { CHANGE_NOTE_MAX, CHANGE_SOURCE_MAX } from '@/lib/validation/limits';
import { RefPicker, type PickKind } from './ref-picker';
import { RowsField, type RowColumn } from './rows-field';

/** The texts of a catalogue form, translated by its page (components/catalogue-form/form-labels.ts). */
export type CatalogueFormLabels = {
  /** Field name → label. */
  fields: Record<string, string>;
  /** Field name → hint under the control. */
  hints: Record<string, string>;
  /** Section id → legend. */
  sections: Record<string, string>;
  /** Select field → [value, label] options (the empty choice first). */
  options: Record<string, [string, string][]>;
  /** Credit roles and connection kinds as [value, label]. */
  roles: [string, string][];
  connectionKinds: [string, string][];
  /** Words of the controls and the page. */
  words: Record<
    | 'search'
    | 'noResults'
    | 'remove'
    | 'addRow'
    | 'removeRow'
    | 'language'
    | 'system'
    | 'person'
    | 'role'
    | 'character'
    | 'movie'
    | 'kind'
    | 'info'
    | 'note'
    | 'noteHint'
    | 'source'
    | 'sourceHint'
    | 'submit'
    | 'submitting'
    | 'done'
    | 'applied'
    | 'suggestMovie'
    | 'suggestPerson'
    | 'suggestLabel'
    | 'unchangedHint'
    | 'incompleteHint',
    string
  >;
};

/**
 * Where the browser goes after a submit: the item (an applied change, an edit), a suggested
 * release's own page, or the member's contributions (a suggested movie, person or label).
 */
export type FormAfter = { contributions: string };

type Props = {
  form: CatalogueForm;
  /** new: a new item (values prefill it); edit: the item `target`; duplicate: a copy of the release `target`. */
  mode: 'new' | 'edit' | 'duplicate';
  target?: string;
  /** Field values the form starts from (an edit's and a duplicate's: the item's own). */
  values: Record<string, unknown>;
  /** Public id → display name of the movies, persons and labels the values name. */
  refs: Record<string, string>;
  labels: CatalogueFormLabels;
  after: FormAfter;
};

type ChangeResponse = { status: string; entity: string; entity_public_id: string | null };

const PICK_KIND: Partial<Record<FormFieldSpec['control'], PickKind>> = {
  movies: 'movies',
  movie: 'movies',
  label: 'labels',
};

/** Controls that take the form's whole width; the others sit two to a row on wider screens. */
const WIDE: ReadonlySet<FormFieldSpec['control']> = new Set([
  'textarea',
  'lines',
  'names',
  'certifications',
  'movies',
  'audio',
  'credits',
  'connections',
]);

/** Whether a value sends nothing (a new item's empty fields are left out of its request). */
const isEmpty = (v: unknown) =>
  v == null ||
  v === false ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/**
 * A catalogue suggestion form: the sections of `form` with their controls, a note
 * and a source, and a submit that stays disabled while a required field is empty or (an edit, a
 * duplicate) nothing differs from the item. The values are checked with the server's rules before
 * they are sent (lib/validation/catalogue-rules.ts) and sent as one change request
 * (`POST /api/changes`); broken rules show under their fields with 'There are errors in form. Go
 * back and fix the red highlights.' beside the submit, and everything typed stays. A member's
 * request waits for approval ('…awaits approval'); an admin's is applied at once.
 */
export function CatalogueFormView({ form, mode, target, values, refs, labels, after }: Props) {
  const t = useTranslations('forms');
  const router = useRouter();
  const entity = formEntity(form);
  const initial = useMemo(() => toFormState(form, values), [form, values]);
  const [state, setState] = useState<FormState>(initial);
  const [names, setNames] = useState<Record<string, string>>(refs);
  const [note, setNote] = useState('');
  const [source, setSource] = useState('');
  const [errors, setErrors] = useState<Record<string, FormsKey>>({});
  const [params, setParams] = useState<Record<string, string | number>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const missing = missingRequired(form, state);
  const sent = useMemo(
    () =>
      mode === 'new'
        ? Object.fromEntries(Object.entries(fromFormState(form, state, values)).filter(([, v]) => !isEmpty(v)))
        : changedValues(form, initial, state, values),
    [form, mode, initial, state, values],
  );
  const changed = Object.keys(sent).length > 0;
  const canSubmit = missing.length === 0 && changed && !submitting;

  const set = (name: string, value: FormInput) => {
    setState((s) => ({ ...s, [name]: value }));
    setErrors((e) => {
      if (!e[name]) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };
  const learn = (publicId: string, name: string) => setNames((n) => ({ ...n, [publicId]: name }));

  /** Shows field errors and the form's message, and moves the focus to the first field with one. */
  const fail = (fieldErrors: Record<string, string>, p: Record<string, string | number> = {}) => {
    const { _form: formKey, ...rest } = fieldErrors;
    setErrors(rest as Record<string, FormsKey>);
    setParams(p);
    const keys = Object.keys(rest);
    setFormMessage(keys.length ? t('formErrors') : t((formKey as FormsKey | undefined) ?? 'submitFailed', p));
    const first = keys[0];
    requestAnimationFrame(() =>
      (formRef.current?.querySelector<HTMLElement>(`[id="field-${first}"]`) ?? null)?.focus(),
    );
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!canSubmit) return;
    // Text typed where a whole number belongs is refused before the rules run.
    const local: Record<string, string> = {};
    for (const [k, v] of Object.entries(sent)) if (typeof v === 'string' && intLike(form, k)) local[k] = 'invalid';
    const rules = checkCatalogueRecord(entity, { ...values, ...sent }, Object.keys(sent));
    if (Object.keys(local).length || Object.keys(rules.errors).length)
      return fail({ ...rules.errors, ...local }, rules.params);
    setSubmitting(true);
    try {
      const res = await fetch('/api/changes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({
          entity,
          kind: mode,
          ...(target ? { target } : {}),
          values: sent,
          note: note.trim() || null,
          source: source.trim() || null,
        }),
      });
      const body = (await res.json().catch(() => null)) as
        | (ChangeResponse & {
            error?: string;
            fields?: Record<string, string>;
            params?: Record<string, string | number>;
          })
        | null;
      if (res.ok && body) {
        const applied = body.status === 'approved';
        queueSnackbar(applied ? labels.words.applied : labels.words.done);
        const item = body.entity_public_id ? `/${body.entity}/${body.entity_public_id}` : null;
        // A suggested release waits on its own page (its author's and admins'); other new items
        // exist once approved, so the member's contributions list them meanwhile.
        router.push(
          applied || mode === 'edit'
            ? (item ?? after.contributions)
            : item
              ? `${item}/suggestion`
              : after.contributions,
        );
        router.refresh();
        return;
      }
      if (res.status === 400 && body?.fields) return fail(body.fields, body.params);
      setFormMessage(body?.error ?? t('submitFailed'));
    } catch {
      setFormMessage(t('submitFailed'));
    } finally {
      setSubmitting(false);
    }
  };

  /** A field error's message parameters: the limit of its field, a format's name, the rule's own. */
  const errorParams = (name: string): Record<string, string | number> => {
    const format = labels.options.format?.find(([v]) => v === String(params.format))?.[1];
    return { ...params, max: params.max ?? controlMaxLength(form, name), ...(format ? { format } : {}) };
  };

  /**
   * A rows field (audio tracks, cast and crew, connections) of the form's state. The state of a
   * rows control holds its rows (toFormState), hence the casts between FormInput and R[].
   */
  const rowsOf = <R extends Record<string, string>>(
    name: string,
    alone: boolean,
    empty: R,
    columns: RowColumn<R>[],
  ) => (
    <RowsField<R>
      name={name}
      label={labels.fields[name] ?? name}
      hint={labels.hints[name]}
      hideLabel={alone}
      errorText={errors[name] ? t(errors[name], errorParams(name)) : undefined}
      rows={state[name] as unknown as R[]}
      empty={empty}
      words={labels.words}
      onRows={(rows) => set(name, rows as unknown as FormInput)}
      columns={columns}
    />
  );
  /** A column of rows that picks a catalogue item (a credit's person, a connection's movie). */
  const pickColumn = <R extends Record<string, string>>(
    key: keyof R & string,
    kind: PickKind,
    label: string,
    suggestHref: string,
    suggestText: string,
  ): RowColumn<R> => ({ key, label, type: 'pick', kind, names, learn, suggestHref, suggestText });

  /** The label, hint and error around a field's control (the picker's and the one-line input's). */
  const frameProps = (spec: FormFieldSpec) => ({
    name: spec.name,
    label: labels.fields[spec.name] ?? spec.name,
    required: spec.required,
    error: errors[spec.name],
    errorParams: errorParams(spec.name),
    hint: labels.hints[spec.name],
  });

  const control = (spec: FormFieldSpec, alone: boolean) => {
    const { name } = spec;
    const common = {
      name,
      label: labels.fields[name] ?? name,
      hint: labels.hints[name],
      error: errors[name],
    };
    const value = state[name];
    switch (spec.control) {
      case 'bool':
        return (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              id={`field-${name}`}
              name={name}
              checked={value === true}
              onChange={(e) => set(name, e.target.checked)}
              aria-invalid={errors[name] ? true : undefined}
            />
            {common.label}
            {errors[name] ? (
              <span role="alert" className="text-accent-strong">
                {t(errors[name], errorParams(name))}
              </span>
            ) : null}
          </label>
        );
      case 'select':
        return (
          <SelectField
            key={name}
            {...common}
            required={spec.required}
            value={String(value)}
            onValue={(v) => set(name, v)}
            options={labels.options[name] ?? []}
          />
        );
      case 'textarea':
      case 'lines':
      case 'names':
      case 'certifications':
        return (
          <TextAreaField
            key={name}
            {...common}
            value={String(value)}
            onValue={(v) => set(name, v)}
            maxLength={spec.control === 'textarea' ? controlMaxLength(form, name) : 10_000}
            rows={spec.control === 'textarea' ? 4 : 2}
          />
        );
      case 'movies':
      case 'movie':
      case 'label': {
        const chosen = Array.isArray(value) ? (value as string[]) : value ? [String(value)] : [];
        const many = spec.control === 'movies';
        return (
          <FieldFrame {...frameProps(spec)}>
            <RefPicker
              id={`field-${name}`}
              kind={PICK_KIND[spec.control]!}
              chosen={chosen}
              names={names}
              words={labels.words}
              suggestHref={spec.control === 'label' ? '/labels/new' : '/movies/new'}
              suggestText={spec.control === 'label' ? labels.words.suggestLabel : labels.words.suggestMovie}
              invalid={!!errors[name]}
              single={!many}
              onChange={(ids, picked) => {
                if (picked) learn(picked.publicId, picked.name);
                set(name, many ? ids : (ids.at(-1) ?? ''));
              }}
            />
          </FieldFrame>
        );
      }
      case 'audio':
        return rowsOf<AudioRow>(name, alone, { language: '', system: '' }, [
          { key: 'language', label: labels.words.language, type: 'text' },
          { key: 'system', label: labels.words.system, type: 'text' },
        ]);
      case 'credits':
        return rowsOf<CreditRow>(name, alone, { person: '', role: 'actor', character: '' }, [
          pickColumn('person', 'persons', labels.words.person, '/persons/new', labels.words.suggestPerson),
          { key: 'role', label: labels.words.role, type: 'select', options: labels.roles },
          { key: 'character', label: labels.words.character, type: 'text' },
        ]);
      case 'connections':
        return rowsOf<ConnectionRow>(name, alone, { movie: '', kind: '1', info: '' }, [
          pickColumn('movie', 'movies', labels.words.movie, '/movies/new', labels.words.suggestMovie),
          { key: 'kind', label: labels.words.kind, type: 'select', options: labels.connectionKinds },
          { key: 'info', label: labels.words.info, type: 'text' },
        ]);
      default:
        return (
          <FieldFrame {...frameProps(spec)}>
            <input
              id={`field-${name}`}
              name={name}
              value={String(value)}
              onChange={(e) => set(name, e.target.value)}
              maxLength={controlMaxLength(form, name)}
              inputMode={spec.control === 'int' ? 'numeric' : spec.control === 'decimal' ? 'decimal' : undefined}
              type={spec.control === 'date' ? 'date' : 'text'}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={
                [common.hint ? `field-${name}-hint` : '', errors[name] ? `field-${name}-error` : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              className={controlClass(errors[name])}
            />
          </FieldFrame>
        );
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex max-w-4xl flex-col gap-6"
      data-testid="catalogue-form"
    >
      {FORM_SECTIONS[form].map((section) => (
        <fieldset key={section.id} className="flex flex-col gap-4 rounded-xl border border-line p-4">
          <legend className="px-1 font-semibold">{labels.sections[section.id]}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((spec) => (
              <div key={spec.name} className={WIDE.has(spec.control) ? 'sm:col-span-2' : undefined}>
                {control(spec, section.fields.length === 1)}
              </div>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-4">
        <legend className="px-1 font-semibold">{labels.sections.request}</legend>
        <TextAreaField
          name="note"
          label={labels.words.note}
          hint={labels.words.noteHint}
          value={note}
          onValue={setNote}
          maxLength={CHANGE_NOTE_MAX}
          rows={3}
          error={errors.note}
        />
        <FormField
          name="source"
          label={labels.words.source}
          hint={labels.words.sourceHint}
          value={source}
          onValue={setSource}
          maxLength={CHANGE_SOURCE_MAX}
          error={errors.source}
        />
      </fieldset>
      <div className="flex flex-col gap-2">
        {formMessage ? (
          <p
            role="alert"
            className="rounded-lg border border-accent bg-accent-soft px-3 py-2 text-sm text-accent-strong"
            data-testid="form-error"
          >
            {formMessage}
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={!canSubmit} data-testid="catalogue-form-submit">
            {submitting ? labels.words.submitting : labels.words.submit}
          </Button>
          {!canSubmit && !submitting ? (
            <span className="text-sm text-muted" data-testid="catalogue-form-why">
              {missing.length ? labels.words.incompleteHint : labels.words.unchangedHint}
            </span>
          ) : null}
        </div>
      </div>
    </form>
  );
}

/** Whether a field of the form takes a whole number (typed text that is not one is refused). */
function intLike(form: CatalogueForm, name: string): boolean {
  return FORM_SECTIONS[form].some((s) => s.fields.some((f) => f.name === name && f.control === 'int'));
}
