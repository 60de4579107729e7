import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { collectionTitle } from '@/components/collections/collection-list';
import { CollectionFormLoader } from '@/components/collections/collection-form-loader';
import { PageHeading } from '@/components/listing/page-heading';
import { currentActor } from '@/lib/auth/session';
import { getCollection } from '@/lib/data/collections';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const t = await getTranslations({ locale, namespace: 'collections' });
  return pageMetadata({ locale, path: `/collection/${publicId}/edit`, title: t('editTitle'), description: t('description'), noindex: true });
}

/**
 * /collection/{public_id}/edit (spec §2): the owner's form of a collection (the category shown but
 * fixed). Visitors go to the login page; anyone but the owner gets '404 not found'.
 */
export default async function EditCollectionPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const actor = await currentActor();
  if (!actor) redirect({ href: `/login?next=${encodeURIComponent(`/collection/${publicId}/edit`)}`, locale });
  const c = /^[A-Za-z0-9_-]{1,64}$/.test(publicId) ? await getCollection(actor, publicId) : null;
  if (!c || !c.mine || c.deleted) notFound();
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
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
  );
}
