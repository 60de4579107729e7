import { UserContributions, UserScore } from '@/components/users/user-contributions';
import { listChangeRequests } from '@/lib/data/change-requests';
import { contributionScore, listContributions } from '@/lib/data/contributions';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { USER_TABS, UserProfile, type UserTab } from '@/components/users/user-profile';
import { UserPosts } from '@/components/community/user-posts';
import { UserReviews } from '@/components/reviews/user-reviews';
import { COMMUNITY_CURSOR, UserCollections, UserLikes } from '@/components/users/user-sections';
import { UserFriends } from '@/components/users/user-friends';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { currentActor } from '@/lib/auth/session';
import { canModerate } from '@/lib/auth/policies';
import { listCollections } from '@/lib/data/collections';
import { FRIEND_REQUESTS_SHOWN, listFriendRequests, listFriends } from '@/lib/data/friendships';
import { listPosts } from '@/lib/data/posts';
import { listReviews } from '@/lib/data/reviews';
import { listUserLikes } from '@/lib/data/toggles';
import { getUser } from '@/lib/data/users';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = {
  params: Promise<{ locale: string; publicId: string; tab: string }>;
  searchParams: Promise<SearchParamsRecord>;
};

const isTab = (tab: string): tab is Exclude<UserTab, 'overview'> =>
  tab !== 'overview' && (USER_TABS as readonly string[]).includes(tab);

async function load(publicId: string) {
  return isPublicId(publicId) ? getUser(publicId) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId, tab } = await params;
  if (!isTab(tab)) return {};
  const user = await load(publicId);
  if (!user) return {};
  const t = await getTranslations({ locale, namespace: 'users' });
  return pageMetadata({
    locale,
    path: `/user/${publicId}/${tab}`,
    title: `${user.name}: ${t(`tabs.${tab}`)}`,
    description: t('profileDescription', { name: user.name }),
  });
}

/**
 * /user/{public_id}/{collections|friends|contributions|score|likes|posts|reviews}: one
 * section of a user page; an unknown section or user → '404 not found'. Collections (the owner also
 * sees their private ones), friends (the owner also sees the waiting requests both ways), likes,
 * discussions (posts), reviews and contributions are real lists (`?cursor=`; the likes page has a second list,
 * liked reviews, discussions and comments, paged by `?community_cursor=`); an undecodable cursor
 * redirects to the section's first page. Data: lib/data/users.ts getUser, collections.ts
 * listCollections, friendships.ts listFriends and listFriendRequests, toggles.ts listUserLikes,
 * posts.ts listPosts, reviews.ts listReviews, contributions.ts listContributions and
 * contributionScore (the contributions page also lists the viewer's own pending suggestions:
 * change-requests.ts listChangeRequests).
 */
export default async function UserTabPage({ params, searchParams }: Props) {
  const { locale, publicId, tab } = await params;
  setRequestLocale(locale);
  const user = isTab(tab) ? await load(publicId) : null;
  if (!user || !isTab(tab)) notFound();
  const query = await searchParams;
  const cursor = firstParam(query, 'cursor');
  const communityCursor = tab === 'likes' ? firstParam(query, COMMUNITY_CURSOR) : '';
  const href = `/user/${publicId}/${tab}`;
  let section: React.ReactNode = null;
  try {
    if (tab === 'collections')
      section = (
        <UserCollections
          user={user}
          locale={locale}
          href={href}
          cursor={cursor}
          page={await listCollections(await currentActor(), { owner: publicId, cursor: cursor || null })}
        />
      );
    if (tab === 'friends') {
      const actor = await currentActor();
      const own = actor?.publicId === publicId;
      const firstRequests = { limit: FRIEND_REQUESTS_SHOWN };
      const page = await listFriends(publicId, { cursor: cursor || null });
      if (!page) notFound();
      section = (
        <UserFriends
          user={user}
          locale={locale}
          href={href}
          cursor={cursor}
          page={page}
          requests={
            own && actor
              ? {
                  incoming: await listFriendRequests(actor, 'incoming', firstRequests),
                  outgoing: await listFriendRequests(actor, 'outgoing', firstRequests),
                }
              : null
          }
        />
      );
    }
    if (tab === 'likes')
      section = (
        <UserLikes
          user={user}
          locale={locale}
          href={href}
          cursor={cursor}
          communityCursor={communityCursor}
          likes={await listUserLikes(publicId, { cursor: cursor || null, communityCursor: communityCursor || null })}
        />
      );
    if (tab === 'reviews')
      section = (
        <UserReviews
          user={user}
          locale={locale}
          href={href}
          cursor={cursor}
          page={await listReviews({ user: publicId }, { cursor: cursor || null })}
        />
      );
    if (tab === 'contributions') {
      const actor = await currentActor();
      const page = await listContributions(publicId, { cursor: cursor || null });
      if (!page) notFound();
      section = (
        <UserContributions
          user={user}
          locale={locale}
          href={href}
          cursor={cursor}
          page={page}
          adminRevert={canModerate(actor)}
          pending={
            actor?.publicId === publicId && !cursor
              ? (await listChangeRequests(actor, { status: 'pending' }, { limit: 100 })).items
              : null
          }
        />
      );
    }
    if (tab === 'score') {
      const score = await contributionScore(publicId);
      if (!score) notFound();
      section = <UserScore user={user} locale={locale} score={score} />;
    }
    if (tab === 'posts')
      section = (
        <UserPosts
          user={user}
          locale={locale}
          href={href}
          cursor={cursor}
          page={await listPosts({ user: publicId }, { cursor: cursor || null })}
        />
      );
  } catch (error) {
    if ((cursor || communityCursor) && error instanceof AppError && error.code === 'bad_cursor')
      redirect({ href, locale });
    throw error;
  }
  return (
    <UserProfile user={user} locale={locale} tab={tab}>
      {section}
    </UserProfile>
  );
}
