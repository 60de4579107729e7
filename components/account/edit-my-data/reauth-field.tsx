'use client';

import { useTranslations } from 'next-intl';
import { FormError, FormField } from '@/components/forms/form-field';
import type { FormsKey } from '@/lib/i18n/keys';
import { PASSWORD_MAX_LENGTH } from '@/lib/validation/password';

/**
 * The confirmation of a sensitive change (API token, linking, e-mail, deletion): the current
 * password, or for an account without one (Facebook or Google only) the note that a fresh login
 * (within 10 minutes) confirms it instead, with the server's answer when it refused.
 * @param name the field's name (`field-{name}` is the input's id)
 */
export function ReauthField({
  hasPassword,
  name,
  value,
  onValue,
  error,
}: {
  hasPassword: boolean;
  name: string;
  value: string;
  onValue: (v: string) => void;
  error?: FormsKey;
}) {
  const t = useTranslations('account');
  if (!hasPassword)
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted" data-testid="reauth-fresh-hint">
          {t('reauthFreshHint')}
        </p>
        <FormError error={error} />
      </div>
    );
  return (
    <FormField
      name={name}
      type="password"
      autoComplete="current-password"
      required
      label={t('currentPassword')}
      hint={t('reauthPasswordHint')}
      value={value}
      onValue={onValue}
      error={error}
      maxLength={PASSWORD_MAX_LENGTH}
    />
  );
}
