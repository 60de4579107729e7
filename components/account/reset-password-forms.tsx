'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { EMAIL_MAX } from '@/lib/validation/limits';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation/password';

/** Minutes a reset link works (lib/data/users.ts RESET_TOKEN_MINUTES; the page says so). */
const RESET_MINUTES = 60;

/**
 * `/reset_password`: without `?token` the request form (e-mail → POST /api/password_reset, always
 * the same neutral confirmation); with the mailed `?token=…` the new-password form (POST
 * /api/password_reset/redeem), which sends the user to the login page when done.
 */
export function ResetPasswordForms() {
  const token = useSearchParams().get('token');
  return token ? <RedeemForm token={token} /> : <RequestForm />;
}

function RequestForm() {
  const t = useTranslations('account');
  const locale = useLocale();
  const [sent, setSent] = useState(false);
  const form = useApiForm({ endpoint: '/api/password_reset', initial: { email: '' }, required: ['email'], extra: async () => ({ locale }) });
  if (sent) {
    return (
      <p role="status" className="text-sm" data-testid="reset-sent">
        {t('resetSent')}
      </p>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(() => setSent(true));
      }}
    >
      <h1 className="text-2xl font-bold">{t('resetTitle')}</h1>
      <p className="text-sm text-muted">{t('resetIntro', { minutes: RESET_MINUTES })}</p>
      <FormError error={form.errors._form} params={form.params} />
      <FormField name="email" type="email" autoComplete="email" required label={t('email')} value={form.values.email} onValue={(v) => form.set('email', v)} error={form.errors.email} maxLength={EMAIL_MAX} />
      <Button type="submit" disabled={!form.canSubmit} data-testid="reset-submit">
        {form.submitting ? t('submitting') : t('resetSubmit')}
      </Button>
    </form>
  );
}

function RedeemForm({ token }: { token: string }) {
  const t = useTranslations('account');
  const router = useRouter();
  const form = useApiForm({ endpoint: '/api/password_reset/redeem', initial: { password: '', password2: '' }, required: ['password', 'password2'], extra: async () => ({ token }) });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(() => {
          queueSnackbar(t('redeemDone'));
          router.push('/login');
        });
      }}
    >
      <h1 className="text-2xl font-bold">{t('redeemTitle')}</h1>
      <p className="text-sm text-muted">{t('redeemIntro')}</p>
      <FormError error={form.errors._form} params={form.params} />
      <FormField
        name="password"
        type="password"
        autoComplete="new-password"
        required
        label={t('newPassword')}
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
        value={form.values.password}
        onValue={(v) => form.set('password', v)}
        error={form.errors.password}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <FormField
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        label={t('newPassword2')}
        value={form.values.password2}
        onValue={(v) => form.set('password2', v)}
        error={form.errors.password2}
        maxLength={PASSWORD_MAX_LENGTH}
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
