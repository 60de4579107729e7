'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
// JSX typing of <altcha-widget> (types only).
import type {} from 'altcha/types/react';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import { CountrySelect } from '@/components/forms/country-select';
import { FormError, FormField } from '@/components/forms/form-field';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { useApiForm } from '@/components/forms/use-api-form';
import { Link, useRouter } from '@/lib/i18n/navigation';
import type { CountryOption } from '@/lib/countries';
import { EMAIL_MAX, USER_NAME_MAX } from '@/lib/validation/limits';
import { announceSessionChange } from './session-events';
import type { SocialLogin } from './social-login';

/**
 * The registration form (page `/register`): user name, e-mail, password twice, country, and the
 * ALTCHA bot check (the widget, ~56 KB, is loaded after the page so it is not first-load
 * JavaScript; it solves the proof of work in the browser). POST /api/register; on success the
 * account is logged in and the browser goes to the home page with a welcome snackbar.
 */
export function RegisterForm({ countries }: { countries: CountryOption[] }) {
  const t = useTranslations('account');
  const locale = useLocale();
  const router = useRouter();
  const [widgetReady, setWidgetReady] = useState(false);
  const [Social, setSocial] = useState<typeof SocialLogin | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('./altcha-loader')
      .then((m) => {
        if (!cancelled) setSocial(() => m.SocialLogin);
        return m.loadWidgetLanguage(locale);
      })
      .then(() => {
        if (!cancelled) setWidgetReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  const form = useApiForm({
    endpoint: '/api/register',
    initial: { name: '', email: '', password: '', password2: '', country: '' },
    required: ['name', 'email', 'password', 'password2'],
    // The bot check's payload, from the module loaded above (a quick submit waits for the widget).
    extra: async () => ({ altcha: await (await import('./altcha-loader')).botCheckPayload() }),
  });

  return (
    <form
      className="flex flex-col gap-4"
      {...form.formProps<{ user: { name: string } }>((body) => {
        queueSnackbar(t('registered', { name: body.user.name }));
        announceSessionChange();
        router.push('/');
        router.refresh();
      })}
    >
      {Social ? <Social next="/" /> : null}
      <FormError error={form.errors._form} params={form.params} />
      <FormField
        name="name"
        autoComplete="username"
        required
        label={t('userName')}
        value={form.values.name}
        onValue={(v) => form.set('name', v)}
        error={form.errors.name}
        maxLength={USER_NAME_MAX}
      />
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
      <NewPasswordFields
        values={form.values}
        errors={form.errors}
        onValue={form.set}
        labels={[t('password'), t('password2')]}
      />
      <CountrySelect value={form.values.country} onValue={(v) => form.set('country', v)} countries={countries} />
      <div className="flex flex-col gap-1" data-testid="bot-check">
        {widgetReady ? (
          <altcha-widget challenge="/api/altcha" name="altcha" auto="off" language={locale} />
        ) : (
          <p className="text-sm text-muted">{t('botCheck')}</p>
        )}
        <p className="text-xs text-muted">{t('botCheckHelp')}</p>
      </div>
      <Button type="submit" disabled={!form.canSubmit} data-testid="register-submit">
        {form.submitting ? t('submitting') : t('submitRegister')}
      </Button>
      <p className="text-sm">
        {t('haveAccount')}{' '}
        <Link href="/login" className="font-medium text-accent-strong underline">
          {t('login')}
        </Link>
      </p>
    </form>
  );
}
