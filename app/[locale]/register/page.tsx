import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountPage } from '@/components/account/account-page';
import { RegisterForm } from '@/components/account/register-form';
import { countryOptions } from '@/lib/countries';
import { pageMetadata } from '@/lib/seo';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'account' });
  const meta = await getTranslations({ locale, namespace: 'meta' });
  return pageMetadata({ locale, path: '/register', title: meta('register'), description: t('registerIntro') });
}

/** /register (and /fi/register): account registration with the self-hosted bot check; posts to /api/register. */
export default async function RegisterPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessages scope="account">
      <AccountPage title="registerTitle" intro="registerIntro">
        <RegisterForm countries={countryOptions(locale)} />
      </AccountPage>
    </ClientMessages>
  );
}
