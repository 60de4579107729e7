'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { CountrySelect } from '@/components/forms/country-select';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import type { CountryOption } from '@/lib/countries';
import type { OwnAccount } from '@/lib/data/users';
import { MUNICIPALITY_MAX, SOCIAL_URL_MAX } from '@/lib/validation/limits';
import { NOTIFICATION_SETTINGS_ID } from './anchors';
import { Section } from './section';

const SOCIAL = ['facebookUrl', 'instagramUrl', 'youtubeUrl', 'tiktokUrl', 'xUrl'] as const;
const FLAGS = ['newsletter', 'emailNotifications', 'userEmail', 'reviewNotifications', 'releaseNotifications'] as const;

/** Country, municipality, social links and mail flags, saved with PATCH /api/me. */
export function ProfileSection({ me, countries }: { me: OwnAccount; countries: CountryOption[] }) {
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
      <form className="flex flex-col gap-4" {...form.formProps(() => showSnackbar(t('saved')))}>
        <FormError error={form.errors._form} params={form.params} />
        <CountrySelect value={form.values.country} onValue={(v) => form.set('country', v)} countries={countries} />
        <FormField
          name="municipality"
          label={t('municipality')}
          value={form.values.municipality}
          onValue={(v) => form.set('municipality', v)}
          error={form.errors.municipality}
          maxLength={MUNICIPALITY_MAX}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('socialLinks')}</legend>
          {SOCIAL.map((f) => (
            <FormField
              key={f}
              name={f}
              type="url"
              inputMode="url"
              placeholder="https://"
              label={t(f)}
              value={form.values[f]}
              onValue={(v) => form.set(f, v)}
              error={form.errors[f]}
              maxLength={SOCIAL_URL_MAX}
            />
          ))}
        </fieldset>
        <fieldset id={NOTIFICATION_SETTINGS_ID} className="flex scroll-mt-20 flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('flagsSection')}</legend>
          {FLAGS.map((f) => (
            <label key={f} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4"
                checked={form.values[f] === 'true'}
                onChange={(e) => form.set(f, String(e.target.checked))}
              />
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
