'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { FieldFrame, FormError, FormField, controlClass } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import type { ApiTokenInfo } from '@/lib/data/api-tokens';
import { formatDateTime } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/i18n/use-site-time-zone';
import { API_TOKEN_NAME_MAX } from '@/lib/validation/limits';
import { ReauthField } from './reauth-field';
import { SecretField } from './secret-field';
import { Section } from './section';
import { sendDelete, useApiData } from './use-api';

/** The lifetimes offered for a new token (days; the server accepts these: lib/data/api-tokens.ts API_TOKEN_DAYS). */
const TOKEN_DAYS = ['30', '90', '365'] as const;

/**
 * Personal API tokens (GET /api/me/tokens): the list with expiry and last use, revoke one (a
 * refused or failed revoke shows an error and no confirmation), create one with a lifetime and
 * the current password (shown once, to copy).
 * @param hasPassword false for an account without a password: creating a token needs a fresh login
 */
export function TokensSection({ hasPassword = true }: { hasPassword?: boolean }) {
  const t = useTranslations('account');
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const tokens = useApiData<{ items: ApiTokenInfo[] }>('/api/me/tokens');
  const [created, setCreated] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [failed, setFailed] = useState(false);
  const items = tokens.data?.items ?? [];
  return (
    <Section title={t('tokensSection')}>
      <p className="text-sm text-muted">{t('tokensHelp')}</p>
      <FormError error={failed ? 'submitFailed' : undefined} />
      <ul className="flex flex-col divide-y divide-line" data-testid="tokens">
        {items.length === 0 ? <li className="py-2 text-sm text-muted">{t('noTokens')}</li> : null}
        {items.map((tok) => (
          <li key={tok.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              <span className="block font-medium">{tok.name}</span>
              <span className="block text-muted" data-testid="token-expiry">
                {t(tok.expired ? 'tokenExpired' : 'tokenExpires', {
                  date: formatDateTime(tok.expires_at, locale, timeZone),
                })}
              </span>
              <span className="block text-muted">
                {tok.last_used_at
                  ? t('lastUsed', { date: formatDateTime(tok.last_used_at, locale, timeZone) })
                  : t('neverUsed')}
              </span>
            </span>
            <Button
              variant="secondary"
              onClick={async () => {
                const ok = await sendDelete(`/api/me/tokens/${tok.id}`);
                setFailed(!ok);
                if (ok) showSnackbar(t('tokenRevoked'));
                void tokens.reload();
              }}
            >
              {t('revokeToken')}
            </Button>
          </li>
        ))}
      </ul>
      {created ? (
        <div className="flex flex-col gap-1" role="status">
          <label htmlFor="new-token" className="text-sm font-medium">
            {t('tokenCreated')}
          </label>
          <SecretField id="new-token" value={created} testId="new-token" />
        </div>
      ) : null}
      <TokenForm
        key={round}
        hasPassword={hasPassword}
        onCreated={(token) => {
          setCreated(token);
          setRound((r) => r + 1);
          void tokens.reload();
        }}
      />
    </Section>
  );
}

/** POST /api/me/tokens' answer: the new token's id and the token itself (shown this once). */
type CreatedToken = { id: number; token: string; expires_at: string };

function TokenForm({ hasPassword, onCreated }: { hasPassword: boolean; onCreated: (token: string) => void }) {
  const t = useTranslations('account');
  const form = useApiForm({
    endpoint: '/api/me/tokens',
    initial: { name: '', days: '90', current: '' },
    required: hasPassword ? ['name', 'current'] : ['name'],
  });
  return (
    <form className="flex flex-col gap-3" {...form.formProps<CreatedToken>((body) => onCreated(body.token))}>
      <FormError error={form.errors._form} params={form.params} />
      <FormField
        name="token-name"
        label={t('tokenName')}
        required
        value={form.values.name}
        onValue={(v) => form.set('name', v)}
        error={form.errors.name}
        maxLength={API_TOKEN_NAME_MAX}
      />
      <FieldFrame name="token-days" label={t('tokenDays')} error={form.errors.days}>
        <select
          id="field-token-days"
          name="token-days"
          value={form.values.days}
          onChange={(e) => form.set('days', e.target.value)}
          className={controlClass(form.errors.days)}
          data-testid="token-days"
        >
          {TOKEN_DAYS.map((d) => (
            <option key={d} value={d}>
              {t('tokenDaysOption', { days: d })}
            </option>
          ))}
        </select>
      </FieldFrame>
      <ReauthField
        hasPassword={hasPassword}
        name="token-current"
        value={form.values.current}
        onValue={(v) => form.set('current', v)}
        error={form.errors.current}
      />
      <Button
        type="submit"
        variant="secondary"
        className="self-start"
        disabled={!form.canSubmit}
        data-testid="token-create"
      >
        {t('createToken')}
      </Button>
    </form>
  );
}
