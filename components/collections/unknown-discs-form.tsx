'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { controlClass, FieldFrame, fieldDescribedBy } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { fillPlaceholders } from '@/lib/format';
import { keyFromData, type FormsKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import type { DiscSuggestionState, PickedItem, UnknownDisc } from '@/lib/data/import-suggestions';
import { SHORT_TEXT_MAX, YEAR_MIN } from '@/lib/validation/catalogue-rules';

/** A text with a singular and a plural form (`{count}` filled in here), chosen by the locale's plural rules. */
export type CountText = { one: string; other: string };

/** Texts of the form, translated by the page (`{…}` placeholders filled here). */
export type UnknownDiscsTexts = {
  include: string;
  /** "Line {line}: {title}". */
  discTitle: string;
  name: string;
  movie: string;
  format: string;
  ean: string;
  label: string;
  releaseYear: string;
  chooseFormat: string;
  noMovie: string;
  noLabel: string;
  /** "The file names the label “{label}”…". */
  labelFromFile: string;
  search: string;
  searchMovie: string;
  searchLabel: string;
  searchEmpty: string;
  choose: string;
  /** "Choose {name}" (aria-label of a search result's button). */
  chooseLabel: string;
  change: string;
  remove: string;
  submit: CountText;
  submitting: string;
  noneChosen: string;
  sent: CountText;
  notSent: CountText;
  alreadySuggested: string;
  /** By suggestion state; `discarded` has `{reason}`. */
  state: Record<DiscSuggestionState['status'], string>;
  viewRelease: string;
  /** A request refused as a whole: any error, and too many pending suggestions (`{max}`). */
  failed: string;
  changeLimit: string;
};

/** What the member edits of one disc. */
type DiscForm = {
  include: boolean;
  name: string;
  format: string;
  ean: string;
  releaseYear: string;
  movie: PickedItem | null;
  label: PickedItem | null;
  /** Field → `forms` message key (or `alreadySuggested`), from the last send. */
  errors: Record<string, string>;
  suggestion: DiscSuggestionState | null;
};

/** A suggestion that waits or was approved is not sent again. */
const isSettled = (s: DiscSuggestionState | null) => s?.status === 'pending' || s?.status === 'approved';

function initialForm(d: UnknownDisc): DiscForm {
  return {
    include: !isSettled(d.suggestion),
    name: d.prefill.name,
    format: d.prefill.format === null ? '' : String(d.prefill.format),
    ean: d.ean,
    releaseYear: d.prefill.release_year === null ? '' : String(d.prefill.release_year),
    movie: d.prefill.movie,
    label: d.prefill.label,
    errors: {},
    suggestion: d.suggestion,
  };
}

/** The release values of a disc as the API takes them (lib/validation/catalogue-fields.ts names). */
function valuesOf(f: DiscForm): Record<string, unknown> {
  const year = f.releaseYear.trim();
  return {
    name: f.name,
    format: f.format ? Number(f.format) : null,
    movies: f.movie ? [f.movie.public_id] : [],
    ...(f.label ? { label: f.label.public_id } : {}),
    ...(year ? { release_year: /^\d+$/.test(year) ? Number(year) : year } : {}),
  };
}

type SendResult = {
  ean: string;
  ok: boolean;
  request?: { public_id: string; status: DiscSuggestionState['status']; entity_public_id: string | null };
  errors?: Record<string, string>;
};

/** The error fields the form shows at a field; any other goes under the disc. */
const SHOWN_AT = new Set(['name', 'format', 'movies', 'label', 'release_year', 'ean']);

/** A message of `forms` (a field problem the API answered), announced when it appears. */
function FormsMessage({ id, error }: { id?: string; error: FormsKey }) {
  const tf = useTranslations('forms');
  return (
    <p id={id} role="alert" className="text-sm text-accent-strong">
      {tf(error)}
    </p>
  );
}

/**
 * A movie or label of a disc: the chosen one (name and public id) with Change and Remove, or a
 * search (`GET /api/search?q=`: its movies or labels) to choose one from.
 */
function ItemPicker({
  id,
  kind,
  label,
  item,
  empty,
  error,
  texts,
  onItem,
}: {
  id: string;
  kind: 'movies' | 'labels';
  label: string;
  item: PickedItem | null;
  empty: string;
  error?: FormsKey;
  texts: UnknownDiscsTexts;
  onItem: (item: PickedItem | null) => void;
}) {
  const [searching, setSearching] = useState(false);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<PickedItem[] | null>(null);
  const errorId = error ? `${id}-error` : undefined;

  async function search() {
    if (!q.trim()) return;
    const res = await fetch(`/api/search?q=${encodeURIComponent(q.trim())}`, { credentials: 'same-origin' }).catch(
      () => null,
    );
    const json = res?.ok ? ((await res.json()) as Record<'movies' | 'labels', PickedItem[]>) : null;
    setFound((json?.[kind] ?? []).map((x) => ({ public_id: x.public_id, name: x.name, year: x.year ?? null })));
  }

  const itemText = (x: PickedItem) => `${x.name}${x.year ? ` (${x.year})` : ''}`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={errorId} data-testid={`disc-${kind}`}>
      <legend className="text-sm font-medium">{label}</legend>
      {item ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span data-testid={`disc-${kind}-chosen`}>
            {itemText(item)} <span className="font-mono text-xs text-muted">{item.public_id}</span>
          </span>
          <Button variant="ghost" onClick={() => setSearching(true)}>
            {texts.change}
          </Button>
          <Button variant="ghost" onClick={() => onItem(null)}>
            {texts.remove}
          </Button>
        </p>
      ) : (
        <p className="text-sm text-muted">{empty}</p>
      )}
      {searching || !item ? (
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap gap-2">
            <input
              id={`${id}-q`}
              type="search"
              value={q}
              maxLength={200}
              aria-label={kind === 'movies' ? texts.searchMovie : texts.searchLabel}
              onChange={(e) => setQ(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void search();
                }
              }}
              className={controlClass()}
            />
            <Button
              variant="secondary"
              aria-label={kind === 'movies' ? texts.searchMovie : texts.searchLabel}
              onClick={() => void search()}
            >
              {texts.search}
            </Button>
          </div>
          {found ? (
            found.length ? (
              <ul className="flex flex-col gap-1">
                {found.map((x) => (
                  <li key={x.public_id} className="flex flex-wrap items-center gap-2 text-sm">
                    <Button
                      variant="secondary"
                      aria-label={fillPlaceholders(texts.chooseLabel, { name: itemText(x) })}
                      onClick={() => {
                        onItem(x);
                        setSearching(false);
                        setFound(null);
                        setQ('');
                      }}
                    >
                      {texts.choose}
                    </Button>
                    <span>{itemText(x)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">{texts.searchEmpty}</p>
            )
          ) : null}
        </div>
      ) : null}
      {error ? <FormsMessage id={errorId} error={error} /> : null}
    </fieldset>
  );
}

/**
 * The import report's unknown discs as a form: per disc a checkbox (include it or not) and the
 * release fields prefilled from the row (name, movie, format, barcode, label, release year), all
 * editable; one button sends the included discs as one batch to
 * `POST /api/collections/{id}/suggestions`. The result is shown per disc: sent (and marked as
 * suggested, so it is not sent twice) or the fields' messages (texts of the `forms` namespace); discs
 * suggested before are marked with the state of their suggestion and left out.
 */
export function UnknownDiscsForm({
  collectionId,
  importId,
  discs,
  formats,
  texts,
}: {
  collectionId: string;
  importId: string;
  discs: UnknownDisc[];
  /** [format id, name] pairs of the format select. */
  formats: [string, string][];
  texts: UnknownDiscsTexts;
}) {
  const locale = useLocale();
  const [forms, setForms] = useState<DiscForm[]>(() => discs.map(initialForm));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ sent: number; notSent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const plural = new Intl.PluralRules(locale);
  const count = (t: CountText, n: number) =>
    fillPlaceholders(plural.select(n) === 'one' ? t.one : t.other, { count: n }, locale);
  const chosen = forms.filter((f) => f.include && !isSettled(f.suggestion)).length;

  const update = (i: number, patch: Partial<DiscForm>) =>
    setForms((all) => all.map((f, k) => (k === i ? { ...f, ...patch } : f)));

  /** A field's message: a `forms` key translated by the field, or this form's own text. */
  const fieldError = (f: DiscForm, field: string): FormsKey | undefined =>
    f.errors[field] && f.errors[field] !== 'alreadySuggested' ? keyFromData<FormsKey>(f.errors[field]) : undefined;

  /** The suggestion states as the server has them now (after a batch refused part-way). */
  async function reloadStates() {
    const res = await fetch(`/api/collections/${collectionId}/imports/${importId}/unknown_discs`, {
      credentials: 'same-origin',
    }).catch(() => null);
    if (!res?.ok) return;
    const now = (await res.json()) as { discs: UnknownDisc[] };
    const byEan = new Map(now.discs.map((d) => [d.ean, d.suggestion]));
    setForms((all) =>
      all.map((f, i) => {
        const s = byEan.get(discs[i].ean) ?? null;
        return isSettled(s) ? { ...f, include: false, suggestion: s } : f;
      }),
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const sending = forms.map((f, i) => ({ f, i })).filter(({ f }) => f.include && !isSettled(f.suggestion));
    if (!sending.length) return setError(texts.noneChosen);
    setBusy(true);
    setError(null);
    setOutcome(null);
    try {
      const res = await fetch(`/api/collections/${collectionId}/suggestions`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ discs: sending.map(({ f }) => ({ ean: f.ean.trim(), values: valuesOf(f) })) }),
      });
      if (!res.ok) {
        // Too many pending suggestions: the API's message names the limit (the discs before it were sent).
        const body = (await res.json().catch(() => null)) as { error?: string } | null;
        const max = /\d+/.exec(body?.error ?? '')?.[0];
        setError(
          res.status === 429 && max ? fillPlaceholders(texts.changeLimit, { max: Number(max) }, locale) : texts.failed,
        );
        await reloadStates();
        return;
      }
      const json = (await res.json()) as { results: SendResult[] };
      setForms((all) => {
        const next = [...all];
        json.results.forEach((r, k) => {
          const i = sending[k]?.i;
          if (i === undefined) return;
          if (r.ok && r.request) {
            next[i] = {
              ...next[i],
              include: false,
              errors: {},
              suggestion: {
                request: r.request.public_id,
                status: r.request.status,
                release: r.request.entity_public_id,
                discard_reason: null,
              },
            };
          } else next[i] = { ...next[i], errors: r.errors ?? { _form: 'invalid' } };
        });
        return next;
      });
      const sent = json.results.filter((r) => r.ok).length;
      setOutcome({ sent, notSent: json.results.length - sent });
    } catch {
      setError(texts.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="unknown-discs-form">
      <ol className="flex flex-col gap-3">
        {forms.map((f, i) => {
          const d = discs[i];
          const id = `disc-${i}`;
          const settled = isSettled(f.suggestion);
          const other = Object.entries(f.errors).filter(([k]) => !SHOWN_AT.has(k));
          return (
            <li
              key={d.ean}
              className="flex flex-col gap-3 rounded-lg border border-line bg-panel p-3"
              data-testid="unknown-disc"
              data-ean={d.ean}
              data-state={f.suggestion?.status ?? 'new'}
            >
              <div className="flex flex-wrap items-center gap-3">
                <input
                  id={`${id}-include`}
                  type="checkbox"
                  className="size-5"
                  checked={f.include && !settled}
                  disabled={settled}
                  onChange={(e) => update(i, { include: e.target.checked })}
                />
                <label htmlFor={`${id}-include`} className="flex flex-wrap gap-x-3">
                  <span className="font-medium">{texts.include}</span>
                  <span className="text-sm text-muted">
                    {fillPlaceholders(texts.discTitle, { line: d.line, title: d.title ?? d.ean })}
                  </span>
                </label>
              </div>
              {f.suggestion ? (
                <p className="text-sm" role="status" data-testid="disc-state">
                  {fillPlaceholders(texts.state[f.suggestion.status], { reason: f.suggestion.discard_reason ?? '' })}
                  {f.suggestion.release && f.suggestion.status !== 'discarded' ? (
                    <>
                      {' '}
                      <Link href={`/release/${f.suggestion.release}`} className="text-accent-strong underline">
                        {texts.viewRelease}
                      </Link>
                    </>
                  ) : null}
                </p>
              ) : null}
              {settled ? null : (
                <div className="grid gap-3 sm:grid-cols-2">
                  <FieldFrame
                    name={`${id}-name`}
                    label={texts.name}
                    required
                    error={fieldError(f, 'name')}
                    errorParams={{ max: SHORT_TEXT_MAX }}
                  >
                    <input
                      id={`field-${id}-name`}
                      value={f.name}
                      maxLength={SHORT_TEXT_MAX}
                      required
                      aria-invalid={f.errors.name ? true : undefined}
                      aria-describedby={fieldDescribedBy(`${id}-name`, f.errors.name)}
                      onChange={(e) => update(i, { name: e.target.value })}
                      className={controlClass(f.errors.name)}
                    />
                  </FieldFrame>
                  <FieldFrame name={`${id}-format`} label={texts.format} required error={fieldError(f, 'format')}>
                    <select
                      id={`field-${id}-format`}
                      value={f.format}
                      aria-invalid={f.errors.format ? true : undefined}
                      aria-describedby={fieldDescribedBy(`${id}-format`, f.errors.format)}
                      onChange={(e) => update(i, { format: e.target.value })}
                      className={controlClass(f.errors.format)}
                    >
                      <option value="">{texts.chooseFormat}</option>
                      {formats.map(([v, l]) => (
                        <option key={v} value={v}>
                          {l}
                        </option>
                      ))}
                    </select>
                  </FieldFrame>
                  <ItemPicker
                    id={`${id}-movie`}
                    kind="movies"
                    label={`${texts.movie} *`}
                    item={f.movie}
                    empty={texts.noMovie}
                    error={fieldError(f, 'movies')}
                    texts={texts}
                    onItem={(movie) => update(i, { movie })}
                  />
                  <ItemPicker
                    id={`${id}-label`}
                    kind="labels"
                    label={texts.label}
                    item={f.label}
                    empty={
                      d.label_text ? fillPlaceholders(texts.labelFromFile, { label: d.label_text }) : texts.noLabel
                    }
                    error={fieldError(f, 'label')}
                    texts={texts}
                    onItem={(label) => update(i, { label })}
                  />
                  <FieldFrame name={`${id}-ean`} label={texts.ean} required error={fieldError(f, 'ean')}>
                    <input
                      id={`field-${id}-ean`}
                      value={f.ean}
                      inputMode="numeric"
                      maxLength={20}
                      aria-invalid={f.errors.ean ? true : undefined}
                      aria-describedby={fieldDescribedBy(`${id}-ean`, f.errors.ean)}
                      onChange={(e) => update(i, { ean: e.target.value })}
                      className={controlClass(f.errors.ean)}
                    />
                  </FieldFrame>
                  <FieldFrame
                    name={`${id}-release_year`}
                    label={texts.releaseYear}
                    error={fieldError(f, 'release_year')}
                    errorParams={{ min: YEAR_MIN }}
                  >
                    <input
                      id={`field-${id}-release_year`}
                      value={f.releaseYear}
                      inputMode="numeric"
                      maxLength={4}
                      aria-invalid={f.errors.release_year ? true : undefined}
                      aria-describedby={fieldDescribedBy(`${id}-release_year`, f.errors.release_year)}
                      onChange={(e) => update(i, { releaseYear: e.target.value })}
                      className={controlClass(f.errors.release_year)}
                    />
                  </FieldFrame>
                </div>
              )}
              {f.errors.ean === 'alreadySuggested' ? (
                <p role="alert" className="text-sm text-accent-strong">
                  {texts.alreadySuggested}
                </p>
              ) : null}
              {other.map(([field, key]) => (
                <FormsMessage key={field} error={keyFromData<FormsKey>(key)} />
              ))}
            </li>
          );
        })}
      </ol>
      {outcome ? (
        <div role="status" className="flex flex-col gap-1 text-sm" data-testid="unknown-discs-outcome">
          {outcome.sent ? <p>{count(texts.sent, outcome.sent)}</p> : null}
          {outcome.notSent ? <p className="text-accent-strong">{count(texts.notSent, outcome.notSent)}</p> : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-accent-strong">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy} data-testid="unknown-discs-submit">
          {busy ? texts.submitting : count(texts.submit, chosen)}
        </Button>
      </div>
    </form>
  );
}
