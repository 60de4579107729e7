'use client';

import { useTranslations } from 'next-intl';
import type { InputHTMLAttributes } from 'react';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/password';

type FormFieldProps = {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Message key of the `forms` namespace, or undefined. */
  error?: string;
  /** Declared maximum length in characters (every text field has one). */
  maxLength: number;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'maxLength'>;

/**
 * A labelled text input of the form mechanism: its error (translated from a message key) is tied
 * to it with aria-invalid / aria-describedby and announced by screen readers.
 */
export function FormField({ name, label, value, onValue, error, maxLength, hint, required, ...input }: FormFieldProps) {
  const t = useTranslations('forms');
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-10 rounded-lg border bg-panel px-3 py-2 ${error ? 'border-accent' : 'border-line'}`}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-accent-strong">
          {t(error, { max: maxLength, min: PASSWORD_MIN_LENGTH })}
        </p>
      ) : null}
    </div>
  );
}

/** The form-level error (`_form`), announced when it appears; nothing when there is none. */
export function FormError({ error, params }: { error?: string; params?: Record<string, string | number> }) {
  const t = useTranslations('forms');
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg border border-accent bg-accent-soft px-3 py-2 text-sm text-accent-strong" data-testid="form-error">
      {t(error, params)}
    </p>
  );
}
