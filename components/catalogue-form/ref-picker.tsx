'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { controlClass } from '@/components/forms/form-field';
import { Link } from '@/lib/i18n/navigation';

/** The search group a picker chooses from (`GET /api/search` answers each). */
export type PickKind = 'movies' | 'labels' | 'persons';

/** One search hit: its public id and the name shown (a movie's with its year). */
type Hit = { publicId: string; name: string };

type SearchAnswer = Partial<Record<PickKind, { public_id: string; name: string; year?: number | null }[]>>;

/** Milliseconds the picker waits after the last key before it searches. */
const SEARCH_DELAY_MS = 250;

/**
 * Chooses catalogue items by searching them (`GET /api/search?q=`, the search dialog's answer):
 * the chosen ones as removable chips, a search box, and the hits of the one group as buttons
 * (Enter on the box takes the first); with `single`, the chosen item replaces the box. `onChange` receives the chosen public ids and, when one was
 * just picked, its name. A link suggests a new item when the one sought is not in the catalogue.
 */
export function RefPicker({
  id,
  kind,
  chosen,
  names,
  words,
  suggestHref,
  suggestText,
  invalid,
  single = false,
  onChange,
}: {
  id: string;
  kind: PickKind;
  chosen: string[];
  names: Record<string, string>;
  words: { search: string; noResults: string; remove: string };
  suggestHref: string;
  suggestText: string;
  invalid?: boolean;
  /** One item only: once chosen, the search box gives way to it (remove it to choose another). */
  single?: boolean;
  onChange: (ids: string[], picked?: Hit) => void;
}) {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    const query = q.trim();
    if (query.length < 2) {
      setHits(null);
      return;
    }
    const controller = new AbortController();
    timer.current = setTimeout(() => {
      fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<SearchAnswer>) : null))
        .then((body) =>
          setHits(
            (body?.[kind] ?? []).map((h) => ({
              publicId: h.public_id,
              name: h.year ? `${h.name} (${h.year})` : h.name,
            })),
          ),
        )
        .catch(() => undefined);
    }, SEARCH_DELAY_MS);
    return () => controller.abort();
  }, [q, kind]);

  const pick = (hit: Hit) => {
    onChange(single ? [hit.publicId] : chosen.includes(hit.publicId) ? chosen : [...chosen, hit.publicId], hit);
    setQ('');
    setHits(null);
  };

  return (
    <div className="flex flex-col gap-2">
      {chosen.length ? (
        <ul className="flex flex-wrap gap-2" data-testid={`${id}-chosen`}>
          {chosen.map((p) => (
            <li key={p} className="flex items-center gap-1 rounded-full border border-line bg-panel px-3 py-1 text-sm">
              <span>{names[p] ?? p}</span>
              <button
                type="button"
                className="px-1 text-muted hover:text-ink"
                aria-label={`${words.remove} ${names[p] ?? p}`}
                onClick={() => onChange(chosen.filter((c) => c !== p))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {single && chosen.length ? null : (
        <input
          id={id}
          type="search"
          value={q}
          placeholder={words.search}
          autoComplete="off"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          aria-controls={listId}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (hits?.[0]) pick(hits[0]);
            }
          }}
          className={controlClass(invalid ? 'invalid' : undefined)}
        />
      )}
      <div id={listId} aria-live="polite">
        {hits && hits.length ? (
          <ul className="flex flex-col rounded-lg border border-line" data-testid={`${id}-hits`}>
            {hits.map((h) => (
              <li key={h.publicId}>
                <button
                  type="button"
                  className="w-full px-3 py-2 text-left text-sm hover:bg-tint focus:bg-tint"
                  onClick={() => pick(h)}
                >
                  {h.name}
                </button>
              </li>
            ))}
          </ul>
        ) : hits ? (
          <p className="text-sm text-muted">
            {words.noResults}{' '}
            <Link href={suggestHref} target="_blank" className="underline">
              {suggestText}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
