'use client';

import { controlClass } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { RefPicker, type PickKind } from './ref-picker';

/** A column of a row: typed text, a choice, or a catalogue item picked by search. */
export type RowColumn<R> =
  | { key: keyof R & string; label: string; type: 'text' }
  | { key: keyof R & string; label: string; type: 'select'; options: [string, string][] }
  | {
      key: keyof R & string;
      label: string;
      type: 'pick';
      kind: PickKind;
      names: Record<string, string>;
      learn: (publicId: string, name: string) => void;
      suggestHref: string;
      suggestText: string;
    };

/**
 * A list of rows of one field (audio tracks, cast and crew, connections): each row's columns, a
 * button that removes the row and one that adds an empty row. The whole field's error shows
 * under the rows (announced).
 */
export function RowsField<R extends Record<string, string>>({
  name,
  label,
  hint,
  errorText,
  rows,
  empty,
  columns,
  words,
  onRows,
  hideLabel = false,
}: {
  name: string;
  label: string;
  /** The label is read by screen readers only (the section's legend already says it). */
  hideLabel?: boolean;
  hint?: string;
  errorText?: string;
  rows: R[];
  empty: R;
  columns: RowColumn<R>[];
  words: { addRow: string; removeRow: string; search: string; noResults: string; remove: string };
  onRows: (rows: R[]) => void;
}) {
  const update = (i: number, key: string, value: string) =>
    onRows(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={`field-${name}-label`}>
      <span id={`field-${name}-label`} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </span>
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      <ol className="flex flex-col gap-3" data-testid={`field-${name}-rows`}>
        {rows.map((row, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2 border-b border-line pb-3">
            {columns.map((c) => {
              const id = `field-${name}-${i}-${c.key}`;
              return (
                <div key={c.key} className="flex min-w-40 flex-1 flex-col gap-1">
                  <label htmlFor={id} className="text-xs text-muted">
                    {c.label}
                  </label>
                  {c.type === 'pick' ? (
                    <RefPicker
                      id={id}
                      kind={c.kind}
                      chosen={row[c.key] ? [row[c.key]] : []}
                      names={c.names}
                      words={words}
                      suggestHref={c.suggestHref}
                      suggestText={c.suggestText}
                      single
                      onChange={(ids, picked) => {
                        if (picked) c.learn(picked.publicId, picked.name);
                        update(i, c.key, ids.at(-1) ?? '');
                      }}
                    />
                  ) : c.type === 'select' ? (
                    <select
                      id={id}
                      value={row[c.key]}
                      onChange={(e) => update(i, c.key, e.target.value)}
                      className={controlClass()}
                    >
                      {c.options.map(([v, l]) => (
                        <option key={v} value={v}>
                          {l}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={id}
                      value={row[c.key]}
                      maxLength={300}
                      onChange={(e) => update(i, c.key, e.target.value)}
                      className={controlClass()}
                    />
                  )}
                </div>
              );
            })}
            <Button variant="ghost" onClick={() => onRows(rows.filter((_, j) => j !== i))}>
              {words.removeRow}
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" onClick={() => onRows([...rows, { ...empty }])} data-testid={`field-${name}-add`}>
          {words.addRow}
        </Button>
      </div>
      {errorText ? (
        <p id={`field-${name}-error`} role="alert" className="text-sm text-accent-strong">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
