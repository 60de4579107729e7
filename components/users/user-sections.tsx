import { getTranslations } from 'next-intl/server';
import { CollectionList } from '@/components/collections/collection-list';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import { TitleCard } from '@/components/movies/title-card';
import { ReleaseCard } from '@/components/releases/release-card';
import type { CollectionDto } from '@/lib/data/collections';
import type { LikeDto } from '@/lib/data/toggles';
import type { Page } from '@/lib/data/types';
import type { PublicUser } from '@/lib/data/users';

type SectionProps<T> = { user: PublicUser; locale: string; href: string; cursor: string; page: Page<T> };

/** `/user/{id}/collections`: the user's collections (public ones; their own private ones for the owner). */
export async function UserCollections({ user, locale, href, cursor, page }: SectionProps<CollectionDto>) {
  const t = await getTranslations({ locale, namespace: 'users' });
  return (
    <>
      {page.items.length ? (
        <CollectionList collections={page.items} locale={locale} showOwner={false} />
      ) : (
        <EmptyState title={t('tabs.collections')}>{t('tabEmpty.collections', { name: user.name })}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </>
  );
}

/** `/user/{id}/likes`: what the user liked, newest first (movies and releases). */
export async function UserLikes({ user, locale, href, cursor, page }: SectionProps<LikeDto>) {
  const t = await getTranslations({ locale, namespace: 'users' });
  return (
    <>
      {page.items.length ? (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="likes">
          {page.items.map((l) => (
            <li key={(l.release ?? l.movie)?.public_id}>
              {l.release ? (
                <ReleaseCard release={l.release} locale={locale} headingLevel={2} />
              ) : l.movie ? (
                <TitleCard title={l.movie} locale={locale} headingLevel={2} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('tabs.likes')}>{t('tabEmpty.likes', { name: user.name })}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </>
  );
}
