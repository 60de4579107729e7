'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { FormError } from '@/components/forms/form-field';
import type { SocialProvider } from '@/lib/data/social';
import type { FormsKey } from '@/lib/i18n/keys';
import { getPathname } from '@/lib/i18n/navigation';
import { isProvider, PROVIDER_NAME, startProviderLogin } from '../social-login';
import { Section } from './section';
import { sendDelete, useApiData } from './use-api';

/** GET /api/me/identities: providers switched on by their keys, and those linked to this user. */
type Identities = { enabled: SocialProvider[]; linked: SocialProvider[] };

/**
 * Facebook and Google accounts linked to this user: link one (a provider login that comes back
 * here; `?social_error=` when that provider account belongs to someone else) or unlink one
 * (refused when it is the only way to log in). Shown only when a provider is on or linked.
 */
export function LinkedAccountsSection() {
  const t = useTranslations('account');
  const locale = useLocale();
  const identities = useApiData<Identities>('/api/me/identities');
  const [error, setError] = useState<{ key: FormsKey; provider: string } | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const provider = query.get('provider');
    if (query.get('social_error') === 'socialAlreadyLinked' && isProvider(provider))
      setError({ key: 'socialAlreadyLinked', provider: t(PROVIDER_NAME[provider]) });
  }, [t]);
  const state = identities.data;
  if (!state || (!state.enabled.length && !state.linked.length)) return null;
  const providers = [...new Set([...state.enabled, ...state.linked])].filter(isProvider);
  return (
    <Section title={t('linkedSection')}>
      <p className="text-sm text-muted">{t('linkedIntro')}</p>
      <FormError error={error?.key} params={{ provider: error?.provider ?? '' }} />
      <ul className="flex flex-col divide-y divide-line" data-testid="linked-accounts">
        {providers.map((p) => {
          const name = t(PROVIDER_NAME[p]);
          const linked = state.linked.includes(p);
          return (
            <li key={p} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="font-medium">{linked ? t('providerLinked', { provider: name }) : name}</span>
              {linked ? (
                <Button
                  variant="secondary"
                  onClick={async () => {
                    if (await sendDelete(`/api/me/identities/${p}`)) {
                      showSnackbar(t('providerUnlinked', { provider: name }));
                      setError(null);
                      void identities.reload();
                    } else setError({ key: 'unlinkRefused', provider: name });
                  }}
                >
                  {t('unlinkProvider', { provider: name })}
                </Button>
              ) : state.enabled.includes(p) ? (
                <Button
                  variant="secondary"
                  onClick={() => void startProviderLogin(p, getPathname({ href: '/users/edit_my_data', locale }))}
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
