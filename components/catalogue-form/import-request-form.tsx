'use client';

import { SelectField } from '@/components/forms/choice-fields';
import { controlClass, FieldFrame, fieldDescribedBy, FormError } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { Button } from '@/components/ui/button';
import { useState } from 'react';

/** The form's texts, translated by the server page. */
export type ImportRequestWords = {
  title: string;
  intro: string;
  imdbId: string;
  imdbIdHint: string;
  type: string;
  submit: string;
  sent: string;
};

/**
 * "Is it on TMDb?" above the new-movie form: a member asks an admin to import a movie from the
 * external movie database by its IMDb id and type (`POST /api/changes`, kind `import`); the
 * id is checked by the server ('This movie is in the catalogue already: …' names the movie).
 */
export function ImportRequestForm({ words, types }: { words: ImportRequestWords; types: [string, string][] }) {
  const [sent, setSent] = useState(false);
  const f = useApiForm({
    endpoint: '/api/changes',
    initial: { imdb_id: '', type: types[0]?.[0] ?? '1' },
    required: ['imdb_id', 'type'],
    encode: (v) => ({ entity: 'movie', kind: 'import', values: { imdb_id: v.imdb_id.trim(), type: Number(v.type) } }),
    limit: { message: 'changeLimit', params: () => ({}) },
  });
  return (
    <section
      aria-labelledby="import-request"
      className="mb-6 rounded-lg border border-line bg-panel p-4"
      data-testid="import-request"
    >
      <h2 id="import-request" className="font-semibold">
        {words.title}
      </h2>
      <p className="mb-3 text-sm text-muted">{words.intro}</p>
      {sent ? (
        <p role="status" className="font-medium">
          {words.sent}
        </p>
      ) : (
        <form {...f.formProps(() => setSent(true))} className="flex flex-wrap items-end gap-3">
          {/* FieldFrame, not FormField: the refusal names the movie ({movie}) the catalogue has. */}
          <FieldFrame
            name="imdb_id"
            label={words.imdbId}
            required
            error={f.errors.imdb_id}
            errorParams={f.params}
            hint={words.imdbIdHint}
          >
            <input
              id="field-imdb_id"
              name="imdb_id"
              value={f.values.imdb_id}
              onChange={(e) => f.set('imdb_id', e.target.value)}
              maxLength={12}
              required
              aria-invalid={f.errors.imdb_id ? true : undefined}
              aria-describedby={fieldDescribedBy('imdb_id', f.errors.imdb_id, words.imdbIdHint)}
              className={controlClass(f.errors.imdb_id)}
            />
          </FieldFrame>
          <SelectField
            name="type"
            label={words.type}
            value={f.values.type}
            onValue={(v) => f.set('type', v)}
            options={types}
            error={f.errors.type}
          />
          <Button type="submit" variant="secondary" disabled={!f.canSubmit}>
            {words.submit}
          </Button>
          <FormError error={f.errors._form} params={f.params} />
        </form>
      )}
    </section>
  );
}
