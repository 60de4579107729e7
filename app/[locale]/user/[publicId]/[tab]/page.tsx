import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { USER_TABS, UserProfile, type UserTab } from '@/components/users/user-profile';
import { getUser } from '@/lib/data/users';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string; publicId: string; tab: string }> };

const isTab = (tab: string): tab is Exclude<UserTab, 'overview'> => tab !== 'overview' && (USER_TABS as readonly string[]).includes(tab);

async function load(publicId: string) {
  return /^[A-Za-z0-9_-]{1,64}$/.test(publicId) ? getUser(publicId) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId, tab } = await params;
  const user = isTab(tab) ? await load(publicId) : null;
  if (!user) return {};
  const t = await getTranslations({ locale, namespace: 'users' });
  return pageMetadata({ locale, path: `/user/${publicId}/${tab}`, title: `${user.name}: ${t(`tabs.${tab}`)}`, description: t('profileDescription', { name: user.name }) });
}

/**
 * /user/{public_id}/{collections|friends|contributions|score|likes|posts|reviews} (spec §2): one
 * section of a user page; an unknown section or user → '404 not found'. Data: lib/data/users.ts getUser.
 */
export default async function UserTabPage({ params }: Props) {
  const { locale, publicId, tab } = await params;
  setRequestLocale(locale);
  const user = isTab(tab) ? await load(publicId) : null;
  if (!user || !isTab(tab)) notFound();
  return <UserProfile user={user} locale={locale} tab={tab} />;
}
