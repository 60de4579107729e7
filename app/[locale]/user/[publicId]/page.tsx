import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { UserProfile } from '@/components/users/user-profile';
import { getUser } from '@/lib/data/users';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const user = isPublicId(publicId) ? await getUser(publicId) : null;
  if (!user) return {};
  const t = await getTranslations({ locale, namespace: 'users' });
  return pageMetadata({
    locale,
    path: `/user/${publicId}`,
    title: user.name,
    description: t('profileDescription', { name: user.name }),
  });
}

/** /user/{public_id}: a user's public profile (unknown id → '404 not found', HTTP 404). Data: lib/data/users.ts getUser. */
export default async function UserPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const user = isPublicId(publicId) ? await getUser(publicId) : null;
  if (!user) notFound();
  return <UserProfile user={user} locale={locale} />;
}
