'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { FormError } from '@/components/forms/form-field';
import type { MemberCalendarAddress } from '@/lib/data/member-calendar';
import { SecretField } from './secret-field';
import { Section } from './section';
import { useApiData } from './use-api';

/**
 * The member's release calendar (GET /api/me/calendar): its secret iCal address in the page's
 * language to copy into a calendar application, and a reset (POST, after a confirmation) that
 * gives a new address and ends the old one. A failed copy or reset shows an error.
 */
export function CalendarSection() {
  const t = useTranslations('account');
  const tc = useTranslations('common');
  const locale = useLocale();
  const address = useApiData<MemberCalendarAddress>('/api/me/calendar');
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const url = address.data ? (locale === 'fi' ? address.data.url_fi : address.data.url) : '';
  return (
    <Section title={t('calendarSection')}>
      <p className="text-sm text-muted">{t('calendarHelp')}</p>
      <FormError error={failed || address.state === 'failed' ? 'submitFailed' : undefined} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('calendarAddress')}
        <SecretField value={url} testId="calendar-url" />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!url}
          onClick={async () => {
            const ok = await navigator.clipboard?.writeText(url).then(
              () => true,
              () => false,
            );
            setFailed(!ok);
            if (ok) showSnackbar(t('calendarCopied'));
          }}
        >
          {t('calendarCopy')}
        </Button>
        {confirming ? null : (
          <Button variant="secondary" disabled={!url} onClick={() => setConfirming(true)} data-testid="calendar-reset">
            {t('calendarReset')}
          </Button>
        )}
      </div>
      {confirming ? (
        <div className="flex flex-col gap-2 rounded-lg border border-line p-3 text-sm" role="group">
          <p>{t('calendarResetConfirm')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              data-testid="calendar-reset-confirm"
              onClick={async () => {
                const res = await fetch('/api/me/calendar', { method: 'POST', credentials: 'same-origin' }).catch(
                  () => null,
                );
                setFailed(!res?.ok);
                setConfirming(false);
                if (!res?.ok) return;
                await address.reload();
                showSnackbar(t('calendarResetDone'));
              }}
            >
              {t('calendarResetDo')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {tc('cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </Section>
  );
}
