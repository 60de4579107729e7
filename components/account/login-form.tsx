'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { EMAIL_MAX } from '@/lib/validation/limits';
import { PASSWORD_MAX_LENGTH } from '@/lib/validation/password';
import { safeNextPath } from '@/lib/next-path';
import { announceSessionChange } from './session-events';
import { SocialLoginSlot } from './social-login-slot';

/**
 * The login form of the page `/login` and of the login dialog: Facebook and Google buttons (when
 * switched on), e-mail and password (POST /api/login). On success the snackbar greets the user
 * (or says a waiting Facebook/Google account got linked) and the browser goes back to `next`
 * (the page's parameter, the path inside the locale), or `onLoggedIn` runs (the dialog stays on
 * its page).
 * @param returnTo path inside the locale to come back to; default the page's `next` parameter
 */
export function LoginForm({ returnTo, onLoggedIn }: { returnTo?: string; onLoggedIn?: () => void }) {
  const t = useTranslations('account');
  const tf = useTranslations('forms');
  const router = useRouter();
  const params = useSearchParams();
  // Same-origin paths only (lib/next-path.ts): `/login?next=/%09/evil.example` goes to "/".
  const next = safeNextPath(
    returnTo ?? params.get('next'),
    typeof window === 'undefined' ? undefined : window.location.origin,
  );
  const form = useApiForm({
    endpoint: '/api/login',
    initial: { email: '', password: '' },
    required: ['email', 'password'],
  });
  return (
    <form
      className="flex flex-col gap-4"
      {...form.formProps<{ user: { name: string } | null; linked?: 'facebook' | 'google'; link_error?: string }>(
        (body) => {
          const provider = t(body.linked === 'google' ? 'providerGoogle' : 'providerFacebook');
          queueSnackbar(
            body.linked
              ? t('socialLinked', { provider })
              : body.link_error
                ? tf('socialAlreadyLinked', { provider })
                : t('loggedIn', { name: body.user?.name ?? '' }),
          );
          announceSessionChange();
          if (onLoggedIn) onLoggedIn();
          else router.push(next);
          router.refresh();
        },
      )}
    >
      <SocialLoginSlot
        next={next}
        social={returnTo ? null : params.get('social')}
        failed={!returnTo && !!params.get('error')}
      />
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
      <FormField
        name="password"
        type="password"
        autoComplete="current-password"
        required
        label={t('password')}
        value={form.values.password}
        onValue={(v) => form.set('password', v)}
        error={form.errors.password}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <Button type="submit" disabled={!form.canSubmit} data-testid="login-submit">
        {form.submitting ? t('submitting') : t('submitLogin')}
      </Button>
      <Link href="/reset_password" className="text-sm text-accent-strong underline">
        {t('forgotPassword')}
      </Link>
      <p className="text-sm">
        {t('noAccount')}{' '}
        <Link href="/register" className="font-medium text-accent-strong underline">
          {t('register')}
        </Link>
      </p>
    </form>
  );
}
