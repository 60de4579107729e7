'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { queueSnackbar, showSnackbar } from '@/components/ui/snackbar';
import { FormError } from '@/components/forms/form-field';
import type { SessionInfo } from '@/lib/data/sessions';
import { formatDateTime } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/i18n/use-site-time-zone';
import { useRouter } from '@/lib/i18n/navigation';
import { announceSessionChange } from '../session-events';
import { Section } from './section';
import { sendDelete, useApiData } from './use-api';

/**
 * Where the user is logged in (GET /api/me/sessions): end one other session, or log out
 * everywhere (this device too, and every API token is revoked; then home). A refused or failed request shows an error and no
 * confirmation.
 */
export function SessionsSection() {
  const t = useTranslations('account');
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const router = useRouter();
  const sessions = useApiData<{ items: SessionInfo[] }>('/api/me/sessions');
  const [failed, setFailed] = useState(false);
  return (
    <Section title={t('sessionsSection')}>
      <FormError error={failed ? 'submitFailed' : undefined} />
      <ul className="flex flex-col divide-y divide-line" data-testid="sessions">
        {(sessions.data?.items ?? []).map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block truncate font-medium">
                {s.current ? t('thisDevice') : (s.user_agent ?? t('unknownBrowser'))}
              </span>
              <span className="text-muted">
                {t('lastUsed', { date: formatDateTime(s.last_used_at, locale, timeZone) })}
              </span>
            </span>
            {s.current ? null : (
              <Button
                variant="secondary"
                onClick={async () => {
                  const ok = await sendDelete(`/api/me/sessions/${s.id}`);
                  setFailed(!ok);
                  if (ok) showSnackbar(t('sessionEnded'));
                  void sessions.reload();
                }}
              >
                {t('endSession')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">{t('logoutEverywhereHelp')}</p>
      <Button
        variant="secondary"
        data-testid="logout-everywhere"
        onClick={async () => {
          const ok = await sendDelete('/api/me/sessions');
          setFailed(!ok);
          if (!ok) return;
          queueSnackbar(t('loggedOut'));
          announceSessionChange();
          router.push('/');
        }}
      >
        {t('logoutEverywhere')}
      </Button>
    </Section>
  );
}
