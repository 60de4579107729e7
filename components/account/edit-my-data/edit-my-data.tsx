'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { LoadingNote } from '@/components/ui/client-only';
import type { CountryOption } from '@/lib/countries';
import type { OwnAccount } from '@/lib/data/users';
import { useRouter } from '@/lib/i18n/navigation';
import { CalendarSection } from './calendar-section';
import { DeleteSection } from './delete-section';
import { EmailSection } from './email-section';
import { LinkedAccountsSection } from './linked-accounts-section';
import { PasswordSection } from './password-section';
import { PictureSection } from './picture-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TokensSection } from './tokens-section';
import { useApiData } from './use-api';

/**
 * `/users/edit_my_data` below its heading (rendered by the page): the logged-in user's profile (country, municipality, social links, mail
 * flags), picture, e-mail change, password change, sessions (end one, log out everywhere), linked
 * Facebook and Google accounts, the release calendar's address, API tokens and account deletion, one section component each. The
 * e-mail change, linking, API tokens and deletion ask for the current password again (an account
 * without one: a fresh login). Loads /api/me in
 * the browser; when the server refuses it (no session), the visitor is sent to the login page and
 * comes back here afterwards.
 */
export function EditMyData({ countries }: { countries: CountryOption[] }) {
  const t = useTranslations('account');
  const router = useRouter();
  const me = useApiData<OwnAccount>('/api/me');
  const refused = me.state === 'failed' && me.status !== 0;
  useEffect(() => {
    if (refused) router.replace(`/login?next=${encodeURIComponent('/users/edit_my_data')}`);
  }, [refused, router]);
  // The sections exist once /api/me has answered, after the browser looked for the address's
  // #fragment (the notifications page links to #notification-settings): it is followed then.
  const loaded = Boolean(me.data);
  useEffect(() => {
    const id = loaded ? decodeURIComponent(window.location.hash.slice(1)) : '';
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [loaded]);
  if (!me.data) return <LoadingNote />;
  return (
    <div className="flex flex-col gap-8">
      <p className="text-sm text-muted">{t('emailOnFile', { hint: me.data.email_hint })}</p>
      <PictureSection initial={me.data.picture} />
      <ProfileSection me={me.data} countries={countries} />
      <EmailSection hasPassword={me.data.has_password} onChanged={() => void me.reload()} />
      <PasswordSection />
      <SessionsSection />
      <LinkedAccountsSection hasPassword={me.data.has_password} />
      <CalendarSection />
      <TokensSection hasPassword={me.data.has_password} />
      <DeleteSection hasPassword={me.data.has_password} />
    </div>
  );
}
