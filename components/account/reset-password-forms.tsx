'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import { FormError, FormField } from '@/components/forms/form-field';
import { NewPasswordFields, RevokeTokensCheckbox } from '@/components/forms/new-password-fields';
import { useApiForm } from '@/components/forms/use-api-form';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { EMAIL_MAX, RESET_TOKEN_MINUTES } from '@/lib/validation/limits';

/**
 * `/reset_password`: without `?token` the request form (e-mail → POST /api/password_reset, always
 * the same neutral confirmation); with the mailed `?token=…` the new-password form (POST
 * /api/password_reset/redeem, with "also revoke my API tokens" checked by default), which sends the
 * user to the login page when done.
 */
export function ResetPasswordForms() {
  const token = useSearchParams().get('token');
  return token ? <RedeemForm token={token} /> : <RequestForm />;
}

function RequestForm() {
  const t = useTranslations('account');
  const locale = useLocale();
  const [sent, setSent] = useState(false);
  const form = useApiForm({
    endpoint: '/api/password_reset',
    initial: { email: '' },
    required: ['email'],
    extra: async () => ({ locale }),
  });
  if (sent) {
    return (
      <p role="status" className="text-sm" data-testid="reset-sent">
        {t('resetSent')}
      </p>
    );
  }
  return (
    <form className="flex flex-col gap-4" {...form.formProps(() => setSent(true))}>
      <h1 className="text-2xl font-bold">{t('resetTitle')}</h1>
      <p className="text-sm text-muted">{t('resetIntro', { minutes: RESET_TOKEN_MINUTES })}</p>
      <FormError error={form.errors._form} params={form.params} />
      <FormField
        name="email"
        type="email"
        autoComplete="email"
        required
        label={t('email')}
        value={form.values.email}
        onValue={(v) => form.set('email', v)}
        error={form.errors.email}
        maxLength={EMAIL_MAX}
      />
      <Button type="submit" disabled={!form.canSubmit} data-testid="reset-submit">
        {form.submitting ? t('submitting') : t('resetSubmit')}
      </Button>
    </form>
  );
}

function RedeemForm({ token }: { token: string }) {
  const t = useTranslations('account');
  const router = useRouter();
  const form = useApiForm({
    endpoint: '/api/password_reset/redeem',
    initial: { password: '', password2: '', revoke_tokens: 'true' },
    required: ['password', 'password2'],
    extra: async () => ({ token }),
    encode: (v) => ({ ...v, revoke_tokens: v.revoke_tokens === 'true' }),
  });
  return (
    <form
      className="flex flex-col gap-4"
      {...form.formProps(() => {
        queueSnackbar(t('redeemDone'));
        router.push('/login');
      })}
    >
      <h1 className="text-2xl font-bold">{t('redeemTitle')}</h1>
      <p className="text-sm text-muted">{t('redeemIntro')}</p>
      <FormError error={form.errors._form} params={form.params} />
      <NewPasswordFields
        values={form.values}
        errors={form.errors}
        onValue={form.set}
        labels={[t('newPassword'), t('newPassword2')]}
      />
      <RevokeTokensCheckbox
        checked={form.values.revoke_tokens === 'true'}
        onChange={(on) => form.set('revoke_tokens', String(on))}
        testId="redeem-revoke-tokens"
      />
      <Button type="submit" disabled={!form.canSubmit} data-testid="redeem-submit">
        {form.submitting ? t('submitting') : t('redeemSubmit')}
      </Button>
      <Link href="/reset_password" className="text-sm text-accent-strong underline">
        {t('resetSubmit')}
      </Link>
    </form>
  );
}
