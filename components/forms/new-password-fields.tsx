'use client';

import { useTranslations } from 'next-intl';
import type { FormsKey } from '@/lib/i18n/keys';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation/password';
import { FormField } from './form-field';

type Field = 'password' | 'password2';

/**
 * A new password typed twice (registration, reset, password change): the rule as a hint under the
 * first field, each field's error under it. `labels` are the two visible labels; `ids` the input
 * names (ids `field-{name}`) when a form has other password fields too.
 */
export function NewPasswordFields({
  values,
  errors,
  onValue,
  labels,
  ids = ['password', 'password2'],
}: {
  values: Record<Field, string>;
  errors: Partial<Record<string, FormsKey>>;
  onValue: (field: Field, value: string) => void;
  labels: [string, string];
  ids?: [string, string];
}) {
  const t = useTranslations('account');
  return (
    <>
      <FormField
        name={ids[0]}
        type="password"
        autoComplete="new-password"
        required
        label={labels[0]}
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
        value={values.password}
        onValue={(v) => onValue('password', v)}
        error={errors.password}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <FormField
        name={ids[1]}
        type="password"
        autoComplete="new-password"
        required
        label={labels[1]}
        value={values.password2}
        onValue={(v) => onValue('password2', v)}
        error={errors.password2}
        maxLength={PASSWORD_MAX_LENGTH}
      />
    </>
  );
}

/**
 * "Also revoke my API tokens" under a new password (password change, reset): ticked by default in
 * both forms, sent as the `revoke_tokens` field ("true" / "false").
 */
export function RevokeTokensCheckbox({
  checked,
  onChange,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const t = useTranslations('account');
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1 size-4"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span>{t('revokeTokensOnChange')}</span>
    </label>
  );
}
