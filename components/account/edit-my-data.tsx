'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { queueSnackbar, showSnackbar } from '@/components/ui/snackbar';
import { CountrySelect } from '@/components/forms/country-select';
import { FormError, FormField } from '@/components/forms/form-field';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { useApiForm } from '@/components/forms/use-api-form';
import { getPathname, useRouter } from '@/lib/i18n/navigation';
import type { CountryOption } from '@/lib/countries';
import { formatDateTime } from '@/lib/format';
import { API_TOKEN_NAME_MAX, MUNICIPALITY_MAX, PICTURE_MAX_BYTES, SOCIAL_URL_MAX } from '@/lib/validation/limits';
import { PASSWORD_MAX_LENGTH } from '@/lib/validation/password';
import { announceSessionChange } from './session-events';
import { isProvider, PROVIDER_NAME, startProviderLogin, type Provider } from './social-login';

/** The confirmation dialog (Radix) is loaded when asked for, not with the page. */
const DeleteAccountDialog = dynamic(() => import('./delete-account-dialog').then((m) => m.DeleteAccountDialog));

const SOCIAL = ['facebookUrl', 'instagramUrl', 'youtubeUrl', 'tiktokUrl', 'xUrl'] as const;
const FLAGS = ['newsletter', 'emailNotifications', 'userEmail', 'reviewNotifications', 'releaseNotifications'] as const;

type Me = {
  public_id: string;
  name: string;
  picture: string | null;
  email_hint: string;
  country: number | null;
  municipality: string | null;
  social: Record<'facebook' | 'instagram' | 'youtube' | 'tiktok' | 'x', string | null>;
  newsletter: boolean;
  email_notifications: boolean;
  user_email: boolean;
  review_notifications: boolean;
  release_notifications: boolean;
};

type Session = { id: number; last_used_at: string; user_agent: string | null; ip: string | null; current: boolean };

/**
 * `/users/edit_my_data`: the logged-in user's profile (country, municipality, social links, mail
 * flags), password change, sessions (end one, log out everywhere) and account deletion. Loads
 * /api/me in the browser; a visitor is sent to the login page and comes back here afterwards.
 */
