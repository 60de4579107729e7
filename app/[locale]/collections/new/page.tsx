import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { CollectionFormLoader } from '@/components/collections/collection-form-loader';
import { PageHeading } from '@/components/listing/page-heading';
import { currentActor } from '@/lib/auth/session';
import { pageMetadata } from '@/lib/seo';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'collections' });
  return pageMetadata({
    locale,
    path: '/collections/new',
    title: t('newTitle'),
    description: t('description'),
    noindex: true,
  });
}

/** /collections/new: the form of a new collection; a visitor gets the login prompt and dialog, then the form. */
export default async function NewCollectionPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (!(await currentActor()))
    return (
      <MemberGate locale={locale} title={(await getTranslations({ locale, namespace: 'collections' }))('newTitle')} />
    );
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
    <ClientMessages scope="collectionForm">
      <div>
        <PageHeading title={t('newTitle')} />
        <CollectionFormLoader
          initial={{
            name: '',
            description: '',
            visibility: 'public',
            category: 'releases',
            style: '1',
            shortcut_default: 'false',
            picture: '',
          }}
        />
      </div>
    </ClientMessages>
  );
}
