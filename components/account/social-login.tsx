'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { FormsKey } from '@/lib/i18n/keys';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import { FormError } from '@/components/forms/form-field';
import { getPathname, useRouter } from '@/lib/i18n/navigation';
import { announceSessionChange } from './session-events';

export type Provider = 'facebook' | 'google';
/** Message keys (namespace `account`) of the provider names. */
export const PROVIDER_NAME = { facebook: 'providerFacebook', google: 'providerGoogle' } as const;

/** Whether a value is a provider id. */
export function isProvider(v: unknown): v is Provider {
  return v === 'facebook' || v === 'google';
}

/**
 * Starts a Facebook or Google login: Auth.js wants a form POST with its CSRF token; the browser
 * goes to the provider and comes back to /api/social/complete, then to `returnTo` (a full path).
 */
export async function startProviderLogin(provider: Provider, returnTo: string): Promise<void> {
  const res = await fetch('/api/auth/csrf', { credentials: 'same-origin', cache: 'no-store' });
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `/api/auth/signin/${provider}`;
  for (const [name, value] of [
    ['csrfToken', csrfToken],
    ['callbackUrl', `/api/social/complete?next=${encodeURIComponent(returnTo)}`],
  ]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/**
 * The Facebook and Google part of the login and registration screens: one button per provider the
 * server has switched on (none, and nothing rendered, without their keys); on /login after
 * "{provider} user not found" (`?social=`) the register-with-provider offer (the password form
 * below links instead); `?error=` from a failed provider exchange as a form error.
 * @param next path inside the locale to return to after logging in (the `next` parameter)
 * @param social provider of a "user not found" return, from the page's `social` parameter
 * @param failed whether the page was reached with a provider `error` parameter
 */
export function SocialLogin({ next, social, failed }: { next: string; social?: string | null; failed?: boolean }) {
  const t = useTranslations('account');
  const locale = useLocale();
  const router = useRouter();
  const [providers, setProviders] = useState<Provider[]>([]);
  const [error, setError] = useState<FormsKey | null>(failed ? 'socialLoginFailed' : null);
  const [busy, setBusy] = useState(false);
  const [retryAfter, setRetryAfter] = useState(60);
  const notFound = isProvider(social) ? social : null;

  useEffect(() => {
    let live = true;
    fetch('/api/auth/providers', { cache: 'no-store' })
      .then((r) => (r.ok ? (r.json() as Promise<Record<string, unknown>>) : {}))
      .then((p) => live && setProviders(Object.keys(p).filter(isProvider)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const registerWithProvider = async (provider: Provider) => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/social/register', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await res.json().catch(() => ({}))) as { user?: { name: string }; fields?: { _form?: FormsKey } };
      if (res.ok && body.user) {
        queueSnackbar(t('socialRegistered', { name: body.user.name, provider: t(PROVIDER_NAME[provider]) }));
        announceSessionChange();
        router.push(next);
        router.refresh();
        return;
      }
      setRetryAfter(Number(res.headers.get('retry-after')) || 60);
      setError(res.status === 429 ? 'rateLimited' : (body.fields?._form ?? 'submitFailed'));
    } catch {
      setError('submitFailed');
    }
    setBusy(false);
  };

  const providerName = notFound ? t(PROVIDER_NAME[notFound]) : '';
  return (
    <div className="flex flex-col gap-3">
      {notFound ? (
        <section
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-line bg-accent-soft/40 p-3"
          data-testid="social-not-found"
        >
          <h2 className="font-bold">{t('socialNotFoundTitle', { provider: providerName })}</h2>
          <p className="text-sm">{t('socialNotFoundText', { provider: providerName })}</p>
          <Button
            type="button"
            disabled={busy}
            onClick={() => void registerWithProvider(notFound)}
            data-testid="social-register"
          >
            {t('socialRegister', { provider: providerName })}
          </Button>
        </section>
      ) : null}
      <FormError error={error ?? undefined} params={{ provider: providerName, seconds: retryAfter }} />
      {providers.length && !notFound ? (
        <>
          {providers.map((p) => (
            <Button
              key={p}
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                startProviderLogin(p, getPathname({ href: next, locale })).catch(() => {
                  setBusy(false);
                  setError('socialLoginFailed');
                });
              }}
              data-testid={`social-${p}`}
            >
              {t('socialContinue', { provider: t(PROVIDER_NAME[p]) })}
            </Button>
          ))}
          <p className="text-center text-sm text-muted">{t('socialOr')}</p>
        </>
      ) : null}
    </div>
  );
}