export function EditMyData({ countries }: { countries: CountryOption[] }) {
  const t = useTranslations('account');
  const router = useRouter();
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    void fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' }).then(async (res) => {
      if (res.ok) setMe((await res.json()) as Me);
      else router.replace(`/login?next=${encodeURIComponent('/users/edit_my_data')}`);
    });
  }, [router]);
  if (!me) return <p className="text-sm text-muted">…</p>;
  return (
    <div className="flex max-w-xl flex-col gap-8">
      <h1 className="text-2xl font-bold">{t('editTitle')}</h1>
      <p className="text-sm text-muted">{t('emailOnFile', { hint: me.email_hint })}</p>
      <PictureSection initial={me.picture} />
      <ProfileSection me={me} countries={countries} />
      <PasswordSection />
      <SessionsSection />
      <LinkedAccountsSection />
      <TokensSection />
      <DeleteSection />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function ProfileSection({ me, countries }: { me: Me; countries: CountryOption[] }) {
  const t = useTranslations('account');
  const initial = {
    country: me.country == null ? '' : String(me.country),
    municipality: me.municipality ?? '',
    facebookUrl: me.social.facebook ?? '',
    instagramUrl: me.social.instagram ?? '',
    youtubeUrl: me.social.youtube ?? '',
    tiktokUrl: me.social.tiktok ?? '',
    xUrl: me.social.x ?? '',
    newsletter: String(me.newsletter),
    emailNotifications: String(me.email_notifications),
    userEmail: String(me.user_email),
    reviewNotifications: String(me.review_notifications),
    releaseNotifications: String(me.release_notifications),
  };
  const form = useApiForm({
    endpoint: '/api/me',
    method: 'PATCH',
    initial,
    required: [],
    encode: (v) => ({ ...v, ...Object.fromEntries(FLAGS.map((f) => [f, v[f] === 'true'])) }),
  });
  return (
    <Section title={t('profileSection')}>
      <form
        className="flex flex-col gap-4"
        {...form.formProps(() => showSnackbar(t('saved')))}
      >
        <FormError error={form.errors._form} params={form.params} />
        <CountrySelect value={form.values.country} onValue={(v) => form.set('country', v)} countries={countries} />
        <FormField name="municipality" label={t('municipality')} value={form.values.municipality} onValue={(v) => form.set('municipality', v)} error={form.errors.municipality} maxLength={MUNICIPALITY_MAX} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('socialLinks')}</legend>
          {SOCIAL.map((f) => (
            <FormField key={f} name={f} type="url" inputMode="url" placeholder="https://" label={t(f)} value={form.values[f]} onValue={(v) => form.set(f, v)} error={form.errors[f]} maxLength={SOCIAL_URL_MAX} />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('flagsSection')}</legend>
          {FLAGS.map((f) => (
            <label key={f} className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1 size-4" checked={form.values[f] === 'true'} onChange={(e) => form.set(f, String(e.target.checked))} />
              <span>{t(f)}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={!form.canSubmit} data-testid="profile-save">
          {form.submitting ? t('submitting') : t('save')}
        </Button>
      </form>
    </Section>
  );
}

function PictureSection({ initial }: { initial: string | null }) {
  const t = useTranslations('account');
  const tf = useTranslations('forms');
  const [picture, setPicture] = useState(initial);
  const [error, setError] = useState<{ key: string; params?: Record<string, string | number> } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (method: 'POST' | 'DELETE', file?: File) => {
    setBusy(true);
    setError(null);
    const body = new FormData();
    if (file) body.set('picture', file);
    const res = await fetch('/api/me/picture', { method, body: method === 'POST' ? body : undefined, credentials: 'same-origin' }).catch(() => null);
    setBusy(false);
    const json = (await res?.json().catch(() => null)) as { picture?: string; fields?: { picture?: string }; params?: Record<string, string | number> } | null;
    if (res?.ok) {
      setPicture(method === 'POST' ? (json?.picture ?? null) : null);
      showSnackbar(t(method === 'POST' ? 'pictureSaved' : 'pictureRemoved'));
    } else setError({ key: json?.fields?.picture ?? 'submitFailed', params: json?.params });
  };
  return (
    <Section title={t('picture')}>
      <div className="flex items-center gap-4">
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- user uploads are served as static variants, never through the image optimizer
          <img src={`/uploads/lg-${picture}`} alt="" width={96} height={96} className="size-24 rounded-full object-cover" data-testid="picture-preview" />
        ) : (
          <span aria-hidden="true" className="size-24 rounded-full bg-accent-soft" />
        )}
        <div className="flex flex-col gap-2">
          <label htmlFor="field-picture" className="text-sm font-medium">
            {t('uploadPicture')}
          </label>
          <input
            id="field-picture"
            type="file"
            accept="image/jpeg,image/gif,image/png,image/webp"
            disabled={busy}
            aria-describedby="field-picture-hint"
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // The server's limit, checked first: no 20 MB upload just to be refused.
              if (file && file.size > PICTURE_MAX_BYTES) setError({ key: 'pictureTooLarge', params: { 0: (file.size / 1024 / 1024).toFixed(1), 1: PICTURE_MAX_BYTES / 1024 / 1024 } });
              else if (file) void send('POST', file);
              e.target.value = '';
            }}
            className="text-sm"
          />
          <p id="field-picture-hint" className="text-xs text-muted">
            {t('pictureHelp')}
          </p>
          {picture ? (
            <Button variant="secondary" className="self-start" disabled={busy} onClick={() => void send('DELETE')}>
              {t('removePicture')}
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-accent-strong" data-testid="picture-error">
          {tf(error.key, error.params ?? {})}
        </p>
      ) : null}
    </Section>
  );
}

function PasswordSection() {
  const t = useTranslations('account');
  const [round, setRound] = useState(0);
  return (
    <Section title={t('passwordSection')}>
      <PasswordForm key={round} onDone={() => setRound((r) => r + 1)} />
    </Section>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations('account');
  const form = useApiForm({ endpoint: '/api/me/password', initial: { current: '', password: '', password2: '' }, required: ['current', 'password', 'password2'] });
  return (
    <form
      className="flex flex-col gap-4"
      {...form.formProps(() => {
        showSnackbar(t('passwordChanged'));
        onDone();
      })}
    >
      <FormError error={form.errors._form} params={form.params} />
      <FormField name="current" type="password" autoComplete="current-password" required label={t('currentPassword')} value={form.values.current} onValue={(v) => form.set('current', v)} error={form.errors.current} maxLength={PASSWORD_MAX_LENGTH} />
      <NewPasswordFields values={form.values} errors={form.errors} onValue={form.set} labels={[t('newPassword'), t('newPassword2')]} ids={['new-password', 'new-password2']} />
      <Button type="submit" disabled={!form.canSubmit} data-testid="password-save">
        {form.submitting ? t('submitting') : t('save')}
      </Button>
    </form>
  );
}

function SessionsSection() {
  const t = useTranslations('account');
  const locale = useLocale();
  const router = useRouter();
  const [sessions, setSessions] = useState<Session[]>([]);
  const load = useCallback(async () => {
    const res = await fetch('/api/me/sessions', { credentials: 'same-origin', cache: 'no-store' });
    if (res.ok) setSessions(((await res.json()) as { items: Session[] }).items);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <Section title={t('sessionsSection')}>
      <ul className="flex flex-col divide-y divide-line" data-testid="sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block truncate font-medium">{s.current ? t('thisDevice') : (s.user_agent ?? t('unknownBrowser'))}</span>
              <span className="text-muted">{t('lastUsed', { date: formatDateTime(s.last_used_at, locale) })}</span>
            </span>
            {s.current ? null : (
              <Button
                variant="secondary"
                onClick={async () => {
                  await fetch(`/api/me/sessions/${s.id}`, { method: 'DELETE', credentials: 'same-origin' });
                  showSnackbar(t('sessionEnded'));
                  void load();
                }}
              >
                {t('endSession')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        data-testid="logout-everywhere"
        onClick={async () => {
          await fetch('/api/me/sessions', { method: 'DELETE', credentials: 'same-origin' });
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

/**
 * Facebook and Google accounts linked to this user: link one (a provider login that comes back
 * here; `?social_error=` when that provider account belongs to someone else) or unlink one
 * (refused when it is the only way to log in). Shown only when a provider is on or linked.
 */
function LinkedAccountsSection() {
  const t = useTranslations('account');
  const locale = useLocale();
  const [state, setState] = useState<{ enabled: Provider[]; linked: Provider[] } | null>(null);
  const [error, setError] = useState<{ key: string; provider: string } | null>(null);
  const load = useCallback(async () => {
    const res = await fetch('/api/me/identities', { credentials: 'same-origin', cache: 'no-store' });
    if (res.ok) setState((await res.json()) as { enabled: Provider[]; linked: Provider[] });
  }, []);
  useEffect(() => {
    void load();
    const query = new URLSearchParams(window.location.search);
    const provider = query.get('provider');
    if (query.get('social_error') === 'socialAlreadyLinked' && isProvider(provider)) setError({ key: 'socialAlreadyLinked', provider: t(PROVIDER_NAME[provider]) });
  }, [load, t]);
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
                    const res = await fetch(`/api/me/identities/${p}`, { method: 'DELETE', credentials: 'same-origin' });
                    if (res.ok) {
                      showSnackbar(t('providerUnlinked', { provider: name }));
                      setError(null);
                      void load();
                    } else setError({ key: 'unlinkRefused', provider: name });
                  }}
                >
                  {t('unlinkProvider', { provider: name })}
                </Button>
              ) : state.enabled.includes(p) ? (
                <Button variant="secondary" onClick={() => void startProviderLogin(p, getPathname({ href: '/users/edit_my_data', locale }))} data-testid={`link-${p}`}>
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

type Token = { id: number; name: string; created_at: string; last_used_at: string | null };

function TokensSection() {
  const t = useTranslations('account');
  const locale = useLocale();
  const [tokens, setTokens] = useState<Token[]>([]);
  const [created, setCreated] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const load = useCallback(async () => {
    const res = await fetch('/api/me/tokens', { credentials: 'same-origin', cache: 'no-store' });
    if (res.ok) setTokens(((await res.json()) as { items: Token[] }).items);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const when = new Intl.DateTimeFormat(locale === 'fi' ? 'fi-FI' : 'en-GB', { dateStyle: 'short' });
  return (
    <Section title={t('tokensSection')}>
      <p className="text-sm text-muted">{t('tokensHelp')}</p>
      <ul className="flex flex-col divide-y divide-line" data-testid="tokens">
        {tokens.length === 0 ? <li className="py-2 text-sm text-muted">{t('noTokens')}</li> : null}
        {tokens.map((tok) => (
          <li key={tok.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              <span className="block font-medium">{tok.name}</span>
              <span className="text-muted">{tok.last_used_at ? t('lastUsed', { date: when.format(new Date(tok.last_used_at)) }) : t('neverUsed')}</span>
            </span>
            <Button
              variant="secondary"
              onClick={async () => {
                await fetch(`/api/me/tokens/${tok.id}`, { method: 'DELETE', credentials: 'same-origin' });
                showSnackbar(t('tokenRevoked'));
                void load();
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
          <input id="new-token" readOnly value={created} onFocus={(e) => e.target.select()} className="min-h-10 rounded-lg border border-line bg-paper px-3 font-mono text-sm" data-testid="new-token" />
        </div>
      ) : null}
      <TokenForm
        key={round}
        onCreated={(token) => {
          setCreated(token);
          setRound((r) => r + 1);
          void load();
        }}
      />
    </Section>
  );
}

function TokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const t = useTranslations('account');
  const form = useApiForm({ endpoint: '/api/me/tokens', initial: { name: '' }, required: ['name'] });
  return (
    <form
      className="flex flex-col gap-3"
      {...form.formProps<{ token: string }>((body) => onCreated(body.token))}
    >
      <FormError error={form.errors._form} params={form.params} />
      <FormField name="token-name" label={t('tokenName')} required value={form.values.name} onValue={(v) => form.set('name', v)} error={form.errors.name} maxLength={API_TOKEN_NAME_MAX} />
      <Button type="submit" variant="secondary" className="self-start" disabled={!form.canSubmit} data-testid="token-create">
        {t('createToken')}
      </Button>
    </form>
  );
}

function DeleteSection() {
  const t = useTranslations('account');
  const [open, setOpen] = useState(false);
  return (
    <Section title={t('deleteSection')}>
      <p className="text-sm">{t('deleteWarning')}</p>
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)} data-testid="delete-account">
        {t('deleteButton')}
      </Button>
      {open ? <DeleteAccountDialog open={open} onOpenChange={setOpen} /> : null}
    </Section>
  );
}
