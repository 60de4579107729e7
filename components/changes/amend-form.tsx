'use client';

import { useTranslations } from 'next-intl';
import { FormError, FormField } from '@/components/forms/form-field';
import { SelectField, TextAreaField } from '@/components/forms/choice-fields';
import { useApiForm } from '@/components/forms/use-api-form';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { useRouter } from '@/lib/i18n/navigation';
import type { ColumnKind } from '@/lib/validation/catalogue-fields';

/** A proposed value the form can edit: the field, its translated label, its kind, the value as text, its length limit. */
export type AmendField = { name: string; label: string; kind: ColumnKind; value: string; max: number };

/** The texts of the form, translated by the server page (the `changes` namespace stays server-side). */
export type AmendWords = { note: string; source: string; save: string; cancel: string; yes: string; no: string };

export type AmendFormProps = {
  publicId: string;
  fields: AmendField[];
  note: string;
  source: string;
  noteMax: number;
  sourceMax: number;
  words: AmendWords;
  onClose: () => void;
};

/** A field's text as the API takes it: by its kind; empty is null (a number that does not parse is sent as typed, to be refused). */
function encodeValue(kind: ColumnKind, text: string): unknown {
  const v = text.trim();
  if (!v) return null;
  if (kind === 'bool') return v === 'true';
  if (kind === 'int') return /^-?\d+$/.test(v) ? Number(v) : v;
  return v;
}

/**
 * The author's amendment of a pending suggestion (`PATCH /api/changes/{id}`): its proposed values
 * that are plain values (texts, numbers, dates, yes/no; lists and links to other entries are kept
 * as sent), the note and the source. Only the values changed here are sent; a value set back to
 * the entry's current one drops that field from the suggestion. Field problems show the spec's
 * messages on their fields and the form keeps what was typed; after a success the page is
 * rendered again. Loaded with `import()` by change-controls.tsx on the first "Amend".
 */
export function AmendForm({ publicId, fields, note, source, noteMax, sourceMax, words, onClose }: AmendFormProps) {
  const t = useTranslations('account.ownChanges');
  const router = useRouter();
  const initial: Record<string, string> = { note, source };
  for (const f of fields) initial[`v:${f.name}`] = f.value;
  const form = useApiForm({
    endpoint: `/api/changes/${encodeURIComponent(publicId)}`,
    method: 'PATCH',
    initial,
    required: [],
    encode: (values) => {
      const changed: Record<string, unknown> = {};
      for (const f of fields)
        if (values[`v:${f.name}`] !== f.value) changed[f.name] = encodeValue(f.kind, values[`v:${f.name}`]);
      return { values: changed, note: values.note, source: values.source };
    },
  });
  const errorOf = (field: string) => form.errors[field];
  const id = (field: string) => `${publicId}-${field}`;
  return (
    <form
      {...form.formProps(() => {
        showSnackbar(t('amended'));
        onClose();
        router.refresh();
      })}
      className="mt-2 flex max-w-xl flex-col gap-3"
      data-testid="amend-form"
    >
      <FormError error={form.errors._form} params={form.params} />
      {fields.map((f) =>
        f.kind === 'bool' ? (
          <SelectField
            key={f.name}
            name={id(f.name)}
            label={f.label}
            value={form.values[`v:${f.name}`]}
            onValue={(v) => form.set(`v:${f.name}`, v)}
            error={errorOf(f.name)}
            options={[
              ['', '—'],
              ['true', words.yes],
              ['false', words.no],
            ]}
          />
        ) : f.max > 300 ? (
          <TextAreaField
            key={f.name}
            name={id(f.name)}
            label={f.label}
            value={form.values[`v:${f.name}`]}
            onValue={(v) => form.set(`v:${f.name}`, v)}
            error={errorOf(f.name)}
            maxLength={f.max}
          />
        ) : (
          <FormField
            key={f.name}
            name={id(f.name)}
            label={f.label}
            value={form.values[`v:${f.name}`]}
            onValue={(v) => form.set(`v:${f.name}`, v)}
            error={errorOf(f.name)}
            maxLength={f.max}
            inputMode={f.kind === 'int' || f.kind === 'numeric' ? 'decimal' : undefined}
            placeholder={f.kind === 'date' ? 'YYYY-MM-DD' : undefined}
          />
        ),
      )}
      <TextAreaField
        name={id('note')}
        label={words.note}
        value={form.values.note}
        onValue={(v) => form.set('note', v)}
        error={errorOf('note')}
        maxLength={noteMax}
        rows={2}
      />
      <FormField
        name={id('source')}
        label={words.source}
        value={form.values.source}
        onValue={(v) => form.set('source', v)}
        error={errorOf('source')}
        maxLength={sourceMax}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!form.canSubmit}>
          {words.save}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {words.cancel}
        </Button>
      </div>
    </form>
  );
}
