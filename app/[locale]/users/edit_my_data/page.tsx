import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EditMyDataLoader } from '@/components/account/edit-my-data-loader';
import { countryOptions } from '@/lib/countries';
import { pageMetadata } from '@/lib/seo';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const meta = await getTranslations({ locale, namespace: 'meta' });
  return pageMetadata({
    locale,
    path: '/users/edit_my_data',
    title: meta('editMyData'),
    description: meta('editMyData'),
    noindex: true,
  });
}

/**
 * /users/edit_my_data: the logged-in user's own settings; the same static page for
 * everyone, its heading rendered here and its sections filled from /api/me in the browser (so the
 * page has its level-one heading while they load).
 */
export default async function EditMyDataPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'account' });
  return (
    <ClientMessages scope="account">
      <div className="flex max-w-xl flex-col gap-8">
        <h1 className="text-2xl font-bold">{t('editTitle')}</h1>
        <EditMyDataLoader countries={countryOptions(locale)} />
      </div>
    </ClientMessages>
  );
}
