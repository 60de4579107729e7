import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { CollectionList } from '@/components/collections/collection-list';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import { withCursor } from '@/components/listing/presets';
import { TitleCard } from '@/components/movies/title-card';
import { ReleaseCard } from '@/components/releases/release-card';
import type { CollectionDto } from '@/lib/data/collections';
import type { CommunityLikeDto, UserLikes as UserLikesData } from '@/lib/data/toggles';
import type { Page } from '@/lib/data/types';
import type { PublicUser } from '@/lib/data/users';
import { formatDayOf } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';

/** The query parameter of the likes page's second list (reviews, discussions and comments). */
export const COMMUNITY_CURSOR = 'community_cursor';

/** The props of a user page's list section: the user, the page's href and cursor, and one page of items. */
export type SectionProps<T> = { user: PublicUser; locale: string; href: string; cursor: string; page: Page<T> };

/**
 * One list section of a user page (collections, discussions, reviews): the list (`children`, given
 * when the page has items) or the tab's translated empty state, then the keyset links.
 */
export async function UserTabList({
  tab,
  user,
  locale,
  href,
  cursor,
  nextCursor,
  children,
}: {
  tab: 'collections' | 'posts' | 'reviews';
  user: PublicUser;
  locale: string;
  href: string;
  cursor: string;
  nextCursor: string | null;
  children: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'users' });
  return (
    <div>
      {children ?? <EmptyState title={t(`tabs.${tab}`)}>{t(`tabEmpty.${tab}`, { name: user.name })}</EmptyState>}
      <Pagination locale={locale} href={href} nextCursor={nextCursor} isFirstPage={!cursor} />
    </div>
  );
}

/** `/user/{id}/collections`: the user's collections (public ones; their own private ones for the owner). */
export async function UserCollections({ user, locale, href, cursor, page }: SectionProps<CollectionDto>) {
  return (
    <UserTabList
      tab="collections"
      user={user}
      locale={locale}
      href={href}
      cursor={cursor}
      nextCursor={page.next_cursor}
    >
      {page.items.length ? <CollectionList collections={page.items} locale={locale} showOwner={false} /> : null}
    </UserTabList>
  );
}

/** The href of a liked review, post or comment: the review or post, or the comment's anchor in its thread. */
export function communityLikeHref(like: CommunityLikeDto): string {
  if (like.kind !== 'comment') return `/${like.kind}/${like.public_id}`;
  const thread = like.thread ? `/${like.thread.type}/${like.thread.public_id}` : '';
  return `${thread}#comment-${like.public_id}`;
}

/** The href of a likes list page that keeps the other list's cursor (`param`) when it has one. */
function keepingCursor(href: string, param: string, cursor: string): string {
  return cursor ? withCursor(href, cursor, param) : href;
}

/**
 * One list of the likes page: its heading, the list (`children`, null when empty: then the empty
 * state with `title` and `empty`) and its keyset pagination.
 */
function LikesSection({
  id,
  title,
  empty,
  pagination,
  locale,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  pagination: { href: string; nextCursor: string | null; isFirstPage: boolean; cursorParam?: string };
  locale: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mb-8" data-testid={id}>
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children ?? <EmptyState title={title}>{empty}</EmptyState>}
      <Pagination locale={locale} {...pagination} />
    </section>
  );
}

/**
 * `/user/{id}/likes`: what the user liked, newest first, in two lists with their own keyset pages
 * and empty states: movies and releases (`?cursor=`), and reviews, discussions and comments
 * (`?community_cursor=`); paging one list keeps the other's cursor.
 */
export async function UserLikes({
  user,
  locale,
  href,
  cursor,
  communityCursor,
  likes,
}: {
  user: PublicUser;
  locale: string;
  href: string;
  cursor: string;
  communityCursor: string;
  likes: UserLikesData;
}) {
  const t = await getTranslations({ locale, namespace: 'users' });
  const { catalogue, community } = likes;
  return (
    <>
      <LikesSection
        id="likes-catalogue"
        title={t('likes.catalogue')}
        empty={t('likes.catalogueEmpty', { name: user.name })}
        pagination={{
          href: keepingCursor(href, COMMUNITY_CURSOR, communityCursor),
          nextCursor: catalogue.next_cursor,
          isFirstPage: !cursor,
        }}
        locale={locale}
      >
        {catalogue.items.length ? (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="likes">
            {catalogue.items.map((l) => (
              <li key={(l.release ?? l.movie)?.public_id}>
                {l.release ? (
                  <ReleaseCard release={l.release} locale={locale} headingLevel={3} />
                ) : l.movie ? (
                  <TitleCard title={l.movie} locale={locale} headingLevel={3} />
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </LikesSection>
      <LikesSection
        id="likes-community"
        title={t('likes.community')}
        empty={t('likes.communityEmpty', { name: user.name })}
        pagination={{
          href: keepingCursor(href, 'cursor', cursor),
          nextCursor: community.next_cursor,
          isFirstPage: !communityCursor,
          cursorParam: COMMUNITY_CURSOR,
        }}
        locale={locale}
      >
        {community.items.length ? (
          <ul className="flex flex-col gap-3" data-testid="community-likes">
            {community.items.map((l) => (
              <li key={`${l.kind}-${l.public_id}`} className="rounded-lg border border-line p-4">
                <p className="text-sm text-muted">{t(`likes.kinds.${l.kind}`)}</p>
                <h3 className="text-lg font-semibold">
                  <Link href={communityLikeHref(l)} className="hover:underline">
                    {l.title}
                  </Link>
                </h3>
                <p className="mt-1 flex flex-wrap gap-2 text-sm text-muted">
                  <span>
                    {t.rich('likes.author', {
                      name: l.author.name,
                      author: (chunks) => (
                        <Link href={`/user/${l.author.public_id}`} className="hover:underline">
                          {chunks}
                        </Link>
                      ),
                    })}
                  </span>
                  <span>{t('likes.likedOn', { date: formatDayOf(l.liked_at, locale, siteTimeZone()) })}</span>
                </p>
              </li>
            ))}
          </ul>
        ) : null}
      </LikesSection>
    </>
  );
}
