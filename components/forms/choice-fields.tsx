'use client';

import { useTranslations } from 'next-intl';

type Common = { name: string; label: string; value: string; onValue: (value: string) => void; error?: string; hint?: string; disabled?: boolean };

/** Label, hint and error (message key of `forms`, announced) around one field of the form mechanism. */
function FieldFrame({ name, label, error, hint, children }: Omit<Common, 'value' | 'onValue' | 'disabled'> & { children: React.ReactNode }) {
  const t = useTranslations('forms');
  const id = `field-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-accent-strong">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

function described(name: string, error?: string, hint?: string): string | undefined {
  return [hint ? `field-${name}-hint` : null, error ? `field-${name}-error` : null].filter(Boolean).join(' ') || undefined;
}

const CONTROL = 'min-h-10 rounded-lg border bg-panel px-3 py-2';

/** A select of the form mechanism: `options` as [value, label] pairs. */
export function SelectField({ options, ...p }: Common & { options: [string, string][] }) {
  return (
    <FieldFrame {...p}>
      <select
        id={`field-${p.name}`}
        name={p.name}
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onValue(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={described(p.name, p.error, p.hint)}
        className={`${CONTROL} ${p.error ? 'border-accent' : 'border-line'}`}
      >
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A multi-line text field of the form mechanism with its declared maximum length. */
export function TextAreaField({ maxLength, rows = 4, ...p }: Common & { maxLength: number; rows?: number }) {
  return (
    <FieldFrame {...p}>
      <textarea
        id={`field-${p.name}`}
        name={p.name}
        value={p.value}
        rows={rows}
        maxLength={maxLength}
        disabled={p.disabled}
        onChange={(e) => p.onValue(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={described(p.name, p.error, p.hint)}
        className={`${CONTROL} ${p.error ? 'border-accent' : 'border-line'}`}
      />
    </FieldFrame>
  );
}
