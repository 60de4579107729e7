'use client';

import type { FormsKey } from '@/lib/i18n/keys';
import { controlClass, FieldFrame, fieldDescribedBy } from './form-field';

type Common = {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: FormsKey;
  hint?: string;
  disabled?: boolean;
};

/** A select of the form mechanism: `options` as [value, label] pairs; `required` marks its label. */
export function SelectField({ options, required, ...p }: Common & { options: [string, string][]; required?: boolean }) {
  return (
    <FieldFrame name={p.name} label={p.label} required={required} error={p.error} hint={p.hint}>
      <select
        id={`field-${p.name}`}
        name={p.name}
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onValue(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={fieldDescribedBy(p.name, p.error, p.hint)}
        className={controlClass(p.error)}
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

/** A multi-line text field of the form mechanism with its declared maximum length; `required` marks its label. */
export function TextAreaField({
  maxLength,
  rows = 4,
  required,
  ...p
}: Common & { maxLength: number; rows?: number; required?: boolean }) {
  return (
    <FieldFrame
      name={p.name}
      label={p.label}
      required={required}
      error={p.error}
      errorParams={{ max: maxLength }}
      hint={p.hint}
    >
      <textarea
        id={`field-${p.name}`}
        name={p.name}
        value={p.value}
        rows={rows}
        maxLength={maxLength}
        required={required}
        disabled={p.disabled}
        onChange={(e) => p.onValue(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={fieldDescribedBy(p.name, p.error, p.hint)}
        className={controlClass(p.error)}
      />
    </FieldFrame>
  );
}
