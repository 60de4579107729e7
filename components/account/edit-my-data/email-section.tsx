'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { EMAIL_MAX } from '@/lib/validation/limits';
import { ReauthField } from './reauth-field';
import { Section } from './section';

/**
 * E-mail change (POST /api/me/email): the new address and the current password (or, without a
 * password, a fresh login). The registration rules and messages apply ('This e-mail address is
 * already in use' never says whose). The form starts empty again after a change.
 */
export function EmailSection({ hasPassword, onChanged }: { hasPassword: boolean; onChanged: () => void }) {
  const t = useTranslations('account');
  const [round, setRound] = useState(0);
  return (
    <Section title={t('emailSection')}>
      <EmailForm
        key={round}
        hasPassword={hasPassword}
        onDone={() => {
          setRound((r) => r + 1);
          onChanged();
        }}
      />
    </Section>
  );
}

function EmailForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const t = useTranslations('account');
  const form = useApiForm({
    endpoint: '/api/me/email',
    initial: { email: '', current: '' },
    required: hasPassword ? ['email', 'current'] : ['email'],
  });
  return (
    <form
      className="flex flex-col gap-4"
      {...form.formProps(() => {
        showSnackbar(t('emailChanged'));
        onDone();
      })}
    >
      <FormError error={form.errors._form} params={form.params} />
      <FormField
        name="new-email"
        type="email"
        autoComplete="email"
        required
        label={t('newEmail')}
        value={form.values.email}
        onValue={(v) => form.set('email', v)}
        error={form.errors.email}
        maxLength={EMAIL_MAX}
      />
      <ReauthField
        hasPassword={hasPassword}
        name="email-current"
        value={form.values.current}
        onValue={(v) => form.set('current', v)}
        error={form.errors.current}
      />
      <Button type="submit" disabled={!form.canSubmit} data-testid="email-save">
        {form.submitting ? t('submitting') : t('save')}
      </Button>
    </form>
  );
}
