'use client';

import { useTranslations } from 'next-intl';
import type { InputHTMLAttributes } from 'react';
import type { FormsKey } from '@/lib/i18n/keys';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/password';

type FormFieldProps = {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Message key of the `forms` namespace, or undefined. */
  error?: FormsKey;
  /** Declared maximum length in characters (every text field has one). */
  maxLength: number;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'maxLength'>;

/**
 * Label, hint and error of one field of the form mechanism (inputs, selects, text areas): the
 * error, a message key of `forms` translated with `errorParams`, is announced (role=alert) and
 * tied to the control through {@link fieldDescribedBy}. The control's id is `field-{name}`.
 */
export function FieldFrame({
  name,
  label,
  required,
  error,
  errorParams,
  hint,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  error?: FormsKey;
  errorParams?: Record<string, string | number>;
  hint?: string;
  children: React.ReactNode;
}) {
  const t = useTranslations('forms');
  const id = `field-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-accent-strong">
          {t(error, errorParams)}
        </p>
      ) : null}
    </div>
  );
}

/** The aria-describedby of a field's control: its hint and its error, when shown. */
export function fieldDescribedBy(name: string, error?: string, hint?: string): string | undefined {
  return (
    [hint ? `field-${name}-hint` : null, error ? `field-${name}-error` : null].filter(Boolean).join(' ') || undefined
  );
}

/** Classes of a field's control (red border with an error). */
export function controlClass(error?: string): string {
  const disabled = 'disabled:cursor-not-allowed disabled:bg-tint disabled:text-muted';
  return `min-h-10 rounded-lg border bg-panel px-3 py-2 ${disabled} ${error ? 'border-accent' : 'border-line'}`;
}

/**
 * A labelled text input of the form mechanism: its error (translated from a message key) is tied
 * to it with aria-invalid / aria-describedby and announced by screen readers.
 */
export function FormField({ name, label, value, onValue, error, maxLength, hint, required, ...input }: FormFieldProps) {
  return (
    <FieldFrame
      name={name}
      label={label}
      required={required}
      error={error}
      errorParams={{ max: maxLength, min: PASSWORD_MIN_LENGTH }}
      hint={hint}
    >
      <input
        id={`field-${name}`}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(name, error, hint)}
        className={controlClass(error)}
        {...input}
      />
    </FieldFrame>
  );
}

/** The form-level error (`_form`), announced when it appears; nothing when there is none. */
export function FormError({ error, params }: { error?: FormsKey; params?: Record<string, string | number> }) {
  const t = useTranslations('forms');
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-accent bg-accent-soft px-3 py-2 text-sm text-accent-strong"
      data-testid="form-error"
    >
      {t(error, params)}
    </p>
  );
}
