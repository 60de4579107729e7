'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { FormError, FormField } from '@/components/forms/form-field';
import { NewPasswordFields, RevokeTokensCheckbox } from '@/components/forms/new-password-fields';
import { useApiForm } from '@/components/forms/use-api-form';
import { PASSWORD_MAX_LENGTH } from '@/lib/validation/password';
import { Section } from './section';

/**
 * Password change (POST /api/me/password) with "also revoke my API tokens" (checked by default);
 * the form starts empty again after a change.
 */
export function PasswordSection() {
  const t = useTranslations('account');
  const [round, setRound] = useState(0);
  return (
    <Section title={t('passwordSection')}>
      <PasswordForm key={round} onDone={() => setRound((r) => r + 1)} />
    </Section>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations('account');
  const form = useApiForm({
    endpoint: '/api/me/password',
    initial: { current: '', password: '', password2: '', revoke_tokens: 'true' },
    required: ['current', 'password', 'password2'],
    encode: (v) => ({ ...v, revoke_tokens: v.revoke_tokens === 'true' }),
  });
  return (
    <form
      className="flex flex-col gap-4"
      {...form.formProps(() => {
        showSnackbar(t('passwordChanged'));
        onDone();
      })}
    >
      <FormError error={form.errors._form} params={form.params} />
      <FormField
        name="current"
        type="password"
        autoComplete="current-password"
        required
        label={t('currentPassword')}
        value={form.values.current}
        onValue={(v) => form.set('current', v)}
        error={form.errors.current}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <NewPasswordFields
        values={form.values}
        errors={form.errors}
        onValue={form.set}
        labels={[t('newPassword'), t('newPassword2')]}
        ids={['new-password', 'new-password2']}
      />
      <RevokeTokensCheckbox
        checked={form.values.revoke_tokens === 'true'}
        onChange={(on) => form.set('revoke_tokens', String(on))}
        testId="password-revoke-tokens"
      />
      <Button type="submit" disabled={!form.canSubmit} data-testid="password-save">
        {form.submitting ? t('submitting') : t('save')}
      </Button>
    </form>
  );
}
