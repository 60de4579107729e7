'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { FormError } from '@/components/forms/form-field';
import type { SocialProvider } from '@/lib/auth/social-providers';
import type { FormsKey } from '@/lib/i18n/keys';
import { getPathname } from '@/lib/i18n/navigation';
import { isProvider, PROVIDER_NAME, startProviderLogin } from '../social-login';
import { ReauthField } from './reauth-field';
import { Section } from './section';
import { useApiData } from './use-api';

/** GET /api/me/identities: providers switched on by their keys, and those linked to this user. */
type Identities = { enabled: SocialProvider[]; linked: SocialProvider[] };

/** A refused confirm, link or unlink: the message key and its parameters. */
type Failure = { key: FormsKey; provider: string; seconds?: number };

/**
 * Sends `{ current }` to /api/me/identities/{provider} (POST: confirm before linking; DELETE:
 * unlink). @returns null when the server agreed, else the message key of its refusal
 */
async function sendConfirmed(
  method: 'POST' | 'DELETE',
  provider: SocialProvider,
  current: string,
): Promise<{ key: FormsKey; field: 'current' | '_form'; seconds?: number } | null> {
  const res = await fetch(`/api/me/identities/${provider}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ current }),
    credentials: 'same-origin',
  }).catch(() => null);
  if (res?.ok) return null;
  if (res?.status === 429)
    return { key: 'rateLimited', field: '_form', seconds: Number(res.headers.get('retry-after')) || 60 };
  const body = (await res?.json().catch(() => null)) as { fields?: { current?: FormsKey; _form?: FormsKey } } | null;
  if (res?.status === 400 && body?.fields?.current) return { key: body.fields.current, field: 'current' };
  return { key: (res?.status === 400 && body?.fields?._form) || 'submitFailed', field: '_form' };
}

/**
 * Facebook and Google accounts linked to this user: link one (the current password, or a fresh
 * login for an account without one, confirms it first; then a provider login that comes back here;
 * `?social_error=` when that provider account belongs to someone else or the link was not
 * confirmed) or unlink one (confirmed the same way; refused when it is the only way to log in).
 * Shown only when a provider is on or linked.
 */
export function LinkedAccountsSection({ hasPassword = true }: { hasPassword?: boolean }) {
  const t = useTranslations('account');
  const locale = useLocale();
  const identities = useApiData<Identities>('/api/me/identities');
  const [error, setError] = useState<Failure | null>(null);
  const [currentError, setCurrentError] = useState<FormsKey | undefined>(undefined);
  const [current, setCurrent] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const provider = query.get('provider');
    const key = query.get('social_error');
    if ((key === 'socialAlreadyLinked' || key === 'linkNotConfirmed') && isProvider(provider))
      setError({ key, provider: t(PROVIDER_NAME[provider]) });
  }, [t]);
  const state = identities.data;
  if (!state || (!state.enabled.length && !state.linked.length)) return null;
  const providers = [...new Set([...state.enabled, ...state.linked])].filter(isProvider);
  const canSend = !busy && (!hasPassword || current !== '');

  const act = async (method: 'POST' | 'DELETE', p: SocialProvider) => {
    const name = t(PROVIDER_NAME[p]);
    setBusy(true);
    const refused = await sendConfirmed(method, p, current);
    setCurrentError(refused?.field === 'current' ? refused.key : undefined);
    setError(refused?.field === '_form' ? { key: refused.key, provider: name, seconds: refused.seconds } : null);
    if (refused) {
      setBusy(false);
      return;
    }
    if (method === 'POST') {
      // Confirmed: the provider login comes back here and /api/social/complete links the account.
      await startProviderLogin(p, getPathname({ href: '/users/edit_my_data', locale })).catch(() => {
        setBusy(false);
        setError({ key: 'socialLoginFailed', provider: name });
      });
      return;
    }
    showSnackbar(t('providerUnlinked', { provider: name }));
    setCurrent('');
    setBusy(false);
    void identities.reload();
  };

  return (
    <Section title={t('linkedSection')}>
      <p className="text-sm text-muted">{t('linkedIntro')}</p>
      <FormError
        error={error?.key}
        params={{ provider: error?.provider ?? '', ...(error?.seconds ? { seconds: error.seconds } : {}) }}
      />
      <ReauthField
        hasPassword={hasPassword}
        name="linked-current"
        value={current}
        onValue={setCurrent}
        error={currentError}
      />
      <ul className="flex flex-col divide-y divide-line" data-testid="linked-accounts">
        {providers.map((p) => {
          const name = t(PROVIDER_NAME[p]);
          const linked = state.linked.includes(p);
          return (
            <li key={p} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="font-medium">{linked ? t('providerLinked', { provider: name }) : name}</span>
              {linked ? (
                <Button variant="secondary" disabled={!canSend} onClick={() => void act('DELETE', p)}>
                  {t('unlinkProvider', { provider: name })}
                </Button>
              ) : state.enabled.includes(p) ? (
                <Button
                  variant="secondary"
                  disabled={!canSend}
                  onClick={() => void act('POST', p)}
                  data-testid={`link-${p}`}
                >
                  {t('linkProvider', { provider: name })}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
