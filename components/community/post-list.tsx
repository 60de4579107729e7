import { getTranslations } from 'next-intl/server';
import type { PostListItem } from '@/lib/data/posts';
import { formatDayOf } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';

/** What a post is about, as a link: its movie, release or review (null: a general discussion). */
export function postSubject(p: Pick<PostListItem, 'movie' | 'release' | 'review'>) {
  if (p.movie) return { href: `/movie/${p.movie.public_id}`, name: p.movie.name };
  if (p.release) return { href: `/release/${p.release.public_id}`, name: p.release.name };
  if (p.review) return { href: `/review/${p.review.public_id}`, name: p.review.headline };
  return null;
}

/**
 * Discussions as rows (server component): headline linking to the discussion, what it is about,
 * who started it (a link to their profile), the latest activity, and the reply and like counts.
 * `heading` is the headlines' level: `h2` under a page's title, `h3` inside a page section.
 */
export async function PostList({
  posts,
  locale,
  heading: Heading = 'h2',
}: {
  posts: PostListItem[];
  locale: string;
  heading?: 'h2' | 'h3';
}) {
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  return (
    <ul className="flex flex-col gap-3" data-testid="post-list">
      {posts.map((p) => {
        const subject = postSubject(p);
        return (
          <li key={p.public_id} className="rounded-lg border border-line p-4" data-testid="post-item">
            <Heading className="text-lg font-semibold">
              <Link href={`/post/${p.public_id}`} className="hover:underline">
                {p.headline}
              </Link>
            </Heading>
            {subject ? (
              <p className="text-sm text-muted">
                {t('about')}{' '}
                <Link href={subject.href} className="hover:underline">
                  {subject.name}
                </Link>
              </p>
            ) : null}
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <Link href={`/user/${p.author.public_id}`} prefetch={false} className="hover:underline">
                {t('by', { name: p.author.name })}
              </Link>
              <span>{t('lastActivity', { date: formatDayOf(p.last_activity_at, locale, siteTimeZone()) })}</span>
              <span>{t('replies', { count: p.comments_count })}</span>
              <span>{t('likes', { count: p.likes_count })}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
