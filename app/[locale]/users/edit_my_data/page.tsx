import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EditMyDataLoader } from '@/components/account/edit-my-data-loader';
import { countryOptions } from '@/lib/countries';
import { pageMetadata } from '@/lib/seo';

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

/** /users/edit_my_data (spec §2): the logged-in user's own settings; the same static page for everyone, filled from /api/me in the browser. */
export default async function EditMyDataPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <EditMyDataLoader countries={countryOptions(locale)} />;
}
