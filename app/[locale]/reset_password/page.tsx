import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { ResetPasswordForms } from '@/components/account/reset-password-forms';
import { pageMetadata } from '@/lib/seo';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'account' });
  const meta = await getTranslations({ locale, namespace: 'meta' });
  return pageMetadata({
    locale,
    path: '/reset_password',
    title: meta('resetPassword'),
    description: t('resetSent'),
    noindex: true,
  });
}

/**
 * /reset_password: ask for a reset link, or with `?token=` (the mailed link) set a new
 * password. The same static page for both; the form reads the token in the browser.
 */
export default async function ResetPasswordPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessages scope="account">
      <div className="mx-auto w-full max-w-md px-4 py-8">
        <div className="rounded-xl border border-line bg-panel p-5">
          <Suspense>
            <ResetPasswordForms />
          </Suspense>
        </div>
      </div>
    </ClientMessages>
  );
}
