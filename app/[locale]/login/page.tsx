import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { AccountPage } from '@/components/account/account-page';
import { LoginForm } from '@/components/account/login-form';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'account' });
  const meta = await getTranslations({ locale, namespace: 'meta' });
  return pageMetadata({ locale, path: '/login', title: meta('login'), description: t('loginIntro'), noindex: true });
}

/**
 * /login (and /fi/login): the login page. `?next=/path` is where the browser returns after
 * logging in (same-site paths only). The form posts to /api/login.
 */
export default async function LoginPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <AccountPage title="loginTitle" intro="loginIntro">
      <Suspense>
        <LoginForm />
      </Suspense>
    </AccountPage>
  );
}
