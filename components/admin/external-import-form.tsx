'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { isImdbId } from '@/lib/validation/imdb';

/** The texts of the import form, translated by the server page (`externalImport` stays server-side). */
export type ExternalImportWords = {
  imdbId: string;
  imdbIdHint: string;
  imdbIdInvalid: string;
  type: string;
  typeInvalid: string;
  submit: string;
  submitting: string;
  created: string;
  refreshed: string;
  unchanged: string;
  pointsEarned: string;
  seriesOf: string;
  episodesCreated: string;
  episodesUpdated: string;
  episodesUnchanged: string;
  personsCreated: string;
  companiesCreated: string;
  notFound: string;
  unavailable: string;
  off: string;
  failed: string;
};

/** What `POST /api/admin/import` answers (lib/data/external-import.ts ExternalImportSummary). */
type Summary = {
  movie: { public_id: string; name: string; year: number | null; type: number };
  created: boolean;
  revision_id: string | null;
  points: number;
  series: { public_id: string; name: string } | null;
  episodes: { created: number; updated: number; unchanged: number };
  persons_created: number;
  companies_created: number;
};

type Problem = { field: 'imdb_id' | 'type' | '_form'; text: string };

/**
 * The admins' import form (/admin/import): an IMDb id and the movie type (`types`: id and its
 * name), posted to `POST /api/admin/import`. A malformed id is refused before sending; the answer
 * shows the title as a link to its page, whether it was added or refreshed, the points earned, a
 * series' episodes and the persons and companies created; 404 shows the spec's "no entry matches
 * the given id and movie type", 502 that TMDb did not answer, 503 that the import is off.
 */
export function ExternalImportForm({
  words,
  types,
  locale,
}: {
  words: ExternalImportWords;
  types: { id: number; name: string }[];
  locale: string;
}) {
  const [imdbId, setImdbId] = useState('');
  const [type, setType] = useState(String(types[0]?.id ?? 1));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const number = (n: number) => formatNumber(n, locale);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const id = imdbId.trim();
    if (!isImdbId(id)) {
      setProblem({ field: 'imdb_id', text: words.imdbIdInvalid });
      return;
    }
    setBusy(true);
    setProblem(null);
    setSummary(null);
    try {
      const res = await fetch('/api/admin/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ imdb_id: id, type: Number(type) }),
      });
      if (res.ok) {
        setSummary((await res.json()) as Summary);
        return;
      }
      const body = (await res.json().catch(() => null)) as { fields?: Record<string, string> } | null;
      if (res.status === 400 && body?.fields?.type) setProblem({ field: 'type', text: words.typeInvalid });
      else if (res.status === 400) setProblem({ field: 'imdb_id', text: words.imdbIdInvalid });
      else if (res.status === 404) setProblem({ field: '_form', text: words.notFound });
      else if (res.status === 502) setProblem({ field: '_form', text: words.unavailable });
      else if (res.status === 503) setProblem({ field: '_form', text: words.off });
      else setProblem({ field: '_form', text: words.failed });
    } catch {
      setProblem({ field: '_form', text: words.failed });
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: Problem['field']) =>
    problem?.field === field ? (
      <p id={`field-${field}-error`} role="alert" className="text-sm text-accent-strong">
        {problem.text}
      </p>
    ) : null;

  const facts: [string, string | null][] = summary
    ? [
        [words.pointsEarned, number(summary.points)],
        [words.episodesCreated, summary.episodes.created ? number(summary.episodes.created) : null],
        [words.episodesUpdated, summary.episodes.updated ? number(summary.episodes.updated) : null],
        [words.episodesUnchanged, summary.episodes.unchanged ? number(summary.episodes.unchanged) : null],
        [words.personsCreated, number(summary.persons_created)],
        [words.companiesCreated, number(summary.companies_created)],
      ]
    : [];

  return (
    <div className="max-w-xl space-y-4">
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3" data-testid="external-import-form">
        <div className="flex flex-col gap-1">
          <label htmlFor="field-imdb_id" className="text-sm font-medium">
            {words.imdbId}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id="field-imdb_id"
            name="imdb_id"
            value={imdbId}
            onChange={(e) => {
              setImdbId(e.target.value);
              if (problem?.field === 'imdb_id') setProblem(null);
            }}
            required
            maxLength={12}
            autoComplete="off"
            spellCheck={false}
            placeholder="tt0133093"
            aria-invalid={problem?.field === 'imdb_id' || undefined}
            aria-describedby={`field-imdb_id-hint${problem?.field === 'imdb_id' ? ' field-imdb_id-error' : ''}`}
            className="rounded-lg border border-line bg-panel px-3 py-2"
          />
          <p id="field-imdb_id-hint" className="text-xs text-muted">
            {words.imdbIdHint}
          </p>
          {fieldError('imdb_id')}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="field-type" className="text-sm font-medium">
            {words.type}
          </label>
          <select
            id="field-type"
            name="type"
            value={type}
            onChange={(e) => setType(e.target.value)}
            aria-invalid={problem?.field === 'type' || undefined}
            className="rounded-lg border border-line bg-panel px-3 py-2"
          >
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          {fieldError('type')}
        </div>
        <Button type="submit" disabled={busy || !imdbId.trim()}>
          {busy ? words.submitting : words.submit}
        </Button>
        {fieldError('_form')}
      </form>
      {summary ? (
        <section
          role="status"
          className="rounded-lg border border-line bg-panel p-4"
          data-testid="external-import-result"
        >
          <p className="font-semibold">
            {summary.created ? words.created : summary.revision_id ? words.refreshed : words.unchanged}:{' '}
            <Link href={`/movie/${summary.movie.public_id}`} className="underline" prefetch={false}>
              {summary.movie.name}
              {summary.movie.year ? ` (${summary.movie.year})` : ''}
            </Link>
          </p>
          {summary.series ? (
            <p className="text-sm">
              {words.seriesOf}:{' '}
              <Link href={`/movie/${summary.series.public_id}`} className="underline" prefetch={false}>
                {summary.series.name}
              </Link>
            </p>
          ) : null}
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {facts
              .filter((f): f is [string, string] => f[1] !== null)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
