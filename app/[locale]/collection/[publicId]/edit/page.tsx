import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { collectionTitle } from '@/components/collections/collection-list';
import { CollectionFormLoader } from '@/components/collections/collection-form-loader';
import { loadOwnCollection } from '@/components/collections/own-collection';
import { PageHeading } from '@/components/listing/page-heading';
import { pageMetadata } from '@/lib/seo';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const t = await getTranslations({ locale, namespace: 'collections' });
  return pageMetadata({
    locale,
    path: `/collection/${publicId}/edit`,
    title: t('editTitle'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /collection/{public_id}/edit: the owner's form of a collection (the category shown but
 * fixed). Visitors go to the login page; anyone but the owner gets '404 not found'.
 */
export default async function EditCollectionPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const { collection: c } = await loadOwnCollection(locale, publicId, `/collection/${publicId}/edit`);
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
    <ClientMessages scope="collectionForm">
      <div>
        <PageHeading title={t('editTitle')} lead={collectionTitle(c, t)} />
        <CollectionFormLoader
          publicId={c.public_id}
          initial={{
            name: c.name,
            description: c.description ?? '',
            visibility: c.visibility,
            category: c.category,
            style: String(c.style),
            shortcut_default: String(c.shortcut_default),
            picture: '',
          }}
        />
      </div>
    </ClientMessages>
  );
}
